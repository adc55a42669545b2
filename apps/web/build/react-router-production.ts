import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** A `Name.displayName = "…";` statement on a line of its own, at the top level of a module. */
const DISPLAY_NAME_STATEMENT = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;

export function dropDisplayNames(code: string): string {
  return code.replace(DISPLAY_NAME_STATEMENT, '');
}

/**
 * React Router 7's package exports only its development build; the production build beside it in
 * dist/production is the same code with `ENABLE_DEV_WARNINGS = false`, so the bundler drops the
 * warnings that no shopper's console needs. The router also names its contexts and components with
 * top-level `X.displayName = "X"` statements; a bundler must keep a property write, and with it the
 * component, so `Form`, `unstable_HistoryRouter` and their helpers, which the shop never renders,
 * were downloaded on every first load. React reads `displayName` only in development warnings and
 * the developer tools. Build only: `vite` in development and the tests keep the warnings.
 * Together about 0.7 kB gzip of the first load of / (decision 0056).
 */
export function reactRouterProduction(): Plugin {
  const production = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  const entries: Record<string, string> = {
    'react-router': path.join(production, 'index.mjs'),
    'react-router/dom': path.join(production, 'dom-export.mjs'),
  };
  return {
    name: 'festival-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return entries[source];
    },
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
      handler(code) {
        return { code: dropDisplayNames(code), map: null };
      },
    },
  };
}
