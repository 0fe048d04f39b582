/**
 * Server rendering of the restaurant pages (Landing and Menu): the first paint does not wait for
 * JavaScript. The web's server entry (apps/web/dist-ssr/entry-server.js) renders the same React
 * components; this plugin gathers the state, fills the built index.html and sends it compressed.
 * The browser hydrates from the embedded state; the menus, most of its bytes, it fetches from the
 * menus API at the version the server rendered (contracts/ssr.ts `menusFetch`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rankedLanguages } from '@servery/contracts/locale';
import { chooseLocale, offeredLocales } from '@servery/domain/locales';
import { rootContainerId, SSR_STATE_ELEMENT_ID, type SsrPageStatus, type SsrRender, type SsrState } from '@servery/contracts/ssr';
import { type Locale, RESERVED_SLUGS } from '@servery/contracts/tenant-file';
import { orderTypeOf, parseOrderingConfig } from '@servery/domain/ordering-config';
import { addTenant } from '../db/data-scope';
import { findRestaurantBySlug, type Restaurant } from '../db/restaurants-repository';
import { memberCookieName, readCookie } from '../lib/cookies';
import { getAnnouncements } from '../use-cases/menus/get-announcements';
import { getMenus, isValidMember } from '../use-cases/menus/get-menus';
import { getQueueTime } from '../use-cases/menus/get-queue-time';
import { canteenOfHost, getRestaurantData } from '../use-cases/menus/get-restaurant-data';
import { allowPageScript } from './security-headers';

const CANTEEN_PATH_SLUG = 'cantine';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface SsrOptions {
  /** The built index.html of the web app, with its <!--ssr-head-->, <!--ssr-html--> and <!--ssr-state--> marks. */
  template: string;
  render: SsrRender;
  /** The status of a page the server does not render (plugins/web.ts answers it with the app's shell). */
  pageStatus?: SsrPageStatus;
  /** Tags for <head> on every rendered page: the menu screen's stylesheets, inlined. */
  preload: string;
  /** Tags for <head> on pages rendered in French. */
  preloadFrench?: string;
  /** Tags for <head> declaring the packaged fonts a restaurant's theme names (none for other families). */
  fontStyles?: (fonts: { heading: string; body: string }) => string;
}

/** Loads the web's server entry and template; null when the web has not been built. */
export async function loadSsr(webDist: string, ssrEntry: string): Promise<SsrOptions | null> {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile) || !fs.existsSync(ssrEntry)) return null;
  const module = (await import(pathToFileURL(ssrEntry).href)) as { render?: SsrRender; pageStatus?: SsrPageStatus };
  if (typeof module.render !== 'function') throw new Error(`${ssrEntry} does not export render()`);
  const manifest = readManifest(webDist);
  // The Menu route's chunk (app/restaurant-home-screen) holds the menu screen and its styles; the
  // menu screen is looked up too in case it becomes a chunk of its own. Shared chunks are keyed by
  // file name in the manifest, so only a route's own module is found by its source path. The item
  // dialog's styles too: the menu fetches the dialog's code as soon as the browser is idle, and a
  // stylesheet added then restyles every element of a long menu in one task.
  const menu = chunkFiles(manifest, 'app/restaurant-home-screen', 'features/menu/menu-screen', 'features/menu/item-dialog');
  const french = chunkFiles(manifest, 'i18n/fr-CA');
  const readCss = (file: string) => fs.readFileSync(path.join(webDist, file), 'utf8');
  return {
    template: paintFirstTemplate(fs.readFileSync(indexFile, 'utf8'), readCss),
    render: module.render,
    ...(typeof module.pageStatus === 'function' && { pageStatus: module.pageStatus }),
    preload: menu.styles.map((file) => inlineStyle(file, readCss)).join(''),
    preloadFrench: french.styles.map((file) => inlineStyle(file, readCss)).join(''),
    fontStyles: fontStylesOf(manifest, readCss),
  };
}

/**
 * The restaurant's packaged fonts (apps/web/src/lib/restaurant-fonts.ts) declared in the page itself:
 * the browser asks for the font files while it parses the page, so they are usually in before the
 * app's script runs. Loaded by the script instead, each face arrived in the middle of hydration and
 * laid out the whole 300-item menu again, a long task each (docs/decisions/0098-compressed-static-assets.md).
 * The app still calls its loader; Vite's loader finds the link and adds nothing (`inlineStyle`).
 */
function fontStylesOf(manifest: Manifest, readCss: (file: string) => string): (fonts: { heading: string; body: string }) => string {
  // Each family's tags are made once, when the server starts: a page only joins them.
  const tags = new Map<string, string>();
  for (const [source, chunk] of Object.entries(manifest)) {
    const family = /\/lib\/fonts\/([a-z0-9-]+)\.css$/.exec(source)?.[1];
    if (family) tags.set(family, inlineStyle(chunk.file, readCss));
  }
  const tagsOf = (family: string) => tags.get(family.trim().replace(/\s+/g, '-').toLowerCase()) ?? '';
  return ({ heading, body }) => (tagsOf(heading) === tagsOf(body) ? tagsOf(heading) : tagsOf(heading) + tagsOf(body));
}

/**
 * A stylesheet inlined, followed by a <link> to its file with a type that is not CSS: the browser
 * does not fetch it, and Vite's loader, which adds a chunk's stylesheets when the chunk is imported
 * unless a stylesheet link to the same file is already there, finds it and does not add it again.
 * Added again, each would restyle and lay out the whole server-rendered page once more; a link
 * fetched at all would be one more request before the first paint
 * (docs/decisions/0040-menu-first-load.md).
 */
