import { z } from 'zod';
import { message, messageWith, type Text } from './i18n/text';

/**
 * Which way a refund's money goes back (issue 34 point 3, decision 0060): the way it came. Card
 * money through the payment provider; money taken at the box office (cash, the card terminal) at
 * the desk, paid out by a member of staff; the rest (bank transfers, a voucher's share, no
 * provider) by bank transfer to the bank details the customer gave, and while there are none the
 * refund waits for them. Every message about a refund (the back office, the portal, the e-mails)
 * is written from these amounts by the functions below, so none says another way than the money's.
 */
export const refundWays = z.object({
  /** Minor units back to the card or account paid with, through the payment provider. */
  card: z.number().int(),
  /** Paid back in cash at the box office. */
  cash: z.number().int(),
  /** Refunded on the box office's card terminal. */
  card_terminal: z.number().int(),
  /** Paid by bank transfer to the customer's bank details. */
  bank: z.number().int(),
  /** Whether the refund has the customer's bank details (the bank part waits for them otherwise). */
  bank_details: z.boolean(),
  /** The desk part has been paid out (by whom, a member's e-mail); null while it waits, or with no desk part. */
  paid_out_by: z.string().nullable(),
});
export type RefundWays = z.infer<typeof refundWays>;

/** What each way can still take back for an order (minor units): its card payments, its cash and card-terminal payments at the desk. */
export const refundWaysOpen = z.object({ card: z.number().int(), cash: z.number().int(), card_terminal: z.number().int() });
export type RefundWaysOpen = z.infer<typeof refundWaysOpen>;

/**
 * The ways a refund of `total` would go, as the shop plans it (card first, then the desk, the rest
 * by bank): the customer's request asks bank details only when something goes by bank.
 */
export function plannedRefundWays(total: number, open: RefundWaysOpen): RefundWays {
  let left = Math.max(0, total);
  const take = (available: number) => {
    const amount = Math.min(left, Math.max(0, available));
    left -= amount;
    return amount;
  };
  const card = take(open.card);
  const cash = take(open.cash);
  const cardTerminal = take(open.card_terminal);
  return { card, cash, card_terminal: cardTerminal, bank: left, bank_details: false, paid_out_by: null };
}

/** The desk's part of a refund: what is paid out at the box office. */
export const atDesk = (ways: Pick<RefundWays, 'cash' | 'card_terminal'>) => ways.cash + ways.card_terminal;

/** The bank part waits for the customer's bank details. */
export const waitsForBankDetails = (ways: Pick<RefundWays, 'bank' | 'bank_details'>) => ways.bank > 0 && !ways.bank_details;

type Money = (minor: number) => string;

// Each way as a whole clause with its amount, said for a refund still to be paid (`will`) or
// processed (`done`); the clauses of a refund are joined as the reader's language joins a list.
const cardWay = messageWith<{ amount: string; when: 'will' | 'done' }>({
  id: 'refundWays.card',
  defaultMessage: '{when, select, will {{amount} will go back to the card or account you paid with} other {{amount} is on its way back to the card or account you paid with; depending on your bank it can take a few days to show}}',
});
const cashWay = messageWith<{ amount: string; when: 'will' | 'done' }>({
  id: 'refundWays.cash',
  defaultMessage: '{when, select, will {{amount} is paid back to you in cash at the box office} other {{amount} was paid back to you in cash at the box office}}',
});
const cardTerminalWay = messageWith<{ amount: string; when: 'will' | 'done' }>({
  id: 'refundWays.cardTerminal',
  defaultMessage: '{when, select, will {{amount} is refunded to your card on the card terminal at the box office} other {{amount} was refunded to your card on the card terminal at the box office}}',
});
const bankWayWaiting = messageWith<{ amount: string }>({
  id: 'refundWays.bankWaiting',
  defaultMessage: '{amount} is paid to your bank account once you have given us your bank details (IBAN) on the refund’s page in your account',
});
const bankWay = messageWith<{ amount: string; when: 'will' | 'done' }>({
  id: 'refundWays.bank',
  defaultMessage: '{when, select, will {{amount} will be paid to the bank account you gave} other {{amount} is on its way to your bank account}}',
});

