import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Statements of the on-sale's hot path built once instead of on every call (decision 0086).
 *
 * Drizzle builds a statement's text from its query builder on every execution: it walks the
 * builder's SQL chunks, checks each one's class (`is()` up the prototype chain) and joins the
 * text and the parameters. A checkout runs about fifteen statements, and this building was a
 * fifth of its CPU. A reusable statement is written with `sql.placeholder('name')` where its values
 * go, built once per connection (a pool's, a transaction's, PGlite's) through Drizzle's own
 * `prepare`, and then only executed with the values of each call: the same text, the same
 * parameters, the same mapping of the rows as the builder would give.
 *
 * What it relies on of Drizzle beyond its typed API: a database or transaction has a `session`
 * whose `client` is the connection (node-postgres pool or client, PGlite or its transaction),
 * and a `dialect` that turns SQL into text (for raw statements). The statement tests run every
 * reusable statement on both engines, so a Drizzle upgrade that changes either shows there.
 */

interface Prepared<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

interface DrizzleInternals {
  session: {
    client: object;
    prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, arrayMode: boolean): Prepared<unknown>;
  };
  dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
}

/** A statement that any number of calls can run: a built query of its own for each connection it runs on. */
type Runner<Result, Values> = (db: Db, values: Values) => Promise<Result>;

/**
 * No name of its own: on PostgreSQL every pooled connection names a statement by its text
 * (db/client.ts), so node-postgres prepares it once per connection, whichever copy of this module
 * (a test worker's) built it.
 */
const UNNAMED = '';

function perConnection<Result, Values extends Record<string, unknown>>(make: (db: Db, name: string) => Prepared<Result>): Runner<Result, Values> {
  const name = UNNAMED;
  const built = new WeakMap<object, Prepared<Result>>();
  return (db, values) => {
    const connection = (db as unknown as DrizzleInternals).session.client;
    let prepared = built.get(connection);
    if (!prepared) built.set(connection, (prepared = make(db, name)));
    return prepared.execute(values);
  };
}

/**
 * A query builder's statement (a select, an insert, an update, a delete) built once per connection:
 * `build` makes it with placeholders for the values, as Drizzle's `prepare` takes it.
 */
export function reusableQuery<Result, Values extends Record<string, unknown>>(build: (db: Db) => { prepare(name: string): Prepared<Result> }): Runner<Result, Values> {
  return perConnection<Result, Values>((db, name) => build(db).prepare(name));
}

/** A raw statement (Drizzle's `sql`, with placeholders for the values) built once per connection; answers its rows as the database sends them. */
export function reusableRows<Row, Values extends Record<string, unknown>>(statement: SQL): Runner<Row[], Values> {
  const run = perConnection<{ rows: Row[] }, Values>((db, name) => {
    const { session, dialect } = db as unknown as DrizzleInternals;
    return session.prepareQuery(dialect.sqlToQuery(statement), undefined, name || undefined, false) as Prepared<{ rows: Row[] }>;
  });
  return async (db, values) => (await run(db, values)).rows;
}

/** Statements of one table per set of columns given: a few shapes per call site, each a statement of its own. */
const SHAPES_PER_TABLE = 32;

/**
 * The columns a row gives, in a fixed order: those with a value (placeholders in the statement)
 * and those set to null (a NULL in the statement itself, as Drizzle writes one: a column's encoder
 * never sees a null), and the statement's signature for them. Undefined columns are left out.
 */
function shapeOf(values: Record<string, unknown>): { keys: string[]; nulls: string[]; signature: string } {
  const keys: string[] = [];
  const nulls: string[] = [];
  for (const key of Object.keys(values).sort()) {
    if (values[key] === null) nulls.push(key);
    else if (values[key] !== undefined) keys.push(key);
  }
  return { keys, nulls, signature: `${keys.join(',')};${nulls.join(',')}` };
}

/**
 * Placeholders named after the columns (and `suffix`), as Drizzle's insert and update take values
 * (each encoded by its column when filled), and the nulls.
 */
function placeholders({ keys, nulls }: { keys: string[]; nulls: string[] }, suffix = ''): Record<string, unknown> {
  return Object.fromEntries([...keys.map((key) => [key, sql.placeholder(`${key}${suffix}`)]), ...nulls.map((key) => [key, null])]);
}

/** A value that is SQL (now(), a column + 1): part of the statement, not a parameter. */
const isSql = (value: unknown): boolean => typeof (value as { getSQL?: unknown }).getSQL === 'function';

/** The statement of a shape: built at its first call, undefined past SHAPES_PER_TABLE shapes (the call is then built as Drizzle builds it). */
function statementOfShape<Result>(shapes: Map<string, Runner<Result, Record<string, unknown>>>, signature: string, build: () => Runner<Result, Record<string, unknown>>) {
  let run = shapes.get(signature);
  if (!run && shapes.size < SHAPES_PER_TABLE) shapes.set(signature, (run = build()));
  return run;
}

/**
 * A statement that takes a row of values (an insert, an update's SET), reusable for each set of
 * columns a call gives: the first call with a shape builds it, later calls with that shape run it.
 * Past SHAPES_PER_TABLE shapes, a call is built as Drizzle builds it (`direct`).
 */
