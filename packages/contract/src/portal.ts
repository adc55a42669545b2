import { z } from 'zod';
import { boundFirst, idField, money, timestamp, token } from './common';
import { refundWaysOpen } from './refund-ways';
import { paymentPlanEntry, shopItem, travelTimeOption } from './catalog';
import { cartMerchandise, cartProduct } from './cart';
import { answersPayload, questionDefinition } from './product-questions';

export const paymentStatus = z.enum(['pending', 'partial', 'processing', 'problem', 'paid', 'cancelled', 'abandoned']);
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const addressObject = z.record(z.string().max(200, boundFirst), z.string().max(200, boundFirst));

export const customer = z.object({
  full_name: z.string(),
  email: z.string(),
  country: z.string().nullable(),
  /** Address lines keyed by the configured line's text ("Street and number": "Main Street 1"); see decision 0013. */
  address: addressObject,
});
export type Customer = z.infer<typeof customer>;

export const user = z.object({ full_name: z.string(), email: z.string() });
export type User = z.infer<typeof user>;

/** An answer to a product question as a page shows it (decision 0106): the question and the answer in the reader's language. */
export const shownAnswer = z.object({ code: z.string(), question: z.string(), answer: z.string() });
export type ShownAnswer = z.infer<typeof shownAnswer>;

/**
 * Ours (decision 0106): a product's questions as the portal lets the customer change their
 * answers (change-answers): the questions asked now, the answers as kept (by question code) and
 * whether they may change now (while the ticket's holder may be changed).
 */
export const answerForm = z.object({
  /** The product's code: change-answers names the order's answers by it. */
  product: z.string(),
  /** The product's name, for the order's forms. */
  name: z.string(),
  questions: z.array(questionDefinition),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
  allow_changes: z.boolean(),
});
export type AnswerForm = z.infer<typeof answerForm>;

export const ticket = z.object({
  code: z.string(),
  product: z.string(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  age: z.string().nullable(),
  status: z.string(),
  pending: z.boolean(),
  type: z.string(),
  price: money,
  fee: money,
  refund_fee: money,
  refund_total: money,
  shipping_refund: money,
  is_ever_refundable: z.boolean(),
  is_refundable: z.boolean(),
  allow_name_changes: z.boolean(),
  allow_email_changes: z.boolean(),
  name_changes_left: z.number().int().nullable(),
  allow_travel_time_changes: z.boolean(),
  allow_download: z.boolean(),
  recently_edited: z.boolean(),
  transport_time_id: z.number().int().nullable(),
  travel_time: timestamp.nullable(),
  travel_times: z.array(travelTimeOption),
  timezone: z.string().nullable(),
  event_name: z.string().nullable(),
  /** Ours (decision 0020): the event's id, so the page finds its settings (age ranges). */
  event_id: z.number().int().nullable(),
  /** Ours (decision 0106): the answers given to the product's per-ticket questions, in the order asked; absent: none. */
  answers: z.array(shownAnswer).optional(),
  /** Ours (decision 0106): the product's per-ticket questions, to change the answers in the portal; absent: none asked. */
  answer_form: answerForm.optional(),
});
export type Ticket = z.infer<typeof ticket>;

export const merchandisePurchase = z.object({
  code: z.string(),
  merchandise: z.string(),
  price: money,
  fee: money,
  status: z.string(),
  refund_fee: money,
  refund_total: money,
  shipping_refund: money,
  is_refundable: z.boolean(),
});
export type MerchandisePurchase = z.infer<typeof merchandisePurchase>;

export const paymentPlanPayment = z.object({
  reference: z.string(),
  amount: money,
  paid_amount: money,
  due_at: timestamp,
  paid_at: timestamp.nullable(),
  payment_status: z.enum(['paid', 'cancelled', 'pending', 'processing', 'partial', 'problem']),
  overdue: z.boolean(),
  due: z.boolean(),
  attempt: z.number().int(),
  /**
   * Ours (decision 0027): the signature of this instalment's payment link, for the owner's order
   * view; empty in the answers of the link calls and for orders passed on.
   */
  checksum: z.string(),
});
export type PaymentPlanPayment = z.infer<typeof paymentPlanPayment>;

export const order = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The signature of the order's invoice link (decision 0027: each link signs its own purpose); empty where the answer is a link's. */
  checksum: z.string(),
  /** Ours (decision 0027): the signature of the order's accept-terms link; empty where the answer is a link's. */
  terms_checksum: z.string(),
  created_at: timestamp,
  /** The channel the order came through ("Online", or a staff label). */
  staff: z.string().nullable(),
  total_price: money,
  total_paid: money,
  total_refunded: money,
  discount_amount: money,
  discount_name: z.string().nullable(),
  shipping_amount: money,
  shipping_country: z.string().nullable(),
  shipping_refunded: money,
  payment_method: z.string(),
  payment_status: paymentStatus,
  has_refunds: z.boolean(),
  fully_refunded: z.boolean(),
  has_active_refunds: z.boolean(),
  can_refund: z.boolean(),
  has_invoice: z.boolean(),
  accepted_ts_and_cs: z.boolean(),
  has_payment_plan: z.boolean(),
  payment_plan: z.array(paymentPlanEntry).nullable(),
  payments: z.array(paymentPlanPayment),
  /** Ours (decision 0017): card payment attempts made for the order itself (not its instalments). */
  payment_attempts: z.number().int(),
  /** Ours (decision 0017): the reference a bank transfer must carry; null for other methods. */
  payment_reference: z.string().nullable(),
  /**
   * Ours (decision 0032): by when the transfer of an unpaid bank-transfer order must arrive (its
   * pay_by; an order still unpaid then is abandoned; a partly paid one keeps it for the rest,
   * decision 0060); for an unpaid card order (decision 0066) when it gives its items back; null
   * for other methods, an order neither pending nor partly paid, or a shop without
   * bankTransfer.payWithinDays.
   */
  pay_by: timestamp.nullable(),
  /**
   * Ours (decision 0066): this unpaid card order may be paid by bank transfer instead (pay-by-transfer):
   * the shop takes transfers, the order's events allow them for its billing country, nothing is paid yet.
   */
  can_pay_by_transfer: z.boolean(),
  /**
   * Ours (decision 0060): what the order's card payments and desk payments can still take back;
   * a refund request asks bank details only for what is beyond them. Absent on an order that
   * cannot be refunded.
   */
  refund_ways_open: refundWaysOpen.nullish(),
  /**
   * Ours (decision 0026): card money that arrived when the order no longer owed it (a second
   * attempt paid too, or after the order ended) and went back automatically; never in total_paid.
   */
  returned_amount: money,
  tickets: z.array(ticket),
  /** Ours (decision 0106): the answers given to the products' per-order questions; absent: none. */
  answers: z.array(shownAnswer).optional(),
  /** Ours (decision 0106): the per-order questions of the order's products, to change the answers in the portal (the buyer's own orders); absent: none asked. */
  answer_forms: z.array(answerForm).optional(),
  cartProducts: z.array(cartProduct),
  cartMerchandise: z.array(cartMerchandise),
  merchandisePurchases: z.array(merchandisePurchase),
});
export type Order = z.infer<typeof order>;

