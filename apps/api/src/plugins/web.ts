/**
 * The web app and the tenants' images, served by the API process. Paths that are not files and
 * not API routes get the SPA's index.html, so deep links work.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { SsrPageStatus } from '@servery/contracts/ssr';
import { AppError } from '../lib/app-error';
import { sendError } from './errors';

export interface WebOptions {
  webDist: string;
  tenantsDir: string;
  /** The web app's own answer to "is there a page here" (its route table, through the server entry); every path is a page without it. */
  pageStatus?: SsrPageStatus | undefined;
}

export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  const indexFile = path.join(options.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each script and stylesheet (apps/web/compressed-assets-plugin.ts):
      // sent to a browser that accepts them, with Vary: Accept-Encoding.
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  } else {
    app.log.warn({ indexFile }, 'web app not built: run npm start or npm run build');
  }
  await app.register(fastifyStatic, {
    root: path.join(options.tenantsDir, 'images'),
    prefix: '/tenant-images/',
    decorateReply: !hasWeb,
    maxAge: '1d',
  });

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api') && !path.extname(request.url.split('?')[0] ?? '');
    if (wantsPage && hasWeb) {
      // The shell shows page-not-found for a path no route matches: say so to the browser and to
      // crawlers as well (a 404), not only on screen.
      const pathname = request.url.split('?')[0] ?? '/';
      return reply
        .code(options.pageStatus?.(pathname, true) ?? 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await fs.promises.readFile(indexFile));
    }
    return sendError(request, reply, new AppError('NOT_FOUND'));
  });
});
