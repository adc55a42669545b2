import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (apps/web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The pages a visitor lands on from outside (a link, a search, a shared URL), by path, with the
 * source of the web app's page module that shows them (see apps/web/src/app/route-table.ts, which
 * loads every page on demand). Only these get their page's code announced in the HTML; any other
 * page loads its code the usual way, one round trip later.
 */
export const LANDING_PAGES: readonly (readonly [RegExp, string])[] = [
  [/^\/$/, 'src/features/shop/pages/HomePage.tsx'],
  [/^\/(tickets|merchandise)\/?$/, 'src/features/shop/pages/ShopListingPage.tsx'],
  [/^\/(tickets|merchandise)\/[^/]+\/?$/, 'src/features/shop/pages/ProductPage.tsx'],
  [/^\/(faqs|cookie-policy|privacy-policy|security-statement|terms-conditions)\/?$/, 'src/features/content/pages/ContentPage.tsx'],
];

/**
 * `<link>` elements for the page module of a landing page and the chunks and styles it imports,
 * so the browser fetches them alongside the entry script instead of after it has run. Chunks
 * the entry imports itself are left out: its own module preloads cover them. Without a manifest
 * (a development server, a hand-made web root) there is nothing to announce.
 */
export function createPageChunkLinks(webRoot: string): (pathname: string) => string {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

  const closure = (keys: readonly string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const entryKeys = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));

  const linksBySource = new Map<string, string>();
  for (const [, source] of LANDING_PAGES) {
    if (!manifest[source]) continue;
    const chunks = [...closure([source])].filter((key) => !entryKeys.has(key)).map((key) => manifest[key]!);
    const styles = chunks.flatMap((chunk) => chunk.css ?? []);
    linksBySource.set(
      source,
      [...chunks.map((chunk) => `<link rel="modulepreload" href="/${chunk.file}" />`), ...styles.map((file) => `<link rel="stylesheet" href="/${file}" />`)].join(''),
    );
  }
  return (pathname) => {
    const page = LANDING_PAGES.find(([pattern]) => pattern.test(pathname));
    return (page && linksBySource.get(page[1])) ?? '';
  };
}

/** The chunk of a language's first texts, as the web build names it (apps/web/build/text-catalogues.ts). */
const FIRST_TEXTS = /^assets\/texts-first-([a-z]{2})-[\w-]+\.js$/;

/**
 * `<link rel="modulepreload">` for the first texts of the page's language (decision 0093): the
 * page loads them before its first render, so the browser fetches them alongside the entry script
 * and the first render waits for no second round trip. Nothing without a manifest.
 */
export function createTextChunkLinks(webRoot: string): (locale: string) => string {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const links = new Map<string, string>();
  for (const chunk of Object.values(manifest)) {
    const locale = FIRST_TEXTS.exec(chunk.file)?.[1];
    if (locale) links.set(locale, `<link rel="modulepreload" href="/${chunk.file}" />`);
  }
  return (locale) => links.get(locale) ?? '';
}