/**
 * The ways, one clause each, for a customer: `when` 'will' for a refund still to be paid, 'done'
 * for one processed. Each is a whole clause with its own subject (the amount), so a language joins
 * them as it joins a list (`refundWaySentence`).
 */
export function refundWayPhrases(ways: RefundWays, money: Money, when: 'will' | 'done'): Text[] {
  const phrases: Text[] = [];
  if (ways.card > 0) phrases.push(cardWay({ amount: money(ways.card), when }));
  if (ways.cash > 0) phrases.push(cashWay({ amount: money(ways.cash), when }));
  if (ways.card_terminal > 0) phrases.push(cardTerminalWay({ amount: money(ways.card_terminal), when }));
  if (ways.bank > 0) phrases.push(ways.bank_details ? bankWay({ amount: money(ways.bank), when }) : bankWayWaiting({ amount: money(ways.bank) }));
  return phrases;
}

/** What a customer's sentence about a refund is said with: the reader's translator, and the locale whose way of joining a list ("a, b and c") it uses. */
export interface RefundWayWords {
  say: (text: Text) => string;
  /** An `Intl` locale of the reader's language (the shop's own locale when it is of that language: "a, b and c" in en-GB). */
  listLocale: string;
}

/**
 * For the customer: where the money of a refund goes (will) or went (done), as a sentence's end
 * without its full stop, in the reader's language: its clauses joined as the language joins a
 * list ("… and …", „… und …“, «… et …»).
 */
export function refundWaySentence(ways: RefundWays, money: Money, when: 'will' | 'done', words: RefundWayWords): string {
  const phrases = refundWayPhrases(ways, money, when).map((phrase) => words.say(phrase));
  return phrases.length <= 1 ? (phrases[0] ?? '') : new Intl.ListFormat(words.listLocale, { type: 'conjunction', style: 'long' }).format(phrases);
}

/** The back office's texts about a refund's way (issue 34 point 3). */
const toPayOutAtDesk = messageWith<{ amount: string }>({
  id: 'refundWays.toPayOutAtDesk',
  defaultMessage: 'The refund is recorded: pay {amount} out at the desk, then press “Paid out at the desk”.',
});

export const refundWayMessages = {
  /** order-refund's answer, by what happens next. */
  recorded: message({ id: 'refundWays.recorded', defaultMessage: 'The refund is recorded.' }),
  toPayOutAtDesk: (amount: string) => toPayOutAtDesk({ amount }),
  waitsForBankDetails: message({
    id: 'refundWays.waitsForBankDetails',
    defaultMessage: 'The refund is recorded and waits for the customer’s bank details: they are e-mailed a request for them, and it can be approved in Refunds once they are given.',
  }),
  /** refund-decide: an approval that cannot pay the bank part. */
  needsBankDetails: message({
    id: 'refundWays.needsBankDetails',
    defaultMessage: 'This refund is paid by bank transfer and the customer has not given their bank details yet: it waits for them.',
  }),
  /** refund-paid-out. */
  paidOut: message({ id: 'refundWays.paidOut', defaultMessage: 'The pay-out at the desk is recorded.' }),
  nothingAtDesk: message({ id: 'refundWays.nothingAtDesk', defaultMessage: 'This refund has nothing to pay out at the desk.' }),
  alreadyPaidOut: message({ id: 'refundWays.alreadyPaidOut', defaultMessage: 'This refund has been paid out at the desk already. Reload the page to see by whom.' }),
  notApproved: message({ id: 'refundWays.notApproved', defaultMessage: 'This refund is not approved yet: approve it first.' }),
};
