import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
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
  },
  (table) => [index('carts_open_expiry').on(table.status, table.expiresAt)],
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
