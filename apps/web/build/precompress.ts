import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|txt|json)$/;
/** Below this a compressed copy saves less than the headers around it. */
const MIN_BYTES = 512;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (name === '.vite') return [];
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, zopfli) copy beside every text file of the
 * build. The server sends them as they are (@fastify/static preCompressed), so each visitor gets
 * the smallest encoding their browser accepts without the server compressing per request, which
 * matters when thousands arrive at an on-sale moment. index.html is a template the server fills
 * in per request, so it is compressed per request instead.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'festival-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = filesUnder(outDir).filter((file) => COMPRESSIBLE.test(file) && path.basename(file) !== 'index.html');
      await Promise.all(
        files.map(async (file) => {
          const content = readFileSync(file);
          if (content.length < MIN_BYTES) return;
          const brotli = brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          });
          if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
          const gzip = Buffer.from(await gzipAsync(content, { numiterations: 15 }));
          if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
        }),
      );
    },
  };
}
