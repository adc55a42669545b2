import type { RefundRequestRow } from '@festival/contract';
import { formatMoney } from '../lib/format';
import { say } from '../lib/say';
import { staffTexts } from './texts';
import { staffLocale } from './money';

/**
 * The refund queue's sentences built from a request (issue 22 point 4): how it was paid, which way
 * the money goes back, what approving does and what was done. Pure, so the page and its tests read
 * the same text.
 */

type Bank = NonNullable<RefundRequestRow['bank']>;
const texts = staffTexts.refunds;

/** The page's language for amounts, with the browser's region where it speaks it (money.ts). */
export { staffLocale };

/** Minor units in the answer's currency: 4550, EUR → "€45.50". */
export const moneyOf = (minor: number, currency: string, locale = staffLocale()): string => formatMoney(minor, { currency, locale });

/** How the order was paid, in words: credit_card → "card"; another method reads as its name. */
export const paymentMethodName = (method: string): string => {
  const known = texts.methods[method];
  return known ? say(known) : method.replace(/_/g, ' ');
};

/** A payment provider's name as it is written: stripe → "Stripe". */
export const providerName = (provider: string | null): string => (provider ? provider.charAt(0).toUpperCase() + provider.slice(1) : say(texts.theProvider));

/** An IBAN in groups of four, as banks print it: easier to read out and compare. */
export const groupIban = (iban: string): string => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** The account to pay to: the IBAN (shown grouped, copied without spaces) or, outside IBAN countries, the account number. */
export function accountOf(bank: Bank): { label: string; shown: string; copy: string } | null {
  if (bank.iban) return { label: say(texts.iban), shown: groupIban(bank.iban), copy: bank.iban.replace(/\s+/g, '') };
  if (bank.account) return { label: say(texts.account), shown: bank.account, copy: bank.account };
  return null;
}

/** The bank as one line: name, city, country. */
export const bankPlace = (bank: Bank): string => [bank.bank_name, bank.bank_city, bank.bank_country].filter(Boolean).join(', ');

/** Where a line of an address goes when written out: street first, then postcode, city, region, and anything else after. */
const ADDRESS_ORDER = [/street|address|house|line/i, /post|zip/i, /city|town|place/i, /state|province|region|county/i];
const addressRank = (field: string) => {
  const rank = ADDRESS_ORDER.findIndex((pattern) => pattern.test(field));
  return rank === -1 ? ADDRESS_ORDER.length : rank;
};

/**
 * The account holder's address as one line, written as an address is (street, postcode, city):
 * the stored fields come back in the database's key order, not the form's.
 */
export const holderAddress = (bank: Bank): string =>
  Object.entries(bank.holder_address)
    .map(([field, line], index) => ({ rank: addressRank(field), index, line: line.trim() }))
    .filter(({ line }) => line)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ line }) => line)
    .join(', ');

/** Which ways the money goes back, a sentence each: to the card through the provider, by bank transfer to the account shown. */
export function refundWays(row: Pick<RefundRequestRow, 'to_card' | 'by_bank' | 'provider' | 'bank' | 'currency' | 'ways'>, locale?: string): string[] {
  const money = (minor: number) => moneyOf(minor, row.currency, locale);
  const ways: string[] = [];
  if (row.to_card > 0) ways.push(texts.toCard(money(row.to_card), providerName(row.provider)));
  // Money taken at the box office goes back there, paid out by a member (decision 0060).
  if (row.ways.cash > 0) ways.push(row.ways.paid_out_by ? texts.paidOutAtDesk(money(row.ways.cash), row.ways.paid_out_by) : texts.atDeskCash(money(row.ways.cash)));
  if (row.ways.card_terminal > 0) ways.push(row.ways.paid_out_by ? texts.paidOutAtDesk(money(row.ways.card_terminal), row.ways.paid_out_by) : texts.atDeskTerminal(money(row.ways.card_terminal)));
  if (row.by_bank > 0) {
    const account = row.bank ? accountOf(row.bank) : null;
    ways.push(row.bank && account ? texts.byBank(money(row.by_bank), row.bank.account_holder, account.label, account.shown) : texts.byBankNoDetails(money(row.by_bank)));
  }
  if (!ways.length) ways.push(say(texts.nothingBack));
  return ways;
}

/** The toast after a decision: what was done, and what is left to do by hand. */
export function decidedText(answer: { request: RefundRequestRow; provider_error: string | null }, locale?: string): string {
  const { request } = answer;
  const money = (minor: number) => moneyOf(minor, request.currency, locale);
  if (request.status === 'rejected') return texts.rejected(request.order_code);
  if (answer.provider_error) return texts.approvedProviderError(request.order_code, providerName(request.provider));
  const deskPart = request.ways.cash + request.ways.card_terminal;
  if (request.status === 'processing' && deskPart > 0 && !request.ways.paid_out_by) return texts.approvedAtDesk(request.order_code, money(request.total), money(deskPart));
  if (request.status === 'processing') return texts.approvedWaiting(request.order_code, money(request.total), providerName(request.provider));
  return request.by_bank > 0 ? texts.approvedByBank(request.order_code, money(request.total), money(request.by_bank)) : texts.approved(request.order_code, money(request.total));
}
