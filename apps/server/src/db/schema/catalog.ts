import { sql } from 'drizzle-orm';
import type { EventTextTranslation, ItemTextTranslation, PriceTier, QuestionOption, QuestionTranslations } from '@festival/contract';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => tstz('created_at').notNull().defaultNow();
const updatedAt = () => tstz('updated_at').notNull().defaultNow();

export const events = pgTable('events', {
  id: serial('id').primaryKey(),
  externalCode: text('external_code').notNull().unique(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull(),
  startsAt: tstz('starts_at'),
  /** When it ends, after starts_at; null: not given. Shown with the venue on tickets and in the shop (decision 0117). */
  endsAt: tstz('ends_at'),
  /** Where it takes place; null: not given. */
  venue: text('venue'),
  ageRangeActive: boolean('age_range_active').notNull().default(false),
  creditCardActive: boolean('credit_card_active').notNull().default(true),
  bankTransferActive: boolean('bank_transfer_active').notNull().default(false),
  bankTransferCountries: jsonb('bank_transfer_countries').$type<string[]>().notNull().default([]),
  /** The name in the shop's other languages, by language code (decision 0094); null: none. */
  translations: jsonb('translations').$type<Record<string, EventTextTranslation>>(),
  /** Archived: the shop shows none of its products; it stays with its orders and tickets (issue 37 point 1). */
  archived: boolean('archived').notNull().default(false),
  /** The event's fields (name, translations, archived) last set in the back office: an import leaves them alone until the file wins (decisions 0047, 0094). */
  backOfficeFields: jsonb('back_office_fields').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const taxRates = pgTable('tax_rates', {
  id: serial('id').primaryKey(),
  externalCode: text('external_code').notNull().unique(),
  name: text('name').notNull(),
  /** Rate in basis points: 2100 is 21%. */
  basisPoints: integer('basis_points').notNull(),
  /** Archived: no item may take it any more; kept because invoices and exports name it (decision 0101). */
  archived: boolean('archived').notNull().default(false),
  /** The fields last set in the back office (name, rate, archived): an import leaves them alone until the file wins (decisions 0047, 0101). */
  backOfficeFields: jsonb('back_office_fields').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type PaymentPlanJson = { amount: number; units: 'days' | 'weeks' | 'months'; count: number }[];

/**
 * Products (tickets, add-ons, transport) and merchandise in one table: they share the
 * external code space (get-shop-item looks an item up by code alone), stock counters and
 * sale rules. held + sold never exceeds stock; the check constraint is the last line of
 * defence behind the conditional updates that take stock.
 */
export const shopItems = pgTable(
  'shop_items',
  {
    id: serial('id').primaryKey(),
    externalCode: text('external_code').notNull().unique(),
    shopItemType: text('shop_item_type', { enum: ['tickets', 'merchandise'] }).notNull(),
    eventId: integer('event_id').references(() => events.id),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** The price once every price tier has ended: the last tier, the one without an end (decision 0099). */
    price: integer('price').notNull(),
    /** The tiers before `price`, in order (decision 0099); null: one price. The shop's current price is derived from them. */
    priceTiers: jsonb('price_tiers').$type<PriceTier[]>(),
    fee: integer('fee').notNull().default(0),
    taxRateId: integer('tax_rate_id').references(() => taxRates.id),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    /** The name and description in the shop's other languages, by language code (decision 0094); null: none. */
    translations: jsonb('translations').$type<Record<string, ItemTextTranslation>>(),
    stock: integer('stock'),
    held: integer('held').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    isFeatured: boolean('is_featured').notNull().default(false),
    forceView: boolean('force_view').notNull().default(false),
    onSale: boolean('on_sale').notNull().default(true),
    /** Archived (decision 0103): the shop shows it nowhere and sells none; its orders, tickets and check-ins stay. */
    archived: boolean('archived').notNull().default(false),
    /** The sale window (on_sale_from, on_sale_until): an item on sale sells only inside it; either end open when null. */
    saleStartsAt: tstz('sale_starts_at'),
    saleEndsAt: tstz('sale_ends_at'),
    limitPerOrder: integer('limit_per_order').notNull().default(0),
    isRefundable: boolean('is_refundable').notNull().default(false),
    refundFee: integer('refund_fee').notNull().default(0),
    allowRefundRequestsFrom: tstz('allow_refund_requests_from'),
    allowRefundRequestsUntil: tstz('allow_refund_requests_until'),
    paymentPlan: jsonb('payment_plan').$type<PaymentPlanJson>(),
    allowNameChanges: boolean('allow_name_changes').notNull().default(false),
    allowNameChangesUntil: tstz('allow_name_changes_until'),
    nameChangeLimit: integer('name_change_limit').notNull().default(0),
    allowEmailChanges: boolean('allow_email_changes').notNull().default(false),
    travelTimeType: text('travel_time_type', { enum: ['fixed', 'selectable'] }),
    travelTime: tstz('travel_time'),
    allowTravelTimeChangesUntil: tstz('allow_travel_time_changes_until'),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * A merchandise variant (a size of a T-shirt) is an item of its own, with its own code and stock,
     * sold like any item; `variant_of` is its group's item (the file's merchandise entry), which is
     * shown and never sold itself. Its shared fields are copied from the group (decision 0104).
     */
    variantOf: integer('variant_of').references((): AnyPgColumn => shopItems.id),
    /** The variant's label ("M"); its name is the group's name with it (`variantName`). */
    variantLabel: text('variant_label'),
    /** The label in the shop's other languages, by language code; null: none. */
    variantLabels: jsonb('variant_labels').$type<Record<string, string>>(),
    /** An add-on sold only with one of these products (external codes, entry tickets of its event) for the same holder; null: none (decision 0104). */
    requires: jsonb('requires').$type<string[]>(),
    /**
     * Catalogue fields (as the file names them: price, stock, refund...) last set in the back office:
     * an import of the file leaves them alone until the file wins or the item is handed back (decision 0047).
     */
    backOfficeFields: jsonb('back_office_fields').$type<string[]>().notNull().default([]),
    /**
     * Where the item comes from: 'file', an import of the catalogue file (every item before the
     * back office made items), or 'browser', made or added as a variant in the back office, which
     * no file names; an import that names its code makes it the file's. Only a file's item can be
     * handed back to the file (catalogue-hand-back).
     */
    origin: text('origin', { enum: ['file', 'browser'] }).notNull().default('file'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('shop_items_origin', sql`${table.origin} IN ('file', 'browser')`),
    check('shop_items_sale_window', sql`${table.saleStartsAt} IS NULL OR ${table.saleEndsAt} IS NULL OR ${table.saleStartsAt} < ${table.saleEndsAt}`),
    check('shop_items_counts_non_negative', sql`${table.held} >= 0 AND ${table.sold} >= 0`),
    check('shop_items_within_stock', sql`${table.stock} IS NULL OR ${table.held} + ${table.sold} <= ${table.stock}`),
    check('shop_items_money_non_negative', sql`${table.price} >= 0 AND ${table.fee} >= 0 AND ${table.refundFee} >= 0`),
    index('shop_items_listing').on(table.shopItemType, table.sortOrder),
    index('shop_items_variant_of').on(table.variantOf),
  ],
);

/** Departures of a transport product; seats null means the seats are not tracked. */
export const travelTimes = pgTable(
  'travel_times',
  {
    id: serial('id').primaryKey(),
    shopItemId: integer('shop_item_id')
      .notNull()
      .references(() => shopItems.id, { onDelete: 'cascade' }),
    departsAt: tstz('departs_at').notNull(),
    seats: integer('seats'),
    held: integer('held').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** The seats were last set in the back office: an import leaves them alone (decision 0047). */
    seatsSetHere: boolean('seats_set_here').notNull().default(false),
    /** Added, switched off or on in the back office: an import keeps it so until the file wins (decision 0103). */
    activeSetHere: boolean('active_set_here').notNull().default(false),
  },
  (table) => [
    uniqueIndex('travel_times_item_departure').on(table.shopItemId, table.departsAt),
    check('travel_times_counts_non_negative', sql`${table.held} >= 0 AND ${table.sold} >= 0`),
    check('travel_times_within_seats', sql`${table.seats} IS NULL OR ${table.held} + ${table.sold} <= ${table.seats}`),
  ],
);

/**
 * A product's questions (issue 37 point 4, decision 0106), asked in `sort_order`. A table rather
 * than a column of the product: answers name their question by id (a foreign key, so a question
 * with answers is never deleted, only archived). Its options live inside it as JSON: they are few,
 * always read and written with their question, and answers name them by code.
 */
export const productQuestions = pgTable(
  'product_questions',
  {
    id: serial('id').primaryKey(),
    shopItemId: integer('shop_item_id')
      .notNull()
      .references(() => shopItems.id),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['text', 'choice', 'multi', 'number', 'date', 'yes_no'] }).notNull(),
    label: text('label').notNull(),
    required: boolean('required').notNull().default(false),
    per: text('per', { enum: ['ticket', 'order'] }).notNull().default('ticket'),
    atGate: boolean('at_gate').notNull().default(false),
    options: jsonb('options').$type<QuestionOption[]>().notNull().default([]),
    /** The answer's range: number (min, max), date (earliest, latest, YYYY-MM-DD), text (max_length). */
    limits: jsonb('limits').$type<{ min?: number; max?: number; earliest?: string; latest?: string; max_length?: number }>().notNull().default({}),
    /** The label in the shop's other languages, by language code; null: none. */
    translations: jsonb('translations').$type<QuestionTranslations>(),
    archived: boolean('archived').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * Saved (made, changed or archived) in the back office: an import keeps the question as the shop
     * has it where the file says otherwise, until the file says the same or wins (decision 0047's
     * rule, a question whole as one field).
     */
    setHere: boolean('set_here').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('product_questions_item_code').on(table.shopItemId, table.code)],
);

/**
 * The images a catalogue import read, by the path the file names them with: an upload through the
 * back office (which has the file but not its folder) finds them here (decision 0047).
 */
export const catalogueImages = pgTable('catalogue_images', {
  path: text('path').primaryKey(),
  url: text('url').notNull(),
  importedAt: tstz('imported_at').notNull().defaultNow(),
});

/**
 * Vouchers of every kind (decision 0096): `fixed` takes discount_amount off, `percentage` takes
 * percent of the lines it applies to, `free_product` gives one unit of free_product; `products`
 * limits a voucher to those products' lines (their external codes; null: every line). `used`
 * counts the uses taken by orders that were neither cancelled nor abandoned; the uses per customer
 * are counted from the orders themselves (orders_voucher_customer), under the voucher's row lock.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case: codes are matched without regard to case. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['fixed', 'percentage', 'free_product'] }).notNull().default('fixed'),
    discountAmount: integer('discount_amount'),
    percent: integer('percent'),
    freeProduct: text('free_product'),
    products: jsonb('products').$type<string[]>(),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    used: integer('used').notNull().default(0),
    validFrom: tstz('valid_from'),
    validUntil: tstz('valid_until'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('vouchers_within_uses', sql`${table.maxUses} IS NULL OR ${table.used} <= ${table.maxUses}`),
    check(
      'vouchers_terms',
      sql`(${table.kind} = 'fixed' AND ${table.discountAmount} > 0 AND ${table.percent} IS NULL AND ${table.freeProduct} IS NULL)
       OR (${table.kind} = 'percentage' AND ${table.percent} BETWEEN 1 AND 100 AND ${table.discountAmount} IS NULL AND ${table.freeProduct} IS NULL)
       OR (${table.kind} = 'free_product' AND ${table.freeProduct} IS NOT NULL AND ${table.discountAmount} IS NULL AND ${table.percent} IS NULL)`,
    ),
    check('vouchers_uses_positive', sql`(${table.maxUses} IS NULL OR ${table.maxUses} >= 1) AND (${table.maxUsesPerCustomer} IS NULL OR ${table.maxUsesPerCustomer} >= 1)`),
  ],
);

export const shippingRates = pgTable('shipping_rates', {
  id: serial('id').primaryKey(),
  country: text('country').notNull().unique(),
  name: text('name').notNull(),
  type: text('type').notNull().default('standard'),
  price: integer('price').notNull(),
  /** Archived: the shop no longer ships to the country; orders that shipped there keep their carrier (decision 0101). */
  archived: boolean('archived').notNull().default(false),
  /** The fields last set in the back office (name, type, price, archived): an import leaves them alone until the file wins (decisions 0047, 0101). */
  backOfficeFields: jsonb('back_office_fields').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export { createdAt, tstz, updatedAt };
