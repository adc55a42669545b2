import { normaliseIban, plannedRefundWays, usesIban, type ClientConfig, type Customer, type Order, type RefundWays, type Text } from '@festival/contract';
import type { BankDetailsPayload, RefundRequest } from '../api/refunds';
import { portalTexts } from '../portal.messages';

/**
 * The request-refund page's state and what it sends (spec sections 4 and 5), apart from its
 * markup so each rule reads on its own.
 */

export type RefundStep = 'select' | 'details' | 'confirm';

/**
 * Spec section 4: select-products, enter-details, confirm; a payment-plan order skips the
 * selection, and a refund that goes back to the card or at the desk the bank details (decision 0060).
 */
export function refundSteps(order: Pick<Order, 'has_payment_plan'>, bankNeeded = true): RefundStep[] {
  return [...(order.has_payment_plan ? [] : ['select' as const]), ...(bankNeeded ? ['details' as const] : []), 'confirm'];
}

/**
 * Which ways the money of a refund of `total` would go back (decision 0060: card first, then the
 * desk, the rest by bank); null when the order does not say (then bank details are asked).
 */
export function refundWaysOf(order: Pick<Order, 'refund_ways_open'>, total: number): RefundWays | null {
  return order.refund_ways_open ? plannedRefundWays(total, order.refund_ways_open) : null;
}

export const REFUND_STEP_TITLES: Record<RefundStep, Text> = {
  select: portalTexts.refundForm.selectTitle,
  details: portalTexts.refundForm.detailsTitle,
  confirm: portalTexts.refundForm.confirmTitle,
};

export interface RefundSelection {
  tickets: string[];
  merchandise: string[];
}

/** Everything refundable now: a payment-plan order is refunded as a whole. */
export function allRefundable(order: Pick<Order, 'tickets' | 'merchandisePurchases'>): RefundSelection {
  return {
    tickets: order.tickets.filter((ticket) => ticket.is_refundable).map((ticket) => ticket.code),
    merchandise: order.merchandisePurchases.filter((purchase) => purchase.is_refundable).map((purchase) => purchase.code),
  };
}

/** The details step's fields, named as request-refund takes them; the address is keyed by the configured line's text. */
export interface BankDetailsValues {
  bank_owner_full_name: string;
  bank_owner_address: Record<string, string>;
  bank_name: string;
  bank_city: string;
  bank_country: string;
  bank_bic: string;
  bank_iban: string;
  bank_account: string;
  note: string;
}

/** The account holder starts as the customer: their name, their default address and, when the shop knows it, their country. */
export function initialBankDetails(customer: Customer | null, config: Pick<ClientConfig, 'addressLines' | 'countries'>): BankDetailsValues {
  const country = customer?.country ?? '';
  return {
    bank_owner_full_name: customer?.full_name ?? '',
    bank_owner_address: Object.fromEntries(config.addressLines.map((line) => [line.text, customer?.address[line.text] ?? ''])),
    bank_name: '',
    bank_city: '',
    bank_country: config.countries.some((option) => option.code === country) ? country : '',
    bank_bic: '',
    bank_iban: '',
    bank_account: '',
    note: '',
  };
}

const trimmed = (value: string) => value.trim();
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The bank details as request-refund and refund-bank-details take them: IBAN or account number as the country asks, blanks as null. */
export function bankDetailsPayload(values: BankDetailsValues, config: Pick<ClientConfig, 'addressLines' | 'ibanCountries'>): BankDetailsPayload {
  const iban = usesIban(values.bank_country, config);
  return {
    bank_owner_full_name: trimmed(values.bank_owner_full_name),
    bank_owner_address: Object.fromEntries(config.addressLines.map((line) => [line.text, trimmed(values.bank_owner_address[line.text] ?? '')])),
    bank_name: trimmed(values.bank_name),
    bank_city: orNull(values.bank_city),
    bank_country: values.bank_country,
    bank_bic: values.bank_bic.replace(/\s+/g, '').toUpperCase(),
    bank_iban: iban ? normaliseIban(values.bank_iban) : null,
    bank_account: iban ? null : trimmed(values.bank_account),
  };
}

/** The request-refund payload: codes comma-separated, the bank details where some money goes by bank, the note (blank as null). */
export function refundRequest(order: Pick<Order, 'id'>, selection: RefundSelection, values: BankDetailsValues, config: Pick<ClientConfig, 'addressLines' | 'ibanCountries'>, bankNeeded = true): RefundRequest {
  return {
    order_id: order.id,
    tickets: selection.tickets.join(','),
    merchandise: selection.merchandise.join(','),
    ...(bankNeeded ? bankDetailsPayload(values, config) : {}),
    note: orNull(values.note),
  };
}

/** A line of the selection as the confirm step and the checkboxes show it. */
export interface RefundLine {
  kind: 'ticket' | 'merchandise';
  code: string;
  name: string;
  /** The ticket holder, when there is one. */
  holder: string | null;
  status: string;
  refundable: boolean;
  /** Spec section 9: price minus the refund fee, plus the shipping refund for merchandise. */
  amount: number;
}

export function refundLines(order: Pick<Order, 'tickets' | 'merchandisePurchases'>): RefundLine[] {
  return [
    ...order.tickets.map((ticket) => ({
      kind: 'ticket' as const,
      code: ticket.code,
      name: ticket.product,
      holder: ticket.full_name,
      status: ticket.status,
      refundable: ticket.is_refundable,
      amount: ticket.refund_total,
    })),
    ...order.merchandisePurchases.map((purchase) => ({
      kind: 'merchandise' as const,
      code: purchase.code,
      name: purchase.merchandise,
      holder: null,
      status: purchase.status,
      refundable: purchase.is_refundable,
      amount: purchase.refund_total + purchase.shipping_refund,
    })),
  ];
}

export function isSelected(line: Pick<RefundLine, 'kind' | 'code'>, selection: RefundSelection): boolean {
  return (line.kind === 'ticket' ? selection.tickets : selection.merchandise).includes(line.code);
}

/** Ticks or unticks one line, keeping the order's own order of codes. */
export function toggleLine(selection: RefundSelection, line: Pick<RefundLine, 'kind' | 'code'>, ticked: boolean): RefundSelection {
  const key = line.kind === 'ticket' ? 'tickets' : 'merchandise';
  const codes = selection[key].filter((code) => code !== line.code);
  return { ...selection, [key]: ticked ? [...codes, line.code] : codes };
}
