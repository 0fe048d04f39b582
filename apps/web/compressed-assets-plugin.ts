/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each built script, stylesheet and SVG, so the
 * server sends the browser compressed bytes (`preCompressed` in apps/api/src/plugins/web.ts) without
 * compressing on every request. Without them the menu's first load went over the wire as 530 kB of
 * plain JavaScript instead of about 165 kB (docs/decisions/0098-compressed-static-assets.md).
 * Client build only: the server-rendering build (`--ssr`) is read from disk by Node, never sent.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser fetches as a file; fonts and images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|map)$/;
/** Below this a compressed copy saves less than a request's headers. */
const MIN_BYTES = 1024;

export function compressedAssets(): Plugin {
  let ssr = false;
  let outDir = '';
  return {
    name: 'servery-compressed-assets',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      if (ssr) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const target = path.join(outDir, file);
            const bytes = await fs.readFile(target);
            if (bytes.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([fs.writeFile(`${target}.br`, br), fs.writeFile(`${target}.gz`, gz)]);
          }),
      );
    },
  };
}
