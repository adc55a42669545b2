import { namesATicket, refundWaySentence, waitsForBankDetails, type Locale, type RefundWays, type ShopConfigFile, type Text } from '@festival/contract';
import { wordsFor, type Words, shopNameIn } from '../../lib/reader';
import { shopLink, ticketLinkItem } from '../accounts/accounts.mail';
import { composeMail, keepLeftToRight, keepOwnDirection, type MailBlock } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import { mailTicketItem, type MailTicket } from '../orders/orders.mail';
import { portalMailTexts as texts } from './portal.mail.messages';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'currency' | 'locale' | 'timezone'> & Partial<Pick<ShopConfigFile, 'brand' | 'languages' | 'translations'>>;
type Person = { email: string; fullName: string };

/**
 * What a portal mail is written with: the reader's words (lib/reader.ts), the shop's name for the
 * content, and `ltr` for a value that reads left to right inside a sentence (a code, an address:
 * kept in order in an Arabic sentence; compose.ts).
 */
function writer(config: Config, language: Locale) {
  const words = wordsFor(config, language);
  /** A value someone typed or named (a person's name, a product's) in its own direction. */
  const own = (value: string) => keepOwnDirection(language, value);
  return {
    words,
    say: words.say,
    ltr: (value: string) => keepLeftToRight(language, value),
    own,
    greeting: (name: string | null) => words.say(name ? texts.greeting({ name: own(name) }) : texts.greetingWithoutName),
    /** A product named as a ticket once ("your Weekend ticket", not "your Weekend ticket ticket"; decision 0035). */
    product: (name: string) => ({ product: own(name.trim()), named: namesATicket(name) ? ('yes' as const) : ('no' as const) }),
    content: { language, shopName: shopNameIn(config, language) },
  };
}

/** A refund's ways as the end of a sentence in the reader's language ("€70.00 will go back to … and €50.00 …"). */
const waysIn = (words: Words, ways: RefundWays, when: 'will' | 'done') => refundWaySentence(ways, words.amount, when, { say: words.say, listLocale: words.intlLocale });

/** To the customer who passed a ticket on: it has left their account. */
export async function ticketPassedOnMail(config: Config, language: Locale, to: Person, ticket: { code: string; productName: string }, newEmail: string): Promise<OutgoingMail> {
  const { say, ltr, greeting, product, content } = writer(config, language);
  return {
    to: to.email,
    subject: say(texts.passedOn.subject({ code: ticket.code, email: newEmail })),
    ...(await composeMail(
      {
        ...content,
        greeting: greeting(to.fullName),
        paragraphs: [say(texts.passedOn.text({ ...product(ticket.productName), code: ltr(ticket.code), email: ltr(newEmail) })), say(texts.contactUs)],
      },
      config,
    )),
  };
}

/** One change to a ticket as the confirmation lists it: what changed, from and to (a departure as a date, said in the reader's language). */
export interface TicketChangeLine {
  label: Text;
  from: string | Date | null;
  to: string | Date | null;
}

/**
 * A ticket's holder details or departure changed in the portal: to the account that changed it
 * and, where the ticket goes to another address, to that address. It lists each change and brings
 * the ticket as it is now (its download link, with its departure), or, for an order still being
 * paid in instalments, says when it comes. `linkEmail`: the address the ticket's link is made for.
 */
export async function ticketChangedMail(
  config: Config,
  language: Locale,
  to: { email: string; fullName: string | null },
  ticket: MailTicket,
  changes: readonly TicketChangeLine[],
  downloadable: boolean,
  linkEmail: string,
): Promise<OutgoingMail> {
  const { words, say, ltr, own, greeting, product, content } = writer(config, language);
  const value = (shown: string | Date | null) => (shown === null ? say(texts.changed.none) : shown instanceof Date ? words.departure(shown) : own(shown));
  return {
    to: to.email,
    subject: say(texts.changed.subject({ code: ticket.code })),
    ...(await composeMail(
      {
        ...content,
        greeting: greeting(to.fullName),
        paragraphs: [say(texts.changed.text({ ...product(ticket.productName), code: ltr(ticket.code) }))],
        blocks: [
          { kind: 'details', rows: changes.map((change) => ({ label: say(change.label), value: change.from !== null ? say(texts.changed.valueWas({ value: value(change.to), was: value(change.from) })) : value(change.to) })) },
          ...(downloadable
            ? [
                { kind: 'text', text: say(texts.changed.asItIsNow) } satisfies MailBlock,
                { kind: 'links', items: [mailTicketItem(words, config, linkEmail, { ...ticket, email: linkEmail })] } satisfies MailBlock,
              ]
            : [{ kind: 'text', text: say(texts.changed.paidInInstalments) } satisfies MailBlock]),
        ],
        after: [say(texts.changed.notYou)],
      },
      config,
    )),
  };
}

