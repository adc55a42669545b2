import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOME_PAGE_SOURCE, measureFirstLoad } from './first-load';

let dist: string | undefined;
afterEach(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
  dist = undefined;
});

/** A build folder with the given manifest and files of the given sizes. */
function fakeBuild(manifest: Record<string, unknown> | null, files: Record<string, number>): string {
  dist = mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
  mkdirSync(path.join(dist, 'assets'));
  if (manifest) {
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  for (const [file, size] of Object.entries(files)) writeFileSync(path.join(dist, file), 'x'.repeat(size));
  return dist;
}

const MANIFEST = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index.css'], dynamicImports: [HOME_PAGE_SOURCE, 'src/features/checkout/pages/CheckoutPage.tsx'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_card.js': { file: 'assets/card.js', imports: ['_vendor.js'] },
  [HOME_PAGE_SOURCE]: { file: 'assets/HomePage.js', imports: ['_card.js', '_vendor.js'] },
  'src/features/checkout/pages/CheckoutPage.tsx': { file: 'assets/CheckoutPage.js', imports: ['_vendor.js'] },
};

describe('measuring the first load of /', () => {
  it('counts the entry, the home page and what they import, as served with gzip, and nothing lazy', () => {
    const build = fakeBuild(MANIFEST, {
      'assets/index.js': 5000,
      'assets/index.js.gz': 1200,
      'assets/index.css': 9000,
      'assets/vendor.js': 60000,
      'assets/vendor.js.gz': 20000,
      'assets/card.js': 300,
      'assets/HomePage.js': 2000,
      'assets/HomePage.js.gz': 700,
      'assets/CheckoutPage.js': 8000,
      'assets/CheckoutPage.js.gz': 3000,
    });
    const firstLoad = measureFirstLoad(build);
    // The card came without a compressed copy (too small to gain): counted as it is.
    expect(firstLoad.bytes).toBe(1200 + 20000 + 300 + 700);
    expect(firstLoad.files.map(({ file }) => file).sort()).toEqual(['assets/HomePage.js', 'assets/card.js', 'assets/index.js', 'assets/vendor.js']);
  });

  it('fails loudly when there is no build, instead of passing', () => {
    expect(() => measureFirstLoad(fakeBuild(null, {}))).toThrow(/No web build/);
  });

  it('fails when the home page is no longer in the manifest, instead of measuring the entry alone', () => {
    const { [HOME_PAGE_SOURCE]: _home, ...withoutHome } = MANIFEST;
    expect(() => measureFirstLoad(fakeBuild(withoutHome, { 'assets/index.js': 10, 'assets/vendor.js': 10 }))).toThrow(/has no src\/features\/shop\/pages\/HomePage.tsx/);
  });

  it('fails when a file the manifest names is missing', () => {
    expect(() => measureFirstLoad(fakeBuild(MANIFEST, { 'assets/index.js': 10 }))).toThrow(/not in/);
  });
});
