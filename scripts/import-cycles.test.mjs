import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, importGraph } from './import-cycles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PARTS = ['apps/web/src', 'apps/web/build', 'apps/web/test', 'apps/server/src', 'apps/server/test', 'packages/contract/src'];

describe('import circles', () => {
  it('has none in the web app, the server or the contract, type-only imports included', () => {
    const cycles = findCycles(importGraph(PARTS.map((part) => path.join(root, part))));
    const shown = cycles.map((cycle) => cycle.map((file) => path.relative(root, file)).join(' <-> '));
    expect(shown).toEqual([]);
  }, 60_000);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a circle made of a type import and a value import, and ignores lazy imports', () => {
    mkdirSync(path.join(dir, 'lib'));
    writeFileSync(path.join(dir, 'lib/memory.ts'), "import type { Loaded } from './query';\nexport const remember = (loaded: Loaded) => loaded;\n");
    writeFileSync(path.join(dir, 'lib/query.ts'), "import { remember } from './memory';\nexport interface Loaded { code: string }\nexport const load = () => remember({ code: 'x' });\n");
    writeFileSync(path.join(dir, 'routes.ts'), "export const page = () => import('./page');\n");
    writeFileSync(path.join(dir, 'page.ts'), "import { page } from './routes';\nexport default page;\n");
    const cycles = findCycles(importGraph([dir])).map((cycle) => cycle.map((file) => path.relative(dir, file)));
    expect(cycles).toEqual([['lib/memory.ts', 'lib/query.ts']]);
  });
});
