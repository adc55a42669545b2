import { english, staffLinkMessages } from '@festival/contract';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/databases';
import { staffAudit, staffMembers, staffSessions } from '../../db/schema';
import { createStaffAccounts } from './staff-accounts';
import { MAX_SECOND_FACTOR_FAILURES, RECOVERY_CODE_COUNT, STAFF_IDLE_MS, STAFF_SESSION_MS, createStaffSessions } from './staff-sessions';
import { base32Decode, totpCode, totpStep } from './totp';

const SECRET = 'staff-sessions-test-secret-of-at-least-32-chars';
const COMMAND_LINE = { commandLine: true } as const;

describe.each(testEngines())('staff sign-in on %s', (engine) => {
  let database: TestDatabase;
  let clock = new Date('2027-06-01T08:00:00Z');
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });
  const db = () => database.db;
  const sessions = () => createStaffSessions({ db: db(), secrets: [SECRET], issuer: 'Noordwest Festival', now: () => clock });
  const accounts = () => createStaffAccounts({ db: db() });
  const actions = async (email: string) => (await db().select().from(staffAudit).where(eq(staffAudit.actor, email)).orderBy(staffAudit.id)).map((entry) => entry.action);

  async function member(email: string, role: 'admin' | 'box_office' | 'customer_service' | 'gate') {
    const added = (await accounts().add(COMMAND_LINE, { email, name: email.split('@')[0]!, role }))!;
    return added.password;
  }

  /** An admin through the first sign-in: the secret they set up and their recovery codes. */
  async function enrolled(email: string) {
    const password = await member(email, 'admin');
    const first = (await sessions().signIn(email, password))!;
    if (first.step.next !== 'set-up') throw new Error(first.step.next);
    const secret = base32Decode(first.step.secret)!;
    const done = await sessions().secondFactor(first.token, totpCode(secret, totpStep(clock)));
    if (!done || done === 'wrong') throw new Error(String(done));
    return { password, secret, recoveryCodes: done.recoveryCodes!, token: done.token };
  }

  it('signs gate staff in with the password alone, and no one with a wrong password, an unknown address or when disabled', async () => {
    const password = await member('gert@example.org', 'gate');
    const signedIn = await sessions().signIn(' GERT@example.org', password);
    expect(signedIn?.step).toMatchObject({ next: 'signed-in', member: { email: 'gert@example.org', role: 'gate' } });
    expect(await sessions().memberOf(signedIn!.token)).toMatchObject({ email: 'gert@example.org' });
    expect(await sessions().signIn('gert@example.org', `${password}x`)).toBeNull();
    expect(await sessions().signIn('nobody@example.org', password)).toBeNull();
    expect(await sessions().signIn('not an address', password)).toBeNull();
    await accounts().disable(COMMAND_LINE, { email: 'gert@example.org' });
    // Signed out at once, and no new sign-in.
    expect(await sessions().memberOf(signedIn!.token)).toBeNull();
    expect(await sessions().signIn('gert@example.org', password)).toBeNull();
    expect(await actions('gert@example.org')).toEqual(['staff.sign-in']);
  });

  it('sets up an authenticator at an admin’s first sign-in: a wrong code refused, the right one signs in with recovery codes shown once, under a new token', async () => {
    const password = await member('anna@example.org', 'admin');
    const first = (await sessions().signIn('anna@example.org', password))!;
    expect(first.step.next).toBe('set-up');
    if (first.step.next !== 'set-up') return;
    expect(first.step.uri).toMatch(/^otpauth:\/\/totp\/Noordwest%20Festival:anna%40example\.org\?secret=[A-Z2-7]{32}&issuer=Noordwest\+Festival/);
    // Half signed in is not signed in.
    expect(await sessions().memberOf(first.token)).toBeNull();
    const [stored] = await db().select().from(staffMembers).where(eq(staffMembers.email, 'anna@example.org'));
    expect(stored!.totpSecret).toMatch(/^v1\./);
    expect(stored!.totpSecret).not.toContain(first.step.secret);

    const secret = base32Decode(first.step.secret)!;
    const code = totpCode(secret, totpStep(clock));
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await sessions().secondFactor(first.token, wrongCode)).toBe('wrong');
    const done = await sessions().secondFactor(first.token, code);
    if (!done || done === 'wrong') throw new Error(String(done));
    expect(done.member).toMatchObject({ email: 'anna@example.org', secondFactor: 'set up' });
    expect(done.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(done.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(done.token).not.toBe(first.token);
    expect(await sessions().memberOf(first.token)).toBeNull();
    expect(await sessions().memberOf(done.token)).toMatchObject({ email: 'anna@example.org' });
    const [after] = await db().select().from(staffMembers).where(eq(staffMembers.email, 'anna@example.org'));
    expect(JSON.stringify(after!.recoveryCodes)).not.toContain(done.recoveryCodes![0]!.replace('-', ''));
    expect(await actions('anna@example.org')).toEqual(['staff.second-factor-set-up']);
  });

  it('asks an enrolled member for a code each sign-in: taken once, so a code seen over a shoulder is spent; the next step’s code works', async () => {
    const { password, secret } = await enrolled('bo@example.org');
    later(60_000);
    const second = (await sessions().signIn('bo@example.org', password))!;
    expect(second.step).toEqual({ next: 'second-factor' });
    const code = totpCode(secret, totpStep(clock));
    const done = await sessions().secondFactor(second.token, code);
    expect(done && done !== 'wrong' ? done.recoveryCodes : 'refused').toBeNull();
    // The same code again, in another sign-in within its 30 seconds: refused.
    const third = (await sessions().signIn('bo@example.org', password))!;
    expect(await sessions().secondFactor(third.token, code)).toBe('wrong');
    // An older step's code is refused too; the next step's is taken.
    expect(await sessions().secondFactor(third.token, totpCode(secret, totpStep(clock) - 1))).toBe('wrong');
    later(30_000);
    const next = await sessions().secondFactor(third.token, totpCode(secret, totpStep(clock)));
    expect(next && next !== 'wrong' ? next.member.email : next).toBe('bo@example.org');
    expect(await actions('bo@example.org')).toEqual(['staff.second-factor-set-up', 'staff.sign-in', 'staff.sign-in']);
  });

  it('lets one of two sign-ins racing with the same code through, never both', async () => {
    const { password, secret } = await enrolled('race@example.org');
    later(60_000);
    const tries = await Promise.all(Array.from({ length: 8 }, () => sessions().signIn('race@example.org', password)));
    const code = totpCode(secret, totpStep(clock));
    const answers = await Promise.all(tries.map((attempt) => sessions().secondFactor(attempt!.token, code)));
    expect(answers.filter((answer) => answer && answer !== 'wrong')).toHaveLength(1);
    expect(answers.filter((answer) => answer === 'wrong')).toHaveLength(7);
  });

  it('takes each recovery code once, and ends a sign-in after a few wrong codes', async () => {
    const { password, recoveryCodes } = await enrolled('lost.phone@example.org');
    const attempt = (await sessions().signIn('lost.phone@example.org', password))!;
    const typed = recoveryCodes[3]!.toLowerCase().replace('-', ' ');
    const done = await sessions().secondFactor(attempt.token, typed);
    expect(done && done !== 'wrong' ? done.member.email : done).toBe('lost.phone@example.org');
    const again = (await sessions().signIn('lost.phone@example.org', password))!;
    expect(await sessions().secondFactor(again.token, recoveryCodes[3]!)).toBe('wrong');
    expect(await actions('lost.phone@example.org')).toContain('staff.sign-in-with-recovery-code');

    const guessing = (await sessions().signIn('lost.phone@example.org', password))!;
    for (let wrong = 1; wrong < MAX_SECOND_FACTOR_FAILURES; wrong += 1) expect(await sessions().secondFactor(guessing.token, '000000')).toBe('wrong');
    expect(await sessions().secondFactor(guessing.token, '000000')).toBeNull();
    // Ended: even a right code does not revive it.
    expect(await sessions().secondFactor(guessing.token, recoveryCodes[0]!)).toBeNull();
    expect(await db().select().from(staffSessions).where(eq(staffSessions.tokenHash, createHash('sha256').update(guessing.token).digest('hex')))).toEqual([]);
  });

  it('signs a member out after half an hour without a call and after twelve hours in any case, on sign-out, and on a reset of the second factor', async () => {
    const { password, secret, token } = await enrolled('idle@example.org');
    later(STAFF_IDLE_MS - 60_000);
    expect(await sessions().memberOf(token)).not.toBeNull();
    later(STAFF_IDLE_MS - 60_000);
    expect(await sessions().memberOf(token)).not.toBeNull();
    later(STAFF_IDLE_MS + 1_000);
    expect(await sessions().memberOf(token)).toBeNull();

    later(60_000);
    const busy = await sessions().secondFactor((await sessions().signIn('idle@example.org', password))!.token, totpCode(secret, totpStep(clock)));
    if (!busy || busy === 'wrong') throw new Error(String(busy));
    for (let elapsed = 0; elapsed < STAFF_SESSION_MS - 20 * 60_000; elapsed += 20 * 60_000) {
      later(20 * 60_000);
      expect(await sessions().memberOf(busy.token), `after ${elapsed / 60_000} min`).not.toBeNull();
    }
    later(20 * 60_000);
    expect(await sessions().memberOf(busy.token)).toBeNull();

    later(60_000);
    const out = await sessions().secondFactor((await sessions().signIn('idle@example.org', password))!.token, totpCode(secret, totpStep(clock)));
    if (!out || out === 'wrong') throw new Error(String(out));
    await sessions().signOut(out.token);
    expect(await sessions().memberOf(out.token)).toBeNull();

    later(60_000);
    const reset = await sessions().secondFactor((await sessions().signIn('idle@example.org', password))!.token, totpCode(secret, totpStep(clock)));
    if (!reset || reset === 'wrong') throw new Error(String(reset));
    await accounts().resetSecondFactor(COMMAND_LINE, { email: 'idle@example.org' });
    expect(await sessions().memberOf(reset.token)).toBeNull();
    // After an admin's reset the password alone sets up no new second factor (decision 0062): the e-mailed link does.
    await expect(sessions().signIn('idle@example.org', password)).rejects.toThrow(english(staffLinkMessages.useTheLink));
  });
});
