import { english, messages, paymentMessages, staffMessages, waitingRoomMessages } from '@festival/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/databases';
import { changedTables, createSnapshotter } from '../../test/db-snapshot';
import { checkoutPayload, cartWith, createCustomer } from '../../test/shop-flows';
import { cookieOf } from '../../test/staff-sign-in';
import { createTestShop, DEMO_CATALOGUE, type TestShop } from '../../test/test-shop';
import { executeRows } from '../db/raw-rows';
import { customers, emailOutbox, passwordResets, rateLimitHits } from '../db/schema';
import { hashToken } from '../modules/accounts/session.service';
import { importCatalogue, parseCatalogue } from '../modules/catalog/catalogue-import';
import { createScanners } from '../modules/checkin/scanners';
import { createStaffAccounts } from '../modules/staff/staff-accounts';
import { base32Decode, totpCode, totpStep } from '../modules/staff/totp';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { timeLimit } from '../../test/time-limits';

/**
 * Parallel bursts against every limited call (issue "Hardening, round three", the standing abuse
 * suite): each limit is reached by one burst of attempts sent at once on one target (one account,
 * one link, one sign-in, one address), on both engines (races show on PostgreSQL). For each call:
 * (a) no more attempts are served than the limit allows, counted in answers and in the work done;
 * (b) a right answer sent once the limit is used up is refused, unless its design lets it through
 * (decision 0050: a scanner's code, a member's own network; decision 0027: the order's owner);
 * (c) the refusal is the limit's own answer, never a 5xx; (d) a refused attempt changes nothing.
 */

/** Small limits, each reached by a burst of BURST × its size. */
const BURST = 4;
const ACCOUNT_LIMITS = {
  login: { perAccount: 30, perAccountNetwork: 3, perAddress: 1000, perNetwork: 1000 },
  reset: { perAccount: 30, perAccountNetwork: 3, perAddress: 1000, perNetwork: 1000 },
  tickets: { perAccount: 30, perAccountNetwork: 3, perAddress: 1000, perNetwork: 1000 },
  register: { perAccount: 3, perAddress: 1000, perNetwork: 1000 },
  resetPassword: { perAddress: 3, perNetwork: 1000 },
  settings: { perAccount: 3, perAddress: 1000, perNetwork: 1000 },
};
const VOUCHER_LIMITS = { perCustomer: 3, perAddressWithoutSession: 3, perAddress: 1000 };
const LINK_LIMITS = { perLink: 3, perNetwork: 1000 };
const STAFF_LIMITS = { perAddress: 1000, perNetwork: 1000, perAccountNetwork: 3, perAccount: 30 };
const SECOND_FACTOR_BUDGET = { max: 3, windowMs: 24 * 60 * 60_000 };
const SCANNER_LIMITS = { perAddress: 3, perNetwork: 1000 };
const JOIN_LIMITS = { perAddress: 3, perNetwork: 1000 };
const HOLD_LIMITS = { perCart: 1000, perAddress: 3, perNetwork: 100_000 };

type Answer = { status: number; body: any };

/** Asserts what every burst must show: no 5xx, at most `limit` served, every other answer the limit's refusal. */
function expectBounded(answers: Answer[], limit: number, refusal: Answer): Answer[] {
  for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
  const served = answers.filter((answer) => answer.status !== refusal.status);
  const refused = answers.filter((answer) => answer.status === refusal.status);
  expect(served.length).toBeLessThanOrEqual(limit);
  expect(refused.length).toBeGreaterThanOrEqual(answers.length - limit);
  for (const answer of refused) expect(answer).toEqual(refusal);
  return served;
}

