import { english, messages, staffMessages } from '@festival/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { cookieOf } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { createNetworks } from '../../../test/networks';
import { rateLimitHits, staffAudit } from '../../db/schema';
import { createScanners } from '../checkin/scanners';
import { createStaffAccounts } from './staff-accounts';
import { MAX_SECOND_FACTOR_FAILURES, SECOND_FACTOR_BUDGET, STAFF_SIGN_IN_LIMITS } from './staff-sessions';
import { base32Decode, totpCode, totpStep } from './totp';

const COMMAND_LINE = { commandLine: true } as const;
const SCANNER_LIMITS = { perAddress: 3, perNetwork: 6 };

/**
 * Guessing the staff's credentials (issue "Hardening, round three" points 2, 3 and 8; decision
 * 0050): a burst of codes on one half-done sign-in gets at most its five tries checked, wrong
 * second factors are limited per account across sign-ins, a stranger's wrong passwords or scanner
 * codes never keep the owner out, and the audit log shows the attempts, aggregated.
 */
describe.each(testEngines())('guessing the staff’s credentials on %s', (engine) => {
  let shop: TestShop;
  let clock = new Date('2027-06-01T08:00:00Z');
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
  beforeAll(async () => {
    shop = await createTestShop(engine, { catalogue: false, app: { now: () => clock, scannerSignInLimits: SCANNER_LIMITS } });
  });
  afterAll(async () => {
    await shop?.close();
  });
  const db = () => shop.database.db;

  /** A network (an IPv4 /24) no other test uses: `at(host)` is one address in it. */
  const freshNetwork = createNetworks(10);
  const home = freshNetwork().at(7);

  async function callFrom(ip: string, path: string, payload: object, cookie?: string) {
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/staff/${path}`,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json(), cookie: response.headers['set-cookie'] ? cookieOf(response.headers['set-cookie']) : null };
  }

  /** An admin through the first sign-in from `home`: the password, the authenticator's secret and the recovery codes. */
  async function enrolled(email: string) {
    const { password, member } = (await createStaffAccounts({ db: db() }).add(COMMAND_LINE, { email, name: 'Anna', role: 'admin' }))!;
    const first = await callFrom(home, 'staff-sign-in', { email, password });
    const secret = base32Decode(first.body.secret)!;
    const done = await callFrom(home, 'staff-second-factor', { code: totpCode(secret, totpStep(clock)) }, first.cookie!);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    later(60_000);
    return { id: member.id, password, secret, recoveryCodes: done.body.recovery_codes as string[], cookie: done.cookie! };
  }
  const signIn = async (ip: string, email: string, password: string) => (await callFrom(ip, 'staff-sign-in', { email, password })).cookie!;
  const wrongCodeOf = (right: string, n: number) => String((Number(right) + 1 + n) % 1_000_000).padStart(6, '0');
  const budgetHits = async (id: number) => (await db().select().from(rateLimitHits).where(eq(rateLimitHits.key, `staff-second-factor:staff:${id}`))).reduce((sum, row) => sum + row.hits, 0);
  const entries = (action: string, target: string | null) =>
    db()
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, action), target === null ? undefined : eq(staffAudit.target, target)))
      .orderBy(staffAudit.id);

  it('checks at most five codes of 61 sent at once on one half-done sign-in: a right code late in the burst is never accepted', async () => {
    const anna = await enrolled('burst@example.org');
    const cookie = await signIn(home, 'burst@example.org', anna.password);
    const right = totpCode(anna.secret, totpStep(clock));
    const codes = Array.from({ length: 61 }, (_, n) => (n === 45 ? right : wrongCodeOf(right, n)));
    const answers = await Promise.all(codes.map((code) => callFrom(home, 'staff-second-factor', { code }, cookie)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200), 'a code was accepted').toEqual([]);
    // Four wrong codes answer 'wrong', the fifth ends the sign-in; every other call finds it ended or
    // out of tries, or the account's budget taken for the moment by the burst's own counts (429).
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(MAX_SECOND_FACTOR_FAILURES - 1);
    expect(statuses.every((status) => status === 422 || status === 401 || status === 429)).toBe(true);
    expect(await budgetHits(anna.id)).toBeLessThanOrEqual(MAX_SECOND_FACTOR_FAILURES);
    // Ended: the right code no longer helps, the password again.
    expect((await callFrom(home, 'staff-second-factor', { code: right }, cookie)).status).toBe(401);
    later(60_000);
  });

  it('limits wrong second factors per account across sign-ins, recovery codes too: signing in again gives no more guesses', async () => {
    const anna = await enrolled('again@example.org');
    let wrong = 0;
    while (wrong < SECOND_FACTOR_BUDGET.max) {
      const cookie = await signIn(home, 'again@example.org', anna.password);
      for (let n = 0; n < MAX_SECOND_FACTOR_FAILURES && wrong < SECOND_FACTOR_BUDGET.max; n += 1, wrong += 1) {
        const answer = await callFrom(home, 'staff-second-factor', { code: n % 2 ? 'ABCDE-FGHJK' : wrongCodeOf('000000', wrong) }, cookie);
        expect(answer.status).toBe(n === MAX_SECOND_FACTOR_FAILURES - 1 ? 401 : 422);
      }
    }
    const cookie = await signIn(home, 'again@example.org', anna.password);
    const tooMany = { status: 429, message: english(staffMessages.tooManyCodes) };
    const byCode = await callFrom(home, 'staff-second-factor', { code: totpCode(anna.secret, totpStep(clock)) }, cookie);
    expect({ status: byCode.status, message: byCode.body.message }).toEqual(tooMany);
    const byRecovery = await callFrom(home, 'staff-second-factor', { code: anna.recoveryCodes[0] }, cookie);
    expect({ status: byRecovery.status, message: byRecovery.body.message }).toEqual(tooMany);
    // A sliding day later the budget is back.
    later(SECOND_FACTOR_BUDGET.windowMs * 2);
    const next = await callFrom(home, 'staff-second-factor', { code: totpCode(anna.secret, totpStep(clock)) }, await signIn(home, 'again@example.org', anna.password));
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect((await entries('staff.second-factor-limit', `staff:${anna.id}`)).length).toBeGreaterThan(0);
    expect((await entries('staff.second-factor-failed', `staff:${anna.id}`)).map((entry) => entry.after)).toContainEqual({ attempts: 10, since: expect.any(String) });
    // An admin's reset of the second factor lifts what is left of the budget's counts.
    expect(await budgetHits(anna.id)).toBeGreaterThan(0);
    await createStaffAccounts({ db: db() }).resetSecondFactor(COMMAND_LINE, { id: anna.id });
    expect(await budgetHits(anna.id)).toBe(0);
  });

  it('lets the member sign in from their own network, and a new network, whatever a stranger’s wrong passwords elsewhere', async () => {
    const anna = await enrolled('owner@example.org');
    // A stranger on one network: the account's allowance there, then refused.
    const stranger = freshNetwork();
    const statuses: number[] = [];
    for (let guess = 0; guess < STAFF_SIGN_IN_LIMITS.perAccountNetwork + 2; guess += 1) statuses.push((await callFrom(stranger.at(guess + 1), 'staff-sign-in', { email: 'owner@example.org', password: `guess ${guess}` })).status);
    expect(statuses).toEqual([...Array<number>(STAFF_SIGN_IN_LIMITS.perAccountNetwork).fill(401), 429, 429]);
    // The owner from home, and from a network never used before.
    expect((await callFrom(home, 'staff-sign-in', { email: 'owner@example.org', password: anna.password })).status).toBe(200);
    expect((await callFrom(freshNetwork().at(1), 'staff-sign-in', { email: 'owner@example.org', password: anna.password })).status).toBe(200);
    // Strangers on many networks use up what the unknown networks share: then a right password from one of those is refused too (the bound on guessing holds) …
    for (let guess = 0; guess < STAFF_SIGN_IN_LIMITS.perAccount; guess += 1) await callFrom(freshNetwork().at(1), 'staff-sign-in', { email: 'owner@example.org', password: `guess ${guess}` });
    const elsewhere = await callFrom(freshNetwork().at(1), 'staff-sign-in', { email: 'owner@example.org', password: anna.password });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([429, english(staffMessages.tooManyAttempts)]);
    // … but never from home.
    expect((await callFrom(home, 'staff-sign-in', { email: 'owner@example.org', password: anna.password })).status).toBe(200);
    expect((await entries('staff.sign-in-limit', `staff:${anna.id}`)).length).toBeGreaterThan(0);
    expect((await entries('staff.sign-in-failed', `staff:${anna.id}`)).map((entry) => entry.after)).toEqual([
      { attempts: 1, since: expect.any(String) },
      { attempts: 10, since: expect.any(String) },
    ]);
  });

  it('signs a gate device in with its right code behind an address a stranger filled with wrong codes', async () => {
    const { code } = await createScanners({ db: db() }).add('Gate 3');
    const gate = freshNetwork().at(9);
    for (let guess = 0; guess < SCANNER_LIMITS.perAddress; guess += 1) expect((await callFrom(gate, 'scanner-login', { code: `WRONG-CODE-${guess}` })).status).toBe(401);
    const over = await callFrom(gate, 'scanner-login', { code: 'WRONG-CODE-X' });
    expect([over.status, over.body.message]).toEqual([429, english(messages.accounts.tooManyAttempts)]);
    expect((await callFrom(gate, 'scanner-login', { code })).status).toBe(200);
    expect((await callFrom(gate, 'scanner-login', { code: 'WRONG-CODE-Y' })).status).toBe(429);
    expect((await entries('scanner.sign-in-limit', null)).length).toBeGreaterThan(0);
  });

  it('notes a flood in a few aggregated entries, which the back office’s audit log shows', async () => {
    later(60 * 60_000);
    const before = (await entries('scanner.sign-in-failed', null)).length;
    // Spread over networks (the limits are small here): 150 wrong codes in one quarter of an hour.
    for (let guess = 0; guess < 150; guess += 1) await callFrom(freshNetwork().at(1), 'scanner-login', { code: `FLOOD-${guess}` });
    const written = (await entries('scanner.sign-in-failed', null)).slice(before);
    expect(written.map((entry) => [entry.actor, entry.after])).toEqual([
      ['not signed in', { attempts: 1, since: expect.any(String) }],
      ['not signed in', { attempts: 10, since: expect.any(String) }],
      ['not signed in', { attempts: 100, since: expect.any(String) }],
    ]);
    const admin = await enrolled('auditor@example.org');
    const log = await callFrom(home, 'staff-audit', {}, admin.cookie);
    expect(log.status).toBe(200);
    const actions = (log.body.entries as { action: string }[]).map((entry) => entry.action);
    for (const action of ['scanner.sign-in-failed', 'scanner.sign-in-limit', 'staff.sign-in-failed', 'staff.sign-in-limit', 'staff.second-factor-failed', 'staff.second-factor-limit']) expect(actions, action).toContain(action);
    expect(await db().select().from(rateLimitHits).where(like(rateLimitHits.key, 'audit:%'))).not.toEqual([]);
  });
});
