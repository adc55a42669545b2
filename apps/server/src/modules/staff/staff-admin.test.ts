import { english, STAFF_AUDIT_PAGE, staffAdminMessages, staffApi, staffMessages } from '@festival/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit, staffMembers, staffSessions } from '../../db/schema';
import { STAFF_IDLE_MS } from './staff-sessions';
import { testEngines } from '../../../test/databases';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { timeLimit } from '../../../test/time-limits';

/**
 * The admins' staff page over HTTP (issue 22 point 1): members added, disabled, reset and given
 * another role from the back office, each with its audit entry naming the admin; the shop is never
 * left without an admin who can sign in, even when two admins disable each other at once.
 */
describe.each(testEngines())('the back office’s staff calls on %s', (engine) => {
  let shop: TestShop;
  const clock = new Date();
  let admin: { cookie: string; id: number };
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { appSecret: 'staff-admin-test-secret-of-32-characters!', now: () => clock } });
    admin = await signedInStaff(shop.app, shop.database.db, { email: 'anna@example.org', role: 'admin', name: 'Anna' }, clock);
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });
  const db = () => shop.database.db;
  const call = (path: Parameters<typeof staffCall>[1], payload: unknown, cookie = admin.cookie) => staffCall(shop.app, path, payload, cookie);
  const auditOf = async (target: string) => (await db().select().from(staffAudit).where(eq(staffAudit.target, target))).map((entry) => ({ actor: entry.actor, action: entry.action, before: entry.before, after: entry.after }));

  it('invites a member by e-mail with a one-time link, never a password, refuses a taken address, and records the admin who did it', async () => {
    const added = await call('staff-add-member', { email: ' Bram@Example.org ', name: 'Bram', role: 'box_office' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const body = staffApi['staff-add-member'].answer.parse(added.body);
    expect(body.member).toMatchObject({ email: 'bram@example.org', name: 'Bram', role: 'box_office', second_factor: false, disabled: false, invited: true });
    expect(body).not.toHaveProperty('password');
    expect(await auditOf(`staff:${body.member.id}`)).toEqual([{ actor: 'anna@example.org', action: 'staff.invite', before: null, after: expect.objectContaining({ email: 'bram@example.org', role: 'box_office' }) }]);

    const taken = await call('staff-add-member', { email: 'BRAM@example.org', name: 'Other', role: 'gate' });
    expect([taken.status, taken.body.errors]).toEqual([409, { email: [english(staffAdminMessages.emailTaken)] }]);
    const listed = staffApi['staff-members'].answer.parse((await call('staff-members', {})).body);
    expect(listed.members.map((member) => member.email)).toEqual(['anna@example.org', 'bram@example.org']);
    expect(JSON.stringify(listed)).not.toMatch(/password|totp|recovery/i);
  });

  it('disables a member, who is signed out at once, and gives another role, which ends their sessions too', async () => {
    const cas = await signedInStaff(shop.app, db(), { email: 'cas@example.org', role: 'customer_service' }, clock);
    const promoted = await call('staff-change-member', { id: cas.id, action: 'set-role', role: 'box_office' });
    expect([promoted.status, promoted.body.member?.role]).toEqual([200, 'box_office']);
    expect((await call('staff-me', {}, cas.cookie)).status).toBe(401);
    const again = await signedInStaff(shop.app, db(), { email: 'cas2@example.org', role: 'gate' }, clock);
    const disabled = await call('staff-change-member', { id: again.id, action: 'disable' });
    expect([disabled.status, disabled.body.member?.disabled]).toEqual([200, true]);
    expect((await call('staff-me', {}, again.cookie)).body.message).toBe(english(staffMessages.notSignedIn));
    // Disabling twice changes nothing and writes nothing more.
    expect((await call('staff-change-member', { id: again.id, action: 'disable' })).status).toBe(200);
    expect((await auditOf(`staff:${again.id}`)).map((entry) => entry.action)).toEqual(['staff.add', 'staff.sign-in', 'staff.disable']);
    expect(await auditOf(`staff:${cas.id}`)).toContainEqual({ actor: 'anna@example.org', action: 'staff.set-role', before: expect.objectContaining({ role: 'customer_service' }), after: expect.objectContaining({ role: 'box_office' }) });
    const reset = await call('staff-change-member', { id: cas.id, action: 'reset-second-factor' });
    expect([reset.body.member.second_factor, reset.body.member.second_factor_by_link]).toEqual([false, true]);
    expect((await call('staff-change-member', { id: 2_000_000_000, action: 'disable' })).body.message).toBe(english(staffAdminMessages.memberNotFound));
  });

  it('trusts a session a few seconds without the database, and forgets it at once when the member is changed here', async () => {
    const dana = await signedInStaff(shop.app, db(), { email: 'dana@example.org', role: 'customer_service' }, clock);
    expect((await call('staff-me', {}, dana.cookie)).status).toBe(200);
    // Ended behind this instance's back (another instance, the command line): trusted until the cache's few seconds pass.
    await db().delete(staffSessions).where(eq(staffSessions.staffId, dana.id));
    expect((await call('staff-me', {}, dana.cookie)).status).toBe(200);
    // A change made here ends it at the next call.
    expect((await call('staff-change-member', { id: dana.id, action: 'set-role', role: 'box_office' })).status).toBe(200);
    expect((await call('staff-me', {}, dana.cookie)).status).toBe(401);
    // Its own twelve hours and idle time hold on a trusted session too.
    const eli = await signedInStaff(shop.app, db(), { email: 'eli@example.org', role: 'customer_service' }, clock);
    expect((await call('staff-me', {}, eli.cookie)).status).toBe(200);
    const then = clock.getTime();
    clock.setTime(then + STAFF_IDLE_MS + 1_000);
    try {
      expect((await call('staff-me', {}, eli.cookie)).status).toBe(401);
    } finally {
      clock.setTime(then);
    }
  });

  it('keeps an admin: no admin disables or demotes themselves, and the last admin stays', async () => {
    for (const change of [{ action: 'disable' }, { action: 'set-role', role: 'gate' }]) {
      const refused = await call('staff-change-member', { id: admin.id, ...change });
      expect([refused.status, refused.body.message]).toEqual([409, english(staffAdminMessages.notYourself)]);
    }
    const [row] = await db().select().from(staffMembers).where(eq(staffMembers.id, admin.id));
    expect([row!.role, row!.disabledAt]).toEqual(['admin', null]);
  });

  it('lets only one of two admins disabling each other at the same moment through', async () => {
    const one = await signedInStaff(shop.app, db(), { email: 'one.admin@example.org', role: 'admin' }, clock);
    const two = await signedInStaff(shop.app, db(), { email: 'two.admin@example.org', role: 'admin' }, clock);
    // Anna steps back first, so one and two are the only admins left.
    const anna = await call('staff-change-member', { id: admin.id, action: 'set-role', role: 'customer_service' }, one.cookie);
    expect(anna.status).toBe(200);
    // On PostgreSQL another session holds both admins' rows while the two calls start, so both are
    // inside their transactions when it lets go: they truly race. (PGlite has one connection.)
    const holder = shop.database.url ? new pg.Client({ connectionString: shop.database.url }) : null;
    if (holder) {
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM staff_members WHERE id IN ($1, $2) FOR UPDATE', [one.id, two.id]);
    }
    const racing = Promise.all([call('staff-change-member', { id: two.id, action: 'disable' }, one.cookie), call('staff-change-member', { id: one.id, action: 'disable' }, two.cookie)]);
    if (holder) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.query('COMMIT');
      await holder.end();
    }
    const answers = await racing;
    const statuses = answers.map((answer) => answer.status).sort();
    // Both may be refused only when the second finds its caller already signed out (401); never both through.
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The other is refused with the shop's text (the last admin) or finds its caller signed out; never a deadlock's 500.
    expect(answers.find((answer) => answer.status !== 200)!.body.message).toMatch(new RegExp(`^(${english(staffAdminMessages.lastAdmin)}|${english(staffMessages.notSignedIn)})$`));
    const admins = await db().select().from(staffMembers).where(eq(staffMembers.role, 'admin'));
    expect(admins.filter((member) => member.disabledAt === null)).toHaveLength(1);
    const left = answers.findIndex((answer) => answer.status === 200) === 0 ? one : two;
    const gone = left === one ? two : one;
    // The last admin is kept from demoting the other admin's account back to nothing: it is disabled already, and they cannot leave themselves.
    expect((await call('staff-change-member', { id: left.id, action: 'set-role', role: 'gate' }, left.cookie)).body.message).toBe(english(staffAdminMessages.notYourself));
    expect((await call('staff-change-member', { id: admin.id, action: 'set-role', role: 'admin' }, left.cookie)).status).toBe(200);
    expect(gone.id).not.toBe(left.id);
  });

  it('shows the audit log newest first, a page at a time and for one target, and nothing changes it', async () => {
    const first = staffApi['staff-audit'].answer.parse((await call('staff-audit', {}, (await signedInStaff(shop.app, db(), { email: 'auditor@example.org', role: 'admin' }, clock)).cookie)).body);
    expect(first.entries.length).toBeGreaterThan(5);
    expect(first.entries.map((entry) => entry.id)).toEqual([...first.entries.map((entry) => entry.id)].sort((a, b) => b - a));
    // The newest: the auditor's own sign-in, after the command line added them.
    expect(first.entries[0]).toMatchObject({ actor: 'auditor@example.org', action: expect.stringMatching(/^staff\.(sign-in|second-factor-set-up)$/) });
    expect(first.entries.find((entry) => entry.action === 'staff.add')).toMatchObject({ actor: 'command line', target: expect.stringMatching(/^staff:\d+$/) });
    const target = `staff:${admin.id}`;
    const about = staffApi['staff-audit'].answer.parse((await call('staff-audit', { target }, (await signedInStaff(shop.app, db(), { email: 'auditor2@example.org', role: 'admin' }, clock)).cookie)).body);
    expect(about.entries.every((entry) => entry.target === target)).toBe(true);
    expect(about.entries.map((entry) => entry.action)).toContain('staff.set-role');
    // Paging: more entries than a page, each seen once.
    const auditor = await signedInStaff(shop.app, db(), { email: 'auditor3@example.org', role: 'admin' }, clock);
    // A gate member's reset writes an entry and sends no mail (no second factor to set up again), so a page fills quickly.
    const padding = await signedInStaff(shop.app, db(), { email: 'padding.gate@example.org', role: 'gate' }, clock);
    for (let index = 0; index < STAFF_AUDIT_PAGE; index += 1) await call('staff-change-member', { id: padding.id, action: 'reset-second-factor' }, auditor.cookie);
    const seen: number[] = [];
    let before: number | null | undefined;
    do {
      const page = staffApi['staff-audit'].answer.parse((await call('staff-audit', before ? { before_id: before } : {}, auditor.cookie)).body);
      expect(page.entries.length).toBeLessThanOrEqual(STAFF_AUDIT_PAGE);
      seen.push(...page.entries.map((entry) => entry.id));
      before = page.next_before_id;
    } while (before);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await db().select().from(staffAudit)).length);
  });
});
