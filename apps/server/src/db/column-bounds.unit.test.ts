import { INTEGER_COLUMN_MAX, INTEGER_COLUMN_MIN } from '@festival/contract';
import { getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

/** The range of each number column type of PostgreSQL the schema may use. */
const RANGES: Record<string, { min: number; max: number } | 'not an integer'> = {
  PgSmallInt: { min: -(2 ** 15), max: 2 ** 15 - 1 },
  PgSmallSerial: { min: 1, max: 2 ** 15 - 1 },
  PgInteger: { min: -(2 ** 31), max: 2 ** 31 - 1 },
  PgSerial: { min: 1, max: 2 ** 31 - 1 },
  PgBigInt53: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  PgBigInt64: { min: -(2 ** 63), max: 2 ** 63 - 1 },
  PgBigSerial53: { min: 1, max: Number.MAX_SAFE_INTEGER },
  PgNumeric: 'not an integer',
  PgReal: 'not an integer',
  PgDoublePrecision: 'not an integer',
};
const NUMBER_TYPE = /Int|Serial|Numeric|Real|Double/;

/**
 * Issue 18, point 10: the contract's integer bound is the narrowest integer column of the
 * database, so every id, count or travel time a payload carries fits whichever column it reaches.
 * A column of a new number type fails here until its range is written down.
 */
describe('the contract integer bound against the Drizzle schema', () => {
  const columns = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .flatMap((table) => Object.values(getTableColumns(table)).map((column) => ({ table, column })));
  const numbers = columns.filter(({ column }) => NUMBER_TYPE.test(column.columnType));

  it('knows the range of every number column', () => {
    expect(numbers.length).toBeGreaterThan(50);
    for (const { column } of numbers) expect(RANGES[column.columnType], `${column.name}: ${column.columnType}`).toBeDefined();
  });

  it('bounds payload integers by the narrowest integer column', () => {
    const ranges = numbers.map(({ column }) => RANGES[column.columnType]).filter((range) => typeof range === 'object');
    expect(INTEGER_COLUMN_MAX).toBe(Math.min(...ranges.map((range) => range.max)));
    expect(INTEGER_COLUMN_MIN).toBe(Math.max(...ranges.map((range) => range.min).filter((min) => min < 0)));
  });
});
