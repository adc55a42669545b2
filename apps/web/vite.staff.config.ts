import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { textCatalogues } from './build/text-catalogues';
import { reactRouterProduction } from './build/react-router-production';

const webRoot = import.meta.dirname;

/**
 * The back office (issue 22, decision 0044): an app of its own at /staff, built separately from
 * the shop as the scanner is, so not a byte of it reaches a shopper's pages and the shop's bundle
 * stays exactly what vite.config.ts makes. It lands in dist/staff (staff.html and assets/), which
 * the server answers for /staff/ and everything under it, with its own stricter headers.
 */
export default defineConfig({
  root: webRoot,
  base: '/staff/',
  publicDir: false,
  plugins: [reactRouterProduction(), textCatalogues(), react(), precompress()],
  build: {
    outDir: resolve(webRoot, 'dist/staff'),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: 'es2022',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { staff: resolve(webRoot, 'staff.html') },
      output: {
        // zod's interpreter mode (src/staff/jitless.ts) in zod's own chunk, right after zod: every
        // chunk that makes a schema imports that chunk first, so no schema is made before it, however
        // the contract's modules are split among the entry and the pages' chunks (a shared chunk is
        // evaluated before the entry's own code, which is where jitless.ts would otherwise be).
        codeSplitting: { groups: [{ name: 'schemas', test: /node_modules[\\/]zod[\\/]|src[\\/]staff[\\/]jitless\.ts$/ }] },
      },
    },
  },
});
