import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, events, shopItems, tstz, updatedAt } from './catalog';

/**
 * On-sales (issue 23, decision 0048): a moment a sale opens for some products, with the waiting
 * room that admits buyers to them. Configured in the catalogue file (`onsales`); an on-sale the
 * file no longer has is switched off, not deleted.
 */
export const onsales = pgTable(
  'onsales',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    opensAt: tstz('opens_at').notNull(),
    /** The waiting page takes places from then on (the pre-queue, ordered at random at opens_at). */
    roomOpensAt: tstz('room_opens_at').notNull(),
    /** The room stops (the products sell without it) then; null: when the products sell out. */
    closesAt: tstz('closes_at'),
    /**
     * rate: admission_limit new shoppers a minute; cap: at most admission_limit admitted shoppers at
     * once; steer: a rate that moves itself between steer_min and admission_limit (decision 0079).
     */
    admissionMode: text('admission_mode', { enum: ['rate', 'cap', 'steer'] }).notNull(),
    admissionLimit: integer('admission_limit').notNull(),
    /** Cap mode only: at most this many new shoppers a minute as well (a ramp, so the opening does not admit the whole cap at once); null: no ramp. */
    admissionRateLimit: integer('admission_rate_limit'),
    /** Steer mode only: the fewest new shoppers a minute, and the p99 (ms) the admitted buyers' stock calls are kept under. */
    steerMin: integer('steer_min'),
    steerTargetMs: integer('steer_target_ms'),
    /**
     * Steer mode's state, written by the admission step under this row's lock (admission-steering.ts):
     * the rate now (null until the first step after the opening), why (its last change), the p99 it
     * judged by, when it last went down, and when it last stepped (the timings after it are the next window's).
     */
    steerRate: integer('steer_rate'),
    steerChange: text('steer_change'),
    steerP99Ms: integer('steer_p99_ms'),
    steerDecreasedAt: tstz('steer_decreased_at'),
    steeredAt: tstz('steered_at'),
    /** How long an admitted shopper may shop, renewed while active. */
    sessionMinutes: integer('session_minutes').notNull(),
    /** The proof of work a queue place costs (leading zero bits); 0: none. */
    proofOfWorkBits: integer('proof_of_work_bits').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /**
     * Made in the back office (`onsale-create`, decision 0098) and not (yet) in the catalogue file:
     * an import that does not name it leaves it alone; one that names it makes it the file's.
     */
    madeHere: boolean('made_here').notNull().default(false),
    /**
     * Admissions paused by an admin (decision 0098) since then; null: not paused. While paused the
     * admission step admits nobody (read under the row's lock, which the pause takes), the queue
     * takes and keeps places, and the admitted keep shopping. Resuming admits at the rate again,
     * never the pause's worth at once.
     */
    pausedAt: tstz('paused_at'),
    /**
     * The admission cursor (decision 0048): every queue place at or before (phase, key, place id)
     * in queue order is admitted. (-1, 0, 0) before anyone is. Only an admission step moves it,
     * forward, under this row's lock.
     */
    cursorPhase: integer('cursor_phase').notNull().default(-1),
    cursorKey: bigint('cursor_key', { mode: 'bigint' }).notNull().default(sql`0`),
    cursorPlace: bigint('cursor_place', { mode: 'number' }).notNull().default(0),
    /** Places admitted so far (the positions shown are counted from it). */
    admittedCount: integer('admitted_count').notNull().default(0),
    /** Rate mode, or cap mode with a ramp: the fraction of the next shopper earned, in 1/60,000 (admission.ts). */
    rateCarry: integer('rate_carry').notNull().default(0),
    lastStepAt: tstz('last_step_at'),
    /** How many joined before the opening: counted once, by the first step after it (null until then). Positions are estimated from it. */
    prequeueCount: integer('prequeue_count'),
    /** When every product the on-sale covers was first seen sold out (the organiser's "sold out at"). */
    soldOutAt: tstz('sold_out_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('onsales_limit_positive', sql`${table.admissionLimit} > 0`),
    check('onsales_rate_limit_cap', sql`${table.admissionRateLimit} IS NULL OR (${table.admissionRateLimit} > 0 AND ${table.admissionMode} = 'cap')`),
    check(
      'onsales_steer_settings',
      sql`(${table.admissionMode} = 'steer') = (${table.steerMin} IS NOT NULL AND ${table.steerTargetMs} IS NOT NULL) AND (${table.steerMin} IS NULL OR (${table.steerMin} > 0 AND ${table.steerMin} <= ${table.admissionLimit} AND ${table.steerTargetMs} > 0))`,
    ),
    check('onsales_session_positive', sql`${table.sessionMinutes} > 0`),
    check('onsales_pow_bits', sql`${table.proofOfWorkBits} BETWEEN 0 AND 28`),
    check('onsales_room_before_opening', sql`${table.roomOpensAt} <= ${table.opensAt}`),
    check('onsales_closes_after_opening', sql`${table.closesAt} IS NULL OR ${table.closesAt} > ${table.opensAt}`),
  ],
);

