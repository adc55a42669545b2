import { eq, sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/databases';
import { executeRows } from './raw-rows';
import { reusableInsert, reusableInsertRows, reusableQuery, reusableRows, reusableUpdateById } from './reusable-statement';
import { customers, emailOutbox, orders } from './schema';
import { timeLimit } from '../../test/time-limits';

/**
 * Decision 0086: a reusable statement answers what its query builder answers, with the values of
 * each call, on the database and inside transactions, and is built once per connection.
 */
describe.each(testEngines())('reusable statements on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db.insert(customers).values([
      { email: 'ada@example.org', fullName: 'Ada', passwordHash: 'x', address: { City: 'Utrecht' } },
      { email: 'bob@example.org', fullName: 'Bob', passwordHash: 'x' },
    ]);
  }, timeLimit(60_000));
  afterAll(async () => {
    await database?.destroy();
  });

  it('answers the builder’s rows with each call’s values, on the database and in transactions, built once per connection', async () => {
    let builds = 0;
    const byEmail = reusableQuery<(typeof customers.$inferSelect)[], { email: string }>((db) => {
      builds += 1;
      return db.select().from(customers).where(eq(customers.email, sql.placeholder('email'))).for('update');
    });
    const { db } = database;
    const direct = await db.select().from(customers).where(eq(customers.email, 'ada@example.org'));
    expect(await byEmail(db, { email: 'ada@example.org' })).toEqual(direct);
    // Mapped as Drizzle maps them: a jsonb value as an object, a timestamp as a Date.
    expect(direct[0]!.address).toEqual({ City: 'Utrecht' });
    expect((await byEmail(db, { email: 'bob@example.org' }))[0]!.fullName).toBe('Bob');
    expect(await byEmail(db, { email: 'nobody@example.org' })).toEqual([]);
    const once = builds;
    expect(once).toBe(1);
    // Many calls at once on the database: still built once (one pool, one connection object to Drizzle).
    await Promise.all(Array.from({ length: 20 }, () => byEmail(db, { email: 'ada@example.org' })));
    expect(builds).toBe(once);

    // In transactions, rolled back or committed, on whichever connection each gets.
    const inside = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        db.transaction(async (tx) => {
          const [row] = await byEmail(tx, { email: index % 2 ? 'bob@example.org' : 'ada@example.org' });
          return row!.fullName;
        }),
      ),
    );
    expect(inside).toEqual(['Ada', 'Bob', 'Ada', 'Bob']);
    // A pool's transaction connections are reused: a statement is not built again for each transaction.
    if (engine === 'postgres') {
      const afterFirst = builds;
      for (let index = 0; index < 10; index += 1) await db.transaction((tx) => byEmail(tx, { email: 'ada@example.org' }));
      expect(builds - afterFirst).toBeLessThanOrEqual(1);
    }
  });

  it('runs a raw statement with a placeholder used twice, and an update, with each call’s values', async () => {
    const rename = reusableQuery<unknown, { email: string; name: string }>((db) =>
      db.update(customers).set({ fullName: sql`${sql.placeholder('name')}` }).where(eq(customers.email, sql.placeholder('email'))),
    );
    const pair = reusableRows<{ same: boolean; name: string }, { email: string }>(
      sql`SELECT ${sql.placeholder('email')}::text = email AS same, full_name AS name FROM ${customers} WHERE email = ${sql.placeholder('email')}`,
    );
    // Run on the transaction's own connection: it sees its uncommitted change, the others do not.
    await pair(database.db, { email: 'bob@example.org' });
    await database.db.transaction(async (tx) => {
      await rename(tx, { email: 'bob@example.org', name: 'Robert' });
      expect((await pair(tx, { email: 'bob@example.org' }))[0]!.name).toBe('Robert');
      if (engine === 'postgres') expect((await pair(database.db, { email: 'bob@example.org' }))[0]!.name).toBe('Bob');
    });
    expect(await pair(database.db, { email: 'bob@example.org' })).toEqual([{ same: true, name: 'Robert' }]);
    // A value that looks like SQL is a value.
    expect(await pair(database.db, { email: "x' OR '1'='1" })).toEqual([]);
    await expect(database.db.transaction(async (tx) => {
      await rename(tx, { email: 'ada@example.org', name: 'Rolled back' });
      throw new Error('undo');
    })).rejects.toThrow('undo');
    expect((await pair(database.db, { email: 'ada@example.org' }))[0]!.name).toBe('Ada');
  });

  it('inserts and updates rows of each shape as Drizzle does: nulls as SQL NULL, JSON, dates, and SQL values built in', async () => {
    const insertCustomer = reusableInsert(customers);
    const insertOrder = reusableInsert(orders, { onConflictDoNothing: { target: orders.code } });
    const updateOrder = reusableUpdateById(orders);
    const { db } = database;
    const [customer] = await insertCustomer(db, { email: 'cy@example.org', fullName: 'Cy', passwordHash: 'x', country: null, address: { City: 'Gent' } });
    expect(customer).toMatchObject({ email: 'cy@example.org', country: null, address: { City: 'Gent' } });
    const acceptedTermsAt = new Date('2027-01-02T03:04:05.678Z');
    const base = { customerId: customer!.id, totalPrice: 1000, paymentMethod: 'credit_card' } as const;
    const [first] = await db.transaction((tx) => insertOrder(tx, { ...base, code: 'REUSE1', paymentPlan: null, billingAddress: { Street: 'Kade 1' }, acceptedTermsAt }));
    const [second] = await insertOrder(db, { ...base, code: 'REUSE2', paymentPlan: [{ amount: 1000, units: 'days', count: 0 }], billingAddress: null, acceptedTermsAt: undefined });
    // The same code again: nothing inserted, nothing answered.
    expect(await insertOrder(db, { ...base, code: 'REUSE1', paymentPlan: null, billingAddress: null, acceptedTermsAt })).toEqual([]);
    expect(first).toMatchObject({ code: 'REUSE1', paymentPlan: null, billingAddress: { Street: 'Kade 1' }, acceptedTermsAt });
    expect(second).toMatchObject({ code: 'REUSE2', paymentPlan: [{ amount: 1000, units: 'days', count: 0 }], billingAddress: null, acceptedTermsAt: null });
    // A null is SQL NULL, not JSON null.
    const nulls = await executeRows<{ code: string; plan_is_null: boolean; address_is_null: boolean }>(
      db,
      sql`SELECT code, payment_plan IS NULL AS plan_is_null, billing_address IS NULL AS address_is_null FROM ${orders} WHERE code IN ('REUSE1', 'REUSE2') ORDER BY code`,
    );
    expect(nulls).toEqual([
      { code: 'REUSE1', plan_is_null: true, address_is_null: false },
      { code: 'REUSE2', plan_is_null: false, address_is_null: true },
    ]);

    const paidAt = new Date('2027-01-03T00:00:00.000Z');
    const [paid] = await db.transaction((tx) => updateOrder(tx, first!.id, { totalPaid: 1000, paymentStatus: 'paid', paidAt, payBy: null }));
    expect(paid).toMatchObject({ id: first!.id, totalPaid: 1000, paymentStatus: 'paid', paidAt, payBy: null });
    expect(paid!.updatedAt.getTime()).toBeGreaterThanOrEqual(first!.updatedAt.getTime());
    // Another row with the same shape, and an SQL value (built as Drizzle builds it).
    const [other] = await updateOrder(db, second!.id, { totalPaid: 500, paymentStatus: 'partial', paidAt, payBy: null });
    expect(other).toMatchObject({ id: second!.id, totalPaid: 500, paymentStatus: 'partial' });
    const [added] = await updateOrder(db, second!.id, { totalPaid: sql`${orders.totalPaid} + 1` as unknown as number });
    expect(added!.totalPaid).toBe(501);
    expect((await db.select().from(orders).where(eq(orders.id, first!.id)))[0]!.totalPaid).toBe(1000);
  });

  it('inserts a few rows of any shapes with fixed SQL columns, skipping conflicts, and more rows as Drizzle does', async () => {
    const insertMails = reusableInsertRows(emailOutbox, { fixed: { nextAttemptAt: sql`now()` }, onConflictDoNothing: { target: emailOutbox.dedupeKey } });
    const mail = (to: string, dedupeKey: string | null) => ({ toAddress: to, subject: `To ${to}`, textBody: 'Text "quoted" \\ back', htmlBody: '<p>Hi</p>', dedupeKey, holdsSecret: false });
    const { db } = database;
    await db.transaction((tx) => insertMails(tx, [mail('a@example.org', 'key-a'), mail('b@example.org', null)]));
    // The same shapes again (one row conflicts), other shapes, and more rows than are reused.
    await insertMails(db, [mail('a2@example.org', 'key-a'), mail('c@example.org', 'key-c')]);
    await insertMails(db, [mail('d@example.org', null)]);
    await insertMails(db, Array.from({ length: 6 }, (_, index) => mail(`many${index}@example.org`, `many-${index}`)));
    await insertMails(db, []);
    const rows = await executeRows<{ to_address: string; dedupe_key: string | null; text_body: string; due: boolean }>(
      db,
      sql`SELECT to_address, dedupe_key, text_body, next_attempt_at <= now() AS due FROM ${emailOutbox} ORDER BY id`,
    );
    expect(rows.map((row) => row.to_address)).toEqual(['a@example.org', 'b@example.org', 'c@example.org', 'd@example.org', ...Array.from({ length: 6 }, (_, index) => `many${index}@example.org`)]);
    expect(rows.map((row) => row.dedupe_key).slice(0, 4)).toEqual(['key-a', null, 'key-c', null]);
    expect(rows.every((row) => row.due && row.text_body === 'Text "quoted" \\ back')).toBe(true);
  });

  it('opens transactions without a relational query builder per table, which Drizzle makes in each one when given the schema (decision 0089)', async () => {
    const builders = (db: object) => Object.keys((db as { query?: object }).query ?? {});
    expect(builders(database.db)).toEqual([]);
    await database.db.transaction(async (tx) => {
      expect(builders(tx)).toEqual([]);
    });
  });

  it('refuses a table whose values Drizzle makes while building, which a reusable statement would repeat', () => {
    const stamped = pgTable('stamped', { id: serial('id').primaryKey(), token: text('token').$defaultFn(() => 'made once'), updatedAt: timestamp('updated_at') });
    expect(() => reusableInsert(stamped)).toThrow(/token/);
    expect(() => reusableInsertRows(stamped)).toThrow(/token/);
    expect(() => reusableUpdateById(stamped)).toThrow(/token/);
  });
});
