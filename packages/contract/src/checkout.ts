import { answersPayload } from './product-questions';
import { z } from 'zod';
import { INTEGER_COLUMN_MAX } from './bounds';
import { boundFirst, cartCode, money, timestamp, token } from './common';
import { shopItemType } from './catalog';
import { addressObject, order, paymentPlanPayment, userData } from './portal';
import { admissionField } from './waiting-room';
import { voucherTerms } from './vouchers';

export const invoiceItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Our own addition (decision 0096): the item's code, by which a voucher names the products it applies to. */
  external_code: z.string(),
  shop_item_type: shopItemType,
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  travel_time: timestamp.nullable(),
  timezone: z.string().nullable(),
  product_type: z.string(),
  event: z.string().nullable(),
  event_id: z.number().int().nullable(),
  type: z.string(),
  /** Price including fee and taxes, in minor units. */
  price: money,
});

export const invoice = z.object({
  items: z.array(invoiceItem),
  shipping: z.object({ name: z.string(), type: z.string(), price: money }).nullable(),
  total: money,
  /** Tax per rate, keyed by the rate's name (for example "21%"). */
  tax: z.record(z.string(), money),
  items_total_without_tax: z.record(z.string(), money),
  /**
   * Our own addition: each rate's gross before a voucher (name, basis points), so the page can
   * take the voucher's VAT off exactly as the invoice does (checkoutVat, decision 0068).
   */
  rates: z.array(z.object({ name: z.string(), basisPoints: z.number().int().min(0), gross: z.number().int() })),
});
export type Invoice = z.infer<typeof invoice>;

/**
 * Spec section 3: the code and its discount for the cart (`discount_amount`: what it takes off the
 * cart's lines as they are; shipping, not known yet, may change it). Our own addition (decision
 * 0096): its terms, so the page computes the discount of the invoice it shows as the checkout will
 * (voucherDiscount).
 */
export const voucher = z.object({ code: z.string(), discount_amount: money, terms: voucherTerms });
export type Voucher = z.infer<typeof voucher>;

/** A method of the payment provider's (decision 0067): `card`, `ideal`, `bancontact`, `applepay`, or another the provider names. */
export const providerMethodId = z.string().max(32, boundFirst).regex(/^[a-z0-9_]+$/, 'Please choose a payment method from the list.');

export const calculateInvoicePayload = z.object({
  token,
  cart: z.string().min(1).max(100, boundFirst),
  country: z.string().max(2, boundFirst).nullish(),
});
export const calculateInvoiceAnswer = z.object({ invoice });

/**
 * Ours (decision 0067): the methods the shop's payment provider offers for this cart's amount and
 * the billing country (Mollie's methods API; Stripe's payment method types), in the provider's
 * order. Empty with the built-in sandbox: the page then offers the card alone.
 */
export const paymentMethodsPayload = calculateInvoicePayload;
export const providerMethod = z.object({ id: providerMethodId, label: z.string() });
export type ProviderMethod = z.infer<typeof providerMethod>;
export const paymentMethodsAnswer = z.object({ methods: z.array(providerMethod) });

export const validateVoucherPayload = z.object({
  token,
  cart: cartCode,
  code: z.string().trim().max(100, boundFirst),
});
export const validateVoucherAnswer = z.object({ voucher });

export const paymentMethod = z.string().min(1).max(50, boundFirst);

export const checkoutCustomer = z.object({
  country: z.string().max(2, boundFirst).nullish(),
  address: addressObject.nullish(),
  /**
   * Our addition (decision 0070): the customer asked the shop to keep this billing address as the
   * account's default address, which checkout, the refund form and the account page then offer.
   */
  save_address: z.boolean().optional(),
});

export const checkoutOrderData = z.object({
  payment_method: paymentMethod.nullish(),
  /** Ours (decision 0067): with credit_card, the provider's method the buyer chose; none: the provider's page offers its own. */
  provider_method: providerMethodId.nullish(),
  shipping_name: z.string().max(200, boundFirst).nullish(),
  shipping_country: z.string().max(2, boundFirst).nullish(),
  shipping_address: addressObject.nullish(),
  accept_terms: z.boolean().optional(),
});

export const paymentInstruction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('redirect'), url: z.string() }),
  z.object({ action: z.literal('submit'), url: z.string(), params: z.record(z.string(), z.string()) }),
]);
export type PaymentInstruction = z.infer<typeof paymentInstruction>;

export const checkoutCartPayload = z.object({
  token,
  cart: z.string().min(1).max(100, boundFirst),
  customer: checkoutCustomer,
  order: checkoutOrderData,
  voucher_code: z.string().max(100, boundFirst).nullish(),
  /** The waiting room's admission pass (decision 0048), while an on-sale room guards a product in the cart. */
  admission: admissionField,
  /** The answers to the cart's products' per-order questions: by product code, then question code (decision 0106). */
  answers: z.record(z.string().max(100, boundFirst), answersPayload).nullish(),
});
export const checkoutCartAnswer = z.object({
  order,
  data: userData,
  payment: paymentInstruction.nullish(),
});

const checksum = z.string().min(1).max(128, boundFirst);
const orderRef = z.union([z.string().min(1).max(64, boundFirst), z.number().int().positive().max(INTEGER_COLUMN_MAX)]);

export const getTermsOrderPayload = z.object({ order: orderRef, checksum });
export const getTermsOrderAnswer = z.object({ order });

export const acceptTermsPayload = z.object({ token, order: orderRef, checksum });
export const acceptTermsAnswer = z.object({ data: userData.nullable(), payment: paymentInstruction.nullish() });

export const getPlanPaymentPayload = z.object({ order: orderRef, reference: z.string().min(1).max(64, boundFirst), checksum });
export const getPlanPaymentAnswer = z.object({ data: z.object({ order, payment: paymentPlanPayment }) });

export const payPlanPaymentPayload = z.object({
  token,
  order: orderRef,
  reference: z.string().min(1).max(64, boundFirst),
  checksum,
});
export const payPlanPaymentAnswer = z.object({ data: z.object({ payment: paymentInstruction.nullish() }) });

/**
 * Our own addition to section 7 (decision 0017): a new card payment attempt for a pending order
 * of the logged-in customer, after a declined or cancelled one. Answers the customer's data and
 * the payment instruction to follow.
 */
export const payOrderPayload = z.object({ token, order: orderRef });
export const payOrderAnswer = z.object({ data: userData, payment: paymentInstruction });

/**
 * Our own addition (decision 0066): an unpaid card order of the logged-in customer is paid by bank
 * transfer instead (its open card attempts end; the bank details are e-mailed and shown). Answers
 * the customer's data, with the order now awaiting the transfer.
 */
export const payByTransferPayload = z.object({ token, order: orderRef });
export const payByTransferAnswer = z.object({ data: userData });
