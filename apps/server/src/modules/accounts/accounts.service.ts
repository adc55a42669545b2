import { addressLineLabel, configIn, isLocale, isValidEmail, messages, type ApiInput, type Locale, type ShopConfigFile, type UserData, type Shown } from '@festival/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { isUniqueViolation } from '../../db/errors';
import type { NetworkKeysOf } from '../../lib/network-keys';
import { readerLanguage } from '../../lib/reader';
import { createRateLimiter, type CountedAttempt } from '../../lib/rate-limit';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import type { CustomerData } from '../data/data.service';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { alreadyRegisteredMail, emailChangedMail, passwordChangedMail, passwordMail, resetMail, ticketsMail } from './accounts.mail';
import * as queries from './accounts.queries';
import { dummyPasswordHash, generatePassword, hashPassword, newSecretToken, verifyPassword } from './passwords';
import { hashToken } from './session.service';
import { findCustomerBySessionHash, type CustomerRow } from './session.queries';

export interface AccountDeps {
  db: Db;
  config: ShopConfigFile;
  catalog: CatalogReader;
  /** get-data for a customer (login and settings answer it). */
  customerData: CustomerData;
  /** Called after a transaction that queued e-mail committed, so the sender need not wait for its next round. */
  mailQueued?: () => void;
  /** How long a session lasts from login. */
  sessionMs?: number;
  /** How long a password reset link works. */
  resetMs?: number;
  /** Account calls answer no sooner than this, so known and unknown addresses take equally long. */
  answerFloorMs?: number;
  /** The window of the attempt limits. */
  limitWindowMs?: number;
  /** Other attempt limits than LIMITS (tests): the numbers given replace those of LIMITS. */
  limits?: AccountLimitChanges;
  /** Keyed hashes of a visitor's network address and network, as the limits and customer_networks keep them. */
  networkKeys: NetworkKeysOf;
  now?: () => Date;
}

/**
 * Attempts allowed per window (decision 0025). Every attempt counts toward its network address
 * (`perAddress`: an IPv4 address or IPv6 /64) and its network (`perNetwork`: an IPv4 /24 or IPv6
 * /48). Attempts for an account count toward `perAccountNetwork`, the account's allowance on the
 * attempt's network, and, unless the account has proved itself from that network before (a login
 * or a reset link used there), toward `perAccount`, what every such network shares. A stranger
 * elsewhere can use up the shared allowance and their own network's, never the owner's own.
 */
export interface AttemptLimit {
  perAccount?: number;
  perAccountNetwork?: number;
  perAddress: number;
  perNetwork: number;
}

/** Attempts per window (15 minutes); the address and network limits are loose, since festival crowds share addresses. */
export const LIMITS = {
  // A right password is uncounted: only wrong ones use up a limit. What every unrecognised network
  // shares is three networks' worth, so a stranger on one network (one address, one office, one
  // /24) can never keep the owner out of a network the owner has not used yet.
  login: { perAccount: 30, perAccountNetwork: 10, perAddress: 100, perNetwork: 300 },
  register: { perAccount: 3, perAddress: 30, perNetwork: 100 },
  // Reset and ticket e-mails: 3 per account from each network, 10 shared by networks the account
  // has not proved itself on (a bound on the mail one mailbox receives from a stranger).
  reset: { perAccount: 10, perAccountNetwork: 3, perAddress: 30, perNetwork: 100 },
  // A reset link's 256 bits cannot be guessed, but every try hashes a password: limited per
  // network address and network only, so nobody can lock an owner out of the link they were sent.
  resetPassword: { perAddress: 30, perNetwork: 100 },
  tickets: { perAccount: 10, perAccountNetwork: 3, perAddress: 30, perNetwork: 100 },
  settings: { perAccount: 10, perAddress: 100, perNetwork: 300 },
} satisfies Record<string, AttemptLimit>;

/** How long a network where a customer proved who they are stays theirs for the limits (a festival comes once a year). */
export const RECOGNISED_NETWORK_MS = 400 * 24 * 60 * 60 * 1000;

export type AccountLimits = Record<keyof typeof LIMITS, AttemptLimit>;
export type AccountLimitChanges = { [action in keyof AccountLimits]?: Partial<AttemptLimit> };

