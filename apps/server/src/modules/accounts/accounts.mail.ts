import type { Locale, ShopConfigFile } from '@festival/contract';
import { wordsFor, type Words, shopNameIn } from '../../lib/reader';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import { accountsMailMessages as texts } from './accounts.mail.messages';

/** The configuration a message is written with: its look, its links, and the reader's words (amounts and dates in the shop's currency and zone). */
type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'locale' | 'currency' | 'timezone'> & Partial<Pick<ShopConfigFile, 'brand' | 'languages' | 'translations'>>;

/** An absolute link into the shop, from the configured public base URL. */
export function shopLink(config: Pick<ShopConfigFile, 'publicBaseUrl'>, path: string): string {
  return `${config.publicBaseUrl.replace(/\/+$/, '')}${path}`;
}

/** The greeting of a message: "Hello Jane Doe," in the reader's language, or "Hello," without a name. */
export const greetingOf = (words: Pick<Words, 'say'>, name: string | null | undefined): string => words.say(name ? texts.greeting({ name }) : texts.greetingNoName);

export async function passwordMail(config: Config, language: Locale, to: string, fullName: string, password: string): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  return {
    holdsSecret: true,
    to,
    subject: words.say(texts.accountSubject({ shop: shopNameIn(config, language) })),
    ...(await composeMail({
      language,
      shopName: shopNameIn(config, language),
      greeting: greetingOf(words, fullName),
      paragraphs: [words.say(texts.accountCreated)],
      // The password alone on its line, in text as in HTML: easy to copy (and tests read it there).
      blocks: [{ kind: 'code', text: password }],
      action: { label: words.say(texts.logIn), url: shopLink(config, '/login') },
      after: [words.say(texts.choosePasswordLater)],
    }, config)),
  };
}

/** Someone tried to register an address that has an account: tell its owner, not the visitor. */
export async function alreadyRegisteredMail(config: Config, language: Locale, to: string, fullName: string): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  return {
    to,
    subject: words.say(texts.accountSubject({ shop: shopNameIn(config, language) })),
    ...(await composeMail({
      language,
      shopName: shopNameIn(config, language),
      greeting: greetingOf(words, fullName),
      paragraphs: [words.say(texts.alreadyRegistered), words.say(texts.forgottenPassword)],
      action: { label: words.say(texts.chooseNewPassword), url: shopLink(config, '/forgot-password') },
      after: [words.say(texts.notYou)],
    }, config)),
  };
}

export async function resetMail(config: Config, language: Locale, to: string, fullName: string, token: string): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  return {
    holdsSecret: true,
    to,
    subject: words.say(texts.resetSubject({ shop: shopNameIn(config, language) })),
    ...(await composeMail({
      language,
      shopName: shopNameIn(config, language),
      greeting: greetingOf(words, fullName),
      paragraphs: [words.say(texts.resetRequested)],
      action: { label: words.say(texts.chooseNewPassword), url: shopLink(config, `/reset-password/${encodeURIComponent(to)}/${token}`) },
      after: [words.say(texts.resetLinkWorks)],
    }, config)),
  };
}

/** The download link of a ticket: it works once the ticket is issued and its order paid (documents.service). */
export function ticketDownloadLink(config: Pick<ShopConfigFile, 'publicBaseUrl'>, email: string, code: string): string {
  return shopLink(config, `/download-ticket/${encodeURIComponent(email)}/${encodeURIComponent(code)}`);
}

/** A ticket's title in a message: its product, and its holder when named ("Weekend ticket for Jane Doe"). */
export const ticketTitle = (words: Pick<Words, 'say'>, product: string, fullName: string | null | undefined): string => (fullName ? words.say(texts.ticketTitle({ product, name: fullName })) : product);

/** A ticket as a download line of a message, in the reader's words: the product and holder as its title, a short link label. */
export function ticketLinkItem(words: Pick<Words, 'say'>, config: Pick<ShopConfigFile, 'publicBaseUrl'>, ticket: { code: string; product: string; fullName: string | null; email: string }) {
  return {
    title: ticketTitle(words, ticket.product, ticket.fullName),
    detail: words.say(texts.ticketDetail({ code: ticket.code })),
    label: words.say(texts.downloadTicket),
    url: ticketDownloadLink(config, ticket.email, ticket.code),
    // The QR code the gate scans, fetched when the message is opened: always the ticket's current
    // pass, and nothing once the ticket is reassigned or refunded (decision 0038).
    image: { url: `${ticketDownloadLink(config, ticket.email, ticket.code)}/qr.png`, alt: words.say(texts.ticketQrAlt({ code: ticket.code })), size: 180 },
  };
}

/** Re-send tickets: the downloadable tickets held in the name of this address (accounts.queries lists only those). */
export async function ticketsMail(config: Config, language: Locale, to: string, tickets: { code: string; product: string; fullName: string | null }[]): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  return {
    to,
    subject: words.say(texts.ticketsSubject({ shop: shopNameIn(config, language) })),
    ...(await composeMail({
      language,
      shopName: shopNameIn(config, language),
      greeting: greetingOf(words, null),
      paragraphs: [words.say(texts.ticketsHere)],
      blocks: [{ kind: 'links', items: tickets.map((ticket) => ticketLinkItem(words, config, { ...ticket, email: to })) }],
    }, config)),
  };
}

export async function emailChangedMail(config: Config, language: Locale, to: string, fullName: string, newEmail: string): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  return {
    to,
    subject: words.say(texts.emailChangedSubject({ shop: shopNameIn(config, language) })),
    ...(await composeMail({
      language,
      shopName: shopNameIn(config, language),
      greeting: greetingOf(words, fullName),
      paragraphs: [words.say(texts.emailChanged({ email: newEmail })), words.say(texts.notYourChange)],
    }, config)),
  };
}

/**
 * The password of an account was changed, in the settings or through a reset link: sent to the
 * account's address, so an owner who did not do it hears of it and can act (their sessions are
 * ended already). No password or link in it.
 */
export async function passwordChangedMail(config: Config, language: Locale, to: string, fullName: string, how: 'reset' | 'settings'): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  return {
    to,
    subject: words.say(texts.passwordChangedSubject({ shop: shopNameIn(config, language) })),
    ...(await composeMail({
      language,
      shopName: shopNameIn(config, language),
      greeting: greetingOf(words, fullName),
      paragraphs: [words.say(how === 'reset' ? texts.passwordReset : texts.passwordChangedInSettings), words.say(texts.notYourPasswordChange)],
      action: { label: words.say(texts.chooseNewPassword), url: shopLink(config, '/forgot-password') },
    }, config)),
  };
}
