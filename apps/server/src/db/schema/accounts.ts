import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './catalog';
import { emailKey, nameKeys, prefixIndexed } from './search-keys';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    country: text('country'),
    address: jsonb('address').$type<Record<string, string>>().notNull().default({}),
    /**
     * Grows whenever the customer's orders, tickets, instalments or refunds change (database
     * triggers, migration 0006), so an instance may keep their data until it moves; 0 means they
     * have none.
     */
    dataVersion: integer('data_version').notNull().default(0),
    /** The language the customer reads the shop in, kept when they choose one signed in (decision 0094); null: not chosen yet. */
    language: text('language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // E-mail addresses are unique without regard to case.
  (table) => [
    uniqueIndex('customers_email_lower').on(sql`lower(${table.email})`),
    // The back office's order search finds a buyer by the start of their address or of a word of their name.
    index('customers_email_prefix').on(prefixIndexed(emailKey(table.email), table.id, table.email)),
    ...nameKeys(table.fullName).map((key, word) => index(`customers_name_prefix_${word}`).on(prefixIndexed(key, table.id, table.fullName))),
    check('customers_language_code', sql`${table.language} ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$'`),
  ],
);

/** Login sessions: only a hash of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
  },
  (table) => [index('sessions_customer').on(table.customerId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (table) => [index('password_resets_customer').on(table.customerId)],
);

export { updatedAt };

/**
 * Attempt counters for rate limits that hold across server instances: one row per key (such as
 * "login:email:jane@example.org" or "login:ip:203.0.113.7") and fixed time window.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: tstz('window_start').notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] }), index('rate_limit_hits_window').on(table.windowStart)],
);

/**
 * Networks (keyed hashes of an IPv4 /24 or IPv6 /48, never the address) from which a customer
 * logged in or set a new password through a reset link: attempts from them are not held up by
 * the account-wide limits a stranger elsewhere can fill (decision 0025).
 */
export const customerNetworks = pgTable(
  'customer_networks',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    networkKey: text('network_key').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.networkKey] })],
);
