#!/usr/bin/env node
// `npm test`: every layer of the suite in turn (lint, types, unit, API, browser journeys), each
// timed. Every layer runs even when an earlier one failed, so one run shows every failure; the
// exit status fails if any did. TEST_LAYERS=unit,api,api-alone runs some of them (CI's second Node line).
// TEST_TIMINGS_FILE=path appends each layer's result as a JSON line, for CI's summary.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { e2eShardCount, e2eShards } from './e2e-shards.mjs';
import { ensureWebBuild } from './ensure-web-build.mjs';
import { formatDuration, layerLabel, layerTable } from './test-timings.mjs';

// The API layer in its two parts (vitest.config.ts): the files that run side by side, then those
// that measure time or CPU and run alone. `npm run test:api` runs both.
const LAYERS = ['lint', 'typecheck', 'unit', 'api', 'api-alone', 'e2e'];
// Both API parts in one vitest run (below), timed as one layer.
const API_BOTH = 'api + api-alone';
const SCRIPTS = { lint: 'lint', typecheck: 'typecheck', unit: 'test:unit', api: 'test:api:parallel', 'api-alone': 'test:api:alone', [API_BOTH]: 'test:api', e2e: 'test:e2e' };

const wanted = process.env.TEST_LAYERS ? process.env.TEST_LAYERS.split(',').map((layer) => layer.trim()).filter(Boolean) : LAYERS;
const unknown = wanted.filter((layer) => !LAYERS.includes(layer));
if (unknown.length) {
  console.error(`[test] unknown layer ${unknown.join(', ')}: TEST_LAYERS takes ${LAYERS.join(', ')}`);
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs an npm script; with `quiet` its output is kept and returned instead of printed as it comes. */
function runScript(args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', ...args], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => resolve({ code, output: Buffer.concat(output).toString() }));
  });
}

/** Runs one layer's script; with `quiet` its output is kept and returned instead of printed as it comes. */
async function runLayer(layer, { quiet = false } = {}) {
  if (layer === 'e2e') return runJourneys();
  const started = Date.now();
  const { code, output } = await runScript([SCRIPTS[layer]], { quiet });
  return { result: { node: process.version, layer: layerLabel(layer, process.env.TEST_ENGINES), ok: code === 0, ms: Date.now() - started }, output };
}

/**
 * The browser journeys in shards side by side (scripts/e2e-shards.mjs, decision 0087): the first
 * shard's output as it comes, the others' after it, each headed with its files.
 */
async function runJourneys() {
  const started = Date.now();
  const shards = e2eShards(e2eShardCount());
  // Built once here: each shard's global setup would otherwise build it into the same folder at once.
  if (shards.length > 1) ensureWebBuild({ log: (line) => console.log(`[test] ${line}`) });
  const runs = shards.map((files, index) => {
    if (shards.length > 1) console.log(`[test] e2e shard ${index + 1} of ${shards.length}${index ? ' (printed after the first)' : ''}: ${files.join(' ')}`);
    return runScript(shards.length > 1 ? [SCRIPTS.e2e, '--', ...files] : [SCRIPTS.e2e], { quiet: index > 0 });
  });
  const finished = await Promise.all(runs);
  finished.forEach(({ code, output }, index) => {
    if (index) process.stdout.write(`\n[test] e2e shard ${index + 1} of ${shards.length}:\n${output}`);
    if (shards.length > 1) console.log(`[test] e2e shard ${index + 1} of ${shards.length}: ${code === 0 ? 'passed' : 'FAILED'}`);
  });
  const label = shards.length > 1 ? `e2e (${shards.length} shards)` : 'e2e';
  return { result: { node: process.version, layer: label, ok: finished.every(({ code }) => code === 0), ms: Date.now() - started }, output: '' };
}

function record(layer, result) {
  results.push(result);
  if (process.env.TEST_TIMINGS_FILE) appendFileSync(process.env.TEST_TIMINGS_FILE, `${JSON.stringify(result)}\n`);
  console.log(`[test] ${layer}: ${result.ok ? 'passed' : 'FAILED'} in ${formatDuration(result.ms)}`);
}

const results = [];
const layers = LAYERS.filter((name) => wanted.includes(name));
for (let index = 0; index < layers.length; index++) {
  const layer = layers[index];
  // Lint and the type check are each one process on one core: side by side they take the time of
  // the longer (the type check's output, usually none, is printed after lint's).
  if (layer === 'lint' && layers[index + 1] === 'typecheck') {
    const [lint, typecheck] = await Promise.all([runLayer('lint'), runLayer('typecheck', { quiet: true })]);
    record('lint', lint.result);
    process.stdout.write(typecheck.output);
    record('typecheck', typecheck.result);
    index++;
    continue;
  }
  // The two API parts in one vitest run when both are wanted: their global set-up makes the
  // run's database templates once instead of twice, and vitest still runs the alone part's files
  // after the others' (vitest.config.ts).
  if (layer === 'api' && layers[index + 1] === 'api-alone') {
    record(API_BOTH, (await runLayer(API_BOTH)).result);
    index++;
    continue;
  }
  record(layer, (await runLayer(layer)).result);
}

console.log(`\n[test] layers on Node.js ${process.version}\n${layerTable(results)}`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
