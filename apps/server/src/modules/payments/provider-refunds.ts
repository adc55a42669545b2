import type { RefundWays, ShopConfigFile } from '@festival/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { returnSoldStock } from '../checkout/checkout.queries';
import { issueCreditNote } from '../invoicing/invoicing.service';
import { enqueueMail } from '../mail/outbox';
import type { OrderRow } from '../orders/orders.queries';
import { cancelOpenInstalments, findOrderCode, findOrderCustomer } from '../orders/orders.queries';
import { refundProcessedMail } from '../portal/portal.mail';
import * as portalQueries from '../portal/portal.queries';
import type { RefundRow } from '../portal/portal.queries';
import { idsOf } from '../portal/portal.service';
import type { RefundFact } from './gateway';
import { DESK_PROVIDER, type PaymentRow } from './payments.queries';
import * as queries from './provider-refunds.queries';

export type ProviderRefundDeps = { config: ShopConfigFile; logger?: FastifyBaseLogger | undefined; now: () => Date };

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

/** The provider refunds once per key: the same part asked for again (a command run again, a crash after the provider's yes) is the same refund. */
export const paymentRefundKey = (refundId: number, paymentId: number) => `refund:${refundId}:payment:${paymentId}`;

/**
 * Finishes a refund whose money is back (paid out by bank, or confirmed by the provider), in the
 * caller's transaction with the order and the refund locked: the request and its items are
 * refunded, the order's refunded totals grow, the units and seats go back on sale, a payment plan
 * asks nothing more, a credit note is numbered (decision 0033), and the customer is e-mailed.
 * The one way a refund becomes processed, whether the organiser's command or the provider's news
 * finishes it. Answers the order's code.
 */
export async function completeRefund(tx: Db, deps: ProviderRefundDeps, refund: RefundRow): Promise<string> {
  const at = deps.now();
  await portalQueries.finishRefund(tx, refund.id, 'processed', at);
  // Items of a refund that waited for the provider are 'refunding'; the others still 'refund'.
  const ids = await moveRefundItems(tx, refund.id, refund.status === 'processing' ? 'refunding' : 'refund', 'refunded');
  await portalQueries.addRefundedToOrder(tx, refund.orderId, refund.total, refund.shippingRefund);
  await returnSoldStock(tx, await portalQueries.unitsOf(tx, ids));
  // A payment-plan order is refunded as a whole: nothing more is asked of it.
  await cancelOpenInstalments(tx, refund.orderId);
  await issueCreditNote(tx, deps.config, refund, at);
  const orderCode = (await findOrderCode(tx, refund.orderId)) ?? '';
  const ways = waysOf(refund.total, (await queries.listRefundParts(tx, refund.id)).filter((part) => part.status === 'succeeded'), refund.bankDetails !== null);
  await enqueueMail(tx, await refundProcessedMail(deps.config, await findOrderCustomer(tx, refund.customerId), refund, orderCode, ways));
  return orderCode;
}

/**
 * A refund's item rows (the portal's refund page shows them) and the tickets or merchandise they
 * name move on together, each only from `from`. Answers the items' ids.
 */
export async function moveRefundItems(tx: Db, refundId: number, from: string, to: string): Promise<{ tickets: number[]; purchases: number[] }> {
  const ids = idsOf(await portalQueries.listRefundItems(tx, refundId));
  await queries.moveRefundItemRows(tx, refundId, from, to);
  await portalQueries.moveItemsStatus(tx, ids, from, to);
  return ids;
}

/** Where a refund stands after its parts changed. */
export type ProviderRefundState = 'processed' | 'processing' | 'problem' | 'cancelled' | 'active';

/**
 * Decides a refund that waits for the provider, from its parts, with the order and the refund
 * locked: every part succeeded finishes it; a part the provider refused makes it a problem for
 * the organiser (its items too: the customer sees Processing, the money did not all go back);
 * otherwise it keeps waiting. A refund no longer processing is left as it is.
 */
export async function settleProviderRefund(tx: Db, deps: ProviderRefundDeps, refund: RefundRow): Promise<ProviderRefundState> {
  if (refund.status !== 'processing') return refund.status as ProviderRefundState;
  const parts = await queries.listRefundParts(tx, refund.id);
  const failed = parts.filter((part) => part.status === 'failed');
  if (failed.length) {
    await queries.moveRefundStatus(tx, refund.id, 'processing', 'problem');
    await moveRefundItems(tx, refund.id, 'refunding', 'refund-problem');
    deps.logger?.error(
      { refund: refund.id, order: await findOrderCode(tx, refund.orderId), failed: failed.map((part) => ({ amount: part.amount, reference: part.reference, providerRefundId: part.providerRefundId })) },
      'the payment provider refused a refund: the money did not go back; settle the refund with the customer (its status is problem)',
    );
    return 'problem';
  }
  if (parts.length && parts.every((part) => part.status === 'succeeded')) {
    await completeRefund(tx, deps, refund);
    return 'processed';
  }
  return 'processing';
}

/**
 * The provider's word on a refund it was asked for (decision 0037), under the order's lock: the
 * refund's part follows it (forward only), and a refund waiting for the provider is decided
 * (finished when all its money is back, a problem when the provider refused). A refund id the
 * shop never asked for changes nothing: the automatic refund of money an order did not need
 * (payments.refund_reference; its failure is logged, as the money did not go back), or a refund
 * made in the provider's dashboard (logged, for the organiser to square with the order).
 */
export async function applyRefundFact(tx: Db, deps: ProviderRefundDeps, news: { order: OrderRow; payment: PaymentRow; fact: RefundFact }): Promise<'applied'> {
  const { order, payment, fact } = news;
  const log = { order: order.code, reference: payment.providerReference, providerRefundId: fact.providerRefundId, amount: fact.amount, status: fact.status };
  const part = await queries.findPaymentRefundOfProvider(tx, payment.id, fact.providerRefundId, fact.amount);
  if (!part) {
    if (payment.refundReference === fact.providerRefundId) {
      if (fact.status === 'failed') deps.logger?.error(log, 'the automatic refund of a payment the order did not need failed: the money did not go back to the customer');
    } else {
      deps.logger?.warn(log, 'a refund the shop did not ask for (made in the provider dashboard?): the order is unchanged');
    }
    return 'applied';
  }
  const before = part.status;
  const updated = await queries.recordProviderRefund(tx, part.id, fact.providerRefundId, fact.status);
  if (before === 'succeeded' && fact.status === 'failed') deps.logger?.error({ ...log, refund: part.refundId }, 'the provider reports a refund failed after it had succeeded: check the money went back');
  if (updated.status === before || part.refundId === null) return 'applied';
  const refund = await portalQueries.lockRefund(tx, part.refundId);
  if (refund) await settleProviderRefund(tx, deps, refund);
  return 'applied';
}
