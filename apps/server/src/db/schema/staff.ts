import { STAFF_ROLES } from '@festival/contract';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './catalog';

/** What a member of staff may do (issue 22, decision 0041): the contract's roles. */
export { STAFF_ROLES };
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The organiser's staff: separate from customers (another table, another cookie, never a
 * customer token). Every role but gate signs in with a second factor.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial('id').primaryKey(),
    /** Lower case, as typed at sign-in. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** argon2id, as customers' passwords. */
    passwordHash: text('password_hash').notNull(),
    /** The TOTP secret, sealed with a key derived from APP_SECRET (a copy of the database alone does not give it). */
    totpSecret: text('totp_secret'),
    totpEnabledAt: tstz('totp_enabled_at'),
    /** The last 30-second step a code was accepted for: a code is taken once. */
    totpLastStep: integer('totp_last_step'),
    /** SHA-256 hashes of the unused recovery codes. */
    recoveryCodes: jsonb('recovery_codes').$type<string[]>().notNull().default([]),
    disabledAt: tstz('disabled_at'),
    /** When the member's password was last set; null while an invitation waits (nobody knows the stored one). */
    passwordSetAt: tstz('password_set_at').default(sql`now()`),
    /**
     * An admin reset the member's second factor (decision 0062): a new one is set up only through
     * the e-mailed link, with the password; the password alone no longer sets one up.
     */
    secondFactorByLink: boolean('second_factor_by_link').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('staff_members_email').on(table.email),
    check('staff_members_email_lower', sql`${table.email} = lower(${table.email})`),
    check('staff_members_role', sql`${table.role} IN ('admin', 'box_office', 'customer_service', 'gate')`),
  ],
);

/**
 * Every staff action, who, what, when, before and after (issue 22). Written in the action's own
 * transaction; the database refuses to change or delete a row (migration 0018's trigger).
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for the organiser's command line (no member signed in). */
    staffId: integer('staff_id').references(() => staffMembers.id),
    /** Who, as shown: the member's e-mail, or "command line". */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** What it was done to: "staff:12", "order:ABC123". */
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: tstz('at').notNull().default(sql`now()`),
  },
  (table) => [index('staff_audit_at').on(table.at), index('staff_audit_target').on(table.target)],
);

/** Where a sign-in stands: password taken, second factor to give or to set up; or signed in. */
export const STAFF_SESSION_STAGES = ['second-factor', 'set-up', 'signed-in'] as const;
export type StaffSessionStage = (typeof STAFF_SESSION_STAGES)[number];

/** A member's signed-in browser (a cookie holds the token; only its hash is stored). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    tokenHash: text('token_hash').notNull(),
    stage: text('stage', { enum: STAFF_SESSION_STAGES }).notNull(),
    /** Wrong second-factor codes given in this session: at MAX_SECOND_FACTOR_FAILURES it ends. */
    failures: integer('failures').notNull().default(0),
    createdAt: createdAt(),
    lastSeenAt: tstz('last_seen_at').notNull().default(sql`now()`),
    /** However active the member, the session ends then. */
    expiresAt: tstz('expires_at').notNull(),
  },
  (table) => [uniqueIndex('staff_sessions_token').on(table.tokenHash), index('staff_sessions_member').on(table.staffId)],
);

/**
 * The networks (keyed hashes, decision 0025) a member signed in from, second factor and all: a
 * stranger's wrong passwords elsewhere never count against the member there (decision 0050).
 */
export const staffNetworks = pgTable(
  'staff_networks',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    networkKey: text('network_key').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.staffId, table.networkKey] })],
);

/** What a staff link is for (decision 0062): an invitation, a new password, a new second factor. */
export const STAFF_LINK_PURPOSES = ['invitation', 'password-reset', 'second-factor'] as const;
export type StaffLinkPurpose = (typeof STAFF_LINK_PURPOSES)[number];

/**
 * A one-time link e-mailed to a member (decision 0062): only the token's SHA-256 is stored; used
 * once (one conditional update), until it expires; a newer link of the member voids the older ones.
 */
export const staffLinks = pgTable(
  'staff_links',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: STAFF_LINK_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (table) => [
    uniqueIndex('staff_links_token').on(table.tokenHash),
    index('staff_links_member').on(table.staffId),
    check('staff_links_purpose', sql`${table.purpose} IN ('invitation', 'password-reset', 'second-factor')`),
  ],
);
