import { createHash } from 'node:crypto';
import { english, messages, paymentMessages, type ApiPath } from '@festival/contract';
import { verify } from '@node-rs/argon2';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { cartWith, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { executeRows } from '../../db/raw-rows';
import { customers, emailOutbox, orders, passwordResets, sessions, shopItems, tickets, vouchers } from '../../db/schema';
import type { AccountLimitChanges } from './accounts.service';
import { generatePassword } from './passwords';
import type { VoucherLimits } from '../checkout/voucher-guard';

/**
 * Sessions, passwords, attempt limits and answers that tell nothing (docs/security.md, decisions
 * 0013 and 0023), through HTTP. accounts.test.ts proves the accounts' own behaviour (registering,
 * logging in, a reset link working once, the default login and reset limits, answer times); this
 * file proves the security properties across calls, each from network addresses of its own.
 */

/** Small limits, so each can be reached in a few calls (the defaults are LIMITS and VOUCHER_LIMITS). */
const ACCOUNT_LIMITS = {
  login: { perAccount: 5, perAddress: 10 },
  register: { perAccount: 2, perAddress: 4 },
  reset: { perAccount: 2, perAddress: 4 },
  resetPassword: { perAddress: 4 },
  tickets: { perAccount: 2, perAddress: 4 },
  settings: { perAccount: 4, perAddress: 8 },
} satisfies AccountLimitChanges;
const VOUCHER_LIMITS: VoucherLimits = { perCustomer: 3, perAddressWithoutSession: 2, perAddress: 6 };
/** An hour: no sequence of attempts here may straddle two windows (awayFromWindowEdge). */
const WINDOW_MS = 60 * 60_000;
const RIGHT_VOUCHER = 'SESSIONS-RIGHT';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const BASE64URL_256_BITS = /^[A-Za-z0-9_-]{43}$/;

describe.each(testEngines())('sessions, passwords, limits and telling nothing on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine, {
      app: { accountAnswerFloorMs: 0, accountLimits: ACCOUNT_LIMITS, accountLimitWindowMs: WINDOW_MS, voucherLimits: VOUCHER_LIMITS, voucherLimitWindowMs: WINDOW_MS },
    });
    await shop.database.db.insert(vouchers).values({ code: RIGHT_VOUCHER, name: 'Right voucher', discountAmount: 500 });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;

  let addresses = 0;
  /** A network address no other test uses, so counted attempts never cross tests. */
  const freshAddress = () => {
    addresses += 1;
    return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };
  /** A call as the web app makes it, from a network address; the raw answer too, to compare answers byte for byte. */
  async function callFrom(ip: string, path: ApiPath, payload: object) {
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json(), raw: { status: response.statusCode, type: response.headers['content-type'], text: response.body } };
  }
  const tooMany = { status: 429, body: { message: english(messages.accounts.tooManyAttempts) } };
  const tooManyVouchers = { status: 429, body: { message: english(messages.checkout.voucherTooManyAttempts) } };
  const wrongVoucher = { status: 422, body: { message: english(messages.checkout.voucherInvalid), errors: { code: [english(messages.checkout.voucherInvalid)] } } };
  const wrongVoucherAtCheckout = { status: 422, body: { message: english(messages.checkout.voucherInvalid), errors: { voucher_code: [english(messages.checkout.voucherInvalid)] } } };

  /** Waits out the end of a limit window if it is near, so a sequence of attempts is counted in one. */
  async function awayFromWindowEdge(): Promise<void> {
    const left = WINDOW_MS - (Date.now() % WINDOW_MS);
    if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  }

  const lastMail = async (to: string) => (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id)).limit(1))[0]!;
  const resetTokenFor = async (email: string) => /\/reset-password\/[^/\s]+\/([A-Za-z0-9_-]+)/.exec((await lastMail(email)).textBody)![1]!;

  /** Registers through the API; the generated password from the e-mail. */
  async function registered(email: string, fullName = 'Sam Session'): Promise<string> {
    const answer = await callFrom(freshAddress(), 'register', { full_name: fullName, email });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return /password:\n\n(\S+)\n/.exec((await lastMail(email)).textBody)![1]!;
  }
  async function loggedIn(email: string, password: string): Promise<string> {
    const answer = await callFrom(freshAddress(), 'login', { email, password });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.remember_token as string;
  }
  const settings = (token: string, email: string, password: string, extra: object = {}) =>
    callFrom(freshAddress(), 'update-settings', { token, old_password: password, full_name: 'Sam Session', email, ...extra });
  const sessionRow = async (token: string) => (await db().select().from(sessions).where(eq(sessions.tokenHash, sha256(token))))[0]!;

  /** The tables, of every table in the database, with a row whose text holds one of the needles. */
  async function tablesHolding(...needles: string[]): Promise<string[]> {
    const tables = await executeRows<{ name: string }>(db(), sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`);
    expect(tables.length).toBeGreaterThan(10);
    const holding: string[] = [];
    for (const { name } of tables) {
      const found = sql.join(
        needles.map((needle) => sql`strpos(t::text, ${needle}) > 0`),
        sql` OR `,
      );
      const [row] = await executeRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} AS t WHERE ${found}`);
      if (row!.n > 0) holding.push(name);
    }
    return holding;
  }

  describe('tokens and passwords', () => {
    it('gives out session tokens of 256 random bits and keeps only their SHA-256 hash, nowhere the token', async () => {
      const password = await registered('entropy@example.org');
      const tokens = [];
      for (let login = 0; login < 4; login += 1) tokens.push(await loggedIn('entropy@example.org', password));
      expect(new Set(tokens).size).toBe(tokens.length);
      for (const token of tokens) {
        expect(token).toMatch(BASE64URL_256_BITS);
        const bytes = Buffer.from(token, 'base64url');
        expect(bytes).toHaveLength(32);
        expect(bytes.toString('base64url')).toBe(token);
        expect((await sessionRow(token)).tokenHash).toBe(sha256(token));
      }
      // No column of any table holds a token, as text or as the hex of its bytes.
      expect(await tablesHolding(...tokens, ...tokens.map((token) => Buffer.from(token, 'base64url').toString('hex')))).toEqual([]);
    });

    it('gives out reset links of 256 random bits and keeps only their SHA-256 hash (the e-mail alone carries the link)', async () => {
      await registered('reset-entropy@example.org');
      const links = [];
      for (let request = 0; request < 2; request += 1) {
        expect((await callFrom(freshAddress(), 'request-password-reset', { email: 'reset-entropy@example.org' })).status).toBe(200);
        links.push(await resetTokenFor('reset-entropy@example.org'));
      }
      expect(new Set(links).size).toBe(2);
      const rows = await db().select().from(passwordResets).innerJoin(customers, eq(customers.id, passwordResets.customerId)).where(eq(customers.email, 'reset-entropy@example.org'));
      expect(rows.map((row) => row.password_resets.tokenHash).sort()).toEqual(links.map(sha256).sort());
      for (const token of links) {
        expect(token).toMatch(BASE64URL_256_BITS);
        expect(Buffer.from(token, 'base64url')).toHaveLength(32);
        expect(await tablesHolding(token, Buffer.from(token, 'base64url').toString('hex'))).toEqual(['email_outbox']);
      }
    });

    it('stores every password as an argon2id hash of it, never the password, whether generated, chosen or reset', async () => {
      const generated = await registered('hashes@example.org');
      const stored = async () => (await db().select().from(customers).where(eq(customers.email, 'hashes@example.org')))[0]!.passwordHash;
      const expectHashOf = async (password: string) => {
        const hash = await stored();
        expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
        expect(hash).not.toContain(password);
        expect(await verify(hash, password)).toBe(true);
      };
      await expectHashOf(generated);

      const token = await loggedIn('hashes@example.org', generated);
      const chosen = 'chosen-by-the-customer-1';
      expect((await settings(token, 'hashes@example.org', generated, { new_password: chosen })).status).toBe(200);
      await expectHashOf(chosen);
      // A chosen password is mailed to nobody: no table holds it.
      expect(await tablesHolding(chosen)).toEqual([]);

      await callFrom(freshAddress(), 'request-password-reset', { email: 'hashes@example.org' });
      const viaReset = 'chosen-through-a-reset-2';
      const reset = await callFrom(freshAddress(), 'reset-password', { email: 'hashes@example.org', token: await resetTokenFor('hashes@example.org'), password: viaReset });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      await expectHashOf(viaReset);
      expect(await tablesHolding(viaReset)).toEqual([]);
    });

    it('generates passwords of at least 80 random bits from characters that cannot be mistaken for each other', async () => {
      const passwords = [await registered('generated1@example.org'), await registered('generated2@example.org'), await registered('generated3@example.org')];
      expect(new Set(passwords).size).toBe(3);
      for (const password of passwords) expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{14}$/);
      // The alphabet they are drawn from, as seen in many: log2(alphabet) bits per character.
      const seen = new Set(Array.from({ length: 2000 }, () => generatePassword()).join(''));
      expect(seen.size).toBeGreaterThanOrEqual(50);
      for (const confusable of '0O1lI') expect(seen.has(confusable)).toBe(false);
      expect(passwords[0]!.length * Math.log2(seen.size)).toBeGreaterThanOrEqual(80);
    });
  });

  describe('expiry and revocation', () => {
    it('ends a session at its expiry: every call that takes a token then treats it as no session', async () => {
      const password = await registered('expiry@example.org');
      const token = await loggedIn('expiry@example.org', password);
      const expiresAt = (await sessionRow(token)).expiresAt.getTime();
      // Thirty days from login (accounts.test.ts checks the lower bound).
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * 24 * 3600_000);
      expect(expiresAt).toBeGreaterThan(Date.now() + 30 * 24 * 3600_000 - 60_000);

      await db().update(sessions).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(sessions.tokenHash, sha256(token)));
      expect((await callFrom(freshAddress(), 'get-user', { token })).body.user).toMatchObject({ email: 'expiry@example.org' });
      expect((await settings(token, 'expiry@example.org', password)).status).toBe(200);

      await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, sha256(token)));
      expect((await callFrom(freshAddress(), 'get-user', { token })).body).toEqual({ user: null });
      expect((await callFrom(freshAddress(), 'get-data', { token })).body.data.customer).toBeNull();
      expect(await settings(token, 'expiry@example.org', password)).toEqual({ status: 401, body: { message: english(messages.accounts.sessionExpired) }, raw: expect.anything() });
      expect((await callFrom(freshAddress(), 'pay-order', { token, order: 'ANYORDER' })).status).toBe(401);
      const checkout = await callFrom(freshAddress(), 'checkout-cart', checkoutPayload(token, 'ANYCART'));
      expect({ status: checkout.status, body: checkout.body }).toEqual({ status: 401, body: { message: english(paymentMessages.loginRequired) } });
    });

    it('refuses a reset link past its time and then changes nothing: the password and sessions stay', async () => {
      // accounts.test.ts proves the 15 minutes and the refusal; this proves nothing happens with it.
      const password = await registered('late-link@example.org');
      const token = await loggedIn('late-link@example.org', password);
      await callFrom(freshAddress(), 'request-password-reset', { email: 'late-link@example.org' });
      const link = await resetTokenFor('late-link@example.org');
      await db().update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.tokenHash, sha256(link)));
      const late = await callFrom(freshAddress(), 'reset-password', { email: 'late-link@example.org', token: link, password: 'too-late-password' });
      expect({ status: late.status, body: late.body }).toEqual({ status: 400, body: { message: english(messages.resetPasswordScreen.incorrectCode) } });
      expect((await callFrom(freshAddress(), 'get-user', { token })).body.user).toMatchObject({ email: 'late-link@example.org' });
      expect((await callFrom(freshAddress(), 'login', { email: 'late-link@example.org', password: 'too-late-password' })).status).toBe(401);
      expect((await callFrom(freshAddress(), 'login', { email: 'late-link@example.org', password })).status).toBe(200);
    });

    it('ends only the session logged out of, whose token then answers 401 where a session is needed', async () => {
      const password = await registered('logout-one@example.org');
      const [phone, laptop] = [await loggedIn('logout-one@example.org', password), await loggedIn('logout-one@example.org', password)];
      expect((await callFrom(freshAddress(), 'logout', { token: phone })).body).toEqual({ message: english(messages.accounts.loggedOut) });
      expect((await sessionRow(phone)).revokedAt).not.toBeNull();
      expect((await sessionRow(laptop)).revokedAt).toBeNull();
      expect((await settings(phone, 'logout-one@example.org', password)).status).toBe(401);
      expect((await callFrom(freshAddress(), 'pay-order', { token: phone, order: 'ANYORDER' })).status).toBe(401);
      expect((await settings(laptop, 'logout-one@example.org', password)).status).toBe(200);
      // Logging out again, or with a token nobody has, answers the same.
      expect((await callFrom(freshAddress(), 'logout', { token: phone })).raw).toEqual((await callFrom(freshAddress(), 'logout', { token: 'made-up-token' })).raw);
    });

    it('ends the other sessions at a new password from the settings, keeping the one that set it, and only then', async () => {
      const password = await registered('new-password@example.org');
      const [current, phone, laptop] = [
        await loggedIn('new-password@example.org', password),
        await loggedIn('new-password@example.org', password),
        await loggedIn('new-password@example.org', password),
      ];
      // Other settings leave every session as it is.
      expect((await settings(current, 'new-password@example.org', password, { full_name: 'Sam Renamed' })).status).toBe(200);
      for (const token of [current, phone, laptop]) expect((await sessionRow(token)).revokedAt).toBeNull();

      expect((await settings(current, 'new-password@example.org', password, { new_password: 'a-brand-new-password' })).status).toBe(200);
      expect((await sessionRow(current)).revokedAt).toBeNull();
      for (const token of [phone, laptop]) {
        expect((await sessionRow(token)).revokedAt).not.toBeNull();
        expect((await settings(token, 'new-password@example.org', 'a-brand-new-password')).status).toBe(401);
      }
      expect((await settings(current, 'new-password@example.org', 'a-brand-new-password')).status).toBe(200);
    });

    it('ends every session of the customer at a password reset', async () => {
      const password = await registered('reset-all@example.org');
      const tokens = [await loggedIn('reset-all@example.org', password), await loggedIn('reset-all@example.org', password), await loggedIn('reset-all@example.org', password)];
      await callFrom(freshAddress(), 'request-password-reset', { email: 'reset-all@example.org' });
      const reset = await callFrom(freshAddress(), 'reset-password', { email: 'reset-all@example.org', token: await resetTokenFor('reset-all@example.org'), password: 'after-the-reset-1' });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      const [customer] = await db().select().from(customers).where(eq(customers.email, 'reset-all@example.org'));
      expect(await db().select().from(sessions).where(and(eq(sessions.customerId, customer!.id), isNull(sessions.revokedAt)))).toEqual([]);
      for (const token of tokens) expect((await settings(token, 'reset-all@example.org', 'after-the-reset-1')).status).toBe(401);
    });
  });

  describe('attempt limits', () => {
    /** The limited account calls: each with a payload for an address and its answer under the limit. */
    const accountCalls = [
      { path: 'login', limit: ACCOUNT_LIMITS.login, payload: (email: string) => ({ email, password: 'not-the-password' }), answer: 401 },
      { path: 'register', limit: ACCOUNT_LIMITS.register, payload: (email: string) => ({ full_name: 'Lim Ited', email }), answer: 200 },
      { path: 'request-password-reset', limit: ACCOUNT_LIMITS.reset, payload: (email: string) => ({ email }), answer: 200 },
      { path: 'email-tickets', limit: ACCOUNT_LIMITS.tickets, payload: (email: string) => ({ email }), answer: 200 },
    ] as const;

    it.each(accountCalls)('limits $path per account, from any address, with 429 and a clear message', async ({ path, limit, payload, answer }) => {
      await awayFromWindowEdge();
      const email = `per-account.${path}@example.org`;
      for (let attempt = 0; attempt < limit.perAccount; attempt += 1) expect((await callFrom(freshAddress(), path, payload(email))).status).toBe(answer);
      // The same address in other letters and spacing is the same account.
      const limited = await callFrom(freshAddress(), path, payload(`  ${email.toUpperCase()} `));
      expect({ status: limited.status, body: limited.body }).toEqual(tooMany);
      expect((await callFrom(freshAddress(), path, payload(`other.${email}`))).status).toBe(answer);
    });

    it.each(accountCalls)('limits $path per network address, and not another address', async ({ path, limit, payload, answer }) => {
      await awayFromWindowEdge();
      const ip = freshAddress();
      for (let attempt = 0; attempt < limit.perAddress; attempt += 1) expect((await callFrom(ip, path, payload(`per-address.${attempt}.${path}@example.org`))).status).toBe(answer);
      const limited = await callFrom(ip, path, payload(`per-address.over.${path}@example.org`));
      expect({ status: limited.status, body: limited.body }).toEqual(tooMany);
      expect((await callFrom(freshAddress(), path, payload(`per-address.over.${path}@example.org`))).status).toBe(answer);
    });

    it('limits new passwords through reset links per network address only, so nobody can block an owner’s own link', async () => {
      await awayFromWindowEdge();
      await registered('link-owner@example.org');
      const ip = freshAddress();
      const guess = { email: 'link-owner@example.org', token: 'a-guessed-token-that-is-wrong', password: 'a-guessed-password' };
      for (let attempt = 0; attempt < ACCOUNT_LIMITS.resetPassword.perAddress; attempt += 1) expect((await callFrom(ip, 'reset-password', guess)).status).toBe(400);
      const limited = await callFrom(ip, 'reset-password', guess);
      expect({ status: limited.status, body: limited.body }).toEqual(tooMany);
      await callFrom(freshAddress(), 'request-password-reset', { email: 'link-owner@example.org' });
      const own = await callFrom(freshAddress(), 'reset-password', { email: 'link-owner@example.org', token: await resetTokenFor('link-owner@example.org'), password: 'the-owners-password' });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
    });

    it('counts the addresses of one IPv6 /64 as one network address', async () => {
      await awayFromWindowEdge();
      const prefix = `2001:db8:${addresses.toString(16)}:7`;
      for (let attempt = 0; attempt < ACCOUNT_LIMITS.login.perAddress; attempt += 1) {
        expect((await callFrom(`${prefix}::${(attempt + 1).toString(16)}`, 'login', { email: `v6.${attempt}@example.org`, password: 'wrong-password' })).status).toBe(401);
      }
      const limited = await callFrom(`${prefix}:ffff:ffff:ffff:ffff`, 'login', { email: 'v6.over@example.org', password: 'wrong-password' });
      expect({ status: limited.status, body: limited.body }).toEqual(tooMany);
      expect((await callFrom(`2001:db8:${addresses.toString(16)}:8::1`, 'login', { email: 'v6.over@example.org', password: 'wrong-password' })).status).toBe(401);
    });

    it('counts only wrong voucher codes: right ones never use up a limit, also behind one address', async () => {
      await awayFromWindowEdge();
      const ip = freshAddress();
      const buyer = await createCustomer(shop);
      for (let check = 0; check < VOUCHER_LIMITS.perAddress + 2; check += 1) {
        const answer = await callFrom(ip, 'validate-voucher', { token: buyer.token, code: RIGHT_VOUCHER.toLowerCase() });
        expect(answer.body).toEqual({ voucher: { code: RIGHT_VOUCHER, discount_amount: 500, terms: { kind: 'fixed', discount_amount: 500, percent: null, product: null, products: null } } });
      }
      // A right code at checkout that fails on something else is not a wrong guess either.
      const cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND']);
      for (let attempt = 0; attempt < VOUCHER_LIMITS.perCustomer + 1; attempt += 1) {
        const answer = await callFrom(ip, 'checkout-cart', checkoutPayload(buyer.token, cart, { accept_terms: false }, { voucher_code: RIGHT_VOUCHER }));
        expect(answer.body.errors, JSON.stringify(answer.body)).toEqual({ 'order.accept_terms': [english(messages.checkout.acceptTerms)] });
      }
      for (let guess = 0; guess < VOUCHER_LIMITS.perCustomer; guess += 1) {
        const answer = await callFrom(ip, 'validate-voucher', { token: buyer.token, code: `WRONG-${guess}` });
        expect({ status: answer.status, body: answer.body }).toEqual(wrongVoucher);
      }
    });

    it('limits wrong voucher codes per customer, refusing even a right code once over, through validate-voucher and checkout-cart alike', async () => {
      await awayFromWindowEdge();
      const buyer = await createCustomer(shop);
      const cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND']);
      // Wrong codes at checkout and at validate-voucher count together.
      const atCheckout = await callFrom(freshAddress(), 'checkout-cart', checkoutPayload(buyer.token, cart, {}, { voucher_code: 'WRONG-AT-CHECKOUT' }));
      expect({ status: atCheckout.status, body: atCheckout.body }).toEqual(wrongVoucherAtCheckout);
      for (let guess = 1; guess < VOUCHER_LIMITS.perCustomer; guess += 1) {
        const answer = await callFrom(freshAddress(), 'validate-voucher', { token: buyer.token, cart, code: `WRONG-${guess}` });
        expect({ status: answer.status, body: answer.body }).toEqual(wrongVoucher);
      }
      // Over the limit a right code is refused too, or the answer would still tell it from a wrong one.
      for (const [path, payload] of [
        ['validate-voucher', { token: buyer.token, cart, code: RIGHT_VOUCHER }],
        ['validate-voucher', { token: buyer.token, cart, code: 'WRONG-AGAIN' }],
        ['checkout-cart', checkoutPayload(buyer.token, cart, {}, { voucher_code: RIGHT_VOUCHER })],
        ['checkout-cart', checkoutPayload(buyer.token, cart, {}, { voucher_code: 'WRONG-AGAIN' })],
      ] as const) {
        const answer = await callFrom(freshAddress(), path, payload);
        expect({ status: answer.status, body: answer.body }, path).toEqual(tooManyVouchers);
      }
      expect(await db().select().from(orders).where(eq(orders.customerId, buyer.id))).toEqual([]);
      // Another customer is not held up.
      const other = await createCustomer(shop);
      expect((await callFrom(freshAddress(), 'validate-voucher', { token: other.token, code: RIGHT_VOUCHER })).status).toBe(200);
      // Without a voucher code the blocked customer still checks out.
      const placed = await callFrom(freshAddress(), 'checkout-cart', checkoutPayload(buyer.token, cart));
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    });

    it('limits wrong voucher codes per network address, generously, and not at another address', async () => {
      await awayFromWindowEdge();
      const ip = freshAddress();
      const buyers = [await createCustomer(shop), await createCustomer(shop), await createCustomer(shop)];
      for (const buyer of buyers.slice(0, 2)) {
        for (let guess = 0; guess < VOUCHER_LIMITS.perAddress / 2; guess += 1) {
          const answer = await callFrom(ip, 'validate-voucher', { token: buyer.token, code: `WRONG-${buyer.id}-${guess}` });
          expect({ status: answer.status, body: answer.body }).toEqual(wrongVoucher);
        }
      }
      const limited = await callFrom(ip, 'validate-voucher', { token: buyers[2]!.token, code: RIGHT_VOUCHER });
      expect({ status: limited.status, body: limited.body }).toEqual(tooManyVouchers);
      expect((await callFrom(freshAddress(), 'validate-voucher', { token: buyers[2]!.token, code: RIGHT_VOUCHER })).status).toBe(200);
    });

    it('does not let a blocked customer use up the limit of the others behind its address', async () => {
      await awayFromWindowEdge();
      const ip = freshAddress();
      const [guesser, neighbour] = [await createCustomer(shop), await createCustomer(shop)];
      for (let guess = 0; guess < VOUCHER_LIMITS.perCustomer + 5; guess += 1) await callFrom(ip, 'validate-voucher', { token: guesser.token, code: `WRONG-${guess}` });
      for (let guess = 0; guess < VOUCHER_LIMITS.perAddress - VOUCHER_LIMITS.perCustomer; guess += 1) {
        const answer = await callFrom(ip, 'validate-voucher', { token: neighbour.token, code: `TYPO-${guess}` });
        expect({ status: answer.status, body: answer.body }).toEqual(wrongVoucher);
      }
    });

    it('limits wrong voucher codes without a session tightly per address, sparing logged-in buyers there', async () => {
      await awayFromWindowEdge();
      const ip = freshAddress();
      for (let guess = 0; guess < VOUCHER_LIMITS.perAddressWithoutSession; guess += 1) {
        const answer = await callFrom(ip, 'validate-voucher', { code: `WRONG-${guess}`, token: guess === 0 ? 'expired-or-made-up' : null });
        expect({ status: answer.status, body: answer.body }).toEqual(wrongVoucher);
      }
      const limited = await callFrom(ip, 'validate-voucher', { code: RIGHT_VOUCHER });
      expect({ status: limited.status, body: limited.body }).toEqual(tooManyVouchers);
      const buyer = await createCustomer(shop);
      expect((await callFrom(ip, 'validate-voucher', { token: buyer.token, code: RIGHT_VOUCHER })).status).toBe(200);
      expect((await callFrom(freshAddress(), 'validate-voucher', { code: RIGHT_VOUCHER })).status).toBe(200);
    });

    it('lets no more wrong voucher codes through than the limit when they arrive all at once', async () => {
      await awayFromWindowEdge();
      const buyer = await createCustomer(shop);
      const ip = freshAddress();
      const answers = await Promise.all(Array.from({ length: 12 }, (_, guess) => callFrom(ip, 'validate-voucher', { token: buyer.token, code: `BURST-${guess}` })));
      expect(answers.filter((answer) => answer.status === 422)).toHaveLength(VOUCHER_LIMITS.perCustomer);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(12 - VOUCHER_LIMITS.perCustomer);
    });
  });

  describe('answers that tell nothing about addresses', () => {
    /** Compares two answers byte for byte: status, content type and body. */
    const expectSame = (known: { raw: unknown }, unknown: { raw: unknown }, what: string) => expect(unknown.raw, what).toEqual(known.raw);

    it('answers every account call for an address with an account as for one without', async () => {
      const password = await registered('known@example.org');
      await registered('known-without-tickets@example.org');
      const [customer] = await db().select().from(customers).where(eq(customers.email, 'known@example.org'));
      const [item] = await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
      const [order] = await db().insert(orders).values({ code: 'ORD-ENUM-1', customerId: customer!.id, totalPrice: 100, paymentMethod: 'credit_card', paymentStatus: 'paid' }).returning();
      await db().insert(tickets).values({ code: 'TCK-ENUM-1', orderId: order!.id, shopItemId: item!.id, productName: 'Weekend ticket', productType: 'ticket', fullName: 'Kim Known', email: 'known@example.org', status: 'active', price: 100, fee: 0 });
      const call = (path: ApiPath, payload: object) => callFrom(freshAddress(), path, payload);

      // login: a wrong password and an address without an account (accounts.test.ts compares the parsed answers).
      const wrongPassword = await call('login', { email: 'known@example.org', password: `${password}-not` });
      expect(wrongPassword.status).toBe(401);
      expectSame(wrongPassword, await call('login', { email: 'unknown@example.org', password: `${password}-not` }), 'login');
      // register: an address with an account and a new one.
      const again = await call('register', { full_name: 'Kim Known', email: 'known@example.org' });
      expect(again.body).toEqual({ message: english(messages.accounts.registered) });
      expectSame(again, await call('register', { full_name: 'Kim Known', email: 'brand-new@example.org' }), 'register');
      // request-password-reset.
      const resetKnown = await call('request-password-reset', { email: 'known@example.org' });
      expect(resetKnown.body).toEqual({ message: english(messages.accounts.resetRequested) });
      expectSame(resetKnown, await call('request-password-reset', { email: 'unknown@example.org' }), 'request-password-reset');
      // reset-password: a wrong link for an address with an account and one without.
      const wrongLink = await call('reset-password', { email: 'known@example.org', token: 'not-the-link', password: 'some-new-password' });
      expect(wrongLink.body).toEqual({ message: english(messages.resetPasswordScreen.incorrectCode) });
      expectSame(wrongLink, await call('reset-password', { email: 'unknown@example.org', token: 'not-the-link', password: 'some-new-password' }), 'reset-password');
      // email-tickets: an address with tickets, an account without any, no account at all.
      const withTickets = await call('email-tickets', { email: 'known@example.org' });
      expect(withTickets.body).toEqual({ message: english(messages.accounts.ticketsSent) });
      expect((await lastMail('known@example.org')).textBody).toContain('TCK-ENUM-1');
      expectSame(withTickets, await call('email-tickets', { email: 'known-without-tickets@example.org' }), 'email-tickets without tickets');
      expectSame(withTickets, await call('email-tickets', { email: 'unknown@example.org' }), 'email-tickets without an account');
    });

    it.each([
      ['login', (email: string) => ({ email, password: 'not-the-password' }), ACCOUNT_LIMITS.login.perAccount],
      ['request-password-reset', (email: string) => ({ email }), ACCOUNT_LIMITS.reset.perAccount],
      ['email-tickets', (email: string) => ({ email }), ACCOUNT_LIMITS.tickets.perAccount],
    ] as const)('reaches the limit of %s after as many attempts for an address without an account', async (path, payload, perAccount) => {
      await awayFromWindowEdge();
      const known = `limit-known.${path}@example.org`;
      await registered(known);
      for (const email of [known, `limit-unknown.${path}@example.org`]) {
        for (let attempt = 0; attempt < perAccount; attempt += 1) expect((await callFrom(freshAddress(), path, payload(email))).status, email).not.toBe(429);
        const limited = await callFrom(freshAddress(), path, payload(email));
        expect({ status: limited.status, body: limited.body }, email).toEqual(tooMany);
      }
    });

    it('tells a customer that an address belongs to another account only after their current password, and counts each try', async () => {
      await awayFromWindowEdge();
      await registered('taken@example.org');
      const password = await registered('prober@example.org');
      const token = await loggedIn('prober@example.org', password);
      const change = (email: string, oldPassword: string) => settings(token, email, oldPassword);
      // Four tries (the settings limit here), the last a change of the prober's own address; the fifth is refused.
      // Without the current password, an address in use and a free one answer alike.
      const taken = await change('taken@example.org', 'not-my-password');
      expect(taken.body).toEqual({ message: english(messages.accounts.currentPasswordIncorrect), errors: { old_password: [english(messages.accounts.currentPasswordIncorrect)] } });
      expectSame(taken, await change('free@example.org', 'not-my-password'), 'update-settings without the password');
      // With it, the answer says the address is in use, and nothing about the account.
      expect((await change('TAKEN@example.org', password)).body).toEqual({ message: english(messages.accounts.emailInUse), errors: { email: [english(messages.accounts.emailInUse)] } });
      // Each try counts toward the customer's limit, also across a change of their own address.
      expect((await change('prober-moved@example.org', password)).status).toBe(200);
      const limited = await change('taken@example.org', password);
      expect({ status: limited.status, body: limited.body }).toEqual(tooMany);
    });
  });
});