describe.each(testEngines())('parallel bursts against every limited call, on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine, {
      app: {
        accountAnswerFloorMs: 0,
        accountLimits: ACCOUNT_LIMITS,
        voucherLimits: VOUCHER_LIMITS,
        linkAttemptLimits: LINK_LIMITS,
        staffSignInLimits: STAFF_LIMITS,
        staffSecondFactorBudget: SECOND_FACTOR_BUDGET,
        scannerSignInLimits: SCANNER_LIMITS,
        queueJoinLimits: JOIN_LIMITS,
        holdLimits: HOLD_LIMITS,
        admissionStepIntervalMs: 3_600_000,
        waitingRoomStateMaxAgeMs: 0,
      },
    });
  }, timeLimit(60_000));
  afterAll(async () => {
    await shop?.close();
  });
  const db = () => shop.database.db;
  // Counters and the aggregated attack entries (decision 0050) are what a refused attempt may change.
  const snapshot = () => createSnapshotter(db(), ['rate_limit_hits', 'staff_audit'])();

  let networks = 0;
  /** An address in a network (an IPv4 /24) no other test uses. */
  const freshAddress = () => {
    networks += 1;
    return `198.${Math.floor(networks / 250)}.${networks % 250}.9`;
  };

  async function callFrom(ip: string, url: string, payload: object, cookie?: string): Promise<Answer & { cookie: string | null }> {
    const response = await shop.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json(), cookie: response.headers['set-cookie'] ? cookieOf(response.headers['set-cookie']) : null };
  }
  const shopCall = (ip: string, name: string, payload: object) => callFrom(ip, `/api/${name}`, payload).then(({ status, body }) => ({ status, body }));
  const staffCall = (ip: string, name: string, payload: object, cookie?: string) => callFrom(ip, `/api/staff/${name}`, payload, cookie);
  const burst = (size: number, attempt: (n: number) => Promise<Answer>) => Promise.all(Array.from({ length: size }, (_, n) => attempt(n)));
  const count = async (query: ReturnType<typeof sql>) => (await executeRows<{ n: number }>(db(), query))[0]!.n;
  const mailsTo = (email: string) => count(sql`SELECT count(*)::int AS n FROM ${emailOutbox} WHERE ${emailOutbox.toAddress} = ${email}`);

  /** Registers a customer from an address of their own and answers their password (from the mail). */
  async function registered(email: string): Promise<string> {
    expect((await shopCall(freshAddress(), 'register', { full_name: 'Bea Burst', email })).status).toBe(200);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    return /password:\n\n(\S+)\n/.exec(mail!.textBody)![1]!;
  }

  const accountsRefusal = { status: 429, body: { message: english(messages.accounts.tooManyAttempts) } };

  it('login: a burst of wrong passwords on one account from one network checks at most its limit; the right one after it is refused', async () => {
    const email = 'burst.login@example.org';
    const password = await registered(email);
    const ip = freshAddress();
    const limit = ACCOUNT_LIMITS.login.perAccountNetwork;
    const served = expectBounded(await burst(BURST * limit, (n) => shopCall(ip, 'login', { email, password: `wrong-${n}` })), limit, accountsRefusal);
    expect(served.every((answer) => answer.status === 401)).toBe(true);
    // A network the owner never logged in from: over the limit the right password is refused too (decision 0025).
    const before = await snapshot();
    const late = await burst(limit + 1, (n) => shopCall(ip, 'login', { email, password: n === limit ? password : `late-${n}` }));
    expect(late).toEqual(late.map(() => accountsRefusal));
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it.each([
    ['request-password-reset', 'reset'],
    ['email-tickets', 'tickets'],
  ] as const)('%s: a burst on one address from one network sends at most its limit of e-mails', async (call, action) => {
    const email = `burst.${action}@example.org`;
    await registered(email);
    const mailsBefore = await mailsTo(email);
    const ip = freshAddress();
    const limit = ACCOUNT_LIMITS[action].perAccountNetwork;
    expectBounded(await burst(BURST * limit, () => shopCall(ip, call, { email })), limit, accountsRefusal);
    expect((await mailsTo(email)) - mailsBefore).toBeLessThanOrEqual(limit);
    const before = await snapshot();
    expect(await shopCall(ip, call, { email })).toEqual(accountsRefusal);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('register: a burst of one address typed in from many networks sends at most its limit of e-mails', async () => {
    const email = 'burst.register@example.org';
    const limit = ACCOUNT_LIMITS.register.perAccount;
    expectBounded(await burst(BURST * limit, () => shopCall(freshAddress(), 'register', { full_name: 'Rita Register', email })), limit, accountsRefusal);
    expect(await mailsTo(email)).toBeLessThanOrEqual(limit);
    expect(await count(sql`SELECT count(*)::int AS n FROM ${customers} WHERE lower(${customers.email}) = ${email}`)).toBe(1);
  });

  it('reset-password: a burst of wrong links from one address hashes at most its limit of passwords; a right link after it is refused and stays unused', async () => {
    const email = 'burst.reset-link@example.org';
    await registered(email);
    const [customer] = await db().select().from(customers).where(eq(customers.email, email));
    const token = `burst-reset-token-${engine}`;
    await db().insert(passwordResets).values({ customerId: customer!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 600_000) });
    const ip = freshAddress();
    const limit = ACCOUNT_LIMITS.resetPassword.perAddress;
    const served = expectBounded(await burst(BURST * limit, (n) => shopCall(ip, 'reset-password', { email, token: `wrong-token-${n}`, password: 'A new password 1' })), limit, accountsRefusal);
    expect(served.every((answer) => answer.status === 400)).toBe(true);
    const before = await snapshot();
    expect(await shopCall(ip, 'reset-password', { email, token, password: 'A new password 1' })).toEqual(accountsRefusal);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('update-settings: a burst of wrong current passwords of one customer checks at most its limit; the right one after it is refused', async () => {
    const email = 'burst.settings@example.org';
    const password = await registered(email);
    const login = await shopCall(freshAddress(), 'login', { email, password });
    const token = login.body.remember_token as string;
    const settings = (oldPassword: string) => ({ token, full_name: 'Sam Settings', email, old_password: oldPassword, new_password: null, country: null, address: null });
    const limit = ACCOUNT_LIMITS.settings.perAccount;
    // From many addresses: the limit is the customer's.
    const served = expectBounded(await burst(BURST * limit, (n) => shopCall(freshAddress(), 'update-settings', settings(`wrong-${n}`))), limit, accountsRefusal);
    expect(served.every((answer) => answer.status === 422)).toBe(true);
    const before = await snapshot();
    expect(await shopCall(freshAddress(), 'update-settings', settings(password))).toEqual(accountsRefusal);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it.each([
    ['without a session', false],
    ['of one customer', true],
  ] as const)('validate-voucher %s: a burst of wrong codes checks at most its limit; a right code after it is refused', async (_name, withSession) => {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND']);
    const token = withSession ? buyer.token : null;
    const ip = freshAddress();
    const limit = withSession ? VOUCHER_LIMITS.perCustomer : VOUCHER_LIMITS.perAddressWithoutSession;
    const refusal = { status: 429, body: { message: english(messages.checkout.voucherTooManyAttempts) } };
    const served = expectBounded(await burst(BURST * limit, (n) => shopCall(withSession ? freshAddress() : ip, 'validate-voucher', { token, cart, code: `WRONG${n}` })), limit, refusal);
    expect(served.every((answer) => answer.status >= 400)).toBe(true);
    const before = await snapshot();
    expect(await shopCall(ip, 'validate-voucher', { token, cart, code: 'WELCOME10' })).toEqual(refusal);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('pay-payment-plan-order-payment: a burst on one instalment link starts at most its limit of payments; the owner still pays (decision 0027)', async () => {
    const owner = await createCustomer(shop);
    const placed = await shopCall('127.0.0.1', 'checkout-cart', checkoutPayload(owner.token, await cartWith(shop, owner.token, ['NWF27-WEEKEND-PLAN'])));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const plan = placed.body.order;
    const link = { order: plan.code, reference: plan.payments[1].reference, checksum: plan.payments[1].checksum };
    const limit = LINK_LIMITS.perLink;
    const refusal = { status: 429, body: { message: english(paymentMessages.linkAttemptsLimited) } };
    const served = expectBounded(await burst(BURST * limit, () => shopCall(freshAddress(), 'pay-payment-plan-order-payment', { ...link, token: null })), limit, refusal);
    expect(served.every((answer) => answer.status === 200)).toBe(true);
    const before = await snapshot();
    expect(await shopCall(freshAddress(), 'pay-payment-plan-order-payment', { ...link, token: null })).toEqual(refusal);
    expect(changedTables(before, await snapshot())).toEqual([]);
    expect((await shopCall(freshAddress(), 'pay-payment-plan-order-payment', { ...link, token: owner.token })).status).toBe(200);
  });

  /** A staff member through the first sign-in from `home`: the password and the authenticator's secret. */
  async function enrolled(email: string, home: string) {
    const { password, member } = (await createStaffAccounts({ db: db() }).add({ commandLine: true }, { email, name: 'Bo Burst', role: 'admin' }))!;
    const first = await staffCall(home, 'staff-sign-in', { email, password });
    const secret = base32Decode(first.body.secret)!;
    const done = await staffCall(home, 'staff-second-factor', { code: totpCode(secret, totpStep(new Date())) }, first.cookie!);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return { id: member.id, password, secret };
  }

  it('staff-sign-in: a burst of wrong passwords on one member from one network checks at most its limit; the right one is refused there and signs in from the member’s own network (decision 0050)', async () => {
    const email = 'burst.staff@example.org';
    const home = freshAddress();
    const { password } = await enrolled(email, home);
    const ip = freshAddress();
    const limit = STAFF_LIMITS.perAccountNetwork;
    const refusal = { status: 429, body: { message: english(staffMessages.tooManyAttempts) } };
    const served = expectBounded((await burst(BURST * limit, (n) => staffCall(ip, 'staff-sign-in', { email, password: `wrong-${n}` }))).map(({ status, body }) => ({ status, body })), limit, refusal);
    expect(served.every((answer) => answer.status === 401)).toBe(true);
    const before = await snapshot();
    const late = await staffCall(ip, 'staff-sign-in', { email, password });
    expect({ status: late.status, body: late.body }).toEqual(refusal);
    expect(changedTables(before, await snapshot())).toEqual([]);
    expect((await staffCall(home, 'staff-sign-in', { email, password })).status).toBe(200);
  });

  it('staff-second-factor: a burst of wrong codes over several sign-ins checks at most the account’s budget; the right code after it is refused', async () => {
    const email = 'burst.second-factor@example.org';
    const home = freshAddress();
    const member = await enrolled(email, home);
    const signIn = async () => (await staffCall(home, 'staff-sign-in', { email, password: member.password })).cookie!;
    const cookies = [await signIn(), await signIn(), await signIn()];
    const right = totpCode(member.secret, totpStep(new Date()));
    const wrong = (n: number) => String((Number(right) + 7 + n) % 1_000_000).padStart(6, '0');
    const refusal = { status: 429, body: { message: english(staffMessages.tooManyCodes) } };
    const answers = (await burst(BURST * SECOND_FACTOR_BUDGET.max, (n) => staffCall(home, 'staff-second-factor', { code: wrong(n) }, cookies[n % cookies.length]))).map(({ status, body }) => ({ status, body }));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    for (const answer of answers.filter((one) => one.status === 429)) expect(answer).toEqual(refusal);
    // The codes checked are the budget's counts: never more than it allows.
    const checked = await count(sql`SELECT coalesce(sum(${rateLimitHits.hits}), 0)::int AS n FROM ${rateLimitHits} WHERE ${rateLimitHits.key} = ${`staff-second-factor:staff:${member.id}`}`);
    expect(checked).toBeLessThanOrEqual(SECOND_FACTOR_BUDGET.max);
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThan(0);
    const fresh = await signIn();
    const before = await snapshot();
    const late = await staffCall(home, 'staff-second-factor', { code: totpCode(member.secret, totpStep(new Date())) }, fresh);
    expect({ status: late.status, body: late.body }).toEqual(refusal);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('scanner-login: a burst of wrong codes from one address checks at most its limit; the right code signs in over it (decision 0050)', async () => {
    const scanner = await createScanners({ db: db() }).add('Burst gate');
    const ip = freshAddress();
    const limit = SCANNER_LIMITS.perAddress;
    const refusal = { status: 429, body: { message: english(messages.accounts.tooManyAttempts) } };
    const served = expectBounded((await burst(BURST * limit, (n) => staffCall(ip, 'scanner-login', { code: `WRONG-CODE-${String(n).padStart(4, '0')}-XXXX` }))).map(({ status, body }) => ({ status, body })), limit, refusal);
    expect(served.every((answer) => answer.status === 401)).toBe(true);
    const before = await snapshot();
    expect((await staffCall(ip, 'scanner-login', { code: 'WRONG-CODE-LATE-XXXX' })).status).toBe(429);
    expect(changedTables(before, await snapshot())).toEqual([]);
    expect((await staffCall(ip, 'scanner-login', { code: scanner.code })).status).toBe(200);
  });

  it('queue-join: a burst of customers from one address takes at most its limit of places', async () => {
    // A room of its own guarding the tote only: no other burst here sells it.
    const text = `${readFileSync(DEMO_CATALOGUE, 'utf8')}\nonsales:\n  - { code: BURST, event: NWF27, opens_at: "2020-01-01T10:00:00Z", products: [NWF27-TOTE], admission: { rate_per_minute: 60 } }\n`;
    await importCatalogue(db(), parseCatalogue(text, 'onsales.yaml'), path.dirname(DEMO_CATALOGUE), 'onsales.yaml');
    shop.app.waitingRoom.invalidate();
    const limit = JOIN_LIMITS.perAddress;
    const buyers = await Promise.all(Array.from({ length: BURST * limit }, () => createCustomer(shop)));
    const ip = freshAddress();
    const places = () => count(sql`SELECT count(*)::int AS n FROM queue_places JOIN onsales ON onsales.id = queue_places.onsale_id WHERE onsales.code = 'BURST'`);
    const refusal = { status: 429, body: { message: english(waitingRoomMessages.tooManyPlaces) } };
    const served = expectBounded(await burst(buyers.length, (n) => shopCall(ip, 'queue-join', { token: buyers[n]!.token, onsale: 'BURST' })), limit, refusal);
    expect(served.every((answer) => answer.status === 200)).toBe(true);
    expect(await places()).toBe(served.length);
  });

  it('add-product-to-cart: a burst of new carts from one address holds at most the address’s cap (decision 0025: 409)', async () => {
    const ip = freshAddress();
    const limit = HOLD_LIMITS.perAddress;
    const refusal = { status: 409, body: { message: english(messages.cart.networkHoldLimit) } };
    const held = () => count(sql`SELECT coalesce(sum(held), 0)::int AS n FROM shop_items WHERE external_code = 'NWF27-DAY-SAT'`);
    const heldBefore = await held();
    const served = expectBounded(
      await burst(BURST * limit, (n) => shopCall(ip, 'add-product-to-cart', { token: null, external_code: 'NWF27-DAY-SAT', full_name: `Holder ${n}`, email: `holder${n}@example.org`, age: '25-34' })),
      limit,
      refusal,
    );
    expect(served.every((answer) => answer.status === 200)).toBe(true);
    expect((await held()) - heldBefore).toBe(served.length);
  });
});
