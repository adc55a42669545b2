import { refundSelectionError, refundTotal, shippingShares, staffOrderMessages, type StaffApiAnswer } from '@festival/contract';
import { say } from '../lib/say';

/**
 * The order page's reckoning (issue 22 point 3), pure so the page and its tests agree: what is
 * still open, what a refund of the chosen items comes to by the contract's rules, and the
 * date-time field's local time to and from ISO.
 */

type Detail = StaffApiAnswer<'order-detail'>;

/** What the buyer still owes: the total less what was paid (never below nothing). */
export const openAmount = (order: Pick<Detail['order'], 'total_price' | 'total_paid'>): number => Math.max(0, order.total_price - order.total_paid);

/** Whether an order has ended: nothing more to pay, cancel or extend. */
export const hasEnded = (status: string): boolean => status === 'cancelled' || status === 'abandoned';

/** Items a refund may take: the live ones (the shop refuses others with its own text). */
export const refundableTickets = (detail: Pick<Detail, 'tickets'>) => detail.tickets.filter((ticket) => ticket.status === 'active');
export const refundableMerchandise = (detail: Pick<Detail, 'merchandise'>) => detail.merchandise.filter((item) => item.status === 'active');

type RefundableTicket = Detail['tickets'][number];
type RefundableMerchandise = Detail['merchandise'][number];

/**
 * The refund dialog's items (decision 0076): what can be refunded now by the customer's rules
 * (`now`), what only the override allows (`outsideRules`: the product's refund window is over or
 * it is not refundable), in the page's order. Items that can never be refunded are in neither.
 */
export function refundChoices(detail: Pick<Detail, 'tickets' | 'merchandise'>): {
  now: { tickets: RefundableTicket[]; merchandise: RefundableMerchandise[] };
  outsideRules: { tickets: RefundableTicket[]; merchandise: RefundableMerchandise[] };
} {
  return {
    now: { tickets: detail.tickets.filter((ticket) => ticket.refundable === 'yes'), merchandise: detail.merchandise.filter((item) => item.refundable === 'yes') },
    outsideRules: { tickets: detail.tickets.filter((ticket) => ticket.refundable === 'override'), merchandise: detail.merchandise.filter((item) => item.refundable === 'override') },
  };
}

/** Whether the order has anything staff may refund, by the rules or with the override. */
export const hasRefundChoices = (detail: Pick<Detail, 'tickets' | 'merchandise'>): boolean => [...detail.tickets, ...detail.merchandise].some((item) => item.refundable !== 'no');

/**
 * What the dialog sends for the ticked items: items outside the rules only while the override is
 * ticked (unticking it drops them), and then with the reason, which must be given; `problem` says
 * what is missing.
 */
export function refundRequest(
  choices: ReturnType<typeof refundChoices>,
  ticked: { tickets: readonly string[]; merchandise: readonly string[] },
  override: { on: boolean; reason: string },
): { tickets: string[]; merchandise: string[]; override?: true; override_reason?: string; overridden: number; problem: string | null } {
  const offered = (now: { code: string }[], outside: { code: string }[], codes: readonly string[]) =>
    codes.filter((code) => now.some((item) => item.code === code) || (override.on && outside.some((item) => item.code === code)));
  const tickets = offered(choices.now.tickets, choices.outsideRules.tickets, ticked.tickets);
  const merchandise = offered(choices.now.merchandise, choices.outsideRules.merchandise, ticked.merchandise);
  const overridden = tickets.filter((code) => choices.outsideRules.tickets.some((item) => item.code === code)).length + merchandise.filter((code) => choices.outsideRules.merchandise.some((item) => item.code === code)).length;
  if (!overridden) return { tickets, merchandise, overridden, problem: null };
  const reason = override.reason.trim();
  return { tickets, merchandise, override: true, override_reason: reason, overridden, problem: reason ? null : say(staffOrderMessages.overrideNeedsReason) };
}

/**
 * A refund of the chosen items by the portal's rules: each item's price less its refund fee, a
 * merchandise item with its share of the shipping, a payment-plan order what was paid less fees;
 * `problem` is the contract's own text when nothing is chosen or tickets and merchandise are mixed.
 */
export function refundPreview(detail: Pick<Detail, 'order' | 'tickets' | 'merchandise'>, tickets: readonly string[], merchandise: readonly string[]): { total: number; problem: string | null } {
  const shipping = shippingShares(detail.order.shipping_amount, detail.merchandise.length);
  const total = refundTotal(
    {
      has_payment_plan: detail.order.has_payment_plan,
      total_paid: detail.order.total_paid,
      tickets: detail.tickets.map((ticket) => ({ code: ticket.code, fee: ticket.fee, refund_fee: ticket.refund_fee, refund_total: itemRefund(ticket), shipping_refund: 0 })),
      merchandisePurchases: detail.merchandise.map((item, index) => ({ code: item.code, fee: item.fee, refund_fee: item.refund_fee, refund_total: itemRefund(item), shipping_refund: shipping[index] ?? 0 })),
    },
    tickets,
    merchandise,
  );
  const problem = refundSelectionError(tickets, merchandise);
  return { total, problem: problem && say(problem) };
}

/** One item's refund: its price less its refund fee. */
export const itemRefund = (item: { price: number; refund_fee: number }): number => Math.max(0, item.price - item.refund_fee);

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a datetime-local field's value in the browser's zone: "2026-08-14T20:30". */
export function localInputOf(iso: string | Date): string {
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local field's value (local time) as ISO with its offset, or null when it is not one. */
export function isoOfLocal(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const at = new Date(year, month - 1, day, hour, minute, second);
  // A day that does not exist (31 June) rolls over in Date; a value that rolled is not a date.
  if (at.getFullYear() !== year || at.getMonth() !== month - 1 || at.getDate() !== day) return null;
  return at.toISOString();
}
