import { sql } from 'drizzle-orm';
import type { Answers } from '@festival/contract';
import { check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { createdAt, shopItems, travelTimes, tstz } from './catalog';

/** A reserved cart: while open and unexpired, its lines hold stock and seats. */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    /** Unguessable: the only key an anonymous visitor has. */
    code: text('code').notNull().unique(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'checked_out', 'expired'] }).notNull().default('open'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    endedAt: tstz('ended_at'),
    /**
     * Keyed hashes (never the address itself) of the network address and of the wider network the
     * cart was made from: its units count toward their hold caps until it ends (decision 0025).
     * Null for carts made before the caps.
     */
    addressKey: text('address_key'),
    networkKey: text('network_key'),
  },
  (table) => [index('carts_open_expiry').on(table.status, table.expiresAt)],
);

/**
 * Units held right now by the open carts of one network address or network (a key of the cart's
 * `address_key` or `network_key`): each add counts its unit here in the add's own statement, and
 * the check constraint refuses the add once the cap would be passed (decision 0025). `cap` is
 * the cap of the last add that counted, so a cap lowered in the configuration applies to the next add.
 */
export const holdCounts = pgTable(
  'hold_counts',
  {
    key: text('key').primaryKey(),
    units: integer('units').notNull(),
    cap: integer('cap').notNull(),
  },
  (table) => [check('hold_counts_within_cap', sql`${table.units} <= ${table.cap}`)],
);

export const cartProducts = pgTable(
  'cart_products',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    shopItemId: integer('shop_item_id')
      .notNull()
      .references(() => shopItems.id),
    travelTimeId: integer('travel_time_id').references(() => travelTimes.id),
    fullName: text('full_name'),
    email: text('email'),
    age: text('age'),
    /** The answers to the product's per-ticket questions, by question code (decision 0106); null: none given. */
    answers: jsonb('answers').$type<Answers>(),
    price: integer('price').notNull(),
    fee: integer('fee').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('cart_products_cart').on(table.cartId)],
);

export const cartMerchandise = pgTable(
  'cart_merchandise',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    shopItemId: integer('shop_item_id')
      .notNull()
      .references(() => shopItems.id),
    price: integer('price').notNull(),
    fee: integer('fee').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('cart_merchandise_cart').on(table.cartId)],
);
