import type { ShopConfigFile } from '@festival/contract';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl'>;

/** An absolute link into the shop, from the configured public base URL. */
export function shopLink(config: Config, path: string): string {
  return `${config.publicBaseUrl.replace(/\/+$/, '')}${path}`;
}

export function passwordMail(config: Config, to: string, fullName: string, password: string): OutgoingMail {
  return {
    holdsSecret: true,
    to,
    subject: `Your account at ${config.name}`,
    ...composeMail({
      shopName: config.name,
      greeting: `Hello ${fullName},`,
      paragraphs: ['Your account has been created. Log in with your e-mail address and this password:', password],
      action: { label: 'Log in', url: shopLink(config, '/login') },
      after: ['You can choose a password of your own in your account settings once you are logged in.'],
    }),
  };
}

/** Someone tried to register an address that has an account: tell its owner, not the visitor. */
export function alreadyRegisteredMail(config: Config, to: string, fullName: string): OutgoingMail {
  return {
    to,
    subject: `Your account at ${config.name}`,
    ...composeMail({
      shopName: config.name,
      greeting: `Hello ${fullName},`,
      paragraphs: [
        'Someone, perhaps you, tried to register with this e-mail address, which already has an account. Your account has not changed.',
        'If you have forgotten your password, you can choose a new one.',
      ],
      action: { label: 'Choose a new password', url: shopLink(config, '/forgot-password') },
      after: ['If it was not you, you can ignore this message.'],
    }),
  };
}

export function resetMail(config: Config, to: string, fullName: string, token: string): OutgoingMail {
  return {
    holdsSecret: true,
    to,
    subject: `Choose a new password for ${config.name}`,
    ...composeMail({
      shopName: config.name,
      greeting: `Hello ${fullName},`,
      paragraphs: ['We received a request to choose a new password for your account.'],
      action: { label: 'Choose a new password', url: shopLink(config, `/reset-password/${encodeURIComponent(to)}/${token}`) },
      after: ['The link works once, for 15 minutes. If you did not ask for it, you can ignore this message: your password stays as it is.'],
    }),
  };
}

export function ticketsMail(config: Config, to: string, tickets: { code: string; product: string; fullName: string | null }[]): OutgoingMail {
  const lines = tickets.map((ticket) => `${ticket.product}${ticket.fullName ? ` for ${ticket.fullName}` : ''} (${ticket.code}): ${shopLink(config, `/download-ticket/${encodeURIComponent(to)}/${ticket.code}`)}`);
  return {
    to,
    subject: `Your tickets for ${config.name}`,
    ...composeMail({
      shopName: config.name,
      greeting: 'Hello,',
      paragraphs: [`Here are the tickets held in the name of this e-mail address. Download each one and show it at the entrance.`, ...lines],
    }),
  };
}

export function emailChangedMail(config: Config, to: string, fullName: string, newEmail: string): OutgoingMail {
  return {
    to,
    subject: `Your e-mail address at ${config.name} was changed`,
    ...composeMail({
      shopName: config.name,
      greeting: `Hello ${fullName},`,
      paragraphs: [`The e-mail address of your account was changed to ${newEmail}. From now on, log in with that address.`, 'If you did not make this change, please contact us at once.'],
    }),
  };
}
