#!/usr/bin/env node
// CI's last words (.ci/run): every layer of every Node line with its time, the whole run's time,
// and a loud warning when the run took over 45 minutes (decision 0049).
// Usage: node scripts/ci-summary.mjs <timings file> <run start, epoch ms>
import { existsSync, readFileSync } from 'node:fs';
import { formatDuration, layerTable, slowRunWarning } from './test-timings.mjs';

const [file, startedAt] = process.argv.slice(2);
const results = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];
const elapsed = Date.now() - Number(startedAt);
console.log(`\n[ci] layers\n${layerTable(results)}`);
console.log(`[ci] the whole run (install, audit and both Node lines): ${formatDuration(elapsed)}`);
const warning = slowRunWarning(elapsed);
if (warning) console.log(warning);
