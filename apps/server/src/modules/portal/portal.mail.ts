import { english, productTicket, refundWaySentence, SOURCE_LOCALE, waitsForBankDetails, type RefundWays, type ShopConfigFile } from '@festival/contract';
import { wordsFor } from '../../lib/reader';
import { shopLink, ticketLinkItem } from '../accounts/accounts.mail';
import { composeMail, type MailBlock } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import { formatAmount, mailTicketItem, type MailTicket } from '../orders/orders.mail';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'currency' | 'locale'> & Partial<Pick<ShopConfigFile, 'brand'>>;
/** The ticket messages name departures in the shop's zone. */
type TicketConfig = Config & Pick<ShopConfigFile, 'timezone'>;
type Person = { email: string; fullName: string };

/** To the customer who passed a ticket on: it has left their account. */
export async function ticketPassedOnMail(config: Config, to: Person, ticket: { code: string; productName: string }, newEmail: string): Promise<OutgoingMail> {
  return {
    to: to.email,
    subject: `Your ticket ${ticket.code} now belongs to ${newEmail}`,
    ...(await composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `You passed your ${productTicket(ticket.productName)} (${ticket.code}) on to ${newEmail}. It is no longer in your account, and the ticket with this code is no longer valid: its new holder has a new one.`,
        'If you did not do this, please contact us straight away.',
      ],
    }, config)),
  };
}

/** One change to a ticket as the confirmation lists it: what changed, from and to. */
export interface TicketChangeLine {
  label: string;
  from: string | null;
  to: string | null;
}

/**
 * A ticket's holder details or departure changed in the portal: to the account that changed it
 * and, where the ticket goes to another address, to that address. It lists each change and brings
 * the ticket as it is now (its download link, with its departure), or, for an order still being
 * paid in instalments, says when it comes. `linkEmail`: the address the ticket's link is made for.
 */
export async function ticketChangedMail(config: TicketConfig, to: { email: string; fullName: string | null }, ticket: MailTicket, changes: readonly TicketChangeLine[], downloadable: boolean, linkEmail: string): Promise<OutgoingMail> {
  return {
    to: to.email,
    subject: `Your ticket ${ticket.code} has been changed`,
    ...(await composeMail({
      shopName: config.name,
      greeting: to.fullName ? `Hello ${to.fullName},` : 'Hello,',
      paragraphs: [`The ${productTicket(ticket.productName)} (${ticket.code}) has been changed:`],
      blocks: [
        { kind: 'details', rows: changes.map((change) => ({ label: change.label, value: change.from ? `${change.to ?? '(none)'} (was ${change.from})` : (change.to ?? '(none)') })) },
        ...(downloadable
          ? [
              { kind: 'text', text: 'This is the ticket as it is now. Download it and show it at the entrance; a copy you saved before the change may show old details.' } satisfies MailBlock,
              // words: ticketLinkItem (English until this mail takes its reader's language)
              { kind: 'links', items: [mailTicketItem(wordsFor(config, SOURCE_LOCALE), config, linkEmail, { ...ticket, email: linkEmail })] } satisfies MailBlock,
            ]
          : [{ kind: 'text', text: 'Its order is being paid in instalments: the ticket comes by e-mail to download as soon as the last one is paid.' } satisfies MailBlock]),
      ],
      after: ['If you did not make this change, please contact us straight away.'],
    }, config)),
  };
}

/**
 * To the address a ticket was sent to, once the ticket is no longer theirs: passed on to another
 * account (its code is void: the new holder has a new one) or sent to another address (its link
 * for this address no longer works). Says so, so a printed or forwarded copy is not relied on.
 */
export async function ticketVoidMail(config: Config, to: { email: string; fullName: string | null }, ticket: { code: string; productName: string }, reason: 'passed-on' | 'holder-changed'): Promise<OutgoingMail> {
  return {
    to: to.email,
    subject: reason === 'passed-on' ? `Ticket ${ticket.code} is no longer valid` : `Ticket ${ticket.code} is no longer sent to this address`,
    ...(await composeMail({
      shopName: config.name,
      greeting: to.fullName ? `Hello ${to.fullName},` : 'Hello,',
      paragraphs: [
        reason === 'passed-on'
          ? `The ${productTicket(ticket.productName)} (${ticket.code}) that was sent to you has been passed on to someone else by the account holding it. This ticket is no longer valid: it will not get in at the entrance, printed or on a phone, and its download link no longer works.`
          : `The ${productTicket(ticket.productName)} (${ticket.code}) that was sent to you is now sent to another address, in the name its holder gave. The download link you received no longer works.`,
        'If you think this is a mistake, please ask the person who bought the ticket, or contact us.',
      ],
    }, config)),
  };
}

