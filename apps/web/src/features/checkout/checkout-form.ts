import {
  addressLineLabel,
  allowedPaymentMethods,
  choosePaymentMethod,
  fieldNames,
  messages,
  type Cart,
  type ClientConfig,
  type EventSettings,
  type Invoice,
  type PaymentMethodChoice,
  type PaymentPlanEntry,
  type Text,
  type Voucher,
  discountLinesOf,
  voucherDiscount,
} from '@festival/contract';
import { say } from '../../lib/say';

/**
 * The checkout page's rules (spec sections 4 and 5), zod-free and without React so each is
 * tested on its own. The server decides the same with the same contract functions; the page
 * shows the outcome before the customer presses Checkout.
 */

/** An address line of the page's configuration: `text` keys the address, `label` (the page's language) names it. */
export interface AddressLine {
  text: string;
  label?: string | undefined;
  required: boolean;
}

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/** The settings of every event the cart's tickets belong to (merchandise belongs to none). */
export function cartEventSettings(cart: Pick<Cart, 'products'>, events: ClientConfig['events']): EventSettings[] {
  const ids = new Set(cart.products.map((line) => line.product.event_id).filter((id): id is number => id !== null));
  return [...ids].map((id) => events[String(id)]).filter((settings): settings is EventSettings => settings !== undefined);
}

/** The methods the shop offers at all: a configured card method; a bank transfer only with bank details to show. */
export function offeredPaymentMethods(config: Pick<ClientConfig, 'paymentMethods' | 'bankTransfer'>) {
  return {
    creditCard: Object.hasOwn(config.paymentMethods, 'credit_card'),
    bankTransfer: Object.hasOwn(config.paymentMethods, 'bank_transfer') && Boolean(config.bankTransfer),
  };
}

/** The payment-plan entries of the cart's payment-plan item, or null when it has none (at most one is allowed). */
export function cartPaymentPlan(cart: Pick<Cart, 'products'>): PaymentPlanEntry[] | null {
  const line = cart.products.find((candidate) => candidate.product.has_payment_plan && candidate.product.payment_plan?.length);
  return line?.product.payment_plan ?? null;
}

export interface CheckoutAmounts {
  /** The invoice total (items, fees, shipping). */
  total: number;
  /** What the voucher takes off: never more than the total; nothing with a payment plan (spec section 9). */
  discount: number;
  /** What the customer pays: the total minus the discount; with a payment plan, the initial payment. */
  toPay: number;
  /** Spec section 4: the payment method is then forced to voucher. */
  discountCoversTotal: boolean;
  /** Spec section 5: the voucher is worth more than the order and the rest is lost. */
  voucherExceedsOrder: boolean;
}

/**
 * What the order comes to with the voucher, as the checkout will compute it: the one computation
 * of the contract (voucherDiscount, decision 0096) on the invoice's lines and the voucher's terms.
 */
export function checkoutAmounts(invoice: { total: number; items: readonly { external_code: string; price: number }[] }, voucher: Voucher | null, plan: readonly PaymentPlanEntry[] | null): CheckoutAmounts {
  const total = invoice.total;
  const usable = plan ? null : voucher;
  const outcome = voucherDiscount(usable?.terms, discountLinesOf(invoice.items), total, plan !== null);
  return {
    total,
    discount: outcome.discount,
    toPay: plan ? (plan[0]?.amount ?? total) : total - outcome.discount,
    discountCoversTotal: usable !== null && outcome.discount >= total,
    voucherExceedsOrder: usable !== null && outcome.exceedsOrder,
  };
}

export interface PaymentChoiceInput {
  cart: Pick<Cart, 'products'>;
  config: Pick<ClientConfig, 'events' | 'paymentMethods' | 'bankTransfer'>;
  /** The billing country: bank transfer depends on it. */
  country: string;
  /** The radio the customer picked, if any. */
  chosen: string | null;
  discountCoversTotal: boolean;
}

/** Which methods the page offers and which one checkout sends (spec sections 4 and 5). */
export function paymentChoice({ cart, config, country, chosen, discountCoversTotal }: PaymentChoiceInput): { allowed: ('credit_card' | 'bank_transfer')[]; choice: PaymentMethodChoice } {
  const allowed = allowedPaymentMethods({ events: cartEventSettings(cart, config.events), country: country || null, offered: offeredPaymentMethods(config) });
  return { allowed, choice: choosePaymentMethod(allowed, chosen, discountCoversTotal) };
}

