import type { ShopConfigFile } from '@festival/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { printError as printErrorLine, printLine, shown, tsvRow, visible } from '../../lib/terminal-output';
import { returnSoldStock } from '../checkout/checkout.queries';
import { issueCreditNote } from '../invoicing/invoicing.service';
import { enqueueMail } from '../mail/outbox';
import { formatAmount } from '../orders/orders.mail';
import { cancelOpenInstalments, findOrderCode, findOrderCustomer } from '../orders/orders.queries';
import { refundProcessedMail } from './portal.mail';
import * as queries from './portal.queries';
import { idsOf } from './portal.service';

export const REFUNDS_USAGE = `Usage:
  npm run refunds -- list [--status active|processed|cancelled]
                                          refund requests, newest first, with the bank details to pay to
  npm run refunds -- mark-processed ID    the refund has been paid out: its items become refunded, the
                                          order's refunded total grows, the units go back on sale, and
                                          the customer is e-mailed; a credit note is issued

The shop's database comes from DATABASE_URL or DATA_DIR, as for the server. The embedded
database allows one process at a time: stop the shop first.`;

type Deps = { db: Db; config: ShopConfigFile; now?: () => Date };

/**
 * The money of an active refund request has been paid out (by the organiser, from the bank
 * details the customer gave): the request and its items are done, and the order's totals, the
 * stock and the seats follow, in one transaction.
 */
export async function markRefundProcessed(deps: Deps, refundId: number): Promise<{ id: number; total: number; orderCode: string }> {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  return db.transaction(async (tx) => {
    const refund = await queries.lockRefund(tx, refundId);
    if (!refund) throw new AppError('NOT_FOUND', `There is no refund ${refundId}.`);
    if (refund.status !== 'active') throw new AppError('CONFLICT', `Refund ${refundId} is ${refund.status}, not active.`);
    const ids = idsOf(await queries.listRefundItems(tx, refund.id));
    await queries.finishRefund(tx, refund.id, 'processed', now());
    await queries.moveItemsStatus(tx, ids, 'refund', 'refunded');
    await queries.addRefundedToOrder(tx, refund.orderId, refund.total, refund.shippingRefund);
    const units = await queries.unitsOf(tx, ids);
    await returnSoldStock(tx, units);
    // A payment-plan order is refunded as a whole: nothing more is asked of it.
    await cancelOpenInstalments(tx, refund.orderId);
    // The credit note, numbered in the transaction that processes the refund (decision 0033).
    await issueCreditNote(tx, config, refund, now());
    const orderCode = (await findOrderCode(tx, refund.orderId)) ?? '';
    await enqueueMail(tx, await refundProcessedMail(config, await findOrderCustomer(tx, refund.customerId), refund, orderCode));
    return { id: refund.id, total: refund.total, orderCode };
  });
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
    if (!rows.length) print('No refund requests.');
    for (const { refund, orderCode, email, fullName } of rows) {
      const bank = refund.bankDetails;
      const account = bank ? `${bank.ownerFullName}, ${bank.iban ?? bank.account} (${bank.bic}, ${bank.bankName}, ${bank.bankCountry})` : 'no bank details';
      print(tsvRow([refund.id, refund.status, refund.createdAt.toISOString(), `order ${orderCode}`, `${fullName} <${email}>`, money(refund.total), account]));
    }
    return 0;
  }
  if (argv[0] === 'mark-processed' && argv.length === 2 && /^\d+$/.test(argv[1]!)) {
    try {
      const done = await markRefundProcessed(deps, Number(argv[1]));
      print(shown`Refund ${done.id} of order ${done.orderCode} is processed (${money(done.total)}); the customer will be e-mailed.`);
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