/** The products (and merchandise) an on-sale's room guards. */
export const onsaleProducts = pgTable(
  'onsale_products',
  {
    onsaleId: integer('onsale_id')
      .notNull()
      .references(() => onsales.id, { onDelete: 'cascade' }),
    shopItemId: integer('shop_item_id')
      .notNull()
      .references(() => shopItems.id),
  },
  (table) => [primaryKey({ columns: [table.onsaleId, table.shopItemId] })],
);

/**
 * A visitor's place in an on-sale's queue (decision 0048): one row, written once when they join.
 * Queue order is (phase, random_key, id): the pre-queue (phase 0, joined before the opening) in
 * the order of its random keys, then everyone after (phase 1, random_key 0) by arrival.
 */
export const queuePlaces = pgTable(
  'queue_places',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    onsaleId: integer('onsale_id')
      .notNull()
      .references(() => onsales.id, { onDelete: 'cascade' }),
    phase: integer('phase').notNull(),
    randomKey: bigint('random_key', { mode: 'bigint' }).notNull(),
    /** Who holds the place (a keyed hash): one place per visitor and on-sale. */
    visitorKey: text('visitor_key').notNull(),
    joinedAt: tstz('joined_at').notNull().defaultNow(),
    /**
     * Until when the place counts as an active shopper: set by the step that admits it (a short
     * grace to come and take the admission), then by taking or renewing the admission (the
     * session's length), and ended by checkout. Null while waiting.
     */
    activeUntil: tstz('active_until'),
    /**
     * When the visitor first took their admission (null: not yet). A place admitted in rate mode
     * whose grace ran out untaken is a no-show: the step gives its turn to the next in the queue.
     */
    takenAt: tstz('taken_at'),
    /**
     * When the place's shopping ended: its holder checked out the on-sale's products, or their
     * shopping time (ADMISSION_SESSIONS_MAX sessions from the first taking) ran out. An ended place
     * gives no admission; its holder's next join takes a new place at the back (decision 0048).
     */
    endedAt: tstz('ended_at'),
  },
  (table) => [
    index('queue_places_active').on(table.onsaleId, table.activeUntil).where(sql`${table.activeUntil} IS NOT NULL`),
    index('queue_places_order').on(table.onsaleId, table.phase, table.randomKey, table.id),
    // One place in line per visitor and on-sale; places whose shopping ended stay for the figures.
    uniqueIndex('queue_places_visitor').on(table.onsaleId, table.visitorKey).where(sql`${table.endedAt} IS NULL`),
    check('queue_places_phase', sql`${table.phase} IN (0, 1) AND (${table.phase} = 0 OR ${table.randomKey} = 0)`),
  ],
);

/**
 * The servers' own timings of admitted buyers' stock calls (issue 35 point 2, decision 0079): every
 * instance (and every worker) adds its calls of the last second as one row, a histogram over
 * CALL_TIMING_BOUNDS_MS, so that the admission step of any instance steers by all of them. The step
 * deletes rows older than a minute.
 */
export const onsaleCallTimings = pgTable(
  'onsale_call_timings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    onsaleId: integer('onsale_id')
      .notNull()
      .references(() => onsales.id, { onDelete: 'cascade' }),
    at: tstz('at').notNull().defaultNow(),
    calls: integer('calls').notNull(),
    /** Calls per bucket of CALL_TIMING_BOUNDS_MS (the last bucket: slower than every bound). */
    buckets: integer('buckets').array().notNull(),
  },
  (table) => [index('onsale_call_timings_at').on(table.onsaleId, table.at), check('onsale_call_timings_calls', sql`${table.calls} > 0`)],
);
