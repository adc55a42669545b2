import type { RefundWays, RefundWaysOpen } from '@festival/contract';
import type { Db } from '../../db/client';
import { DESK_PROVIDER } from './payments.queries';
import * as queries from './provider-refunds.queries';

/** A paid payment a refund can go back to: its amount and what earlier refunds took from it. */
export interface RefundablePayment {
  id: number;
  method?: string;
  amount: number;
  refunded: number;
}

export interface RefundAllocation {
  /** What goes back to each payment through the provider, newest payment first. */
  parts: { paymentId: number; amount: number }[];
  /** What no payment can take (bank transfers, a voucher's share, money already refunded): the organiser pays it out by bank. */
  byBank: number;
}

/**
 * Spreads a refund over the payments it can go back to, newest first, each at most what is left
 * of it: a payment-plan order's refund comes out of its last instalments first, and a refund
 * larger than the card payments leaves the rest to the bank.
 */
export function allocateRefund(total: number, payments: readonly RefundablePayment[]): RefundAllocation {
  let left = Math.max(0, total);
  const parts: RefundAllocation['parts'] = [];
  for (const payment of [...payments].sort((a, b) => b.id - a.id)) {
    if (left === 0) break;
    const amount = Math.min(left, Math.max(0, payment.amount - payment.refunded));
    if (amount > 0) parts.push({ paymentId: payment.id, amount });
    left -= amount;
  }
  return { parts, byBank: left };
}

/** A part of a refund with the payment it goes back to (its provider and method tell the way). */
export interface PlannedPart {
  paymentId: number;
  amount: number;
  provider: string;
  method: string;
}

/**
 * Which way a refund's money goes back, the way it came (decision 0060): first to the order's card
 * payments through the provider (when there is one here), then to its payments taken at the box
 * office (paid out at the desk), and what is left by bank.
 */
export async function planRefund(tx: Db, orderId: number, total: number, provider: string | null): Promise<{ parts: PlannedPart[]; byBank: number }> {
  const card = provider ? await queries.listRefundablePayments(tx, orderId, provider) : [];
  const desk = await queries.listRefundablePayments(tx, orderId, DESK_PROVIDER);
  const toCard = allocateRefund(total, card);
  const toDesk = allocateRefund(toCard.byBank, desk);
  const methodOf = new Map([...card, ...desk].map((payment) => [payment.id, payment.method]));
  return {
    parts: [...toCard.parts.map((part) => ({ ...part, provider: provider! })), ...toDesk.parts.map((part) => ({ ...part, provider: DESK_PROVIDER }))].map((part) => ({ ...part, method: methodOf.get(part.paymentId) ?? '' })),
    byBank: toDesk.byBank,
  };
}

/** A refund's ways from its parts (asked for, or planned): through the provider, at the desk (cash or the card terminal), the rest by bank. */
export function waysOf(total: number, parts: readonly { provider: string; method: string; amount: number; paidOutBy?: string | null }[], bankDetails: boolean): RefundWays {
  const sum = (list: readonly { amount: number }[]) => list.reduce((all, part) => all + part.amount, 0);
  const desk = parts.filter((part) => part.provider === DESK_PROVIDER);
  const cash = sum(desk.filter((part) => part.method === 'cash'));
  const deskTotal = sum(desk);
  const card = sum(parts) - deskTotal;
  return {
    card,
    cash,
    card_terminal: deskTotal - cash,
    bank: Math.max(0, total - card - deskTotal),
    bank_details: bankDetails,
    paid_out_by: desk.find((part) => part.paidOutBy)?.paidOutBy ?? null,
  };
}


/**
 * The ways of an active refund without bank details as they stand now (decision 0060): its parts
 * where it has them (a refund made at the desk), else the plan as an approval would make it now.
 * Its bank part, if any, waits for the customer's bank details. Null for any other refund.
 */
export async function waysWithoutBankDetails(
  db: Db,
  refund: { id: number; orderId: number; total: number; status: string; bankDetails: unknown },
  provider: string | null,
): Promise<RefundWays | null> {
  if (refund.status !== 'active' || refund.bankDetails !== null) return null;
  const own = await queries.listRefundParts(db, refund.id);
  const parts = own.length ? own : (await planRefund(db, refund.orderId, refund.total, provider)).parts;
  return waysOf(refund.total, parts, false);
}

/**
 * What each way can still take back for each of these orders (decision 0060): the card payments
 * through the provider, the cash and card-terminal payments at the desk, less what refunds
 * already took. The customer's refund request asks bank details only for what is beyond them.
 */
export async function openRefundWays(db: Db, orderIds: number[], provider: string | null): Promise<Map<number, RefundWaysOpen>> {
  const open = new Map<number, RefundWaysOpen>();
  const rows = await queries.refundablePayments(db, orderIds, provider ? [provider, DESK_PROVIDER] : [DESK_PROVIDER]);
  for (const row of rows) {
    const ways = open.get(row.orderId) ?? { card: 0, cash: 0, card_terminal: 0 };
    const left = Math.max(0, row.amount - row.refunded);
    if (row.provider !== DESK_PROVIDER) ways.card += left;
    else if (row.method === 'cash') ways.cash += left;
    else ways.card_terminal += left;
    open.set(row.orderId, ways);
  }
  return open;
}
