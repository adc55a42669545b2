/**
 * The portal's rules of spec sections 4, 5 and 9, zod-free and shared: the manage-ticket and
 * request-refund pages check with them before sending, the server refuses the same input with
 * the same text, and both compute the same refund total.
 */
import { isValidEmail } from './mailbox';
import type { Shown } from './i18n/text';
import { messages } from './messages';
import { portalMessages } from './portal-messages';

// ---------------------------------------------------------------------------------------------
// Ticket edit (spec section 5, "Ticket edit (portal)")

export interface TicketEditRules {
  allowNameChanges: boolean;
  allowEmailChanges: boolean;
  /** An entry ticket whose event has age ranges active. */
  needsAge: boolean;
}

export interface TicketEditInput {
  full_name?: string | null;
  email?: string | null;
  age?: string | null;
  reassign?: boolean;
}

export interface TicketEditCurrent {
  full_name: string | null;
  email: string | null;
  age: string | null;
}

const blank = (value: string | null | undefined) => !value || value.trim() === '';
const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim() === (b ?? '').trim();
const sameEmail = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** The names the required-fields message lists, in the spec's order. */
export function ticketEditMissingFields(input: TicketEditInput, rules: TicketEditRules): string[] {
  const missing: string[] = [];
  // Each field by its label on the form, as every required-fields message names them (decision 0071).
  if (rules.allowNameChanges && blank(input.full_name)) missing.push('Full name');
  if (rules.allowEmailChanges && blank(input.email)) missing.push('E-mail address');
  if (rules.needsAge && blank(input.age)) missing.push('Age range');
  return missing;
}

/**
 * Reassigning is offered only when the ticket's (new) e-mail differs from the user's own (spec
 * section 5); the flag is sent only then.
 */
export function canReassign(email: string | null | undefined, userEmail: string): boolean {
  return !blank(email) && !sameEmail(email, userEmail);
}

