#!/usr/bin/env node
// `npm test`: every layer of the suite in turn (lint, types, unit, API, browser journeys), each
// timed. Every layer runs even when an earlier one failed, so one run shows every failure; the
// exit status fails if any did. TEST_LAYERS=unit,api,api-alone runs some of them (CI's second Node line).
// TEST_TIMINGS_FILE=path appends each layer's result as a JSON line, for CI's summary.
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { formatDuration, layerTable } from './test-timings.mjs';

// The API layer in its two parts (vitest.config.ts): the files that run side by side, then those
// that measure time or CPU and run alone. `npm run test:api` runs both.
const LAYERS = ['lint', 'typecheck', 'unit', 'api', 'api-alone', 'e2e'];
const SCRIPTS = { lint: 'lint', typecheck: 'typecheck', unit: 'test:unit', api: 'test:api:parallel', 'api-alone': 'test:api:alone', e2e: 'test:e2e' };

const wanted = process.env.TEST_LAYERS ? process.env.TEST_LAYERS.split(',').map((layer) => layer.trim()).filter(Boolean) : LAYERS;
const unknown = wanted.filter((layer) => !LAYERS.includes(layer));
if (unknown.length) {
  console.error(`[test] unknown layer ${unknown.join(', ')}: TEST_LAYERS takes ${LAYERS.join(', ')}`);
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = [];
for (const layer of LAYERS.filter((name) => wanted.includes(name))) {
  const started = Date.now();
  const run = spawnSync(npm, ['run', '--silent', SCRIPTS[layer]], { stdio: 'inherit' });
  const result = { node: process.version, layer, ok: run.status === 0, ms: Date.now() - started };
  results.push(result);
  if (process.env.TEST_TIMINGS_FILE) appendFileSync(process.env.TEST_TIMINGS_FILE, `${JSON.stringify(result)}\n`);
  console.log(`[test] ${layer}: ${result.ok ? 'passed' : 'FAILED'} in ${formatDuration(result.ms)}`);
}

console.log(`\n[test] layers on Node.js ${process.version}\n${layerTable(results)}`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
