import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { e2eShardCount, e2eShards, partition } from './e2e-shards.mjs';

describe('the browser journeys in shards', () => {
  it('balances the shards by weight, heaviest first, each keeping the files in their order', () => {
    const weights = { a: 80, b: 70, c: 60, d: 20, e: 10, f: 10 };
    const shards = partition(['a', 'b', 'c', 'd', 'e', 'f'], weights, 2);
    expect(shards).toEqual([
      ['a', 'd', 'e', 'f'],
      ['b', 'c'],
    ]);
    const totals = shards.map((shard) => shard.reduce((sum, file) => sum + weights[file], 0));
    expect(totals).toEqual([120, 130]);
  });

  it('puts every file in exactly one shard, weighing a file the table does not know at the median', () => {
    const files = ['x', 'new', 'y', 'z'];
    const shards = partition(files, { x: 10, y: 30, z: 50 }, 2);
    expect(shards.flat().sort()).toEqual([...files].sort());
    // z (50) | new (the median, 30) | y (30) joins new | x (10) joins z: 60 each.
    expect(shards).toEqual([
      ['x', 'z'],
      ['new', 'y'],
    ]);
  });

  it('makes no empty shard and at least one', () => {
    expect(partition(['a'], {}, 3)).toEqual([['a']]);
    expect(partition(['a', 'b'], {}, 0)).toEqual([['a', 'b']]);
  });

  it('splits every journey of the suite, and the table names only journeys that exist', () => {
    const shards = e2eShards(2);
    expect(shards).toHaveLength(2);
    const files = shards.flat();
    expect(files.length).toBeGreaterThan(20);
    expect(new Set(files).size).toBe(files.length);
    expect(files.every((file) => /^e2e\/[\w-]+\.spec\.ts$/.test(file))).toBe(true);
    const table = JSON.parse(readFileSync(new URL('../e2e/durations.json', import.meta.url), 'utf8'));
    expect(Object.keys(table).filter((file) => !existsSync(new URL(`../e2e/${file}`, import.meta.url)))).toEqual([]);
  });

  it('runs two shards on two cores or more, one on one, and as many as E2E_SHARDS asks', () => {
    expect(e2eShardCount({}, 2)).toBe(2);
    expect(e2eShardCount({}, 16)).toBe(2);
    expect(e2eShardCount({}, 1)).toBe(1);
    expect(e2eShardCount({ E2E_SHARDS: '3' }, 2)).toBe(3);
    expect(e2eShardCount({ E2E_SHARDS: 'many' }, 2)).toBe(2);
  });
});
