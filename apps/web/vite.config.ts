import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build/precompress';
import { reactRouterProduction } from './build/react-router-production';
import { textCatalogues, textChunkName } from './build/text-catalogues';

const webRoot = import.meta.dirname;
/** The shop server that answers /api and serves images in development. */
const backend = process.env.SHOP_BACKEND_URL ?? 'http://localhost:3000';
const CONFIG_SCRIPT = /<script id="shop-config" type="application\/json">[\s\S]*?<\/script>/;

function escapeForScript(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Development only: the server injects the shop configuration into index.html in production.
 * With `vite` we borrow it from the running server's page, or fall back to the sample in
 * dev/sample-config.json so the frame can be worked on without a server.
 */
function devShopConfig(): Plugin {
  return {
    name: 'festival-dev-shop-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      let script: string | undefined;
      let name = 'Festival Shop';
      try {
        const page = await fetch(`${backend}/`, { signal: AbortSignal.timeout(1500) }).then((res) => res.text());
        script = CONFIG_SCRIPT.exec(page)?.[0];
        name = /<title>([^<]*)<\/title>/.exec(page)?.[1] ?? name;
      } catch {
        // No server running: use the sample below.
      }
      if (!script) {
        const sample = readFileSync(resolve(webRoot, 'dev/sample-config.json'), 'utf8');
        name = escapeHtml((JSON.parse(sample) as { name: string }).name);
        script = `<script id="shop-config" type="application/json">${escapeForScript(JSON.stringify(JSON.parse(sample)))}</script>`;
      }
      // Replacer functions: a "$&" in a configured text must stay literal.
      return html
        .replace('<!--shop-config-->', () => script)
        .replace('<!--shop-title-->', () => name)
        .replace('<!--shop-description-->', () => name)
        .replace('<!--shop-preload-->', '');
    },
  };
}

// The documents are direct browser navigations (spec section 2) that the server answers with a PDF.
const proxied = ['/api', '/images', '/media', '/healthz', '/download-ticket', '/download-invoice', '/download-credit-note'];

export default defineConfig(({ command }) => {
  return {
    root: webRoot,
    plugins: [reactRouterProduction(), textCatalogues(), react(), devShopConfig(), precompress()],
    resolve: {
      // The catalogues come compiled to ASTs (build/text-catalogues.ts): the shop's pages format
      // them without FormatJS's ICU parser (decision 0093). In development the parser stays, so a
      // message not yet extracted into en.json is still said in its English source.
      alias: command === 'build' ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] : [],
    },
    server: {
      proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
    },
    build: {
      outDir: resolve(webRoot, 'dist'),
      emptyOutDir: true,
      // The page runs under a strict CSP (no data: URIs needed): every asset stays a file.
      assetsInlineLimit: 0,
      // The server reads it to announce a landing page's own chunks in the HTML (page-chunks.ts).
      manifest: true,
      target: 'es2022',
      // Every browser that runs es2022 supports <link rel="modulepreload">: no polyfill in the entry.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // Each part of each language's texts is named for it: the server preloads the page's
          // language's first part by its name (apps/server/src/http/page-chunks.ts).
          chunkFileNames: (chunk) => `assets/${textChunkName(chunk.facadeModuleId) ?? '[name]'}-[hash].js`,
          // React, the router and the query library change rarely and every route needs them: one
          // long-cached vendor file, compressed as a whole, instead of several small shared chunks
          // (the router and the query library used to land in two app chunks of their own).
          // The shop's own modules that the first render of / needs besides the entry (the product
          // card, the button, the api client, formatting, configuration) are one file too: each
          // file is compressed on its own, so one file of them is about 2 kB smaller as served than
          // the five chunks they used to be spread over. Only modules that are in the first route
          // anyway belong here (decision 0055; e2e/first-load-budget.spec.ts holds the total).
          // Before it, every shop module the entry loads statically (rolldown's `$initial` tag) is
          // one group that rolldown folds into the entry file itself: the frame, the header and the
          // api client are downloaded on every first load anyway, and one file of them is about
          // 0.5 kB smaller as served than the entry and the first-route file were (decision 0056).
          // What stays in `first-route` is what only the home page adds (the product card, formats).
          codeSplitting: {
            groups: [
              { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/ },
              { name: 'entry', tags: ['$initial' as const], test: (id: string) => !/node_modules/.test(id) },
              { name: 'first-route', test: /(src[\\/](components[\\/]ui[\\/](Badge|Button|ButtonLink|RichText)|features[\\/]shop[\\/](components[\\/]ProductCard|shop-items)|lib[\\/](api-client|storage|user-data|safe-redirect|format|config|use-format))\.tsx?$)|contract[\\/]src[\\/](constants|shop-front-messages)\.ts$/ },
            ],
          },
        },
      },
    },
  };
});