/** An answer as the answers' e-mail lists it: the question and the answer worded in the reader's language (null: none given). */
export interface ChangedAnswer {
  question: string;
  answer: string | null;
}

/**
 * A ticket's or the order's answers to the organiser's questions changed (decision 0109), in the
 * portal or by staff: to the buyer, listing the answers as they are now. `by`: who changed them,
 * so the closing line fits (the customer is asked to tell us if it was not them).
 */
export async function answersChangedMail(
  config: Config,
  language: Locale,
  to: { email: string; fullName: string | null },
  orderCode: string,
  about: { kind: 'ticket'; product: string; ticket: string } | { kind: 'order'; product: string },
  answers: readonly ChangedAnswer[],
  by: 'customer' | 'staff',
): Promise<OutgoingMail> {
  const { say, ltr, own, greeting, product, content } = writer(config, language);
  const code = ltr(orderCode);
  const intro = about.kind === 'ticket' ? texts.answers.ticket({ ...product(about.product), ticket: ltr(about.ticket), code }) : texts.answers.order({ product: own(about.product.trim()), code });
  return {
    to: to.email,
    subject: say(texts.answers.subject({ code: orderCode })),
    ...(await composeMail(
      {
        ...content,
        greeting: greeting(to.fullName),
        paragraphs: [say(intro)],
        blocks: [{ kind: 'details', rows: answers.map((answer) => ({ label: own(answer.question), value: answer.answer === null ? say(texts.changed.none) : own(answer.answer) })) }],
        after: [say(by === 'staff' ? texts.answers.byUs : texts.changed.notYou)],
      },
      config,
    )),
  };
}

/**
 * To the address a ticket was sent to, once the ticket is no longer theirs: passed on to another
 * account (its code is void: the new holder has a new one) or sent to another address (its link
 * for this address no longer works). Says so, so a printed or forwarded copy is not relied on.
 */
export async function ticketVoidMail(
  config: Config,
  language: Locale,
  to: { email: string; fullName: string | null },
  ticket: { code: string; productName: string },
  reason: 'passed-on' | 'holder-changed',
): Promise<OutgoingMail> {
  const { say, ltr, greeting, product, content } = writer(config, language);
  const named = { ...product(ticket.productName), code: ltr(ticket.code) };
  return {
    to: to.email,
    subject: say(reason === 'passed-on' ? texts.void.passedOnSubject({ code: ticket.code }) : texts.void.holderChangedSubject({ code: ticket.code })),
    ...(await composeMail(
      {
        ...content,
        greeting: greeting(to.fullName),
        paragraphs: [say(reason === 'passed-on' ? texts.void.passedOn(named) : texts.void.holderChanged(named)), say(texts.void.mistake)],
      },
      config,
    )),
  };
}

/**
 * To the new holder of a ticket passed on to them (an account was made for them if they had none).
 * `downloadable`: its order is paid, so the link works now; otherwise (a payment plan still being
 * paid) the ticket comes by e-mail once it is (payments.service, ticketsReadyMails).
 */
