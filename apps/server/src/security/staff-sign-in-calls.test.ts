import * as contract from '@festival/contract';
import { PAYLOAD_TEXT_MAX, english, scannerMessages, staffApi, staffLinkMessages, staffMessages, type StaffApiPath } from '@festival/contract';
import fc from 'fast-check';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScanners } from '../modules/checkin/scanners';
import { createStaffAccounts } from '../modules/staff/staff-accounts';
import { STAFF_COOKIE } from '../modules/staff/staff.routes';
import { base32Decode, totpCode, totpStep } from '../modules/staff/totp';
import { expectRefusalOf, textPatterns } from '../../test/answer-checks';
import { testEngines } from '../../test/databases';
import { changedTables } from '../../test/db-snapshot';
import { FUZZ_SCALE, FUZZ_SEED, hostilePayload, hostileValue } from '../../test/hostile-input';
import { openAbuseShop } from '../../test/security-world';
import { staffCall } from '../../test/staff-call';
import { STAFF_SESSION_PATHS, unattackedStaffPaths } from '../../test/staff-paths';
import type { TestShop } from '../../test/test-shop';
import { timeLimit } from '../../test/time-limits';

const SECRET = 'staff-sign-in-calls-secret-of-at-least-32-chars';
const COMMAND_LINE = { commandLine: true } as const;
const LIMITS = { perAddress: 1_000, perNetwork: 1_000, perAccountNetwork: 4, perAccount: 8 };
/** The fuzzing gives many wrong codes: the account's budget out of reach (staff-guessing.test.ts tests it). */
const SECOND_FACTOR_BUDGET = { max: 100_000, windowMs: 15 * 60_000 };
/** The staff's session table counts wrong second-factor codes by design, as rate_limit_hits counts attempts. */
const SECOND_FACTOR_COUNTER = 'staff_sessions';
/** Failed sign-ins and wrong codes are noted in the audit log by design (aggregated; decision 0050). */
const ATTACKS_NOTED = 'staff_audit';

/**
 * The staff's own sign-in calls (issue 22, decision 0041) over HTTP: the whole sign-in with its
 * cookie, a wrong and a replayed code, the limits, what other sessions and tokens get, and
 * hostile payloads of every call signed in and out: never a 5xx, every refusal a 4xx with one of
 * the shop's texts, and a refused call changes nothing.
 */
