// Finds import circles among TypeScript sources, type-only imports included: a circle of types is
// still two modules that cannot be read, moved or tested one without the other (decision 0055).
// ESLint's import-x/no-cycle skips `import type`, so this check runs as a unit test beside it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.test\.(ts|tsx|mts)$|\.d\.ts$/;

function sourcesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [full] : [];
  });
}

const compilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowImportingTsExtensions: true, jsx: ts.JsxEmit.ReactJSX };

/**
 * Every module's static imports (`import`, `import type`, `export … from`) that resolve to a
 * source under the given folders. Dynamic `import()` is left out: a lazily loaded page that
 * imports the table that loads it is how code splitting works, not a circle.
 */
export function importGraph(dirs) {
  const files = new Set(dirs.flatMap((dir) => sourcesUnder(dir)));
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const edges = new Set();
    for (const statement of source.statements) {
      const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const resolved = ts.resolveModuleName(specifier.text, file, compilerOptions, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && files.has(path.resolve(resolved))) edges.add(path.resolve(resolved));
    }
    graph.set(file, edges);
  }
  return graph;
}

/** The circles of a graph, each once, as lists of files (Tarjan's strongly connected components). */
export function findCycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