export { paymentMethodLabel } from '../../lib/payment-method-label';

export interface CheckoutInput {
  country: string;
  address: readonly string[];
  hasMerchandise: boolean;
  shippingName: string;
  shippingCountry: string;
  /** The shipping lines; null where a line still follows the billing address. */
  shippingAddress: readonly (string | null)[];
  choice: PaymentMethodChoice;
  acceptTerms: boolean;
}

/**
 * Spec section 5, checkout, in its order: the country, the shipping country, the required fields,
 * a payment method, the terms. Answers the first text that applies, or null when the order may be
 * sent. A shipping line that still follows the billing address is not listed twice.
 */
export function checkoutProblem(input: CheckoutInput, addressLines: readonly AddressLine[]): string | null {
  const texts = messages.checkout;
  if (blank(input.country)) return say(texts.countryRequired);
  if (input.hasMerchandise && blank(input.shippingCountry)) return say(texts.shippingCountryRequired);
  // The fields as the server names them (fieldNames), address lines by their label in the page's language.
  const missing: (Text | string)[] = addressLines.filter((line, index) => line.required && blank(input.address[index])).map(addressLineLabel);
  if (input.hasMerchandise) {
    if (blank(input.shippingName)) missing.push(fieldNames.shippingName);
    addressLines.forEach((line, index) => {
      const value = input.shippingAddress[index];
      if (line.required && value !== null && value !== undefined && blank(value)) missing.push(fieldNames.shippingLine({ line: addressLineLabel(line) }));
    });
  }
  if (missing.length > 0) return say(texts.fillOutFields(missing));
  if (input.choice.method === null) return say(texts.noPaymentMethods);
  if (!input.acceptTerms) return say(texts.acceptTerms);
  return null;
}

/** Spec section 5: why the Checkout button is disabled, or null when it is not. */
export function checkoutBlocked(input: { country: string; shippingUnavailable: boolean; choice: PaymentMethodChoice }): string | null {
  if (blank(input.country)) return say(messages.checkout.countryRequired);
  if (input.shippingUnavailable) return say(messages.checkout.shippingUnavailable);
  // A voucher that covers the order forces the voucher method, so it never ends up here.
  if (input.choice.method === null) return say(messages.checkout.noPaymentMethods);
  return null;
}

/** An address as checkout-cart takes it: keyed by the configured line's text, trimmed. */
export function addressPayload(addressLines: readonly AddressLine[], values: readonly string[]): Record<string, string> {
  return Object.fromEntries(addressLines.map((line, index) => [line.text, (values[index] ?? '').trim()]));
}

/**
 * Spec section 2 shows the invoice; a cart with merchandise has none until a country says where
 * it ships (calculate-invoice refuses without one). Meanwhile the page shows the cart's items at
 * price plus fee, as the invoice will, without shipping and taxes (issue 34 point 10).
 */
export function previewInvoice(cart: Pick<Cart, 'products' | 'merchandise'>): Invoice {
  const items: Invoice['items'] = [
    ...cart.products.map((line) => ({
      id: line.id,
      name: line.product.name,
      external_code: line.product.external_code,
      shop_item_type: 'tickets' as const,
      full_name: line.full_name,
      email: line.email,
      travel_time: line.travel_time,
      timezone: line.product.timezone,
      product_type: line.product.type,
      event: line.product.event,
      event_id: line.product.event_id,
      type: line.product.type,
      price: line.price + line.fee,
    })),
    ...cart.merchandise.map((line) => ({
      id: line.id,
      name: line.merchandise.name,
      external_code: line.merchandise.external_code,
      shop_item_type: 'merchandise' as const,
      full_name: null,
      email: null,
      travel_time: null,
      timezone: null,
      product_type: 'merchandise',
      event: null,
      event_id: null,
      type: 'merchandise',
      price: line.price + line.fee,
    })),
  ];
  return { items, shipping: null, total: items.reduce((sum, item) => sum + item.price, 0), tax: {}, items_total_without_tax: {}, rates: [] };
}

/** Whether the typed billing address differs from the one the account keeps (a blank line counts as absent). */
export function differsFromSaved(country: string, address: readonly string[], saved: { country: string | null; address: Record<string, string> }, addressLines: readonly AddressLine[]): boolean {
  if ((saved.country ?? '') !== country) return true;
  return addressLines.some((line, index) => (saved.address[line.text] ?? '').trim() !== (address[index] ?? '').trim());
}
