import { productTicket, refundWaySentence, waitsForBankDetails, type RefundWays, type ShopConfigFile } from '@festival/contract';
import { shopLink, ticketLinkItem } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import { formatAmount } from '../orders/orders.mail';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'currency' | 'locale'> & Partial<Pick<ShopConfigFile, 'brand'>>;
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
      blocks: downloadable ? [{ kind: 'links', items: [ticketLinkItem(config, { code: ticket.code, product: ticket.productName, fullName: ticket.fullName, email: to.email })] }] : [],
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
