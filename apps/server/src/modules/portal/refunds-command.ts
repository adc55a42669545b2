import { atDesk, refundWayMessages, staffRefundMessages, type RefundWays, type ShopConfigFile } from '@festival/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { printError as printErrorLine, printLine, shown, tsvRow, visible } from '../../lib/terminal-output';
import { formatAmount } from '../orders/orders.mail';
import { findOrderCode, lockOrder } from '../orders/orders.queries';
import type { PaymentGateway } from '../payments/gateway';
import { DESK_PROVIDER } from '../payments/payments.queries';
import { completeRefund, moveRefundItems, paymentRefundKey, planRefund, settleProviderRefund, waysOf, type ProviderRefundState } from '../payments/provider-refunds';
import * as refundParts from '../payments/provider-refunds.queries';
import type { PaymentRefundStatus } from '../payments/provider-refunds.queries';
import * as queries from './portal.queries';
import { readerLanguage, wordsFor } from '../../lib/reader';
import { paymentsMessages } from '../payments/payments.messages';

export const REFUNDS_USAGE = `Usage:
  npm run refunds -- list [--status active|processing|problem|processed|rejected|cancelled]
                                          refund requests, newest first: the amount and which way it goes
                                          back (to the card through the payment provider, the rest by
                                          bank), and the bank details to pay the bank part to
  npm run refunds -- mark-processed ID    processes an active refund: its card part goes back through the
                                          payment provider, its bank part is what you paid out to the
                                          customer's bank details. Once the money is back its items
                                          become refunded, the order's refunded total grows, the units go
                                          back on sale, a credit note is issued and the customer is
                                          e-mailed. A refund still processing (the provider could not be
                                          reached, or has not confirmed) is asked for again: the provider
                                          refunds each part once, however often this runs.

The shop's database comes from DATABASE_URL or DATA_DIR, as for the server. The embedded
database allows one process at a time: stop the shop first.`;

type Deps = {
  db: Db;
  config: ShopConfigFile;
  /**
   * The shop's payment provider: card money goes back through it. Null (or left out): no provider
   * here, every refund is paid out by bank (as before issue 20).
   */
  gateway?: PaymentGateway | null;
  logger?: FastifyBaseLogger | undefined;
  now?: () => Date;
};

/** Where a refund stands after the command, and which way its money went. */
export interface RefundProgress {
  id: number;
  orderCode: string;
  total: number;
  status: ProviderRefundState;
  /** The provider the card parts go through (null: all by bank). */
  provider: string | null;
  /** What goes back to card payments through the provider, per payment. */
  parts: { amount: number; status: PaymentRefundStatus; providerRefundId: string | null }[];
  /** What the organiser pays out by bank. */
  byBank: number;
  /** What is paid out at the box office (money taken there), and every way of the money (decision 0060). */
  atDesk: number;
  ways: RefundWays;
  /** The provider could not be asked or did not take a part (unreachable, refused the request): the command is to run again. */
  providerError: string | null;
}

/**
 * A decision to pay a refund out, as the back office takes it (issue 22 point 4): only a request
 * still active is approved (another member's decision, taken first, refuses this one), and the
 * decision's record (the audit entry) is written in the transaction that takes it.
 */
export interface RefundDecision {
  notFound(): AppError;
  notActive(): AppError;
  /** In the deciding transaction, the refund and its order locked: the money's way, as decided. */
  decided(tx: Db, refund: queries.RefundRow, outcome: { status: 'processed' | 'processing'; toCard: number; byBank: number; atDesk: number }): Promise<void>;
}

/** The refund with its order locked first, then itself: the provider's news locks in the same order (decision 0026). */
export async function lockRefundOfOrder(tx: Db, refundId: number) {
  const orderId = await refundParts.findRefundOrderId(tx, refundId);
  if (orderId === undefined) return undefined;
  await lockOrder(tx, { id: orderId });
  return queries.lockRefund(tx, refundId);
}

/**
 * Processes an active refund request (issue 20). The part of its money the order's card payments
 * can take goes back through the payment provider, spread over them newest first; the rest (bank
 * transfers, a voucher's share) is what the organiser paid out by bank, as before. Crash-safe
 * and idempotent: the first transaction marks the refund processing and records one part per
 * payment with its idempotency key; each part is then asked of the provider (under the order's
 * lock, so the provider's news about it waits for the answer to be stored), and a run after a
 * crash or an unreachable provider asks for the same parts with the same keys. The refund is
 * finished (completeRefund) when every part succeeded, now or when the provider's news arrives.
 */
