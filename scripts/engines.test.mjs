import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/**
 * Every package the lockfile installs on this machine whose own `engines.node` does not cover every
 * Node.js version the shop declares: `npm install` warns of each (EBADENGINE), and the package may
 * use what the older lines lack. A package that is not on disk (another platform's binary, an
 * optional WebAssembly fallback) is left out: npm does not install it here.
 */
export function enginesDisagreements(declared, lockPackages, isInstalled) {
  const found = [];
  for (const [location, entry] of Object.entries(lockPackages)) {
    if (!location.startsWith('node_modules/') && !location.includes('/node_modules/')) continue;
    const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    if (!range || !isInstalled(location)) continue;
    if (!semver.validRange(range) || !semver.subset(declared, range)) found.push(`${location}@${entry.version} needs node ${range}`);
  }
  return found;
}

describe('the declared Node.js engines', () => {
  const declared = readJson('package.json').engines.node;

  it('are covered by the engines of every installed dependency', () => {
    const lock = readJson('package-lock.json');
    expect(enginesDisagreements(declared, lock.packages, (location) => existsSync(path.join(root, location)))).toEqual([]);
  });

  it('name a package that needs a newer Node.js than the shop declares', () => {
    const lock = { 'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } }, 'node_modules/a/node_modules/b': { version: '1.0.0', engines: { node: '>=18' } } };
    expect(enginesDisagreements('^20.19.0 || ^22.12.0', lock, () => true)).toEqual(['node_modules/cookie@2.0.2 needs node >=22']);
    // ^22.13.0 leaves 22.12 out, which the shop declares.
    expect(enginesDisagreements('^22.12.0', { 'node_modules/x': { version: '5.0.1', engines: { node: '^20.19.0 || ^22.13.0' } } }, () => true)).toHaveLength(1);
  });

  it('are what the CI and the README say', () => {
    const ci = readFileSync(path.join(root, '.ci/run'), 'utf8');
    const lts = Number(/CI_NODE_LTS_MAJOR:-(\d+)/.exec(ci)?.[1]);
    expect(semver.satisfies(`${lts}.0.0`, declared)).toBe(true);
    expect(semver.satisfies(process.versions.node, declared)).toBe(true);
  });
});
