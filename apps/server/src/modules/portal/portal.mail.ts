import { productTicket, type ShopConfigFile } from '@festival/contract';
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
 * A refund request received: what will be refunded, where the money goes (card payments go back
 * through the payment provider, decision 0037; the rest to the bank account given) and that it
 * takes a while.
 */
export async function refundRequestedMail(config: Config, to: Person, refund: { id: number; total: number }, orderCode: string, items: string[], paidByCard = false): Promise<OutgoingMail> {
  const where = paidByCard ? 'go back to the card or account you paid with' : 'be paid to the bank account you gave';
  return {
    to: to.email,
    subject: `Refund request ${refund.id} for order ${orderCode}`,
    dedupeKey: `refund-requested:${refund.id}`,
    ...(await composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `We have received your refund request ${refund.id} for order ${orderCode}: ${items.join(', ')}.`,
        `Once it is processed, ${formatAmount(config, refund.total)} will ${where}. You can cancel the request in your account until then.`,
      ],
      action: { label: 'View the request', url: shopLink(config, `/portal/refunds/${refund.id}`) },
    }, config)),
  };
}

/** Where a processed refund's money went, in a sentence: `toCard` of it back through the payment provider, the rest by bank. */
export function refundDestination(config: Config, total: number, toCard: number): string {
  const card = 'the card or account you paid with';
  if (toCard >= total) return `${formatAmount(config, total)} is on its way back to ${card}; depending on your bank it can take a few days to show`;
  if (toCard <= 0) return `${formatAmount(config, total)} is on its way to your bank account`;
  return `${formatAmount(config, toCard)} is on its way back to ${card} and ${formatAmount(config, total - toCard)} to your bank account`;
}

/** A refund processed: through the payment provider, paid out by the organiser by bank, or both. */
export async function refundProcessedMail(config: Config, to: Person, refund: { id: number; total: number }, orderCode: string, toCard = 0): Promise<OutgoingMail> {
  return {
    to: to.email,
    subject: `Refund ${refund.id} for order ${orderCode} has been processed`,
    dedupeKey: `refund-processed:${refund.id}`,
    ...(await composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [`Your refund ${refund.id} for order ${orderCode} has been processed: ${refundDestination(config, refund.total, toCard)}.`],
      action: { label: 'View the refund', url: shopLink(config, `/portal/refunds/${refund.id}`) },
    }, config)),
  };
}
