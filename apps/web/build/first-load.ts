import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The first-load budget of `/` (decisions 0055, 0056 and 0074): the JavaScript a visitor's browser downloads for
 * the first render of the home page, gzip as the server sends it, in decimal kilobytes as Vite
 * prints them. `npm test` fails when a build exceeds it (e2e/first-load-budget.spec.ts).
 */
export const FIRST_LOAD_BUDGET_KB = 112;

/** The page module the server announces for `/` (apps/server/src/http/page-chunks.ts, LANDING_PAGES). */
export const HOME_PAGE_SOURCE = 'src/features/shop/pages/HomePage.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The chunk of a language's first texts (build/text-catalogues.ts names it), which the server preloads with the page. */
const FIRST_TEXTS = /^assets\/texts-first-([a-z]{2})-[\w-]+\.js$/;

export interface FirstLoad {
  /** Bytes as served with gzip: the precompressed .gz copy, or the file itself where none was written. */
  bytes: number;
  files: { file: string; bytes: number }[];
}

/**
 * The scripts of the first render of `/` in a language: the entry, the home page's chunk, every
 * chunk they import statically, read from the build manifest, and the language's first texts
 * (which the page loads before its first render; the server preloads them with the page). This is what bench/web.ts sees a real browser
 * load (the panels, the cart and every other page are lazy and load on a visitor's action), and
 * it needs no browser, so it runs wherever the build exists. A missing build or manifest is an
 * error, never a pass.
 */
export function measureFirstLoad(distDir: string, language = 'en'): FirstLoad {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`No web build at ${distDir} (${manifestFile} is missing): run npm run build first.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length === 0) throw new Error(`The build manifest ${manifestFile} names no entry.`);
  if (!manifest[HOME_PAGE_SOURCE]) throw new Error(`The build manifest ${manifestFile} has no ${HOME_PAGE_SOURCE}: has the home page moved?`);

  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of [...entries, HOME_PAGE_SOURCE]) visit(key);

  const texts = Object.values(manifest).filter((chunk) => FIRST_TEXTS.exec(chunk.file)?.[1] === language);
  if (texts.length !== 1) throw new Error(`The build manifest ${manifestFile} has ${texts.length} chunks of the first texts in ${language}, not one.`);

  const files = [...[...keys].map((key) => manifest[key]!.file), texts[0]!.file]
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const full = path.join(distDir, file);
      if (!existsSync(full)) throw new Error(`The build manifest names ${file}, which is not in ${distDir}.`);
      // The server sends the precompressed copy; a file too small to gain from it goes as it is.
      const gzip = `${full}.gz`;
      return { file, bytes: statSync(existsSync(gzip) ? gzip : full).size };
    })
    .sort((a, b) => b.bytes - a.bytes);
  return { bytes: files.reduce((sum, { bytes }) => sum + bytes, 0), files };
}

/** The languages whose first texts the build has, from the chunks' names. */
export function builtLanguages(distDir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  return Object.values(manifest)
    .flatMap((chunk) => FIRST_TEXTS.exec(chunk.file)?.[1] ?? [])
    .sort();
}

/** One line per file and the total against the budget, for a failing check's message. */
export function describeFirstLoad({ bytes, files }: FirstLoad, budgetKb: number = FIRST_LOAD_BUDGET_KB, language = 'en'): string {
  const lines = files.map(({ file, bytes: size }) => `  ${(size / 1000).toFixed(2).padStart(7)} kB  ${file}`);
  return [`First-load JavaScript of / in ${language}: ${(bytes / 1000).toFixed(2)} kB gzip (budget ${budgetKb} kB)`, ...lines].join('\n');
}
