import type { ShopConfigFile } from '@festival/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { returnSoldStock } from '../checkout/checkout.queries';
import { issueCreditNote } from '../invoicing/invoicing.service';
import { enqueueMail } from '../mail/outbox';
import type { OrderRow } from '../orders/orders.queries';
import { cancelOpenInstalments, findOrderCode, findOrderCustomer } from '../orders/orders.queries';
import { readerLanguage } from '../../lib/reader';
import { refundProcessedMail } from '../portal/portal.mail';
import * as portalQueries from '../portal/portal.queries';
import type { RefundRow } from '../portal/portal.queries';
import { idsOf } from '../portal/portal.service';
import type { RefundFact } from './gateway';
import type { PaymentRow } from './payments.queries';
import { waysOf } from './refund-plan';
import * as queries from './provider-refunds.queries';

export type ProviderRefundDeps = { config: ShopConfigFile; logger?: FastifyBaseLogger | undefined; now: () => Date };

export { allocateRefund, planRefund, waysOf, type PlannedPart, type RefundablePayment, type RefundAllocation } from './refund-plan';

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
  const order = await portalQueries.findOrderCodeAndLanguage(tx, refund.orderId);
  const ways = waysOf(refund.total, (await queries.listRefundParts(tx, refund.id)).filter((part) => part.status === 'succeeded'), refund.bankDetails !== null);
  // In the order's language, whoever processed it (a member of staff, a command, the provider's news).
  await enqueueMail(tx, await refundProcessedMail(deps.config, readerLanguage(deps.config, order.language), await findOrderCustomer(tx, refund.customerId), refund, order.code, ways));
  return order.code;
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