describe.each(testEngines())('the staff sign-in calls on %s', (engine) => {
  let shop: TestShop;
  let snapshot: () => Promise<Record<string, string>>;
  let ownerToken: string;
  const clock = new Date();
  const REFUSAL_TEXTS = textPatterns([contract.messages, staffMessages, staffLinkMessages, scannerMessages]);

  beforeAll(async () => {
    const opened = await openAbuseShop(engine, SECRET, { now: () => clock, staffSignInLimits: LIMITS, staffSecondFactorBudget: SECOND_FACTOR_BUDGET });
    ({ shop, snapshot } = opened);
    ownerToken = opened.owner.token;
    // What the schemas say of a missing, empty or overlong field: texts of the shop's own.
    for (const path of STAFF_SESSION_PATHS) {
      for (const probe of [undefined, null, '', ' ', 'x'.repeat(PAYLOAD_TEXT_MAX), 1, true, [], {}]) {
        const good = wellFormed[path]!;
        for (const key of Object.keys(good)) {
          const parsed = staffApi[path].payload.safeParse({ ...good, [key]: probe });
          if (!parsed.success) for (const issue of parsed.error.issues) REFUSAL_TEXTS.push(new RegExp(`^${english(contract.issueText(issue)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
        }
      }
    }
  }, timeLimit(180_000));
  afterAll(async () => {
    await shop?.close();
  });
  const db = () => shop.database.db;
  const isRefusalText = (text: unknown) => typeof text === 'string' && REFUSAL_TEXTS.some((pattern) => pattern.test(text));

  const wellFormed: Record<string, Record<string, unknown>> = {
    'staff-sign-in': { email: 'fuzz@example.org', password: 'not the password' },
    'staff-second-factor': { code: '000000' },
    'staff-sign-out': {},
    'staff-me': {},
    // The one-time links of decision 0062: a made-up token.
    'staff-link': { token: 'a-made-up-link-token-of-forty-three-chars-x' },
    'staff-use-link': { token: 'a-made-up-link-token-of-forty-three-chars-x', password: 'a new password of enough length' },
  };

  async function call(path: StaffApiPath | string, payload: unknown, cookie?: string | null) {
    const { status, body, headers } = await staffCall(shop.app, path, payload, cookie);
    const setCookie = headers['set-cookie'];
    return { status, body, setCookie: setCookie ? String(setCookie) : null, cacheControl: headers['cache-control'] };
  }
  const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;

  async function member(email: string, role: 'admin' | 'gate') {
    return (await createStaffAccounts({ db: db() }).add(COMMAND_LINE, { email, name: 'Fuzz', role }))!.password;
  }

  it('attacks every staff call: the scanner’s in staff-calls.test.ts, the sign-in calls here', () => {
    expect(unattackedStaffPaths()).toEqual([]);
    for (const path of STAFF_SESSION_PATHS) expect(staffApi[path].payload.safeParse(wellFormed[path]).success, path).toBe(true);
  });

  it('signs an admin in with a password and a code set up at the first sign-in, in a strict cookie that changes at the second factor, and out again', async () => {
    const password = await member('anna.admin@example.org', 'admin');
    const wrong = await call('staff-sign-in', { email: 'anna.admin@example.org', password: 'wrong password' });
    expect([wrong.status, wrong.body.message, wrong.body.errors]).toEqual([401, english(staffMessages.wrongSignIn), { password: [english(staffMessages.wrongSignIn)] }]);
    expect(wrong.cacheControl).toBe('no-store');
    const unknown = await call('staff-sign-in', { email: 'nobody@example.org', password });
    expect([unknown.status, unknown.body.message]).toEqual([401, english(staffMessages.wrongSignIn)]);

    const first = await call('staff-sign-in', { email: 'Anna.Admin@example.org', password });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(staffApi['staff-sign-in'].answer.parse(first.body)).toMatchObject({ next: 'set-up' });
    // The QR code the authenticator app scans carries exactly the answer's link (drawn by the server, an SVG picture).
    const svg = Buffer.from(String(first.body.qr).replace(/^data:image\/svg\+xml;base64,/, ''), 'base64');
    const raster = await sharp(svg, { density: 300 }).flatten({ background: '#fff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(raster.data), raster.info.width, raster.info.height)?.data).toBe(first.body.uri);
    expect(first.setCookie).toMatch(new RegExp(`^${STAFF_COOKIE}=[A-Za-z0-9_-]{43}; Path=/api/staff; HttpOnly; Secure; SameSite=Strict$`));
    expect(first.cacheControl).toBe('no-store');
    const pending = cookieOf(first.setCookie);
    expect((await call('staff-me', {}, pending)).status).toBe(401);

    const secret = base32Decode(first.body.secret)!;
    const code = totpCode(secret, totpStep(clock));
    const badCode = await call('staff-second-factor', { code: String((Number(code) + 7) % 1_000_000).padStart(6, '0') }, pending);
    expect([badCode.status, badCode.body.errors]).toEqual([422, { code: [english(staffMessages.wrongCode)] }]);
    const done = await call('staff-second-factor', { code }, pending);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(staffApi['staff-second-factor'].answer.parse(done.body)).toMatchObject({ member: { email: 'anna.admin@example.org', role: 'admin' } });
    expect(done.body.recovery_codes).toHaveLength(10);
    const session = cookieOf(done.setCookie);
    expect(session).not.toBe(pending);
    expect((await call('staff-me', {}, pending)).status).toBe(401);
    expect(await call('staff-me', {}, session)).toMatchObject({ status: 200, body: { member: { email: 'anna.admin@example.org', name: 'Fuzz', role: 'admin' } } });

    // The code once more, in a new sign-in within its 30 seconds: replayed, refused.
    const again = await call('staff-sign-in', { email: 'anna.admin@example.org', password });
    expect(again.body).toEqual({ next: 'second-factor' });
    const replayed = await call('staff-second-factor', { code }, cookieOf(again.setCookie));
    expect([replayed.status, replayed.body.errors]).toEqual([422, { code: [english(staffMessages.wrongCode)] }]);

    const out = await call('staff-sign-out', {}, session);
    expect([out.status, out.body.message]).toEqual([200, english(staffMessages.signedOut)]);
    expect(out.setCookie).toContain('Max-Age=0');
    expect((await call('staff-me', {}, session)).status).toBe(401);
    expect((await call('staff-second-factor', { code }, null)).body.message).toBe(english(staffMessages.signInAgain));
  });

  it('keeps staff and scanner sessions and customer tokens apart', async () => {
    const password = await member('gate.crew@example.org', 'gate');
    const signedIn = await call('staff-sign-in', { email: 'gate.crew@example.org', password });
    expect(signedIn.body).toMatchObject({ next: 'signed-in', member: { role: 'gate' } });
    const staffCookie = cookieOf(signedIn.setCookie);
    // A staff session is no scanner session (the scanner signs in with its code) ...
    expect((await call('checkin-lists', {}, staffCookie)).status).toBe(401);
    // ... a scanner's is no staff session, and a customer's token in the payload or a cookie named like it is nothing.
    const { code } = await createScanners({ db: db() }).add('Gate phone');
    const scanner = await call('scanner-login', { code });
    expect((await call('staff-me', {}, cookieOf(scanner.setCookie))).status).toBe(401);
    expect((await call('staff-me', { token: ownerToken }, null)).status).toBe(401);
    expect((await call('staff-me', {}, `${STAFF_COOKIE}=${ownerToken}`)).status).toBe(401);
    expect((await call('staff-me', {}, staffCookie)).status).toBe(200);
  });

  it('refuses wrong passwords beyond the limit for an account, whatever the password after, and counts nothing else', async () => {
    const password = await member('limited@example.org', 'gate');
    for (let attempt = 0; attempt < LIMITS.perAccountNetwork; attempt += 1) expect((await call('staff-sign-in', { email: 'limited@example.org', password: `wrong ${attempt}` })).status).toBe(401);
    const over = await call('staff-sign-in', { email: 'limited@example.org', password });
    expect([over.status, over.body.message]).toEqual([429, english(staffMessages.tooManyAttempts)]);
    expect(over.setCookie).toBeNull();
    // Another account behind the same address is not held up, and right passwords do not count.
    const other = await member('unlimited@example.org', 'gate');
    for (let attempt = 0; attempt < LIMITS.perAccount + 2; attempt += 1) expect((await call('staff-sign-in', { email: 'unlimited@example.org', password: other })).status).toBe(200);
  });

  const generated = (good: Record<string, unknown>): fc.Arbitrary<unknown> =>
    Object.keys(good).length ? hostilePayload(good) : fc.oneof(hostileValue, fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { minKeys: 1, maxKeys: 3 }));
  const ODD: unknown[] = [null, [], {}, '', ' ', 0, -1, 1.5, true, 'x'.repeat(PAYLOAD_TEXT_MAX + 1), 'a\u0000b', '\uD800', '\u202E', "' OR 1=1 --", '${7*7}', '__proto__'];

  for (const role of ['signed out', 'half signed in', 'signed in'] as const) {
    it(`answers hostile payloads of every sign-in call ${role} with a clear 4xx or the contract’s answer, never a 5xx, and a refusal changes nothing`, async () => {
      const email = `fuzz.${role.replace(/ /g, '-')}@example.org`;
      const password = await member(email, 'admin');
      const first = await call('staff-sign-in', { email, password });
      let cookie: string | null = role === 'signed out' ? null : cookieOf(first.setCookie);
      if (role === 'signed in') {
        const done = await call('staff-second-factor', { code: totpCode(base32Decode(first.body.secret)!, totpStep(clock)) }, cookie);
        cookie = cookieOf(done.setCookie);
      }
      let sent = 0;
      for (const path of STAFF_SESSION_PATHS) {
        // Sign-out ends the session the rest goes on with: last, and alone.
        if (path === 'staff-sign-out') continue;
        const good = wellFormed[path]!;
        const payloads: unknown[] = [...ODD, ...Object.keys(good).flatMap((key) => ODD.map((value) => ({ ...good, [key]: value }))), ...Object.keys(good).map((key) => ({ ...good, [key]: undefined }))];
        const attack = async (batch: unknown[]) => {
          for (const generatedPayload of batch) {
            const payload: unknown = JSON.parse(JSON.stringify(generatedPayload) ?? 'null');
            const before = await snapshot();
            const answer = await call(path, payload, cookie);
            sent += 1;
            const context = `${role} ${path} ${JSON.stringify(payload).slice(0, 200)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
            expect(answer.status, context).toBeLessThan(500);
            expect(answer.cacheControl, context).toBe('no-store');
            if (answer.status < 400) {
              expect(staffApi[path].payload.safeParse(payload).success, `${context}: answered a payload the contract refuses`).toBe(true);
              expect(staffApi[path].answer.safeParse(answer.body).success, `${context}: the answer does not match the contract`).toBe(true);
              continue;
            }
            expectRefusalOf(answer.status, answer.body, context, isRefusalText);
            const changed = changedTables(before, await snapshot()).filter((table) => !(path === 'staff-second-factor' && table === SECOND_FACTOR_COUNTER) && !((path === 'staff-sign-in' || path === 'staff-second-factor') && table === ATTACKS_NOTED));
            expect(changed, context).toEqual([]);
            // A half-done sign-in ends after a few wrong codes: begin it again for the next payloads.
            if (role === 'half signed in' && answer.status === 401 && path === 'staff-second-factor') cookie = cookieOf((await call('staff-sign-in', { email, password })).setCookie);
          }
        };
        await attack(payloads);
        await fc.assert(
          fc.asyncProperty(fc.array(generated(good), { minLength: 1, maxLength: 10 }), async (batch) => attack(batch)),
          { numRuns: Math.max(2, Math.round(6 * FUZZ_SCALE)), ...(FUZZ_SEED !== undefined ? { seed: FUZZ_SEED } : {}) },
        );
      }
      const out = await call('staff-sign-out', { junk: "' OR 1=1 --" }, cookie);
      expect([out.status, out.body.message]).toEqual([200, english(staffMessages.signedOut)]);
      expect(sent).toBeGreaterThan(50);
    }, timeLimit(600_000));
  }
});