export async function ticketReceivedMail(
  config: Config,
  language: Locale,
  to: Person,
  ticket: { code: string; productName: string; fullName: string | null },
  from: Person,
  accountCreated: boolean,
  downloadable: boolean,
): Promise<OutgoingMail> {
  const { words, say, ltr, own, greeting, product, content } = writer(config, language);
  const giver = own(from.fullName);
  return {
    to: to.email,
    subject: say(texts.received.subject({ from: from.fullName })),
    ...(await composeMail(
      {
        ...content,
        greeting: greeting(to.fullName),
        paragraphs: [
          downloadable
            ? say(texts.received.download({ from: giver, ...product(ticket.productName) }))
            : say(texts.received.later({ from: giver, ...product(ticket.productName), code: ltr(ticket.code) })),
        ],
        blocks: downloadable ? [{ kind: 'links', items: [ticketLinkItem(words, config, { code: ticket.code, product: ticket.productName, fullName: ticket.fullName, email: to.email })] }] : [],
        after: [say(accountCreated ? texts.received.accountMade : texts.received.inYourAccount)],
        action: { label: say(texts.received.yourOrders), url: shopLink(config, '/portal') },
      },
      config,
    )),
  };
}

/** A refunded item as a refund's mails list it: its name and its code. */
export interface RefundMailItem {
  name: string;
  code: string;
}

/**
 * A refund request received: what will be refunded and which way the money goes back (decision
 * 0060: the way it came; without bank details for a bank part, the mail asks for them), and that
 * it takes a while.
 */
export async function refundRequestedMail(config: Config, language: Locale, to: Person, refund: { id: number; total: number }, orderCode: string, items: readonly RefundMailItem[], ways: RefundWays): Promise<OutgoingMail> {
  const { words, say, ltr, own, greeting, content } = writer(config, language);
  const askBank = waitsForBankDetails(ways);
  const id = String(refund.id);
  return {
    to: to.email,
    subject: say(askBank ? texts.refund.needBankSubject({ id, code: orderCode }) : texts.refund.requestedSubject({ id, code: orderCode })),
    dedupeKey: `refund-requested:${refund.id}`,
    ...(await composeMail(
      {
        ...content,
        greeting: greeting(to.fullName),
        paragraphs: [
          say(texts.refund.received({ id, code: ltr(orderCode), items: items.map((item) => say(texts.refund.item({ name: own(item.name), code: ltr(item.code) }))) })),
          say(texts.refund.onceProcessed({ ways: waysIn(words, ways, 'will'), cancel: askBank ? 'no' : 'yes' })),
        ],
        action: { label: say(askBank ? texts.refund.giveBankDetails : texts.refund.viewRequest), url: shopLink(config, `/portal/refunds/${refund.id}`) },
      },
      config,
    )),
  };
}

/** Bank details given for a refund that waited for them (decision 0060): where its money goes once it is processed. */
export async function refundBankDetailsMail(config: Config, language: Locale, to: Person, refund: { id: number; total: number }, orderCode: string, ways: RefundWays): Promise<OutgoingMail> {
  const { words, say, ltr, greeting, content } = writer(config, language);
  const id = String(refund.id);
  return {
    to: to.email,
    subject: say(texts.refund.bankDetailsSubject({ id, code: orderCode })),
    dedupeKey: `refund-bank-details:${refund.id}`,
    ...(await composeMail(
      {
        ...content,
        greeting: greeting(to.fullName),
        paragraphs: [say(texts.refund.bankDetailsThanks({ id, code: ltr(orderCode) })), say(texts.refund.onceProcessed({ ways: waysIn(words, ways, 'will'), cancel: 'yes' }))],
        action: { label: say(texts.refund.viewRequest), url: shopLink(config, `/portal/refunds/${refund.id}`) },
      },
      config,
    )),
  };
}

/** A refund processed: through the payment provider, at the box office, paid out by the organiser by bank, or more than one of these. */
export async function refundProcessedMail(config: Config, language: Locale, to: Person, refund: { id: number; total: number }, orderCode: string, ways: RefundWays): Promise<OutgoingMail> {
  const { words, say, ltr, greeting, content } = writer(config, language);
  const id = String(refund.id);
  return {
    to: to.email,
    subject: say(texts.refund.processedSubject({ id, code: orderCode })),
    dedupeKey: `refund-processed:${refund.id}`,
    ...(await composeMail(
      {
        ...content,
        greeting: greeting(to.fullName),
        paragraphs: [say(texts.refund.processed({ id, code: ltr(orderCode), ways: waysIn(words, ways, 'done') }))],
        action: { label: say(texts.refund.viewRefund), url: shopLink(config, `/portal/refunds/${refund.id}`) },
      },
      config,
    )),
  };
}
