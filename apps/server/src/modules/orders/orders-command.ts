import type { ShopConfigFile } from '@festival/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { printError as printErrorLine, printLine, shown, visible } from '../../lib/terminal-output';
import { formatAmount } from './orders.mail';
import type { PaymentsService } from '../payments/payments.service';
import { createBoxOfficeOrder, type BoxOfficeInput, type BoxOfficeLine } from './box-office';

export const ORDERS_USAGE = `Usage:
  npm run orders -- mark-paid ORDER_CODE AMOUNT   record a bank transfer received for an order
  npm run orders -- create --email ADDRESS --name "FULL NAME" --item CODE [--item CODE=HOLDER NAME <holder@address>]...
                          [--method credit_card|bank_transfer] [--paid]
                                                  a box-office order for a customer (the account is made when
                                                  missing); it is e-mailed a link to accept the terms, and to pay
                                                  by card unless --paid (paid at the desk) or bank transfer

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

/** `CODE` or `CODE=Holder Name <holder@address>`. */
export function parseBoxOfficeLine(text: string): BoxOfficeLine | null {
  const [code, holder] = text.split(/=(.*)/s, 2).map((part) => part?.trim());
  if (!code) return null;
  if (holder === undefined || holder === '') return { code };
  // Split at the last '<' rather than with a pattern: a lazy name followed by optional spaces
  // backtracks quadratically on a long run of spaces (decision 0029). The address is checked by
  // the shop's one rule when the order is made.
  const open = holder.lastIndexOf('<');
  if (open < 1 || !holder.endsWith('>')) return null;
  const fullName = holder.slice(0, open).trim();
  const email = holder.slice(open + 1, -1);
  return fullName && email && !/[\s<>]/.test(email) ? { code, holder: { fullName, email } } : null;
}

/** The options of `create`; null when they are not complete or not understood. */
export function parseCreateArgs(args: string[]): BoxOfficeInput | null {
  const input: BoxOfficeInput = { email: '', fullName: '', lines: [], method: 'credit_card', paid: false };
  for (let index = 0; index < args.length; index += 1) {
    const flag = args[index];
    if (flag === '--paid') {
      input.paid = true;
      continue;
    }
    const value = args[index + 1];
    if (value === undefined) return null;
    index += 1;
    if (flag === '--email') input.email = value;
    else if (flag === '--name') input.fullName = value;
    else if (flag === '--method' && (value === 'credit_card' || value === 'bank_transfer')) input.method = value;
    else if (flag === '--item') {
      const line = parseBoxOfficeLine(value);
      if (!line) return null;
      input.lines.push(line);
    } else return null;
  }
  return input.email && input.fullName && input.lines.length ? input : null;
}

/** The organiser's orders command; answers the exit code and prints what happened, every value from customers made visible. */
export async function runOrdersCommand(
  argv: string[],
  deps: { db: Db; config: ShopConfigFile; appSecret: string; payments: PaymentsService; print?: (line: string) => void; printError?: (line: string) => void },
): Promise<number> {
  const print = deps.print ?? printLine;
  const printError = deps.printError ?? printErrorLine;
  if (argv[0] === 'create') {
    const input = parseCreateArgs(argv.slice(1));
    if (!input) {
      printError(ORDERS_USAGE);
      return 2;
    }
    return refusalsPrinted(printError, async () => {
      const { order, accountCreated, link } = await createBoxOfficeOrder({ ...deps, actor: { commandLine: true } }, input);
      print(
        shown`Order ${order.code} for ${input.email}${accountCreated ? ' (new account, password e-mailed)' : ''}: ${formatAmount(deps.config, order.totalPrice)}, ${order.paymentStatus}.` +
          shown` The customer was e-mailed the link to accept the terms: ${deps.config.publicBaseUrl.replace(/\/+$/, '')}${link}`,
      );
    });
  }
  const [command, code, amountText] = argv;
  const amount = amountText === undefined ? null : parseAmount(amountText);
  if (command !== 'mark-paid' || !code || amount === null || argv.length !== 3) {
    printError(ORDERS_USAGE);
    return 2;
  }
  return refusalsPrinted(printError, async () => {
    const order = await deps.payments.recordTransfer(code.trim().toUpperCase(), amount);
    const due = order.totalPrice - order.totalPaid;
    print(
      shown`Order ${order.code}: received ${formatAmount(deps.config, amount)}, paid ${formatAmount(deps.config, order.totalPaid)} of ${formatAmount(deps.config, order.totalPrice)}; status ${order.paymentStatus}` +
        (due > 0 ? shown`, ${formatAmount(deps.config, due)} still due.` : '.'),
    );
  });
}

/** Runs a step: 0 when it succeeds, 1 with the message printed when the shop refuses it; anything else is thrown. */
async function refusalsPrinted(printError: (line: string) => void, step: () => Promise<void>): Promise<number> {
  try {
    await step();
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A refusal can quote what the organiser typed or a customer's data: one visible line.
    printError(visible(error.message));
    return 1;
  }
}
