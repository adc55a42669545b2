import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/**
 * The web apps' texts, compiled at build time (docs/decisions/0093): each language's catalogue
 * (packages/contract/lang/<code>.json, id to ICU source) is split into parts and each part is
 * parsed into FormatJS's AST, so the pages format messages without shipping the ICU parser
 * (vite.config.ts aliases it to its `no-parser` entry) and load only the texts they show:
 *
 * - `first`: the texts of the first page and the frame around every page (the messages declared
 *   in FIRST_PAGE_SOURCES), loaded before the first render, preloaded by the server in the page;
 * - `shop`: every other text of the shop, loaded after the first render;
 * - `staff` and `scan`: the back office's and the scanner's own, which the shop never loads.
 *
 * A page imports a part as `lang/<code>.json?texts=<part>`; without this plugin (the unit tests)
 * the same import gives the whole catalogue in ICU source, which the formatter then parses.
 */
export const TEXT_PARTS = ['first', 'shop', 'staff', 'scan'] as const;
export type TextPart = (typeof TEXT_PARTS)[number];

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The modules whose messages the first render of a page shows: the first part of each catalogue. */
export const FIRST_PAGE_SOURCES = [
  'apps/web/src/app/app.messages.ts',
  'apps/web/src/features/shop/shop.messages.ts',
  'apps/web/src/components/ui/ui.messages.ts',
  'packages/contract/src/shop-front-messages.ts',
] as const;

/** The message ids declared in a module's source (`id: '…'` of its `message` and `messageWith` calls). */
export function declaredIds(source: string): string[] {
  return [...source.matchAll(/\bid:\s*(['"])([^'"]+)\1/g)].map((match) => match[2]!);
}

/** The back office's texts (the app at /staff) and the scanner's (at /scan): never the shop's. */
const STAFF_TEXT = /^(staff|auditActionLabel\.)/;
const SCAN_TEXT = /^(scan\.|scannerMessages\.)/;

/** The part a message belongs to. */
export function partOf(id: string, firstIds: ReadonlySet<string>): TextPart {
  if (firstIds.has(id)) return 'first';
  if (STAFF_TEXT.test(id)) return 'staff';
  if (SCAN_TEXT.test(id)) return 'scan';
  return 'shop';
}

/** One part of a catalogue, each message parsed into its AST. */
export function compilePart(catalogue: Readonly<Record<string, string>>, part: TextPart, firstIds: ReadonlySet<string>): Record<string, MessageFormatElement[]> {
  const compiled: Record<string, MessageFormatElement[]> = {};
  for (const id of Object.keys(catalogue).sort()) {
    if (partOf(id, firstIds) !== part) continue;
    try {
      compiled[id] = parse(catalogue[id]!);
    } catch (error) {
      throw new Error(`the message ${id} is not valid ICU: ${(error as Error).message}`, { cause: error });
    }
  }
  return compiled;
}

const PART_REQUEST = /[\\/]packages[\\/]contract[\\/]lang[\\/]([a-z]{2})\.json\?texts=([a-z]+)$/;

/** The file name of a part's chunk: the server finds the first part of a page's language by it (apps/server/src/http/page-chunks.ts). */
export function textChunkName(facadeModuleId: string | null | undefined): string | undefined {
  const match = facadeModuleId ? PART_REQUEST.exec(facadeModuleId) : null;
  return match ? `texts-${match[2]}-${match[1]}` : undefined;
}

export function textCatalogues(): Plugin {
  const firstIds = () => new Set(FIRST_PAGE_SOURCES.flatMap((file) => declaredIds(readFileSync(path.join(repoRoot, file), 'utf8'))));
  return {
    name: 'festival-text-catalogues',
    enforce: 'pre',
    load(id) {
      const match = PART_REQUEST.exec(id);
      if (!match) return null;
      const part = match[2] as TextPart;
      if (!(TEXT_PARTS as readonly string[]).includes(part)) throw new Error(`no part ${part} of the texts (${TEXT_PARTS.join(', ')})`);
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      for (const source of FIRST_PAGE_SOURCES) this.addWatchFile(path.join(repoRoot, source));
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      // A module of its own (not JSON's: the request carries a query); JSON.parse of a string is
      // quicker for a browser than the same object literal.
      const json = JSON.stringify(compilePart(catalogue, part, firstIds()));
      return { code: `export default JSON.parse(${JSON.stringify(json)});`, moduleType: 'js' };
    },
  };
}