function perShape<Row extends Record<string, unknown>, Extra extends Record<string, unknown>, Result>(
  build: (db: Db, values: Record<string, unknown>) => { prepare(name: string): Prepared<Result> },
  direct: (db: Db, row: Row, extra: Extra) => Promise<Result>,
): (db: Db, row: Row, extra: Extra) => Promise<Result> {
  const shapes = new Map<string, Runner<Result, Record<string, unknown>>>();
  return (db, row, extra) => {
    const shape = shapeOf(row);
    const { keys } = shape;
    // An SQL value and a column named like an extra value (which would take its place) are built as Drizzle builds them.
    if (keys.some((key) => key in extra || isSql(row[key]))) return direct(db, row, extra);
    const run = statementOfShape(shapes, shape.signature, () => reusableQuery((on) => build(on, placeholders(shape))));
    if (!run) return direct(db, row, extra);
    const values: Record<string, unknown> = { ...extra };
    for (const key of keys) values[key] = row[key];
    return run(db, values);
  };
}

/**
 * A column whose value Drizzle makes while building (`$defaultFn`, `$onUpdateFn`) would be made once
 * and then repeated by every call of a reusable statement: such a table is refused when the
 * statement is declared, at start-up.
 */
function refuseGeneratedValues(table: PgTable): void {
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const generated = column as unknown as { defaultFn?: unknown; onUpdateFn?: unknown };
    if (generated.defaultFn || generated.onUpdateFn) throw new Error(`a reusable statement cannot write ${key}: Drizzle makes its value while building the statement`);
  }
}

/** An insert of one row that answers the inserted row (RETURNING *), reusable per set of columns given. */
export function reusableInsert<T extends PgTable>(table: T, options: { onConflictDoNothing?: { target: PgColumn } } = {}): (db: Db, row: T['$inferInsert']) => Promise<T['$inferSelect'][]> {
  refuseGeneratedValues(table);
  const insert = (db: Db, values: Record<string, unknown>) => {
    const statement = db.insert(table).values(values as T['$inferInsert']);
    return (options.onConflictDoNothing ? statement.onConflictDoNothing(options.onConflictDoNothing) : statement).returning() as unknown as { prepare(name: string): Prepared<T['$inferSelect'][]> };
  };
  const run = perShape<T['$inferInsert'], Record<string, never>, T['$inferSelect'][]>(insert, (db, row) => insert(db, row).prepare('').execute());
  return (db, row) => run(db, row, {});
}

/** An update of one row by its id (SET the given columns and updated_at = now()) that answers the row, reusable per set of columns given. */
export function reusableUpdateById<T extends PgTable & { id: PgColumn; updatedAt: PgColumn }>(table: T): (db: Db, id: number, row: Partial<T['$inferInsert']>) => Promise<T['$inferSelect'][]> {
  refuseGeneratedValues(table);
  const update = (db: Db, values: Record<string, unknown>, id: unknown) =>
    db
      .update(table)
      .set({ ...values, updatedAt: sql`now()` } as never)
      .where(eq(table.id, id))
      .returning() as unknown as { prepare(name: string): Prepared<T['$inferSelect'][]> };
  const run = perShape<Partial<T['$inferInsert']>, { id: number }, T['$inferSelect'][]>(
    (db, values) => update(db, values, sql.placeholder('id')),
    (db, row, { id }) => update(db, row, id).prepare('').execute(),
  );
  return (db, id, row) => run(db, row, { id });
}

/**
 * An insert of a few rows (no RETURNING), reusable per number of rows and set of columns each
 * gives; `fixed` columns are SQL written into every row (`now()`). More than `maxRows` rows, or a
 * value that is SQL, are built as Drizzle builds them.
 */
export function reusableInsertRows<T extends PgTable>(
  table: T,
  options: { maxRows?: number; fixed?: Record<string, SQL>; onConflictDoNothing?: { target: PgColumn } } = {},
): (db: Db, rows: readonly T['$inferInsert'][]) => Promise<void> {
  refuseGeneratedValues(table);
  const { maxRows = 4, fixed = {} } = options;
  const insert = (db: Db, rows: Record<string, unknown>[]) => {
    const statement = db.insert(table).values(rows.map((row) => ({ ...row, ...fixed })) as T['$inferInsert'][]);
    return (options.onConflictDoNothing ? statement.onConflictDoNothing(options.onConflictDoNothing) : statement) as unknown as { prepare(name: string): Prepared<unknown> };
  };
  const shapes = new Map<string, Runner<unknown, Record<string, unknown>>>();
  return async (db, rows) => {
    if (!rows.length) return;
    const given = rows as readonly Record<string, unknown>[];
    const rowShapes = given.map(shapeOf);
    const direct = () => insert(db, [...given]).prepare('').execute();
    if (given.length > maxRows || given.some((row, index) => rowShapes[index]!.keys.some((key) => isSql(row[key])))) {
      await direct();
      return;
    }
    const signature = rowShapes.map((shape) => shape.signature).join('|');
    const run = statementOfShape(shapes, signature, () => reusableQuery((on) => insert(on, rowShapes.map((shape, index) => placeholders(shape, `_${index}`)))));
    if (!run) {
      await direct();
      return;
    }
    const values: Record<string, unknown> = {};
    given.forEach((row, index) => {
      for (const key of rowShapes[index]!.keys) values[`${key}_${index}`] = row[key];
    });
    await run(db, values);
  };
}
