import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/databases';
import { staffAudit, staffMembers } from '../../db/schema';
import { verifyPassword } from '../accounts/passwords';
import { runStaffCommand } from './staff-command';
import { updateMember } from './staff.queries';

describe.each(testEngines())('staff accounts on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });
  const db = () => database.db;

  async function command(argv: string[]) {
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await runStaffCommand(argv, { db: db(), print: (line) => lines.push(line), printError: (line) => errors.push(line) });
    return { code, lines, errors };
  }
  const members = () => db().select().from(staffMembers);
  const audit = () => db().select().from(staffAudit).orderBy(staffAudit.id);

  it('adds a member with a role and a generated password shown once, stored as argon2id; the address is taken once, in any case', async () => {
    const added = await command(['add', ' Anna.Admin@Example.org ', '--role', 'admin', '--name', 'Anna de Vries']);
    expect(added.code, added.errors.join('\n')).toBe(0);
    const password = /^Password[^:]*: (\S+)$/m.exec(added.lines.join('\n'))![1]!;
    expect(password).toHaveLength(16);
    const [anna] = await db().select().from(staffMembers).where(eq(staffMembers.email, 'anna.admin@example.org'));
    expect(anna).toMatchObject({ name: 'Anna de Vries', role: 'admin', totpSecret: null, disabledAt: null });
    expect(anna!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(anna!.passwordHash, password)).toBe(true);
    expect(added.lines.join('\n')).toContain('second factor');

    const again = await command(['add', 'ANNA.ADMIN@example.org', '--role', 'gate']);
    expect([again.code, again.errors]).toEqual([1, ['There is already a member with the address anna.admin@example.org.']]);
    const gate = await command(['add', 'gert@example.org', '--role', 'gate']);
    expect(gate.code).toBe(0);
    expect(gate.lines.join('\n')).not.toContain('second factor');

    const listed = await command(['list']);
    expect(listed.lines).toEqual([expect.stringMatching(/^\d+\tanna\.admin@example\.org\tAnna de Vries\tadmin\tsecond factor not set up\tactive$/), expect.stringMatching(/^\d+\tgert@example\.org\tgert\tgate\tsecond factor not needed\tactive$/)]);
  });

  it('refuses a wrong role, address or name and bad arguments without adding anyone', async () => {
    const before = (await members()).length;
    const cases: [string[], number][] = [
      [['add', 'x@example.org'], 1],
      [['add', 'x@example.org', '--role', 'owner'], 1],
      [['add', 'x@example.org', '--role', 'Admin'], 1],
      [['add', 'not-an-address', '--role', 'admin'], 1],
      [['add', 'x@example.org', '--role', 'admin', '--name', ' '], 1],
      [['add', 'x@example.org', '--role', 'admin', '--name', 'x'.repeat(101)], 1],
      [['add', 'x@example.org', '--role'], 2],
      [['add', 'x@example.org', '--role', 'admin', '--role', 'gate'], 2],
      [['add', 'x@example.org', 'y@example.org', '--role', 'admin'], 2],
      [['add', 'x@example.org', '--rank', 'admin'], 2],
      [['list', 'extra'], 2],
      [['audit', '--limit', '0'], 2],
      [['audit', '--limit', 'many'], 2],
      [[], 2],
      [['promote', 'x@example.org'], 2],
    ];
    for (const [argv, code] of cases) {
      const run = await command(argv);
      expect(run.code, argv.join(' ')).toBe(code);
      expect(run.errors.length, argv.join(' ')).toBeGreaterThan(0);
    }
    expect((await members()).length).toBe(before);
    // The database refuses a role the shop does not know, whoever writes it.
    await expect(db().execute(sql`INSERT INTO staff_members (email, name, role, password_hash) VALUES ('y@example.org', 'Y', 'owner', 'x')`)).rejects.toThrow();
    await expect(db().execute(sql`INSERT INTO staff_members (email, name, role, password_hash) VALUES ('Y@example.org', 'Y', 'gate', 'x')`)).rejects.toThrow();
  });

  it('disables a member and resets a lost second factor, and records who did what, before and after, without secrets', async () => {
    expect((await command(['add', 'cas@example.org', '--role', 'customer_service'])).code).toBe(0);
    const [cas] = await db().select().from(staffMembers).where(eq(staffMembers.email, 'cas@example.org'));
    await updateMember(db(), cas!.id, { totpSecret: 'v1.sealed.secret', totpEnabledAt: new Date(), totpLastStep: 123, recoveryCodes: ['hash'] });

    const reset = await command(['reset-second-factor', 'CAS@example.org']);
    expect(reset.code, reset.errors.join('\n')).toBe(0);
    expect((await db().select().from(staffMembers).where(eq(staffMembers.id, cas!.id)))[0]).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: [] });
    const disabled = await command(['disable', 'cas@example.org']);
    expect(disabled.code).toBe(0);
    expect((await db().select().from(staffMembers).where(eq(staffMembers.id, cas!.id)))[0]!.disabledAt).toBeInstanceOf(Date);
    expect((await command(['list'])).lines.find((line) => line.includes('cas@example.org'))).toMatch(/\tdisabled \d{4}-/);
    expect((await command(['disable', 'nobody@example.org'])).code).toBe(1);

    const entries = (await audit()).filter((entry) => entry.target === `staff:${cas!.id}`);
    expect(entries.map((entry) => [entry.actor, entry.action, entry.staffId])).toEqual([
      ['command line', 'staff.add', null],
      ['command line', 'staff.reset-second-factor', null],
      ['command line', 'staff.disable', null],
    ]);
    expect(entries[1]).toMatchObject({ before: { secondFactor: 'set up' }, after: { secondFactor: 'not set up' } });
    expect(entries[2]).toMatchObject({ before: { disabledAt: null }, after: { disabledAt: expect.any(String) } });
    const everything = JSON.stringify(await audit());
    expect(everything).not.toMatch(/argon2|password|v1\.sealed|totp/i);

    const shown = await command(['audit', '--limit', '2']);
    expect(shown.lines).toHaveLength(2);
    expect(shown.lines[0]).toContain('staff.disable');
  });

  it('keeps the audit log as written: the database refuses to change, delete or empty it', async () => {
    const before = await audit();
    expect(before.length).toBeGreaterThan(0);
    /** The database's own refusal (Drizzle wraps the driver's error as its cause). */
    const refusal = async (attempt: Promise<unknown>) => {
      const error = await attempt.then(
        () => null,
        (thrown: unknown) => thrown as Error & { cause?: Error },
      );
      return `${error?.message} ${error?.cause?.message}`;
    };
    for (const statement of [sql`UPDATE staff_audit SET action = 'nothing happened'`, sql`DELETE FROM staff_audit`, sql`TRUNCATE staff_audit`]) {
      expect(await refusal(db().execute(statement))).toMatch(/staff_audit is append-only/);
    }
    expect(await refusal(db().update(staffAudit).set({ actor: 'someone else' }).where(eq(staffAudit.id, before[0]!.id)))).toMatch(/staff_audit is append-only: UPDATE refused/);
    expect(await audit()).toEqual(before);
  });
});
