import type { ShopConfigFile } from '@festival/contract';
import { shopLink } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import { formatAmount } from '../orders/orders.mail';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'currency' | 'locale'>;
type Person = { email: string; fullName: string };

export function ticketDownloadLink(config: Config, email: string, code: string): string {
  return shopLink(config, `/download-ticket/${encodeURIComponent(email)}/${encodeURIComponent(code)}`);
}

/** To the customer who passed a ticket on: it has left their account. */
export function ticketPassedOnMail(config: Config, to: Person, ticket: { code: string; productName: string }, newEmail: string): OutgoingMail {
  return {
    to: to.email,
    subject: `Your ticket ${ticket.code} now belongs to ${newEmail}`,
    ...composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `You passed your ${ticket.productName} ticket (${ticket.code}) on to ${newEmail}. It is no longer in your account, and the ticket with this code is no longer valid: its new holder has a new one.`,
        'If you did not do this, please contact us straight away.',
      ],
    }),
  };
}

/** To the new holder of a ticket passed on to them (an account was made for them if they had none). */
export function ticketReceivedMail(config: Config, to: Person, ticket: { code: string; productName: string }, from: Person, accountCreated: boolean): OutgoingMail {
  return {
    to: to.email,
    subject: `${from.fullName} passed a ticket on to you`,
    ...composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `${from.fullName} passed their ${ticket.productName} ticket (${ticket.code}) on to you. Download it and show it at the entrance:`,
        ticketDownloadLink(config, to.email, ticket.code),
        accountCreated
          ? 'We have made an account for you at this address; your password comes in a separate e-mail. In your account you can see the ticket and change its details.'
          : 'You can see the ticket and change its details in your account.',
      ],
      action: { label: 'Your orders', url: shopLink(config, '/portal') },
    }),
  };
}

/** A refund request received: what will be refunded and that it takes a while. */
export function refundRequestedMail(config: Config, to: Person, refund: { id: number; total: number }, orderCode: string, items: string[]): OutgoingMail {
  return {
    to: to.email,
    subject: `Refund request ${refund.id} for order ${orderCode}`,
    dedupeKey: `refund-requested:${refund.id}`,
    ...composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `We have received your refund request ${refund.id} for order ${orderCode}: ${items.join(', ')}.`,
        `Once it is processed, ${formatAmount(config, refund.total)} will be paid to the bank account you gave. You can cancel the request in your account until then.`,
      ],
      action: { label: 'View the request', url: shopLink(config, `/portal/refunds/${refund.id}`) },
    }),
  };
}

/** A refund paid out by the organiser. */
export function refundProcessedMail(config: Config, to: Person, refund: { id: number; total: number }, orderCode: string): OutgoingMail {
  return {
    to: to.email,
    subject: `Refund ${refund.id} for order ${orderCode} has been processed`,
    dedupeKey: `refund-processed:${refund.id}`,
    ...composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [`Your refund ${refund.id} for order ${orderCode} has been processed: ${formatAmount(config, refund.total)} is on its way to your bank account.`],
      action: { label: 'View the refund', url: shopLink(config, `/portal/refunds/${refund.id}`) },
    }),
  };
}
