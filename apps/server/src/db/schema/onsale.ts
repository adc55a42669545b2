import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
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
    /** rate: admission_limit new shoppers a minute; cap: at most admission_limit admitted shoppers at once. */
    admissionMode: text('admission_mode', { enum: ['rate', 'cap'] }).notNull(),
    admissionLimit: integer('admission_limit').notNull(),
    /** How long an admitted shopper may shop, renewed while active. */
    sessionMinutes: integer('session_minutes').notNull(),
    /** The proof of work a queue place costs (leading zero bits); 0: none. */
    proofOfWorkBits: integer('proof_of_work_bits').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('onsales_limit_positive', sql`${table.admissionLimit} > 0`),
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
