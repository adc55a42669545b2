import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { textCatalogues } from './build/text-catalogues';
import { scanPwa } from './build/scan-pwa';

const webRoot = import.meta.dirname;

/**
 * The gate scanner (issue 21): an app of its own at /scan, built separately from the shop so not a
 * byte of it reaches the shop's pages and the shop's bundle stays exactly what vite.config.ts
 * makes. It lands in dist/scan (scan.html, assets/, its service worker and web app manifest),
 * which the server answers for /scan/ and everything under it.
 */
export default defineConfig({
  root: webRoot,
  base: '/scan/',
  // Its icons and manifest are made by the build (build/scan-pwa.ts); the shop's public files are not its own.
  publicDir: false,
  plugins: [textCatalogues(), react(), scanPwa(), precompress()],
  build: {
    outDir: resolve(webRoot, 'dist/scan'),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // The service worker's precache list is read from it (build/scan-pwa.ts).
    manifest: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    rolldownOptions: { input: { scan: resolve(webRoot, 'scan.html') } },
  },
  worker: { format: 'es' },
});
