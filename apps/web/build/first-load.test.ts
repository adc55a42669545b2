import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtLanguages, HOME_PAGE_SOURCE, measureFirstLoad } from './first-load';

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
  // Each language's first texts (build/text-catalogues.ts), loaded before the first render; the rest after it.
  '../../packages/contract/lang/en.json?texts=first': { file: 'assets/texts-first-en-a1.js' },
  '../../packages/contract/lang/de.json?texts=first': { file: 'assets/texts-first-de-b2.js' },
  '../../packages/contract/lang/de.json?texts=shop': { file: 'assets/texts-shop-de-c3.js' },
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
      'assets/texts-first-en-a1.js': 400,
      'assets/texts-first-de-b2.js': 2000,
      'assets/texts-first-de-b2.js.gz': 600,
      'assets/texts-shop-de-c3.js': 9000,
    });
    const firstLoad = measureFirstLoad(build);
    // The card came without a compressed copy (too small to gain): counted as it is.
    expect(firstLoad.bytes).toBe(1200 + 20000 + 300 + 700 + 400);
    expect(firstLoad.files.map(({ file }) => file).sort()).toEqual(['assets/HomePage.js', 'assets/card.js', 'assets/index.js', 'assets/texts-first-en-a1.js', 'assets/vendor.js']);
    // In German: German's first texts instead of English's, never the rest of its texts.
    const german = measureFirstLoad(build, 'de');
    expect(german.bytes).toBe(1200 + 20000 + 300 + 700 + 600);
    expect(builtLanguages(build)).toEqual(['de', 'en']);
  });

  it('fails when the build has no first texts for the language, instead of measuring without them', () => {
    const build = fakeBuild(MANIFEST, { 'assets/index.js': 10, 'assets/vendor.js': 10, 'assets/card.js': 10, 'assets/HomePage.js': 10, 'assets/texts-first-en-a1.js': 10 });
    expect(() => measureFirstLoad(build, 'pl')).toThrow(/0 chunks of the first texts in pl/);
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
