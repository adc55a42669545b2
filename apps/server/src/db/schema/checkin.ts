import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, events, shopItems, tstz, updatedAt } from './catalog';
import { tickets } from './orders';

/**
 * The Ed25519 keys that sign ticket passes (decision 0038), one line of generations per event
 * (event 0: tickets of products without an event). The id is the key id a pass names. The private
 * key is never stored: it is derived from the shop's APP_SECRET and the key's salt, so a copy of
 * the database alone cannot sign a ticket. A retired key no longer verifies.
 */
export const ticketKeys = pgTable(
  'ticket_keys',
  {
    id: serial('id').primaryKey(),
    /** The event's id, or 0 for tickets of products without an event (no foreign key for that reason). */
    eventKey: integer('event_key').notNull(),
    generation: integer('generation').notNull(),
    /** 16 random bytes, hex: with APP_SECRET, the private key's seed. */
    salt: text('salt').notNull(),
    /** The public key, 32 bytes, hex: what scanners hold. */
    publicKey: text('public_key').notNull(),
    createdAt: createdAt(),
    retiredAt: tstz('retired_at'),
  },
  (table) => [
    // Two instances creating an event's first key (or rotating at once) make one generation, not two.
    uniqueIndex('ticket_keys_event_generation').on(table.eventKey, table.generation),
    check('ticket_keys_generation_positive', sql`${table.generation} > 0`),
  ],
);

/**
 * Where and when tickets admit (issue 21): a list of an event names the products it admits, its
 * window, its gates and its re-entry rule. Defined in the catalogue file (`checkin_lists`).
 */
export const checkinLists = pgTable(
  'checkin_lists',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    name: text('name').notNull(),
    /** 'single': one entry; 'alternating': entry and exit in turn (re-entry allowed). */
    entry: text('entry', { enum: ['single', 'alternating'] }).notNull().default('single'),
    /** When the list admits at all (null: no bound); the pass's own window applies too. */
    opensAt: tstz('opens_at'),
    closesAt: tstz('closes_at'),
    /** A transport ticket admits from this many minutes before its departure until this many after. */
    boardingBeforeMinutes: integer('boarding_before_minutes').notNull().default(30),
    boardingAfterMinutes: integer('boarding_after_minutes').notNull().default(15),
    /** Minutes after local midnight (the event's zone) at which one festival day hands over to the next: a day ticket's day runs from it to the same time the next day (decision 0064). */
    dayCutoverMinutes: integer('day_cutover_minutes').notNull().default(360),
    /** The gates staff choose from (names); empty: any gate name. */
    gates: jsonb('gates').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    /**
     * The fields set in the back office (as the file names them; `created`: the list was made there):
     * an import keeps them where the file says otherwise, unless the file wins (decisions 0047, 0097).
     */
    backOfficeFields: jsonb('back_office_fields').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('checkin_lists_boarding_non_negative', sql`${table.boardingBeforeMinutes} >= 0 AND ${table.boardingAfterMinutes} >= 0`),
    check('checkin_lists_day_cutover', sql`${table.dayCutoverMinutes} BETWEEN 0 AND 720`),
    check('checkin_lists_window', sql`${table.opensAt} IS NULL OR ${table.closesAt} IS NULL OR ${table.opensAt} < ${table.closesAt}`),
  ],
);

/** The products a list admits. */
export const checkinListProducts = pgTable(
  'checkin_list_products',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => checkinLists.id, { onDelete: 'cascade' }),
    shopItemId: integer('shop_item_id')
      .notNull()
      .references(() => shopItems.id),
    /** The festival days (YYYY-MM-DD in the event's zone) the product admits on here; null: every day the list is open (decision 0064). */
    days: jsonb('days').$type<string[]>(),
  },
  (table) => [primaryKey({ columns: [table.listId, table.shopItemId] }), index('checkin_list_products_item').on(table.shopItemId)],
);

/** A scanner credential the organiser hands out (`npm run checkin -- scanner add NAME`): its code is shown once and stored hashed. */
export const scanners = pgTable('scanners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** SHA-256 of the code, hex. */
  codeHash: text('code_hash').notNull().unique(),
  createdAt: createdAt(),
  revokedAt: tstz('revoked_at'),
  /** When a device signed in with it last synced (written at most once a minute): the back office's scanner list shows it. */
  lastSyncAt: tstz('last_sync_at'),
});

/**
 * Where a ticket stands on a list: the row the online check-in changes with one conditional
 * statement (the first of two gates scanning at once wins; the other reads who won).
 */
export const checkinStates = pgTable(
  'checkin_states',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    listId: integer('list_id')
      .notNull()
      .references(() => checkinLists.id, { onDelete: 'cascade' }),
    inside: boolean('inside').notNull(),
    entries: integer('entries').notNull().default(1),
    firstInAt: tstz('first_in_at').notNull(),
    lastAt: tstz('last_at').notNull(),
    lastGate: text('last_gate').notNull(),
    /** When the row last changed (a trigger keeps it): what a scanner's sync asks for. */
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.ticketId, table.listId] }), index('checkin_states_list_updated').on(table.listId, table.updatedAt)],
);

/**
 * Every scan that changed something (an entry, an exit) and every offline scan that could not be
 * counted (a conflict, a refusal), with the nonce the scanner gave it: an upload sent twice is taken once.
 */
export const checkins = pgTable(
  'checkins',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    listId: integer('list_id')
      .notNull()
      .references(() => checkinLists.id, { onDelete: 'cascade' }),
    scannerId: integer('scanner_id').references(() => scanners.id),
    gate: text('gate').notNull(),
    /**
     * 'in', 'out', 'conflict' (an offline entry of a ticket already in, or exit of one not inside:
     * reported, not counted) or 'refused' (an offline scan the shop's rule refuses: reported, not counted).
     */
    kind: text('kind', { enum: ['in', 'out', 'conflict', 'refused'] }).notNull(),
    /** Why a conflict or refused scan was not counted (already-in, not-inside, or an UploadRefusal); null for a counted one. */
    reason: text('reason'),
    scannedAt: tstz('scanned_at').notNull(),
    /** The scanner's own id of the scan (offline uploads), or the server's (online). */
    nonce: text('nonce').notNull().unique(),
    offline: boolean('offline').notNull().default(false),
    /** When the organiser marked a conflict or refused scan as dealt with in the back office (decision 0097); null: still to look at. */
    resolvedAt: tstz('resolved_at'),
    createdAt: createdAt(),
  },
  (table) => [index('checkins_ticket').on(table.ticketId), index('checkins_list_gate').on(table.listId, table.gate)],
);

/** A signed-in scanner device: the cookie holds the token, the row its hash (revoking the scanner ends them all). */
export const scannerSessions = pgTable(
  'scanner_sessions',
  {
    id: serial('id').primaryKey(),
    scannerId: integer('scanner_id')
      .notNull()
      .references(() => scanners.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (table) => [index('scanner_sessions_scanner').on(table.scannerId)],
);

/**
 * A list's figures, kept as the scans change them (a request never counts the states): tickets
 * admitted and inside now, split over 16 shards by ticket id so that 50 gates of one list do not
 * all wait for one row. A list's figures are the sum of its shards.
 */
export const checkinCounts = pgTable(
  'checkin_counts',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => checkinLists.id, { onDelete: 'cascade' }),
    shard: integer('shard').notNull(),
    admitted: integer('admitted').notNull().default(0),
    inside: integer('inside').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.listId, table.shard] })],
);
