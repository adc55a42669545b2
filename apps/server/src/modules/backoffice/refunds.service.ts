import { REFUND_QUEUE_DECIDED_MAX, REFUND_QUEUE_OPEN_MAX, REFUND_REQUEST_STATES, staffRefundMessages, type Locale, type RefundRequestRow, type ShopConfigFile } from '@festival/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { AppError } from '../../http/app-error';
import { readerLanguage, wordsFor } from '../../lib/reader';
import { enqueueMail } from '../mail/outbox';
import { findOrderCustomer } from '../orders/orders.queries';
import type { PaymentGateway } from '../payments/gateway';
import { DESK_PROVIDER } from '../payments/payments.queries';
import { allocateRefund, waysOf } from '../payments/provider-refunds';
import { listPartsOfRefunds, refundablePayments } from '../payments/provider-refunds.queries';
import { listRefundItems, moveItemsStatus } from '../portal/portal.queries';
import { idsOf } from '../portal/portal.service';
import { lockRefundOfOrder, markRefundProcessed } from '../portal/refunds-command';
import { auditActor, type Actor } from '../staff/staff-accounts';
import { insertAudit } from '../staff/staff.queries';
import { refundWaysForStaffIn } from './refund-ways.words';
import { refundRejectedMail } from './refunds.mail';
import * as queries from './refunds.queries';

export interface RefundQueueDeps {
  db: Db;
  config: ShopConfigFile;
  /** The shop's payment provider: card money goes back through it; null: every refund is paid out by bank. */
  gateway: PaymentGateway | null;
  logger?: FastifyBaseLogger | undefined;
  now: () => Date;
  mailQueued?: () => void;
}

const notFound = () => new AppError('NOT_FOUND', staffRefundMessages.refundNotFound);
const alreadyDecided = () => new AppError('CONFLICT', staffRefundMessages.alreadyDecided);
const stateOf = (status: string): RefundRequestRow['status'] => ((REFUND_REQUEST_STATES as readonly string[]).includes(status) ? (status as RefundRequestRow['status']) : 'processing');

/**
 * The back office's refund queue (issue 22 point 4). Approving is `npm run refunds --
 * mark-processed`'s service (markRefundProcessed): card money back through the payment provider,
 * the rest paid out by bank, the refund finished (items refunded, stock back, credit note, e-mail)
 * when the money is back. Rejecting gives the items back to the customer, who is e-mailed the
 * reason. Either is taken once: under the order's and the request's locks, only from active, with
 * its audit entry in the same transaction.
 */