export async function markRefundProcessed(deps: Deps, refundId: number, decision?: RefundDecision): Promise<RefundProgress> {
  const { db, config } = deps;
  const gateway = deps.gateway ?? null;
  const refundDeps = { config, logger: deps.logger, now: deps.now ?? (() => new Date()) };
  const started = await db.transaction(async (tx): Promise<{ done: RefundProgress } | { done: null; refund: queries.RefundRow; parts: refundParts.PaymentRefundPart[] }> => {
    const refund = await lockRefundOfOrder(tx, refundId);
    if (!refund) throw decision?.notFound() ?? new AppError('NOT_FOUND', `There is no refund ${refundId}.`);
    if (decision && refund.status !== 'active') throw decision.notActive();
    if (refund.status === 'problem') throw new AppError('CONFLICT', `Refund ${refundId} has a problem: the payment provider refused to refund it (see the shop's log). Settle it with the customer.`);
    if (refund.status !== 'active' && refund.status !== 'processing') throw new AppError('CONFLICT', `Refund ${refundId} is ${refund.status}, not active.`);
    if (refund.status === 'active') {
      // The money goes back the way it came (decision 0060): card through the provider, desk money at the desk, the rest by bank.
      const plan = await planRefund(tx, refund.orderId, refund.total, gateway?.provider ?? null);
      // A bank part needs the customer's bank details: without them the refund stays open until they give them.
      if (plan.byBank > 0 && refund.bankDetails === null) throw new AppError('CONFLICT', refundWayMessages.needsBankDetails);
      const atDesk = plan.parts.filter((part) => part.provider === DESK_PROVIDER).reduce((sum, part) => sum + part.amount, 0);
      if (!plan.parts.length) {
        // No card or desk money to send back (a bank transfer, a voucher, no provider here): all paid out by bank.
        const orderCode = await completeRefund(tx, refundDeps, refund);
        await decision?.decided(tx, refund, { status: 'processed', toCard: 0, byBank: refund.total, atDesk: 0 });
        const ways = waysOf(refund.total, [], true);
        return { done: { id: refund.id, orderCode, total: refund.total, status: 'processed', provider: null, parts: [], byBank: refund.total, atDesk: 0, ways, providerError: null } };
      }
      await refundParts.moveRefundStatus(tx, refund.id, 'active', 'processing');
      await moveRefundItems(tx, refund.id, 'refund', 'refunding');
      await refundParts.insertPaymentRefunds(
        tx,
        plan.parts.map((part) => ({ paymentId: part.paymentId, amount: part.amount, refundId: refund.id, idempotencyKey: paymentRefundKey(refund.id, part.paymentId) })),
      );
      await decision?.decided(tx, refund, { status: 'processing', toCard: refund.total - plan.byBank - atDesk, byBank: plan.byBank, atDesk });
    }
    return { done: null, refund, parts: await refundParts.listRefundParts(tx, refund.id) };
  });
  if (started.done) return started.done;

  const { refund } = started;
  // The words the payer's statement shows, in the order's language (decision 0094).
  const order = await queries.findOrderCodeAndLanguage(db, refund.orderId);
  let providerError: string | null = null;
  // A desk part waits for a member to pay it out at the box office (payOutAtDesk); only the provider's parts are asked for here.
  for (const part of started.parts.filter((candidate) => candidate.status === 'requested' && candidate.provider !== DESK_PROVIDER)) {
    if (!gateway || part.provider !== gateway.provider || !part.reference) {
      providerError = `no payment provider ${part.provider} is set up for this command`;
      break;
    }
    try {
      await db.transaction(async (tx) => {
        const locked = await lockRefundOfOrder(tx, refund.id);
        const current = await refundParts.findPaymentRefund(tx, part.id);
        if (!locked || current?.status !== 'requested') return;
        const answer = await gateway.refund({
          reference: part.reference!,
          providerPaymentId: part.providerPaymentId,
          amount: part.amount,
          currency: config.currency,
          idempotencyKey: part.idempotencyKey,
          reason: `refund ${refund.id}`,
          description: wordsFor(config, readerLanguage(config, order.language)).say(paymentsMessages.refundDescription({ code: order.code })),
        });
        await refundParts.recordProviderRefund(tx, part.id, answer.refundId, answer.status);
        await settleProviderRefund(tx, refundDeps, locked);
      });
    } catch (error) {
      // Nothing was recorded: the part stays requested, and the next run asks with the same key.
      providerError = error instanceof Error ? error.message : String(error);
      deps.logger?.error({ refund: refund.id, reference: part.reference, amount: part.amount, err: error }, 'the payment provider did not take a refund: it stays processing until the command runs again');
      break;
    }
  }

  return db.transaction(async (tx) => {
    const locked = (await lockRefundOfOrder(tx, refund.id))!;
    const status = await settleProviderRefund(tx, refundDeps, locked);
    const all = await refundParts.listRefundParts(tx, refund.id);
    const parts = all.filter((part) => part.provider !== DESK_PROVIDER);
    const ways = waysOf(refund.total, all, refund.bankDetails !== null);
    return {
      id: refund.id,
      orderCode: (await findOrderCode(tx, refund.orderId)) ?? '',
      total: refund.total,
      status,
      provider: parts[0]?.provider ?? null,
      parts: parts.map(({ amount, status: partStatus, providerRefundId }) => ({ amount, status: partStatus, providerRefundId })),
      byBank: ways.bank,
      atDesk: atDesk(ways),
      ways,
      providerError,
    };
  });
}

