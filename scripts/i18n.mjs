#!/usr/bin/env node
// `npm run i18n`: the translators' command (docs/translations.md). It extracts the English source
// of every message from the code into packages/contract/lang/en.json (FormatJS's extractor), checks
// every language's catalogue against it (missing and unknown messages, placeholders, ICU syntax:
// FormatJS's verify) and prints each language's coverage. `npm run i18n -- --check` changes no file
// and fails when en.json is not what the code says (the lint layer runs it with --quiet).
//
// Changed source: packages/contract/lang/translated-from/en.json keeps the English each message's
// translations were written from. When a message's English changes, its translations may no longer
// say the same: the command lists it (with the old and new English) and fails until a translator has
// reviewed every language and recorded it with `npm run i18n -- --reviewed <id> [<id>…]` (or
// `--reviewed-all`). New messages are recorded as they are extracted (the catalogue checks make
// sure every language has them); removed ones are dropped.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const langDir = path.join(root, 'packages/contract/lang');
const source = path.join(langDir, 'en.json');
const formatjs = path.join(root, 'node_modules/.bin/formatjs');
const check = process.argv.includes('--check');
const quiet = process.argv.includes('--quiet');

const run = (args) => execFileSync(formatjs, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
// Every package that declares messages: the contract's shared texts and the web apps' own.
const SOURCES = ['packages/contract/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.{ts,tsx}'];
const extract = (outFile) =>
  run(['extract', ...SOURCES, '--ignore', '**/*.test.ts', '--ignore', '**/*.test.tsx', '--additional-function-names', 'message,messageWith', '--format', 'simple', '--out-file', outFile, '--throws']);

const recordFile = path.join(langDir, 'translated-from', 'en.json');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const sorted = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const reviewedIds = (() => {
  const at = process.argv.indexOf('--reviewed');
  return at < 0 ? [] : process.argv.slice(at + 1).filter((arg) => !arg.startsWith('--'));
})();

let failed = false;
if (check) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'i18n-'));
  try {
    extract(path.join(scratch, 'en.json'));
    const fresh = JSON.parse(readFileSync(path.join(scratch, 'en.json'), 'utf8'));
    const kept = JSON.parse(readFileSync(source, 'utf8'));
    const changed = [...new Set([...Object.keys(fresh), ...Object.keys(kept)])].filter((id) => fresh[id] !== kept[id]);
    if (changed.length) {
      failed = true;
      console.error(`[i18n] en.json is not what the code says for ${changed.length} message(s): ${changed.slice(0, 10).join(', ')}${changed.length > 10 ? ', …' : ''}. Run npm run i18n.`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
} else {
  extract(source);
  console.log(`[i18n] extracted the English source of every message into ${path.relative(root, source)}`);
}

// The English each message was translated from, against the English of now.
{
  const english = readJson(source);
  let record = {};
  try {
    record = readJson(recordFile);
  } catch {
    record = {};
  }
  const next = {};
  const changed = [];
  for (const [id, text] of Object.entries(english)) {
    if (!(id in record) || record[id] === text || process.argv.includes('--reviewed-all') || reviewedIds.includes(id)) next[id] = text;
    else {
      next[id] = record[id];
      changed.push(id);
    }
  }
  const unknown = reviewedIds.filter((id) => !(id in english));
  if (unknown.length) {
    failed = true;
    console.error(`[i18n] --reviewed names no message: ${unknown.join(', ')}`);
  }
  if (changed.length) {
    failed = true;
    console.error(`[i18n] the English of ${changed.length} message(s) changed since they were translated; review each language, then run npm run i18n -- --reviewed <id>:`);
    for (const id of changed.slice(0, 20)) console.error(`  ${id}\n    was: ${record[id]}\n    now: ${english[id]}`);
    if (changed.length > 20) console.error(`  … and ${changed.length - 20} more`);
  }
  const kept = JSON.stringify(sorted(record));
  const wanted = JSON.stringify(sorted(next));
  if (kept !== wanted) {
    if (check) {
      const added = Object.keys(next).filter((id) => !(id in record)).length;
      const dropped = Object.keys(record).filter((id) => !(id in next)).length;
      if (added || dropped) {
        failed = true;
        console.error(`[i18n] ${path.relative(root, recordFile)} is out of date (${added} new, ${dropped} removed). Run npm run i18n.`);
      }
    } else {
      mkdirSync(path.dirname(recordFile), { recursive: true });
      writeFileSync(recordFile, `${JSON.stringify(sorted(next), null, 2)}\n`);
    }
  }
}

const files = readdirSync(langDir).filter((name) => name.endsWith('.json')).sort();
try {
  run(['verify', '--source-locale', 'en', '--missing-keys', '--extra-keys', '--structural-equality', ...files.map((name) => path.join(langDir, name))]);
} catch (error) {
  failed = true;
  console.error(`[i18n] the catalogues do not match the English source:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
}

if (quiet) process.exit(failed ? 1 : 0);
const english = JSON.parse(readFileSync(source, 'utf8'));
const total = Object.keys(english).length;
console.log(`[i18n] ${total} messages; coverage per language:`);
for (const name of files) {
  const catalogue = JSON.parse(readFileSync(path.join(langDir, name), 'utf8'));
  const translated = Object.keys(english).filter((id) => typeof catalogue[id] === 'string').length;
  // Words that are the same in English (Status, Code, E-mail) are translated too; shown for a reviewer's second look.
  const same = name === 'en.json' ? 0 : Object.keys(english).filter((id) => catalogue[id] === english[id]).length;
  const unknown = Object.keys(catalogue).filter((id) => !(id in english)).length;
  console.log(`  ${name.replace('.json', '').padEnd(3)} ${String(translated).padStart(4)} / ${total}  ${((translated / total) * 100).toFixed(0).padStart(3)} %${same ? `  (${same} the same as in English)` : ''}${unknown ? `  (${unknown} unknown)` : ''}`);
}
process.exit(failed ? 1 : 0);