export function createRefundQueue(deps: RefundQueueDeps) {
  const { db, config, gateway } = deps;

  /** The queue's rows for these requests, their lines in `language` (the staff member's): a fixed number of queries whatever their number. */
  async function rowsOf(found: queries.QueueRefundRow[], language: Locale): Promise<RefundRequestRow[]> {
    const words = wordsFor(config, language);
    const ids = found.map((row) => row.refund.id);
    const activeOrders = [...new Set(found.filter((row) => row.refund.status === 'active').map((row) => row.refund.orderId))];
    const [items, parts, refundable, decisions] = await readTogether(db, [
      () => queries.listItemsOfRefunds(db, ids),
      () => listPartsOfRefunds(db, ids),
      () => refundablePayments(db, activeOrders, gateway ? [gateway.provider, DESK_PROVIDER] : [DESK_PROVIDER]),
      () => queries.listRefundDecisions(db, ids),
    ]);
    const group = <T, K>(rows: T[], key: (row: T) => K) => {
      const map = new Map<K, T[]>();
      for (const row of rows) {
        const list = map.get(key(row));
        if (list) list.push(row);
        else map.set(key(row), [row]);
      }
      return map;
    };
    const itemsOf = group(items, (item) => item.refundId);
    const partsOf = group(parts, (part) => part.refundId);
    const paymentsOf = group(refundable, (payment) => payment.orderId);
    const decisionOf = new Map(decisions.map((decision) => [decision.target, decision]));
    return found.map(({ refund, orderCode, paymentMethod, customerName, customerEmail }) => {
      const own = partsOf.get(refund.id) ?? [];
      let parts: { provider: string; method: string; amount: number; paidOutBy?: string | null }[] = own;
      if (!own.length && refund.status === 'active') {
        // What an approval would send through the provider now, then to the desk (as planRefund does).
        const orderPayments = paymentsOf.get(refund.orderId) ?? [];
        const card = gateway ? orderPayments.filter((payment) => payment.provider === gateway.provider) : [];
        const desk = orderPayments.filter((payment) => payment.provider === DESK_PROVIDER);
        const toCard = allocateRefund(refund.total, card);
        const toDesk = allocateRefund(toCard.byBank, desk);
        const byId = new Map(orderPayments.map((payment) => [payment.id, payment]));
        parts = [...toCard.parts, ...toDesk.parts].map((part) => ({ ...part, provider: byId.get(part.paymentId)!.provider, method: byId.get(part.paymentId)!.method }));
      }
      const ended = refund.status === 'cancelled' || refund.status === 'rejected';
      const ways = waysOf(refund.total, ended ? [] : parts, refund.bankDetails !== null);
      const toCard = ways.card;
      const provider = parts.find((part) => part.provider !== DESK_PROVIDER)?.provider ?? null;
      const decision = decisionOf.get(`refund:${refund.id}`);
      const after = (decision?.after ?? {}) as { reason?: unknown };
      const bank = refund.bankDetails;
      return {
        id: refund.id,
        status: stateOf(refund.status),
        order_code: orderCode,
        customer: { name: customerName, email: customerEmail },
        items: (itemsOf.get(refund.id) ?? []).map((item) => ({
          kind: item.ticketCode !== null ? ('ticket' as const) : ('merchandise' as const),
          code: item.ticketCode ?? item.purchaseCode ?? '',
          name: item.ticketName ?? item.purchaseName ?? '',
          amount: item.amount,
        })),
        total: refund.total,
        shipping_refund: refund.shippingRefund,
        currency: config.currency,
        bank: bank
          ? {
              account_holder: bank.ownerFullName,
              holder_address: bank.ownerAddress ?? {},
              bank_name: bank.bankName,
              bank_city: bank.bankCity,
              bank_country: bank.bankCountry,
              bic: bank.bic,
              iban: bank.iban,
              account: bank.account,
            }
          : null,
        payment_method: paymentMethod,
        provider,
        to_card: ended ? 0 : toCard,
        by_bank: ended ? 0 : ways.bank,
        ways: ended ? { ...ways, bank: 0 } : ways,
        ways_text: ended ? '' : refundWaysForStaffIn(words, ways),
        note: refund.note,
        requested_at: refund.createdAt.toISOString(),
        decided_at: (decision?.at ?? refund.completedAt ?? (refund.status === 'cancelled' ? refund.updatedAt : null))?.toISOString() ?? null,
        decided_by: decision?.actor ?? null,
        reason: decision?.action === 'refund.reject' && typeof after.reason === 'string' ? after.reason : null,
      };
    });
  }

  async function rowOf(id: number, language: Locale): Promise<RefundRequestRow> {
    const found = await queries.findQueueRefund(db, id);
    if (!found.length) throw notFound();
    return (await rowsOf(found, language))[0]!;
  }

  return {
    /** refund-requests: the open requests (those waiting for a decision first, oldest first), then the latest decided; in `language` (the staff member's). */
    async list(language: Locale) {
      const [open, openTotal, decided] = await readTogether(db, [
        () => queries.listOpenRefunds(db, REFUND_QUEUE_OPEN_MAX),
        () => queries.countOpenRefunds(db),
        () => queries.listDecidedRefunds(db, REFUND_QUEUE_DECIDED_MAX),
      ]);
      const rows = await rowsOf([...open, ...decided], language);
      return { open: rows.slice(0, open.length), open_total: openTotal, decided: rows.slice(open.length) };
    },

    /** Approves an active request: the command's mark-processed, with the decision audited in its first transaction. */
    async approve(actor: Actor, id: number, language: Locale): Promise<{ request: RefundRequestRow; provider_error: string | null }> {
      const progress = await markRefundProcessed({ db, config, gateway, logger: deps.logger, now: deps.now }, id, {
        notFound,
        notActive: alreadyDecided,
        decided: async (tx, refund, outcome) => {
          const orderCode = (await queries.findQueueRefund(tx, refund.id))[0]?.orderCode ?? null;
          await insertAudit(tx, {
            ...auditActor(actor),
            action: 'refund.approve',
            target: `refund:${refund.id}`,
            before: { status: refund.status, order: orderCode, total: refund.total },
            after: { status: outcome.status, order: orderCode, total: refund.total, to_card: outcome.toCard, by_bank: outcome.byBank, at_desk: outcome.atDesk, provider: outcome.toCard > 0 ? (gateway?.provider ?? null) : null },
          });
        },
      });
      deps.mailQueued?.();
      return { request: await rowOf(id, language), provider_error: progress.providerError };
    },

    /** Rejects an active request: its items are the customer's again, and the customer is e-mailed the reason. */
    async reject(actor: Actor, id: number, reason: string, language: Locale): Promise<{ request: RefundRequestRow; provider_error: null }> {
      const at = deps.now();
      await db.transaction(async (tx) => {
        const refund = await lockRefundOfOrder(tx, id);
        if (!refund) throw notFound();
        if (refund.status !== 'active') throw alreadyDecided();
        const items = await listRefundItems(tx, refund.id);
        if (!(await queries.rejectRefund(tx, refund.id, at))) throw alreadyDecided();
        // As a withdrawn request: the items it named are active again (never past another change of theirs).
        await moveItemsStatus(tx, idsOf(items), 'refund', 'active');
        const { orderCode, orderLanguage } = (await queries.findQueueRefund(tx, refund.id))[0]!;
        await enqueueMail(tx, await refundRejectedMail(config, readerLanguage(config, orderLanguage), await findOrderCustomer(tx, refund.customerId), refund, orderCode, reason));
        await insertAudit(tx, {
          ...auditActor(actor),
          action: 'refund.reject',
          target: `refund:${refund.id}`,
          before: { status: refund.status, order: orderCode, total: refund.total },
          after: { status: 'rejected', order: orderCode, total: refund.total, reason },
        });
      });
      deps.mailQueued?.();
      return { request: await rowOf(id, language), provider_error: null };
    },
  };
}

export type RefundQueue = ReturnType<typeof createRefundQueue>;