const PART_STATUS: Record<PaymentRefundStatus, string> = {
  requested: 'not yet taken by the provider',
  pending: 'pending at the provider',
  succeeded: 'refunded',
  failed: 'REFUSED by the provider',
};

/** Which way a refund's money goes, in one cell of the list: to the card through the provider, and the rest by bank. */
function waysCell(money: (minor: number) => string, total: number, provider: string | null, parts: { amount: number; status?: PaymentRefundStatus; provider?: string; method?: string }[]): string {
  const byBank = total - parts.reduce((sum, part) => sum + part.amount, 0);
  const ways = [
    ...parts.map((part) =>
      part.provider === DESK_PROVIDER
        ? `${money(part.amount)} at the desk (${part.method === 'cash' ? 'cash' : 'card terminal'}${part.status ? `, ${part.status === 'succeeded' ? 'paid out' : 'waiting to be paid out in the back office'}` : ''})`
        : `${money(part.amount)} to the card through ${visible(part.provider ?? provider)}${part.status ? ` (${PART_STATUS[part.status]})` : ''}`,
    ),
    ...(byBank > 0 || !parts.length ? [`${money(byBank)} by bank`] : []),
  ];
  return ways.length === 1 && byBank === total ? `${money(total)} by bank` : `${money(total)}: ${ways.join(', ')}`;
}

/**
 * The organiser's refunds command; answers the exit code and prints what happened, every value
 * from customers made visible and every cell of the list safe to paste into a spreadsheet.
 */