/** The first rule a ticket edit breaks, or null: required fields, a valid e-mail, then a real change. */
export function ticketEditError(input: TicketEditInput, current: TicketEditCurrent, rules: TicketEditRules): Shown | null {
  const missing = ticketEditMissingFields(input, rules);
  if (missing.length) return messages.ticketEdit.fillOutFields(missing);
  if (rules.allowEmailChanges && !isValidEmail((input.email ?? '').trim())) return messages.email.invalid;
  const nameChanged = rules.allowNameChanges && !same(input.full_name, current.full_name);
  const emailChanged = rules.allowEmailChanges && !sameEmail(input.email, current.email);
  const ageChanged = rules.needsAge && !same(input.age, current.age);
  if (!nameChanged && !emailChanged && !ageChanged && !input.reassign) return messages.ticketEdit.nothingChanged;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Bank details (spec section 5, "Refund")

/** ISO 13616: country, two check digits, up to 30 letters and digits; spaces are ignored. */
export function normaliseIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** Whether an IBAN has the right shape and its check digits hold (mod 97 = 1). */
export function isValidIban(iban: string): boolean {
  const value = normaliseIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** ISO 9362: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function isValidBic(bic: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic.replace(/\s+/g, '').toUpperCase());
}

export interface BankDetailsInput {
  bank_owner_full_name?: string | null;
  bank_owner_address?: Record<string, string> | null;
  bank_name?: string | null;
  bank_city?: string | null;
  bank_country?: string | null;
  bank_bic?: string | null;
  bank_iban?: string | null;
  bank_account?: string | null;
}

export interface BankDetailsRules {
  /** The configured address lines; required ones must be filled in. `text` keys the value, `label` (in the page's language) names it. */
  addressLines: readonly { text: string; label?: string | undefined; required: boolean }[];
  /** Countries whose banks use IBANs. */
  ibanCountries: readonly string[];
}

/** Whether the bank's country asks for an IBAN rather than an account number. */
export function usesIban(country: string | null | undefined, rules: Pick<BankDetailsRules, 'ibanCountries'>): boolean {
  return Boolean(country) && rules.ibanCountries.includes(country!);
}

/** The names the refund's required-fields message lists, in the spec's order, each as its field's label on the form (decision 0071). */
export function refundMissingFields(input: BankDetailsInput, rules: BankDetailsRules): string[] {
  const missing: string[] = [];
  if (blank(input.bank_owner_full_name)) missing.push("Account holder's full name");
  for (const line of rules.addressLines) if (line.required && blank(input.bank_owner_address?.[line.text])) missing.push(line.label ?? line.text);
  if (blank(input.bank_name)) missing.push('Bank name');
  if (blank(input.bank_country)) missing.push('Bank country');
  if (blank(input.bank_bic)) missing.push('BIC/SWIFT');
  if (usesIban(input.bank_country, rules)) {
    if (blank(input.bank_iban)) missing.push('IBAN');
  } else if (blank(input.bank_account)) missing.push('Bank account number');
  return missing;
}

/** The first rule the bank details break, or null: required fields, then the IBAN's checksum and the BIC's format. */
export function bankDetailsError(input: BankDetailsInput, rules: BankDetailsRules): Shown | null {
  const missing = refundMissingFields(input, rules);
  if (missing.length) return messages.refund.fillOutFields(missing);
  if (usesIban(input.bank_country, rules) && !isValidIban(input.bank_iban!)) return portalMessages.ibanInvalid;
  if (!isValidBic(input.bank_bic!)) return portalMessages.bicInvalid;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Refund selection and totals (spec sections 4, 5 and 9)

/** Step 1: at least one item, and tickets and merchandise never in one request. */
export function refundSelectionError(ticketCodes: readonly string[], merchandiseCodes: readonly string[]): Shown | null {
  if (ticketCodes.length === 0 && merchandiseCodes.length === 0) return messages.refund.selectItem;
  if (ticketCodes.length > 0 && merchandiseCodes.length > 0) return portalMessages.noMixing;
  return null;
}

interface RefundableLine {
  code: string;
  fee: number;
  refund_fee: number;
  refund_total: number;
  shipping_refund: number;
}

export interface RefundableOrder {
  has_payment_plan: boolean;
  total_paid: number;
  tickets: readonly RefundableLine[];
  merchandisePurchases: readonly RefundableLine[];
}

/**
 * Spec section 9: each item's price minus its refund fee (its refund_total), plus its share of
 * the shipping for merchandise; for a payment-plan order what was paid minus the fees and the
 * refund fees (a plan order holds one item and refunds as a whole).
 */
export function refundTotal(order: RefundableOrder, ticketCodes: readonly string[], merchandiseCodes: readonly string[]): number {
  if (order.has_payment_plan) {
    const lines = [...order.tickets, ...order.merchandisePurchases];
    return Math.max(0, order.total_paid - lines.reduce((sum, line) => sum + line.fee + line.refund_fee, 0));
  }
  const tickets = order.tickets.filter((line) => ticketCodes.includes(line.code));
  const purchases = order.merchandisePurchases.filter((line) => merchandiseCodes.includes(line.code));
  return tickets.reduce((sum, line) => sum + line.refund_total, 0) + purchases.reduce((sum, line) => sum + line.refund_total + line.shipping_refund, 0);
}

/**
 * Each merchandise purchase's share of the order's shipping, so refunding every purchase
 * refunds all of it: equal shares, the cents left over going to the first purchases.
 */
export function shippingShares(shippingAmount: number, purchaseCount: number): number[] {
  if (purchaseCount <= 0) return [];
  const base = Math.floor(shippingAmount / purchaseCount);
  const left = shippingAmount - base * purchaseCount;
  return Array.from({ length: purchaseCount }, (_, index) => base + (index < left ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------
// Status displays (spec section 4)

/** How an item's status shows: the refund states in the spec's words, the rest by the configured label. */
export function itemStatusDisplay(status: string, labels: Record<string, string>): { label: Shown; showsAmount: boolean } {
  const texts = portalMessages.itemStatus;
  if (status === 'refund') return { label: texts.requested, showsAmount: false };
  if (status === 'refunding' || status === 'refund-problem') return { label: texts.processing, showsAmount: false };
  if (status === 'refunded') return { label: texts.refunded, showsAmount: true };
  return { label: labels[status] ?? status.charAt(0).toUpperCase() + status.slice(1), showsAmount: false };
}

/** A merchandise purchase that is bought and not refunded reads "Ordered", not a ticket's "Active" (decision 0071). */
export const MERCHANDISE_STATUS_DEFAULTS: Readonly<Record<string, string>> = { active: 'Ordered' };

/** The status labels of a merchandise purchase: the ticket labels, our merchandise defaults, then the configured merchandise labels. */
export function merchandiseStatusLabels(labels: { ticket: Record<string, string>; merchandise?: Record<string, string> | undefined }): Record<string, string> {
  return { ...labels.ticket, ...MERCHANDISE_STATUS_DEFAULTS, ...labels.merchandise };
}

/** The status labels of an item of an order or refund, by its kind. */
export function itemStatusLabels(kind: 'ticket' | 'merchandise', labels: { ticket: Record<string, string>; merchandise?: Record<string, string> | undefined }): Record<string, string> {
  return kind === 'merchandise' ? merchandiseStatusLabels(labels) : labels.ticket;
}

/**
 * A refund is active (the customer can cancel it), processed (completed), or otherwise shown as
 * processing; one that ended without money says so (cancelled by the customer, rejected by the
 * organiser), where the spec would call it processing (decision 0071).
 */
export function refundStatusKey(status: string): 'active' | 'processed' | 'processing' | 'cancelled' | 'rejected' {
  return status === 'active' || status === 'processed' || status === 'cancelled' || status === 'rejected' ? status : 'processing';
}

export function refundStatusLabel(status: string, labels: Record<string, string>): Shown {
  const key = refundStatusKey(status);
  return labels[key] ?? portalMessages.refundStatus[key];
}
