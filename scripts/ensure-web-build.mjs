// Builds the web app when apps/web/dist is missing or older than any of its sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
// The gate scanner is a second build (vite.scan.config.ts) into dist/scan, the back office a third
// (vite.staff.config.ts) into dist/staff.
const builtScanner = path.join(root, 'apps/web/dist/scan/scan.html');
const builtStaff = path.join(root, 'apps/web/dist/staff/staff.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/build', 'apps/web/index.html', 'apps/web/scan.html', 'apps/web/staff.html', 'apps/web/vite.config.ts', 'apps/web/vite.scan.config.ts', 'apps/web/vite.staff.config.ts', 'apps/web/package.json', 'packages/contract/src'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function webBuildIsStale() {
  const builds = [builtIndex, builtScanner, builtStaff];
  if (!builds.every((file) => existsSync(file))) return true;
  const built = Math.min(...builds.map((file) => statSync(file).mtimeMs));
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

export function ensureWebBuild({ log = console.log } = {}) {
  if (!webBuildIsStale()) return false;
  log('Building the web app (its build is missing or older than its sources)...');
  // A production build whatever NODE_ENV the caller runs under (vitest sets test).
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureWebBuild();
