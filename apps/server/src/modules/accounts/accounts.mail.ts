import type { ShopConfigFile } from '@festival/contract';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl'> & Partial<Pick<ShopConfigFile, 'brand'>>;

/** An absolute link into the shop, from the configured public base URL. */
export function shopLink(config: Pick<ShopConfigFile, 'publicBaseUrl'>, path: string): string {
  return `${config.publicBaseUrl.replace(/\/+$/, '')}${path}`;
}

export async function passwordMail(config: Config, to: string, fullName: string, password: string): Promise<OutgoingMail> {
  return {
    holdsSecret: true,
    to,
    subject: `Your account at ${config.name}`,
    ...(await composeMail({
      shopName: config.name,
      greeting: `Hello ${fullName},`,
      paragraphs: ['Your account has been created. Log in with your e-mail address and this password:'],
      // The password alone on its line, in text as in HTML: easy to copy (and tests read it there).
      blocks: [{ kind: 'code', text: password }],
      action: { label: 'Log in', url: shopLink(config, '/login') },
      after: ['You can choose a password of your own in your account settings once you are logged in.'],
    }, config)),
  };
}

/** Someone tried to register an address that has an account: tell its owner, not the visitor. */
export async function alreadyRegisteredMail(config: Config, to: string, fullName: string): Promise<OutgoingMail> {
  return {
    to,
    subject: `Your account at ${config.name}`,
    ...(await composeMail({
      shopName: config.name,
      greeting: `Hello ${fullName},`,
      paragraphs: [
        'Someone, perhaps you, tried to register with this e-mail address, which already has an account. Your account has not changed.',
        'If you have forgotten your password, you can choose a new one.',
      ],
      action: { label: 'Choose a new password', url: shopLink(config, '/forgot-password') },
      after: ['If it was not you, you can ignore this message.'],
    }, config)),
  };
}

export async function resetMail(config: Config, to: string, fullName: string, token: string): Promise<OutgoingMail> {
  return {
    holdsSecret: true,
    to,
    subject: `Choose a new password for ${config.name}`,
    ...(await composeMail({
      shopName: config.name,
      greeting: `Hello ${fullName},`,
      paragraphs: ['We received a request to choose a new password for your account.'],
      action: { label: 'Choose a new password', url: shopLink(config, `/reset-password/${encodeURIComponent(to)}/${token}`) },
      after: ['The link works once, for 15 minutes. If you did not ask for it, you can ignore this message: your password stays as it is.'],
    }, config)),
  };
}

/** The download link of a ticket: it works once the ticket is issued and its order paid (documents.service). */
export function ticketDownloadLink(config: Pick<ShopConfigFile, 'publicBaseUrl'>, email: string, code: string): string {
  return shopLink(config, `/download-ticket/${encodeURIComponent(email)}/${encodeURIComponent(code)}`);
}

/** A ticket as a download line of a message: the product and holder as its title, a short link label. */
export function ticketLinkItem(config: Pick<ShopConfigFile, 'publicBaseUrl'>, ticket: { code: string; product: string; fullName: string | null; email: string }) {
  return {
    title: `${ticket.product}${ticket.fullName ? ` for ${ticket.fullName}` : ''}`,
    detail: `Ticket ${ticket.code}`,
    label: 'Download ticket (PDF)',
    url: ticketDownloadLink(config, ticket.email, ticket.code),
    // The QR code the gate scans, fetched when the message is opened: always the ticket's current
    // pass, and nothing once the ticket is reassigned or refunded (decision 0038).
    image: { url: `${ticketDownloadLink(config, ticket.email, ticket.code)}/qr.png`, alt: `QR code of ticket ${ticket.code}`, size: 180 },
  };
}

/** Re-send tickets: the downloadable tickets held in the name of this address (accounts.queries lists only those). */
export async function ticketsMail(config: Config, to: string, tickets: { code: string; product: string; fullName: string | null }[]): Promise<OutgoingMail> {
  return {
    to,
    subject: `Your tickets for ${config.name}`,
    ...(await composeMail({
      shopName: config.name,
      greeting: 'Hello,',
      paragraphs: ['Here are the tickets held in the name of this e-mail address. Download each one and show it at the entrance.'],
      blocks: [{ kind: 'links', items: tickets.map((ticket) => ticketLinkItem(config, { ...ticket, email: to })) }],
    }, config)),
  };
}

export async function emailChangedMail(config: Config, to: string, fullName: string, newEmail: string): Promise<OutgoingMail> {
  return {
    to,
    subject: `Your e-mail address at ${config.name} was changed`,
    ...(await composeMail({
      shopName: config.name,
      greeting: `Hello ${fullName},`,
      paragraphs: [`The e-mail address of your account was changed to ${newEmail}. From now on, log in with that address.`, 'If you did not make this change, please contact us at once.'],
    }, config)),
  };
}

/**
 * The password of an account was changed, in the settings or through a reset link: sent to the
 * account's address, so an owner who did not do it hears of it and can act (their sessions are
 * ended already). No password or link in it.
 */
export async function passwordChangedMail(config: Config, to: string, fullName: string, how: 'reset' | 'settings'): Promise<OutgoingMail> {
  return {
    to,
    subject: `Your password at ${config.name} was changed`,
    ...(await composeMail({
      shopName: config.name,
      greeting: `Hello ${fullName},`,
      paragraphs: [
        how === 'reset'
          ? 'The password of your account was just reset with the link we e-mailed you. Everywhere you were logged in, you have been logged out: log in with the new password.'
          : 'The password of your account was just changed in your account settings. Everywhere else you were logged in, you have been logged out.',
        'If you did not make this change, please choose a new password at once through this link, and contact us.',
      ],
      action: { label: 'Choose a new password', url: shopLink(config, '/forgot-password') },
    }, config)),
  };
}