export const refundItem = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['ticket', 'merchandise']),
  status: z.string(),
  amount: money,
});

export const refund = z.object({
  id: z.number().int(),
  status: z.string(),
  created_at: timestamp,
  completed_at: timestamp.nullable(),
  total: money,
  shipping_refund: money,
  order: z.object({ id: z.number().int(), code: z.string() }),
  items: z.array(refundItem),
  /**
   * Ours (decision 0033): the credit note of a processed refund, its number and the signature of
   * its download link (/download-credit-note/{order code}/{refund id}/{checksum}).
   */
  credit_note: z.object({ number: z.string(), checksum: z.string() }).nullish(),
  /**
   * Ours (decision 0060): what of an active refund goes back by bank while the shop has no bank
   * details to pay it to (minor units); the refund's page asks for them (refund-bank-details).
   * Null or absent when nothing waits for them.
   */
  bank_details_wanted_for: money.nullish(),
});
export type Refund = z.infer<typeof refund>;

export const existingTicket = z.object({
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  age: z.string().nullable(),
  event_id: z.number().int().nullable(),
});

/** The user data answered by get-data and by every call that returns "data". */
export const userData = z.object({
  customer: customer.nullable(),
  config: z.object({ shopActive: z.boolean(), merchandiseActive: z.boolean() }),
  country: z.string().nullable(),
  orders: z.array(order),
  refunds: z.array(refund),
  products: z.array(shopItem),
  merchandise: z.array(shopItem),
  existing_tickets: z.array(existingTicket),
});
export type UserData = z.infer<typeof userData>;

export const getDataPayload = z.object({ token });
export const dataAnswer = z.object({ data: userData });

const orderId = idField;

export const changeTicketPayload = z.object({
  token,
  order_id: orderId,
  code: z.string().min(1).max(64, boundFirst),
  reassign: z.boolean().default(false),
  note: z.string().max(2000, boundFirst).nullish(),
  full_name: z.string().max(200, boundFirst).nullish(),
  email: z.string().max(254, boundFirst).nullish(),
  age: z.string().max(50, boundFirst).nullish(),
});

/**
 * change-answers (ours, decision 0106): the customer's answers to a product's questions changed
 * while the ticket's holder may be changed: a ticket's per-ticket answers (`ticket`: its code) or
 * the order's answers to a product's per-order questions (`product`: its code). The answers sent
 * are the whole set, as the personalise modal sends them; a blank one removes the answer.
 */
export const changeAnswersPayload = z.object({
  token,
  order_id: orderId,
  ticket: z.string().min(1).max(64, boundFirst).nullish(),
  product: z.string().min(1).max(100, boundFirst).nullish(),
  answers: answersPayload,
});

export const setTravelTimePayload = z.object({
  token,
  code: z.string().min(1).max(64, boundFirst),
  transport_time_id: idField,
});

const codeList = z
  .string()
  .max(4000, boundFirst)
  .default('')
  .transform((value) => value.split(',').map((code) => code.trim()).filter(Boolean));

/** The bank details a refund is paid to (spec section 5's details step). */
const bankDetailsFields = {
  bank_owner_full_name: z.string().max(200, boundFirst).nullish(),
  bank_owner_address: addressObject.nullish(),
  bank_name: z.string().max(200, boundFirst).nullish(),
  bank_city: z.string().max(200, boundFirst).nullish(),
  bank_country: z.string().max(2, boundFirst).nullish(),
  bank_bic: z.string().max(20, boundFirst).nullish(),
  bank_iban: z.string().max(50, boundFirst).nullish(),
  bank_account: z.string().max(50, boundFirst).nullish(),
};

export const requestRefundPayload = z.object({
  token,
  order_id: orderId,
  tickets: codeList,
  merchandise: codeList,
  ...bankDetailsFields,
  note: z.string().max(2000, boundFirst).nullish(),
});
export const requestRefundAnswer = z.object({ data: userData.extend({ refund_id: z.number().int() }) });

/**
 * Ours (decision 0060): the bank details of a refund that waits for them (its money goes back by
 * bank and the shop has no account to pay to: a refund staff made, or one asked for without them).
 */
export const refundBankDetailsPayload = z.object({
  token,
  refund_id: idField,
  ...bankDetailsFields,
});

export const cancelRefundPayload = z.object({
  token,
  refund_id: idField,
});
