import { english, staffAdminMessages, staffApi, staffLinkMessages, staffMessages } from '@festival/contract';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, staffAudit, staffLinks, staffMembers } from '../../db/schema';
import { testEngines } from '../../../test/databases';
import { staffCall } from '../../../test/staff-call';
import { cookieOf, signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { base32Decode, totpCode, totpStep } from './totp';
import { timeLimit } from '../../../test/time-limits';

/**
 * Staff come and go (issue 34 point 4, decision 0062): invitations, new passwords and new second
 * factors by one-time links e-mailed to the member, never a password shown or mailed; a disabled
 * member enabled again; each member's own password; the gate's scanners from the back office.
 */
describe.each(testEngines())('staff links, passwords and scanners on %s', (engine) => {
  let shop: TestShop;
  const clock = new Date();
  let admin: { cookie: string; id: number };
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { appSecret: 'staff-links-test-secret-of-32-characters!', now: () => clock } });
    admin = await signedInStaff(shop.app, shop.database.db, { email: 'anna@example.org', role: 'admin', name: 'Anna' }, clock);
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });
  const db = () => shop.database.db;
  const call = (path: string, payload: unknown, cookie: string | null = admin.cookie) => staffCall(shop.app, path, payload, cookie);
  const lastMail = async (to: string) => (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id)).limit(1))[0]!;
  const tokenOf = (text: string) => /\/staff\/link#([A-Za-z0-9_-]{20,})/.exec(text)?.[1];
  const actions = async (id: number) => (await db().select().from(staffAudit).where(eq(staffAudit.target, `staff:${id}`))).map((entry) => entry.action);
  /** A half-done sign-in's set-up finished with the app's code: the signed-in cookie. */
  const setUp = async (answer: { body: any; headers: any }) => {
    expect(answer.body.next, JSON.stringify(answer.body)).toBe('set-up');
    const done = await call('staff-second-factor', { code: totpCode(base32Decode(answer.body.secret)!, totpStep(clock)) }, cookieOf(answer.headers['set-cookie']));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return cookieOf(done.headers['set-cookie']);
  };
  const later = (ms: number) => clock.setTime(clock.getTime() + ms);

  it('invites a member with a one-time link: they choose their password and set up a second factor; the link works once', async () => {
    const invited = staffApi['staff-add-member'].answer.parse((await call('staff-add-member', { email: 'bram@example.org', name: 'Bram', role: 'box_office' })).body);
    expect(invited.message).toBe(english(staffAdminMessages.invited('bram@example.org')));
    const mail = await lastMail('bram@example.org');
    expect(mail.subject).toContain('invitation');
    expect(mail.holdsSecret).toBe(true);
    const token = tokenOf(mail.textBody)!;
    expect(mail.textBody).toContain(`${shop.config.publicBaseUrl}/staff/link#${token}`);
    // Only the token's hash is stored.
    expect(JSON.stringify(await db().select().from(staffLinks))).not.toContain(token);
    // Nobody can sign in before the link is used: there is no password to know.
    expect((await call('staff-link', { token }, null)).body).toMatchObject({ purpose: 'invitation', email: 'bram@example.org', name: 'Bram' });
    const short = await call('staff-use-link', { token, password: 'short' }, null);
    expect([short.status, short.body.errors]).toEqual([422, { password: [english(staffLinkMessages.passwordTooShort)] }]);
    const used = await call('staff-use-link', { token, password: 'bram’s own long password' }, null);
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const cookie = await setUp(used);
    expect((await call('staff-me', {}, cookie)).body.member.email).toBe('bram@example.org');
    const again = await call('staff-use-link', { token, password: 'another long password' }, null);
    expect([again.status, again.body.message]).toEqual([400, english(staffLinkMessages.linkNotWorking)]);
    expect((await call('staff-link', { token }, null)).body.message).toBe(english(staffLinkMessages.linkNotWorking));
    expect((await call('staff-sign-in', { email: 'bram@example.org', password: 'bram’s own long password' }, null)).body).toEqual({ next: 'second-factor' });
    expect(await actions(invited.member.id)).toEqual(['staff.invite', 'staff.invitation-accepted', 'staff.second-factor-set-up']);
    const listed = staffApi['staff-members'].answer.parse((await call('staff-members', {})).body);
    expect(listed.members.find((member) => member.email === 'bram@example.org')).toMatchObject({ invited: false, second_factor: true });
  });

  it('sends a new-password link for another member only: the old password works until it is used, then every session ends and the member is told', async () => {
    const cas = await signedInStaff(shop.app, db(), { email: 'cas@example.org', role: 'customer_service', name: 'Cas' }, clock);
    const sent = await call('staff-change-member', { id: cas.id, action: 'send-password-link' });
    expect([sent.status, sent.body.message]).toEqual([200, english(staffAdminMessages.passwordLinkSent('Cas'))]);
    const mail = await lastMail('cas@example.org');
    expect(mail.textBody).not.toContain(cas.password);
    const token = tokenOf(mail.textBody)!;
    expect((await call('staff-sign-in', { email: 'cas@example.org', password: cas.password }, null)).status).toBe(200);
    const used = await call('staff-use-link', { token, password: 'a brand new password' }, null);
    expect(used.body).toEqual({ next: 'second-factor' });
    expect((await call('staff-me', {}, cas.cookie)).status).toBe(401);
    expect((await call('staff-sign-in', { email: 'cas@example.org', password: cas.password }, null)).status).toBe(401);
    expect((await lastMail('cas@example.org')).subject).toContain('password');
    expect((await lastMail('cas@example.org')).textBody).toContain('was just changed');
    expect(await actions(cas.id)).toEqual(expect.arrayContaining(['staff.send-password-link', 'staff.password-reset']));
    // An admin does not send themselves a link (their own password is changed with the current one).
    const self = await call('staff-change-member', { id: admin.id, action: 'send-password-link' });
    expect([self.status, self.body.message]).toEqual([409, english(staffAdminMessages.notYourself)]);
    // Another role may not.
    const other = await signedInStaff(shop.app, db(), { email: 'cs2@example.org', role: 'customer_service' }, clock);
    expect((await call('staff-change-member', { id: cas.id, action: 'send-password-link' }, other.cookie)).status).toBe(403);
  });

  it('after a second-factor reset, only the e-mailed link with the password sets up a new one; a wrong password keeps the link', async () => {
    const dana = await signedInStaff(shop.app, db(), { email: 'dana@example.org', role: 'box_office', name: 'Dana' }, clock);
    const reset = await call('staff-change-member', { id: dana.id, action: 'reset-second-factor' });
    expect([reset.status, reset.body.member.second_factor_by_link]).toEqual([200, true]);
    // The password alone (a thief may have it) sets up nothing.
    const byPassword = await call('staff-sign-in', { email: 'dana@example.org', password: dana.password }, null);
    expect([byPassword.status, byPassword.body.message]).toEqual([403, english(staffLinkMessages.useTheLink)]);
    expect(byPassword.headers['set-cookie']).toBeUndefined();
    const token = tokenOf((await lastMail('dana@example.org')).textBody)!;
    expect((await call('staff-link', { token }, null)).body.purpose).toBe('second-factor');
    const wrong = await call('staff-use-link', { token, password: 'not dana’s password' }, null);
    expect([wrong.status, wrong.body.errors]).toEqual([422, { password: [english(staffLinkMessages.wrongPassword)] }]);
    const cookie = await setUp(await call('staff-use-link', { token, password: dana.password }, null));
    expect((await call('staff-me', {}, cookie)).status).toBe(200);
    const [row] = await db().select().from(staffMembers).where(eq(staffMembers.id, dana.id));
    expect([row!.secondFactorByLink, row!.totpEnabledAt]).toEqual([false, expect.any(Date)]);
    expect((await call('staff-use-link', { token, password: dana.password }, null)).body.message).toBe(english(staffLinkMessages.linkNotWorking));
    expect(await actions(dana.id)).toEqual(expect.arrayContaining(['staff.reset-second-factor', 'staff.second-factor-link-used', 'staff.second-factor-set-up']));
  });

  it('brings a disabled member back, points an invitation of their address to that, and voids their links', async () => {
    const eli = await signedInStaff(shop.app, db(), { email: 'eli@example.org', role: 'gate', name: 'Eli' }, clock);
    await call('staff-change-member', { id: eli.id, action: 'send-password-link' });
    const token = tokenOf((await lastMail('eli@example.org')).textBody)!;
    expect((await call('staff-change-member', { id: eli.id, action: 'disable' })).status).toBe(200);
    expect((await call('staff-link', { token }, null)).body.message).toBe(english(staffLinkMessages.linkNotWorking));
    const again = await call('staff-add-member', { email: 'eli@example.org', name: 'Eli', role: 'gate' });
    expect([again.status, again.body.errors]).toEqual([409, { email: [english(staffAdminMessages.emailDisabled)] }]);
    const enabled = await call('staff-change-member', { id: eli.id, action: 'enable' });
    expect([enabled.status, enabled.body.member.disabled, enabled.body.message]).toEqual([200, false, english(staffAdminMessages.enabled('Eli'))]);
    expect((await call('staff-sign-in', { email: 'eli@example.org', password: eli.password }, null)).body.next).toBe('signed-in');
    expect(await actions(eli.id)).toEqual(expect.arrayContaining(['staff.disable', 'staff.enable']));
  });

  it('lets each member change their own password with the current one: other sessions end, this one stays, they are told', async () => {
    const fay = await signedInStaff(shop.app, db(), { email: 'fay@example.org', role: 'gate', name: 'Fay' }, clock);
    const elsewhere = cookieOf((await call('staff-sign-in', { email: 'fay@example.org', password: fay.password }, null)).headers['set-cookie']);
    const wrong = await call('staff-change-password', { current_password: 'not it', new_password: 'fay’s new long password' }, fay.cookie);
    expect([wrong.status, wrong.body.errors]).toEqual([422, { current_password: [english(staffLinkMessages.wrongPassword)] }]);
    const changed = await call('staff-change-password', { current_password: fay.password, new_password: 'fay’s new long password' }, fay.cookie);
    expect([changed.status, changed.body.message]).toEqual([200, english(staffLinkMessages.passwordChanged)]);
    expect((await call('staff-me', {}, fay.cookie)).status).toBe(200);
    expect((await call('staff-me', {}, elsewhere)).status).toBe(401);
    expect((await call('staff-sign-in', { email: 'fay@example.org', password: 'fay’s new long password' }, null)).status).toBe(200);
    expect((await lastMail('fay@example.org')).textBody).toContain('was just changed');
    expect(await actions(fay.id)).toContain('staff.password-change');
    expect((await call('staff-change-password', { current_password: 'x', new_password: 'long enough password' }, null)).body.message).toBe(english(staffMessages.notSignedIn));
  });

  it('lets a link through once when it is used twice at the same moment', async () => {
    const gus = staffApi['staff-add-member'].answer.parse((await call('staff-add-member', { email: 'gus@example.org', name: 'Gus', role: 'gate' })).body);
    const token = tokenOf((await lastMail('gus@example.org')).textBody)!;
    // On PostgreSQL another session holds the link's row while both calls start, so both wait at
    // the same conditional update and truly race when it lets go. (PGlite has one connection.)
    const holder = shop.database.url ? new pg.Client({ connectionString: shop.database.url }) : null;
    if (holder) {
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM staff_links WHERE staff_id = $1 FOR UPDATE', [gus.member.id]);
    }
    const racing = Promise.all([call('staff-use-link', { token, password: 'first racing password' }, null), call('staff-use-link', { token, password: 'second racing password' }, null)]);
    if (holder) {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await holder.query('COMMIT');
      await holder.end();
    }
    const answers = await racing;
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const loser = answers.find((answer) => answer.status === 400)!;
    expect(loser.body.message).toBe(english(staffLinkMessages.linkNotWorking));
    expect((await actions(gus.member.id)).filter((action) => action === 'staff.invitation-accepted')).toHaveLength(1);
    // The winner's password is the one that works.
    const winner = answers.indexOf(answers.find((answer) => answer.status === 200)!);
    const password = winner === 0 ? 'first racing password' : 'second racing password';
    expect((await call('staff-sign-in', { email: 'gus@example.org', password }, null)).status).toBe(200);
  });

  it('lets a link expire, and a newer one void the older', async () => {
    const hal = await signedInStaff(shop.app, db(), { email: 'hal@example.org', role: 'gate', name: 'Hal' }, clock);
    await call('staff-change-member', { id: hal.id, action: 'send-password-link' });
    const first = tokenOf((await lastMail('hal@example.org')).textBody)!;
    await call('staff-change-member', { id: hal.id, action: 'send-password-link' });
    const second = tokenOf((await lastMail('hal@example.org')).textBody)!;
    expect((await call('staff-link', { token: first }, null)).body.message).toBe(english(staffLinkMessages.linkNotWorking));
    const then = clock.getTime();
    later(24 * 60 * 60_000 + 1_000);
    try {
      expect((await call('staff-use-link', { token: second, password: 'too late a password' }, null)).body.message).toBe(english(staffLinkMessages.linkNotWorking));
    } finally {
      clock.setTime(then);
    }
  });

  it('manages the gate’s scanners: added with the code shown once, listed with the last sync, revoked at once, all audited', async () => {
    const added = staffApi['scanner-add'].answer.parse((await call('scanner-add', { name: 'North gate phone' })).body);
    expect(added.scanner).toMatchObject({ name: 'North gate phone', revoked_at: null, last_sync_at: null });
    const login = await call('scanner-login', { code: added.code }, null);
    expect(login.status).toBe(200);
    const device = cookieOf(login.headers['set-cookie']);
    const lists = await call('checkin-lists', {}, device);
    await call('sync', { list: lists.body.lists[0]?.code ?? 'NO-LIST' }, device);
    const listed = staffApi.scanners.answer.parse((await call('scanners', {})).body);
    expect(listed.scanners.find((row) => row.id === added.scanner.id)!.last_sync_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(added.code);
    const revoked = await call('scanner-revoke', { id: added.scanner.id });
    expect([revoked.status, revoked.body.scanner.revoked_at]).toEqual([200, expect.any(String)]);
    expect((await call('checkin-lists', {}, device)).status).toBe(401);
    expect((await call('scanner-revoke', { id: added.scanner.id })).status).toBe(404);
    const entries = (await db().select().from(staffAudit).where(eq(staffAudit.target, `scanner:${added.scanner.id}`))).map((entry) => [entry.actor, entry.action]);
    expect(entries).toEqual([
      ['anna@example.org', 'scanner.add'],
      ['anna@example.org', 'scanner.revoke'],
    ]);
  });
});