/**
 * To the new holder of a ticket passed on to them (an account was made for them if they had none).
 * `downloadable`: its order is paid, so the link works now; otherwise (a payment plan still being
 * paid) the ticket comes by e-mail once it is (payments.service, ticketsReadyMails).
 */
export async function ticketReceivedMail(
  config: Config,
  to: Person,
  ticket: { code: string; productName: string; fullName: string | null },
  from: Person,
  accountCreated: boolean,
  downloadable: boolean,
): Promise<OutgoingMail> {
  return {
    to: to.email,
    subject: `${from.fullName} passed a ticket on to you`,
    ...(await composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        downloadable
          ? `${from.fullName} passed their ${productTicket(ticket.productName)} on to you. Download it and show it at the entrance:`
          : `${from.fullName} passed their ${productTicket(ticket.productName)} (${ticket.code}) on to you. Its order is being paid in instalments: we will e-mail you the ticket to download as soon as the last one is paid.`,
      ],
      // words: ticketLinkItem (English until this mail takes its reader's language)
      blocks: downloadable ? [{ kind: 'links', items: [ticketLinkItem({ say: english }, config, { code: ticket.code, product: ticket.productName, fullName: ticket.fullName, email: to.email })] }] : [],
      after: [
        accountCreated
          ? 'We have made an account for you at this address; your password comes in a separate e-mail. In your account you can see the ticket and change its details.'
          : 'You can see the ticket and change its details in your account.',
      ],
      action: { label: 'Your orders', url: shopLink(config, '/portal') },
    }, config)),
  };
}

/**
 * A refund request received: what will be refunded and which way the money goes back (decision
 * 0060: the way it came; without bank details for a bank part, the mail asks for them), and that
 * it takes a while.
 */
export async function refundRequestedMail(config: Config, to: Person, refund: { id: number; total: number }, orderCode: string, items: string[], ways: RefundWays): Promise<OutgoingMail> {
  const money = (minor: number) => formatAmount(config, minor);
  const askBank = waitsForBankDetails(ways);
  return {
    to: to.email,
    subject: askBank ? `Refund ${refund.id} for order ${orderCode}: we need your bank details` : `Refund request ${refund.id} for order ${orderCode}`,
    dedupeKey: `refund-requested:${refund.id}`,
    ...(await composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `We have received your refund request ${refund.id} for order ${orderCode}: ${items.join(', ')}.`,
        `Once it is processed, ${refundWaySentence(ways, money, 'will')}.${askBank ? '' : ' You can cancel the request in your account until then.'}`,
      ],
      action: { label: askBank ? 'Give your bank details' : 'View the request', url: shopLink(config, `/portal/refunds/${refund.id}`) },
    }, config)),
  };
}

/** Bank details given for a refund that waited for them (decision 0060): where its money goes once it is processed. */
export async function refundBankDetailsMail(config: Config, to: Person, refund: { id: number; total: number }, orderCode: string, ways: RefundWays): Promise<OutgoingMail> {
  const money = (minor: number) => formatAmount(config, minor);
  return {
    to: to.email,
    subject: `Refund ${refund.id} for order ${orderCode}: we have your bank details`,
    dedupeKey: `refund-bank-details:${refund.id}`,
    ...(await composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `Thank you for your bank details for refund ${refund.id} of order ${orderCode}.`,
        `Once it is processed, ${refundWaySentence(ways, money, 'will')}. You can cancel the request in your account until then.`,
      ],
      action: { label: 'View the request', url: shopLink(config, `/portal/refunds/${refund.id}`) },
    }, config)),
  };
}

/** A refund processed: through the payment provider, at the box office, paid out by the organiser by bank, or more than one of these. */
export async function refundProcessedMail(config: Config, to: Person, refund: { id: number; total: number }, orderCode: string, ways: RefundWays): Promise<OutgoingMail> {
  return {
    to: to.email,
    subject: `Refund ${refund.id} for order ${orderCode} has been processed`,
    dedupeKey: `refund-processed:${refund.id}`,
    ...(await composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [`Your refund ${refund.id} for order ${orderCode} has been processed: ${refundWaySentence(ways, (minor) => formatAmount(config, minor), 'done')}.`],
      action: { label: 'View the refund', url: shopLink(config, `/portal/refunds/${refund.id}`) },
    }, config)),
  };
}