function inlineStyle(file: string, readCss: (file: string) => string): string {
  return `<style>${readCss(file)}</style><link rel="stylesheet" type="text/x-inlined-css" href="/${file}">`;
}

/** Where the answer's own CSP nonce goes (plugins/security-headers.ts allowPageScript). */
const NONCE_MARK = '%CSP_NONCE%';

/**
 * The built index.html, made to paint the server's HTML before any script is fetched: stylesheets
 * are inlined (no render-blocking request) and the app's module is requested only after the first
 * frame, then hydrates (docs/decisions/0006-server-rendering.md).
 */
export function paintFirstTemplate(template: string, readCss: (file: string) => string): string {
  const entry = /<script type="module"[^>]*\ssrc="\/([^"]+)"[^>]*><\/script>/.exec(template)?.[1];
  let page = template
    .replace(/<link rel="stylesheet"[^>]*\shref="\/([^"]+)"[^>]*>/g, (_tag, file: string) => inlineStyle(file, readCss))
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<title>[^<]*<\/title>\s*/, '');
  if (entry) {
    const loader = `<script nonce="${NONCE_MARK}">requestAnimationFrame(function(){setTimeout(function(){var s=document.createElement('script');s.type='module';s.src='/${entry}';document.head.appendChild(s)})})</script>`;
    page = page.replace(/<script type="module"[^>]*><\/script>/, '').replace('<!--ssr-state-->', `<!--ssr-state-->${loader}`);
  }
  return page;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

function readManifest(webDist: string): Manifest {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  return fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : {};
}

/** The files and stylesheets of the chunks built from the source paths containing `sources`, with their imports. */
function chunkFiles(manifest: Manifest, ...sources: string[]): { files: string[]; styles: string[] } {
  const files = new Set<string>();
  const styles = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    // The entry's own stylesheets are in the page already (paintFirstTemplate).
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => styles.add(css));
    chunk.imports?.forEach(visit);
  };
  for (const source of sources) {
    const key = Object.keys(manifest).find((name) => name.includes(source));
    if (key) visit(key);
  }
  return { files: [...files], styles: [...styles] };
}

/** JSON that is safe inside a <script> element: no "</script>", no HTML comment openers. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** The page's language among the restaurant's (domain/locales.ts); both are offered where no restaurant is found. */
function localeOf(request: FastifyRequest, restaurant: Restaurant | null): Locale {
  const offered = offeredLocales(restaurant?.settings.locales);
  return chooseLocale(readCookie(request.headers.cookie, 'locale'), rankedLanguages(request.headers['accept-language']), offered);
}

export const ssrPlugin = fp(async (app: FastifyInstance, options: SsrOptions) => {
  const db = app.database.db;

  async function renderPage(request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) {
    const { slug: pathSlug } = request.params;
    if ((RESERVED_SLUGS as readonly string[]).includes(pathSlug) || !/^[a-z0-9-]{1,100}$/.test(pathSlug)) return reply.callNotFound();
    // /cantine is the workplace canteen's landing: the canteen this host serves, whatever its slug.
    const slug = pathSlug === CANTEEN_PATH_SLUG ? ((await canteenOfHost(db, request.hostname)) ?? pathSlug) : pathSlug;
    const now = app.now();
    const restaurant = await findRestaurantBySlug(db, slug);
    const locale = localeOf(request, restaurant);
    // The page's restaurant is the request's tenant (db/data-scope.ts), as `tenantOf` makes it for the API.
    if (restaurant) addTenant(restaurant.id);
    const state: SsrState = { locale, now: now.toISOString(), slug, restaurant: null, menus: null, announcements: null, queue: null };
    // The page's copy of the state leaves the menus out; the browser fetches that very version (contracts/ssr.ts).
    let menusFetch: SsrState['menusFetch'];
    if (restaurant) {
      const url = new URL(request.url, 'http://localhost');
      const ordering = parseOrderingConfig(url.searchParams, restaurant.settings);
      const member = isValidMember(restaurant, readCookie(request.headers.cookie, memberCookieName(slug)));
      const type = ordering.ok ? orderTypeOf(ordering.config, restaurant.settings) : null;
      const [menus, queue] = await Promise.all([
        type ? getMenus(db, restaurant, type, member, now) : null,
        getQueueTime(db, restaurant, now),
      ]);
      Object.assign(state, {
        restaurant: getRestaurantData(restaurant).data,
        menus: menus?.value ?? null,
        announcements: getAnnouncements(restaurant, now),
        queue,
      });
      if (menus && type) menusFetch = { type, etag: menus.etag };
    }
    const rendered = await options.render(request.url, state);
    const pageState: SsrState = menusFetch ? { ...state, menus: null, menusFetch } : state;
    const nonce = allowPageScript(reply);
    const page = options.template
      .replace(NONCE_MARK, nonce)
      .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
      .replace('id="app"', `id="${rootContainerId(request.url)}"`)
      .replace(
        '<!--ssr-head-->',
        rendered.head +
          options.preload +
          (locale === 'fr-CA' ? (options.preloadFrench ?? '') : '') +
          (state.restaurant && options.fontStyles ? options.fontStyles(state.restaurant.theme.fonts) : ''),
      )
      .replace('<!--ssr-html-->', rendered.html)
      .replace('<!--ssr-state-->', `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${scriptSafeJson(pageState)}</script>`);
    reply
      .code(rendered.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Accept-Encoding, Accept-Language, Cookie');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const body = Buffer.from(page);
    if (/\bbr\b/.test(accepted)) {
      return reply.header('content-encoding', 'br').send(await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await gzip(body, { level: 6 }));
    return reply.send(body);
  }

  app.get('/:slug', { schema: { hide: true } }, renderPage);
  app.get('/:slug/landing', { schema: { hide: true } }, renderPage);
});
