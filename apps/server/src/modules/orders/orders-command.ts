import type { ShopConfigFile } from '@festival/contract';
import { AppError } from '../../http/app-error';
import { formatAmount } from './orders.mail';
import type { PaymentsService } from '../payments/payments.service';

export const ORDERS_USAGE = `Usage:
  npm run orders -- mark-paid ORDER_CODE AMOUNT   record a bank transfer received for an order

AMOUNT is in the shop's currency as on the bank statement: 189.50, 189,50 or 189.
A partial amount leaves the order partly paid; once the whole amount is in, the order is paid,
its tickets are issued and the customer gets the confirmation e-mail.

The shop's database comes from DATABASE_URL or DATA_DIR, as for the server. The embedded
database allows one process at a time: stop the shop first.`;

/** An amount as people write it (189.50, 189,50, 189) in minor units; null when it is not one. */
export function parseAmount(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

/** The organiser's orders command; answers the exit code and prints what happened. */
export async function runOrdersCommand(
  argv: string[],
  deps: { config: ShopConfigFile; payments: PaymentsService; print?: (line: string) => void; printError?: (line: string) => void },
): Promise<number> {
  const print = deps.print ?? console.log;
  const printError = deps.printError ?? console.error;
  const [command, code, amountText] = argv;
  const amount = amountText === undefined ? null : parseAmount(amountText);
  if (command !== 'mark-paid' || !code || amount === null || argv.length !== 3) {
    printError(ORDERS_USAGE);
    return 2;
  }
  try {
    const order = await deps.payments.recordTransfer(code.trim().toUpperCase(), amount);
    const due = order.totalPrice - order.totalPaid;
    print(
      `Order ${order.code}: received ${formatAmount(deps.config, amount)}, paid ${formatAmount(deps.config, order.totalPaid)} of ${formatAmount(deps.config, order.totalPrice)}; status ${order.paymentStatus}` +
        (due > 0 ? `, ${formatAmount(deps.config, due)} still due.` : '.'),
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      printError(error.message);
      return 1;
    }
    throw error;
  }
}