const DAY = 24 * 60 * 60 * 1000;
const normalEmail = (email: string) => email.trim().toLowerCase();
const invalid = (field: string, message: Shown) => new AppError('INVALID_INPUT', message, { [field]: [message] });

export function createAccountService(deps: AccountDeps) {
  const { db, config, catalog } = deps;
  const now = deps.now ?? (() => new Date());
  const sessionMs = deps.sessionMs ?? 30 * DAY;
  const resetMs = deps.resetMs ?? 15 * 60_000;
  const floorMs = deps.answerFloorMs ?? 250;
  const limiter = createRateLimiter(db, deps.limitWindowMs ?? 15 * 60_000, messages.accounts.tooManyAttempts);
  const limits = Object.fromEntries(Object.entries(LIMITS).map(([action, limit]) => [action, { ...limit, ...deps.limits?.[action as keyof AccountLimits] }])) as AccountLimits;

  /**
   * Counts an attempt (refused with 429 when over a limit). The account is the e-mail address
   * typed in, whether or not it has an account (so both answer alike), or the customer once
   * logged in (an address they change away from would otherwise take its count with it).
   * `recognised`: the account proved itself from this network before, so the attempt does not
   * count toward what the account's other networks share.
   */
  const limit = async (
    action: keyof AccountLimits,
    account: { email: string; recognised: boolean } | { customerId: number } | null,
    ip: string,
  ): Promise<CountedAttempt> => {
    const { perAccount, perAccountNetwork, perAddress, perNetwork } = limits[action];
    const where = deps.networkKeys(ip);
    const accountKey = account === null ? null : 'email' in account ? `email:${normalEmail(account.email)}` : `customer:${account.customerId}`;
    const shared = accountKey !== null && perAccount !== undefined && !(account !== null && 'recognised' in account && account.recognised);
    return limiter.hit([
      { key: `${action}:address:${where.address}`, max: perAddress },
      { key: `${action}:network:${where.network}`, max: perNetwork },
      ...(shared ? [{ key: `${action}:${accountKey}`, max: perAccount }] : []),
      ...(accountKey !== null && perAccountNetwork !== undefined ? [{ key: `${action}:${accountKey}:network:${where.network}`, max: perAccountNetwork }] : []),
    ]);
  };

  /** The customer of an address and whether they proved themselves from the visitor's network before. */
  const customerOnNetwork = (email: string, ip: string) =>
    queries.findCustomerOnNetwork(db, email, deps.networkKeys(ip).network, new Date(now().getTime() - RECOGNISED_NETWORK_MS));

  /** Runs `work` and answers no sooner than the floor, whichever path it took. */
  async function evenly<T>(work: () => Promise<T>): Promise<T> {
    const started = Date.now();
    const settle = () => new Promise((resolve) => setTimeout(resolve, Math.max(0, floorMs - (Date.now() - started))));
    try {
      const result = await work();
      await settle();
      return result;
    } catch (error) {
      await settle();
      throw error;
    }
  }

  async function queue(mails: OutgoingMail[], tx: Db = db): Promise<void> {
    for (const mail of mails) await enqueueMail(tx, mail);
  }

  async function dataOf(customer: CustomerRow): Promise<UserData> {
    return deps.customerData(await catalog.current(), customer);
  }

  async function sessionCustomer(token: string | null | undefined): Promise<{ customer: CustomerRow; tokenHash: string }> {
    if (!token) throw new AppError('UNAUTHENTICATED', messages.server.unauthenticated);
    const tokenHash = hashToken(token);
    const customer = await findCustomerBySessionHash(db, tokenHash, now());
    if (!customer) throw new AppError('UNAUTHENTICATED', messages.accounts.sessionExpired);
    return { customer, tokenHash };
  }

  return {
    /**
     * A new account with a generated password, e-mailed to the address. An address that has an
     * account gets an e-mail saying so; the answer is the same either way. `language`: the
     * request's (kept on the new account); the e-mail to an existing account's owner is in the
     * owner's kept language, else the request's.
     */
    async register(input: ApiInput<'register'>, ip: string, language: Locale): Promise<{ message: Shown }> {
      return evenly(async () => {
        // Registering proves nothing about the address, so no network is recognised for it.
        await limit('register', { email: input.email, recognised: false }, ip);
        const password = generatePassword();
        const passwordHash = await hashPassword(password);
        await db.transaction(async (tx) => {
          const created = await queries.insertCustomer(tx, { email: input.email.trim(), fullName: input.full_name, passwordHash, language });
          if (created) {
            await queue([await passwordMail(config, readerLanguage(config, language), created.email, created.fullName, password)], tx);
          } else {
            const existing = await queries.findCustomerByEmail(tx, input.email);
            if (existing) await queue([await alreadyRegisteredMail(config, readerLanguage(config, existing.language, language), existing.email, existing.fullName)], tx);
          }
        });
        deps.mailQueued?.();
        return { message: messages.accounts.registered };
      });
    },

    async login(input: ApiInput<'login'>, ip: string): Promise<{ remember_token: string; data: UserData }> {
      const customer = await evenly(async () => {
        const { customer: found, recognised } = await customerOnNetwork(input.email, ip);
        const attempt = await limit('login', { email: input.email, recognised }, ip);
        // The hash is checked for an unknown address too: both take as long.
        const matches = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), input.password);
        if (!found || !matches) throw new AppError('UNAUTHENTICATED', messages.accounts.loginIncorrect);
        // Only wrong passwords count: the owner's own logins never use up a limit. Their network
        // is theirs from now on, so a stranger's guesses elsewhere cannot keep them out.
        await attempt.takeBack();
        await queries.recordCustomerNetwork(db, found.id, deps.networkKeys(ip).network, now());
        return found;
      });
      const token = newSecretToken();
      await queries.insertSession(db, customer.id, hashToken(token), new Date(now().getTime() + sessionMs));
      return { remember_token: token, data: await dataOf(customer) };
    },

    /**
     * The customer's language kept on their account (decision 0094), among the shop's languages:
     * every e-mail about them follows it. Null reads it without changing it.
     */
    async setLanguage(input: ApiInput<'set-language'>): Promise<{ language: Locale | null }> {
      const { customer } = await sessionCustomer(input.token);
      const offered: readonly Locale[] = config.languages ?? [];
      const choice = input.language;
      if (choice !== null && offered.includes(choice)) {
        if (choice !== customer.language) await queries.updateCustomer(db, customer.id, { language: choice });
        return { language: choice };
      }
      // Nothing chosen, or a language the shop does not offer (any more): the kept one, if offered.
      const kept = customer.language;
      return { language: isLocale(kept) && offered.includes(kept) ? kept : null };
    },

    async logout(token: string | null | undefined): Promise<{ message: Shown }> {
      if (token) await queries.revokeSession(db, hashToken(token));
      return { message: messages.accounts.loggedOut };
    },

    /** `language`: the request's (requestLocale), which the e-mail is written in. */
    async requestPasswordReset(input: ApiInput<'request-password-reset'>, ip: string, language: Locale): Promise<{ message: Shown }> {
      return evenly(async () => {
        const { customer, recognised } = await customerOnNetwork(input.email, ip);
        await limit('reset', { email: input.email, recognised }, ip);
        if (customer) {
          const token = newSecretToken();
          await db.transaction(async (tx) => {
            await queries.insertPasswordReset(tx, customer.id, hashToken(token), new Date(now().getTime() + resetMs));
            await queue([await resetMail(config, readerLanguage(config, language, customer.language), customer.email, customer.fullName, token)], tx);
          });
          deps.mailQueued?.();
        }
        return { message: messages.accounts.resetRequested };
      });
    },

    /** Any failure (unknown, used or expired link, another address) is the same "Incorrect code". */
    async resetPassword(input: ApiInput<'reset-password'>, ip: string, language: Locale): Promise<{ message: Shown }> {
      return evenly(async () => {
        await limit('resetPassword', null, ip);
        const incorrect = new AppError('BAD_REQUEST', messages.resetPasswordScreen.incorrectCode);
        const passwordHash = await hashPassword(input.password);
        await db.transaction(async (tx) => {
          const customerId = await queries.consumePasswordReset(tx, hashToken(input.token), now());
          if (customerId === undefined) throw incorrect;
          const customer = await queries.findCustomerByEmail(tx, input.email);
          if (customer?.id !== customerId) throw incorrect;
          await queries.updateCustomer(tx, customerId, { passwordHash });
          // A new password ends every session: whoever knew the old one is out.
          await queries.revokeSessionsOf(tx, customerId);
          await queue([await passwordChangedMail(config, readerLanguage(config, language, customer.language), customer.email, customer.fullName, 'reset')], tx);
          // The link came from the owner's mailbox: their network is theirs for the limits now,
          // so a stranger filling the account's shared login allowance cannot keep them out.
          await queries.recordCustomerNetwork(tx, customerId, deps.networkKeys(ip).network, now());
        });
        deps.mailQueued?.();
        return { message: messages.accounts.passwordReset };
      });
    },

    /** The tickets held in the name of an address, e-mailed to it; the answer says nothing of whether there are any. */
    async emailTickets(input: ApiInput<'email-tickets'>, ip: string, language: Locale): Promise<{ message: Shown }> {
      return evenly(async () => {
        const { recognised } = await customerOnNetwork(input.email, ip);
        await limit('tickets', { email: input.email, recognised }, ip);
        const tickets = await queries.listTicketsForEmail(db, input.email);
        if (tickets.length) {
          await queue([await ticketsMail(config, readerLanguage(config, language), input.email.trim(), tickets)]);
          deps.mailQueued?.();
        }
        return { message: messages.accounts.ticketsSent };
      });
    },

    async getUser(token: string | null | undefined): Promise<{ user: { full_name: string; email: string } | null }> {
      if (!token) return { user: null };
      const customer = await findCustomerBySessionHash(db, hashToken(token), now());
      return { user: customer ? { full_name: customer.fullName, email: customer.email } : null };
    },

    async updateSettings(input: ApiInput<'update-settings'>, ip: string, language: Locale): Promise<{ data: UserData }> {
      const { customer, tokenHash } = await sessionCustomer(input.token);
      await limit('settings', { customerId: customer.id }, ip);
      if (!(await verifyPassword(customer.passwordHash, input.old_password))) throw invalid('old_password', messages.accounts.currentPasswordIncorrect);
      const email = input.email.trim();
      if (!isValidEmail(email)) throw invalid('email', messages.accountSettings.emailInvalid);
      if (input.country && !config.countries.some((country) => country.code === input.country)) throw invalid('country', messages.checkout.countryRequired);
      const address = settingsAddress(config, readerLanguage(config, language), input.address);
      const passwordHash = input.new_password ? await hashPassword(input.new_password) : undefined;
      const emailChanged = normalEmail(email) !== normalEmail(customer.email);

      const reader = readerLanguage(config, language, customer.language);
      const updated = await db.transaction(async (tx) => {
        if (emailChanged && (await queries.findCustomerByEmail(tx, email))) throw invalid('email', messages.accounts.emailInUse);
        let row: CustomerRow;
        try {
          row = await queries.updateCustomer(tx, customer.id, {
            fullName: input.full_name,
            email,
            country: input.country ?? null,
            address,
            ...(passwordHash ? { passwordHash } : {}),
          });
        } catch (error) {
          // Another account took the address a moment ago (the unique index on lower(email)).
          if (isUniqueViolation(error)) throw invalid('email', messages.accounts.emailInUse);
          throw error;
        }
        // A new password ends the customer's other sessions; this one stays logged in.
        if (passwordHash) await queries.revokeSessionsOf(tx, customer.id, tokenHash);
        if (emailChanged) await queue([await emailChangedMail(config, reader, customer.email, customer.fullName, email)], tx);
        // Told at the address the account has now (and the old one hears of the address change above).
        if (passwordHash) await queue([await passwordChangedMail(config, reader, row.email, row.fullName, 'settings')], tx);
        return row;
      });
      if (emailChanged || passwordHash) deps.mailQueued?.();
      return { data: await dataOf(updated) };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * The default address of account settings, keyed by the configured line's text (the default
 * language's, whatever the page's language): only configured lines are kept; when any line is
 * filled in, every required one must be, and the message names them in `language`.
 */
export function settingsAddress(config: ShopConfigFile, language: Locale, address: Record<string, string> | null | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const line of config.addressLines) {
    const value = address?.[line.text]?.trim();
    if (value) kept[line.text] = value;
  }
  if (Object.keys(kept).length === 0) return {};
  const missing = configIn(config, language)
    .addressLines.filter((line) => line.required && !kept[line.text])
    .map(addressLineLabel);
  if (missing.length) throw invalid('address', messages.checkout.fillOutFields(missing));
  return kept;
}

