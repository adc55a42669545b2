// The browser journeys in shards: each shard a vitest process of its own, with its own shops,
// databases and Chromium (e2e/global-setup.ts), so shards share no state and run side by side.
// One chain of journeys keeps little more than one core busy, mostly waiting on the browser and
// the shop in turn; two chains use a two-core machine (decision 0087).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How many shards `npm test` runs the journeys in: E2E_SHARDS, or two on a machine with two cores
 * or more (each shard is a Chromium, a shop server and a test runner), one below that.
 */
export function e2eShardCount(env = process.env, cores = availableParallelism()) {
  const asked = Number(env.E2E_SHARDS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return cores >= 2 ? 2 : 1;
}

/**
 * Splits files into `count` lists of about equal total weight: the heaviest first, each to the
 * lightest list so far (a file without a weight weighs the median of the known ones). Each list
 * keeps the files' own order; no list is empty while there are files enough.
 */
export function partition(files, weights, count) {
  const known = files.map((file) => weights[file]).filter((weight) => typeof weight === 'number' && weight >= 0).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  const weightOf = (file) => (typeof weights[file] === 'number' && weights[file] >= 0 ? weights[file] : median);
  const shards = Array.from({ length: Math.max(1, Math.min(count, files.length)) }, () => ({ weight: 0, files: new Set() }));
  const heaviestFirst = [...files].sort((a, b) => weightOf(b) - weightOf(a) || (a < b ? -1 : a > b ? 1 : 0));
  for (const file of heaviestFirst) {
    const lightest = shards.reduce((best, shard) => (shard.weight < best.weight ? shard : best));
    lightest.weight += weightOf(file);
    lightest.files.add(file);
  }
  return shards.map((shard) => files.filter((file) => shard.files.has(file)));
}

/**
 * The journeys' files (e2e/*.spec.ts, as paths from the repository's root) in `count` shards,
 * weighted by e2e/durations.json: seconds each file took in a run on the reference machine. The
 * table only balances the shards; a new file runs all the same, counted at the median.
 */
export function e2eShards(count) {
  const files = readdirSync(path.join(root, 'e2e'))
    .filter((file) => file.endsWith('.spec.ts'))
    .sort()
    .map((file) => `e2e/${file}`);
  const table = path.join(root, 'e2e/durations.json');
  const seconds = existsSync(table) ? JSON.parse(readFileSync(table, 'utf8')) : {};
  const weights = Object.fromEntries(Object.entries(seconds).map(([file, weight]) => [`e2e/${file}`, weight]));
  return partition(files, weights, count);
}