export async function runRefundsCommand(argv: string[], deps: Deps & { print?: (line: string) => void; printError?: (line: string) => void }): Promise<number> {
  const print = deps.print ?? printLine;
  const printError = deps.printError ?? printErrorLine;
  const money = (minor: number) => formatAmount(deps.config, minor);
  if (argv[0] === 'list') {
    const status = argv[1] === '--status' ? argv[2] : undefined;
    if (argv.length > 1 && !status) {
      printError(REFUNDS_USAGE);
      return 2;
    }
    const rows = await queries.listRefundsForOrganiser(deps.db, status);
    const parts = await refundParts.listPartsOfRefunds(
      deps.db,
      rows.map(({ refund }) => refund.id),
    );
    if (!rows.length) print('No refund requests.');
    for (const { refund, orderCode, email, fullName } of rows) {
      const own = parts.filter((part) => part.refundId === refund.id);
      let ways: string;
      if (own.length) ways = waysCell(money, refund.total, own[0]!.provider, own);
      else if (refund.status === 'active') {
        // What mark-processed would send through the provider now, and what the desk would pay out.
        const plan = await planRefund(deps.db, refund.orderId, refund.total, deps.gateway?.provider ?? null);
        ways = waysCell(money, refund.total, deps.gateway?.provider ?? null, plan.parts);
      } else ways = refund.status === 'cancelled' || refund.status === 'rejected' ? money(refund.total) : waysCell(money, refund.total, null, []);
      const bank = refund.bankDetails;
      const account = bank ? `${bank.ownerFullName}, ${bank.iban ?? bank.account} (${bank.bic}, ${bank.bankName}, ${bank.bankCountry})` : 'no bank details';
      print(tsvRow([refund.id, refund.status, refund.createdAt.toISOString(), `order ${orderCode}`, `${fullName} <${email}>`, ways, account]));
    }
    return 0;
  }
  if (argv[0] === 'mark-processed' && argv.length === 2 && /^\d+$/.test(argv[1]!)) {
    try {
      const done = await markRefundProcessed(deps, Number(argv[1]));
      const ways = [
        ...done.parts.map((part) => shown`  ${money(part.amount)} back to the card through ${done.provider}: ${PART_STATUS[part.status]}` + (part.providerRefundId ? shown` (refund ${part.providerRefundId})` : '')),
        ...(done.atDesk > 0 ? [shown`  ${money(done.atDesk)} to pay out at the box office: a member records it with "Paid out at the desk" on the order's page in the back office`] : []),
        ...(done.byBank > 0 ? [shown`  ${money(done.byBank)} paid out by bank to the customer's bank details (npm run refunds -- list shows them)`] : []),
      ];
      const refund = shown`Refund ${done.id} of order ${done.orderCode}`;
      if (done.providerError !== null) {
        printError(shown`${refund} is not finished: the payment provider did not take the refund (${done.providerError}). It stays processing; run mark-processed ${done.id} again to retry (the provider refunds each part once, however often it is asked).`);
        for (const line of ways) printError(line);
        return 1;
      }
      if (done.status === 'problem') {
        const refused = done.parts.filter((part) => part.status === 'failed').reduce((sum, part) => sum + part.amount, 0);
        printError(shown`${refund} has a problem: the payment provider refused to refund ${money(refused)}, so that money did not go back. The customer sees the refund as processing; settle it with them (by bank, for instance) and with the provider.`);
        for (const line of ways) printError(line);
        return 1;
      }
      if (done.status === 'processing' && done.atDesk > 0 && done.ways.paid_out_by === null) print(shown`${refund} is processing (${money(done.total)}): it is finished (credit note, e-mail to the customer) when it is paid out at the box office${done.parts.length ? ' and the payment provider has confirmed its part' : ''}.`);
      else if (done.status === 'processing') print(shown`${refund} is processing (${money(done.total)}): the payment provider has not confirmed the refund yet. It is finished (credit note, e-mail to the customer) when the provider's confirmation reaches the shop.`);
      else print(shown`${refund} is processed (${money(done.total)}); the customer will be e-mailed.`);
      for (const line of ways) print(line);
      return 0;
    } catch (error) {
      if (error instanceof AppError) {
        printError(visible(error.message));
        return 1;
      }
      throw error;
    }
  }
  printError(REFUNDS_USAGE);
  return 2;
}

/**
 * A refund's desk part paid out at the box office (decision 0060), by the member signed in: only a
 * refund approved with a desk part still to pay out, once (the order and the refund locked, the
 * parts moved only from requested; two members pressing at once record it once, the other gets
 * 409), audited in the same transaction by `recorded`; when nothing else waits (the provider's
 * part, if any, confirmed) the refund is finished as any other (credit note, the customer's e-mail).
 */
export async function payOutAtDesk(
  deps: { db: Db; config: ShopConfigFile; logger?: FastifyBaseLogger | undefined; now: () => Date },
  refundId: number,
  orderId: number,
  paidOutBy: string,
  recorded: (tx: Db, refund: queries.RefundRow, amount: number, status: ProviderRefundState) => Promise<void>,
): Promise<ProviderRefundState> {
  return deps.db.transaction(async (tx) => {
    const refund = await lockRefundOfOrder(tx, refundId);
    if (!refund || refund.orderId !== orderId) throw new AppError('NOT_FOUND', staffRefundMessages.refundNotFound);
    const desk = (await refundParts.listRefundParts(tx, refund.id)).filter((part) => part.provider === DESK_PROVIDER);
    if (!desk.length) {
      const planned = refund.status === 'active' ? (await planRefund(tx, refund.orderId, refund.total, null)).parts.some((part) => part.provider === DESK_PROVIDER) : false;
      throw new AppError('CONFLICT', planned ? refundWayMessages.notApproved : refundWayMessages.nothingAtDesk);
    }
    const moved = await refundParts.payOutDeskParts(
      tx,
      refund.id,
      desk.filter((part) => part.status === 'requested').map((part) => part.paymentId),
      paidOutBy,
      deps.now(),
    );
    if (!moved.length) throw new AppError('CONFLICT', refundWayMessages.alreadyPaidOut);
    const status = await settleProviderRefund(tx, { config: deps.config, logger: deps.logger, now: deps.now }, refund);
    await recorded(tx, refund, moved.reduce((sum, part) => sum + part.amount, 0), status);
    return status;
  });
}
