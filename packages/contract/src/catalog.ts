import { z } from 'zod';
import { boundFirst, money, timestamp, token } from './common';
import { issueMessage, messageWith } from './i18n/text';
import { messages } from './messages';
import { questionDefinition } from './product-questions';

export const shopItemType = z.enum(['tickets', 'merchandise']);
export type ShopItemType = z.infer<typeof shopItemType>;

export const paymentPlanUnit = z.enum(['days', 'weeks', 'months']);

/**
 * The furthest an entry of a payment plan falls due, in its units: five years after the order. Not
 * in the spec; without a bound a count of a billion days made a due date past what a date holds,
 * and the shop's pages failed on it instead of the file or the editor refusing it.
 */
export const PLAN_COUNT_MAX = { days: 1826, weeks: 260, months: 60 } as const;
const planTooFar = messageWith<{ days: number; weeks: number; months: number }>({
  id: 'catalog.planTooFar',
  defaultMessage: 'an instalment falls due at most five years after the order: {days, number} days, {weeks, number} weeks or {months, number} months',
});
export const planEntryMessages = { tooFar: planTooFar(PLAN_COUNT_MAX) };

/** One entry of a payment plan; the first entry is the initial payment. */
export const paymentPlanEntry = z
  .object({
    amount: money.positive(),
    units: paymentPlanUnit,
    count: z.number().int().min(0),
  })
  .superRefine((entry, ctx) => {
    if (entry.count > PLAN_COUNT_MAX[entry.units]) ctx.addIssue({ code: 'custom', path: ['count'], message: issueMessage(planEntryMessages.tooFar) });
  });
export type PaymentPlanEntry = z.infer<typeof paymentPlanEntry>;

export const travelTimeOption = z.object({
  id: z.number().int(),
  travel_time: timestamp,
  /** Seats left; null when the seats of this time are not tracked. */
  remaining: z.number().int().nullable(),
});
export type TravelTimeOption = z.infer<typeof travelTimeOption>;

export const travelTimeType = z.enum(['fixed', 'selectable']);

/** A product (ticket, add-on, transport) or merchandise item as the shop shows it: spec section 3. */
export const shopItem = z.object({
  id: z.number().int(),
  external_code: z.string(),
  name: z.string(),
  shop_item_type: shopItemType,
  /** The category: ticket, transport or an add-on type for tickets; the kind of merchandise. */
  type: z.string(),
  event: z.string().nullable(),
  event_id: z.number().int().nullable(),
  /** The price the next unit costs now: the current price tier's (decision 0099), or the item's own. */
  price: money,
  fee: money,
  /**
   * What the price does next (decision 0099): the new price from a moment (`from`), or once
   * `after_units` more units are sold; null when the price stays. Not in spec section 3: an addition
   * (optional in the schema, so items built before it still parse; the shop always answers it).
   */
  next_price: z
    .object({ price: money, from: timestamp.nullable(), after_units: z.number().int().positive().nullable() })
    .nullable()
    .optional(),
  shop_image: z.string().nullable(),
  shop_image_2: z.string().nullable(),
  shop_image_3: z.string().nullable(),
  shop_image_4: z.string().nullable(),
  shop_description: z.string(),
  in_stock: z.boolean(),
  /** Units left to sell; null means unlimited. */
  stock_level: z.number().int().nullable(),
  is_featured: z.boolean(),
  force_view: z.boolean(),
  /** 0 means no limit. */
  limit_per_order: z.number().int().min(0),
  is_refundable: z.boolean(),
  allow_refund_requests_from: timestamp.nullable(),
  allow_refund_requests_until: timestamp.nullable(),
  has_payment_plan: z.boolean(),
  payment_plan: z.array(paymentPlanEntry).nullable(),
  allow_name_changes: z.boolean(),
  allow_name_changes_until: timestamp.nullable(),
  /** 0 means no limit. */
  name_change_limit: z.number().int().min(0),
  allow_email_changes: z.boolean(),
  travel_time_type: travelTimeType.nullable(),
  travel_time: timestamp.nullable(),
  travel_times: z.array(travelTimeOption),
  allow_travel_time_changes_until: timestamp.nullable(),
  timezone: z.string().nullable(),
  /**
   * A merchandise group's variants (decision 0104): each a shop item of its own, sold by its code;
   * the group itself is not sold. Null for an item without variants. Not in spec section 3: an
   * addition (optional, as next_price).
   */
  variants: z
    .array(z.object({ id: z.number().int(), external_code: z.string(), label: z.string(), in_stock: z.boolean(), stock_level: z.number().int().nullable() }))
    .nullable()
    .optional(),
  /** An add-on sold only with one of these products for the same holder (decision 0104); null: none. An addition to spec section 3. */
  requires: z
    .array(z.object({ external_code: z.string(), name: z.string() }))
    .nullable()
    .optional(),
  /**
   * The questions asked with the product (decision 0106), not archived, in the order asked, with
   * their translations (the page shows each label in its language, `questionLabelIn`): the
   * personalise modal asks the per-ticket ones, the checkout page the per-order ones. Absent: none.
   * An addition to spec section 3.
   */
  questions: z.array(questionDefinition).optional(),
});
export type ShopItem = z.infer<typeof shopItem>;
export type ShopItemVariant = NonNullable<ShopItem['variants']>[number];

export const getShopItemPayload = z.object({
  token,
  external_code: z.string().trim().min(1, issueMessage(messages.fields.itemCodeRequired)).max(100, boundFirst),
});
export const getShopItemAnswer = z.object({ item: shopItem });
