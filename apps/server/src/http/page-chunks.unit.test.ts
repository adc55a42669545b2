import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../env';
import { createPageChunkLinks, createTextChunkLinks, LANDING_PAGES } from './page-chunks';

function webRootWith(manifest: object): string {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-chunks-'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return root;
}

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-1.js'], css: ['assets/index-1.css'] },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_vendor-1.js'], css: ['assets/card-1.css'] },
  'src/features/shop/pages/HomePage.tsx': { file: 'assets/HomePage-1.js', imports: ['index.html', '_card-1.js', '_vendor-1.js'], css: ['assets/HomePage-1.css'] },
  'src/features/shop/pages/ProductPage.tsx': { file: 'assets/ProductPage-1.js', imports: ['index.html', '_vendor-1.js'] },
  '../../packages/contract/lang/de.json?texts=first': { file: 'assets/texts-first-de-Ab_1.js' },
  '../../packages/contract/lang/de.json?texts=shop': { file: 'assets/texts-shop-de-Cd2.js' },
  '../../packages/contract/lang/en.json?texts=first': { file: 'assets/texts-first-en-Ef3.js' },
};

describe('page chunk links', () => {
  it("announces a landing page's module, the chunks and styles it imports, and nothing the entry loads", () => {
    const links = createPageChunkLinks(webRootWith(manifest));
    expect(links('/')).toBe(
      '<link rel="modulepreload" href="/assets/HomePage-1.js" /><link rel="modulepreload" href="/assets/card-1.js" />' +
        '<link rel="stylesheet" href="/assets/HomePage-1.css" /><link rel="stylesheet" href="/assets/card-1.css" />',
    );
    expect(links('/merchandise/TEE')).toBe('<link rel="modulepreload" href="/assets/ProductPage-1.js" />');
  });

  it("announces the first texts of the page's language, never the rest of its texts", () => {
    const links = createTextChunkLinks(webRootWith(manifest));
    expect(links('de')).toBe('<link rel="modulepreload" href="/assets/texts-first-de-Ab_1.js" />');
    expect(links('en')).toBe('<link rel="modulepreload" href="/assets/texts-first-en-Ef3.js" />');
    expect(links('pl')).toBe('');
    expect(createTextChunkLinks(mkdtempSync(path.join(tmpdir(), 'shop-chunks-')))('de')).toBe('');
  });

  it('announces nothing for other pages or without a manifest', () => {
    expect(createPageChunkLinks(webRootWith(manifest))('/portal')).toBe('');
    expect(createPageChunkLinks(webRootWith(manifest))('/tickets')).toBe('');
    expect(createPageChunkLinks(mkdtempSync(path.join(tmpdir(), 'shop-chunks-')))('/')).toBe('');
  });

  it('names page modules that exist in the web app', () => {
    for (const [, source] of LANDING_PAGES) expect(existsSync(path.join(REPO_ROOT, 'apps/web', source)), source).toBe(true);
  });
});
