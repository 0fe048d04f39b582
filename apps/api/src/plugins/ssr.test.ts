import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsrRender, SsrState } from '@servery/contracts/ssr';
import { buildApp } from '../app';
import { loadSsr, paintFirstTemplate } from './ssr';
import { importTenants } from '../use-cases/platform/import-tenants';
import { asSource, tenantFixture } from '../test/fixtures';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import type { FastifyInstance } from 'fastify';

// The web's real server entry is exercised by the browser tests; here a stand-in shows what the
// plugin hands it and what it does with the answer.
const rendered: Array<{ url: string; state: SsrState }> = [];
const render: SsrRender = async (url, state) => {
  rendered.push({ url, state });
  return {
    html: `<main>${state.restaurant ? 'menu' : 'not found'}</main>`,
    head: '<title>Rendered</title>',
    status: state.restaurant ? 200 : 404,
  };
};
const template =
  '<!doctype html><html lang="en-CA"><head><!--ssr-head--></head><body><div id="app"><!--ssr-html--></div><!--ssr-state--><script type="module" src="/assets/x.js"></script></body></html>';

let app: FastifyInstance;
let database: TestDatabase;
let webDist: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const tenant = tenantFixture({ id: 71, slug: 'ssr-place', name: 'Nasty </script><script>alert(1)</script>' });
  const result = await importTenants(database.db, [asSource(tenant)], new Date());
  if (!result.ok) throw new Error(result.errors.join('\n'));
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), template);
  app = await buildApp({ LOG_LEVEL: 'silent', WEB_DIST: webDist, TENANTS_DIR: webDist }, database, {
    ssr: { template, render, preload: '<link rel="modulepreload" href="/assets/menu.js">' },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const stateOf = (html: string): SsrState =>
  JSON.parse(/<script type="application\/json" id="servery-state">(.*?)<\/script>/s.exec(html)![1]!);
const menuNames = (state: SsrState) => state.menus?.menu_groups.flatMap((group) => group.menus.map((menu) => menu.name)) ?? null;

describe('server-rendered restaurant pages', () => {
  it('renders the menu page with its state, preloads and head', async () => {
    const response = await app.inject({ method: 'GET', url: '/ssr-place?tableNum=12' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="app"><main>menu</main></div>');
    expect(response.body).toContain('<title>Rendered</title><link rel="modulepreload" href="/assets/menu.js">');
    const state = stateOf(response.body);
    expect(state).toMatchObject({ slug: 'ssr-place', locale: 'en-CA', restaurant: { id: 71 }, queue: { enabled: false } });
    expect(rendered.at(-1)?.url).toBe('/ssr-place?tableNum=12');
    expect(menuNames(rendered.at(-1)!.state)).toEqual(['All day', 'Bar']);
  });

  it('renders with the menus and leaves them out of the page for the browser to fetch, at the version rendered', async () => {
    const page = await app.inject({ method: 'GET', url: '/ssr-place?tableNum=12' });
    const state = stateOf(page.body);
    expect(state.menus).toBeNull();
    expect(state.menusFetch).toEqual({ type: 'dine_in', etag: expect.stringMatching(/^".+"$/) });
    // What the browser fetches: the menus the page was rendered with, under the ETag the page names.
    const menus = await app.inject({ method: 'GET', url: '/api/restaurants/71/menus?type=dine_in', headers: { 'x-restaurant-id': '71' } });
    expect(menus.headers.etag).toBe(state.menusFetch?.etag);
    expect(menus.json()).toEqual(rendered.at(-1)?.state.menus);
    expect(page.body).not.toContain('"menu_groups"');
  });

  it('asks for the menus of the order type in the query', async () => {
    await app.inject({ method: 'GET', url: '/ssr-place?takeout=true' });
    expect(menuNames(rendered.at(-1)!.state)).toEqual(['All day']);
    const takeout = stateOf((await app.inject({ method: 'GET', url: '/ssr-place?takeout=true' })).body);
    expect(takeout.menusFetch?.type).toBe('take-out');
    // No order type in the address: the diner chooses one first, and no menus are rendered or fetched.
    const choosing = stateOf((await app.inject({ method: 'GET', url: '/ssr-place' })).body);
    expect(rendered.at(-1)?.state.menus).toBeNull();
    expect(choosing.menus).toBeNull();
    expect(choosing.menusFetch).toBeUndefined();
  });

  it('keeps the state from breaking out of its script element', async () => {
    const body = (await app.inject({ method: 'GET', url: '/ssr-place/landing?tableNum=1' })).body;
    expect(body).not.toContain('</script><script>alert(1)');
    expect(stateOf(body).restaurant?.name).toBe('Nasty </script><script>alert(1)</script>');
  });

  it('uses the locale cookie, else Accept-Language, for lang and state', async () => {
    const byCookie = await app.inject({
      method: 'GET',
      url: '/ssr-place?tableNum=1',
      headers: { cookie: 'locale=fr-CA', 'accept-language': 'en-CA' },
    });
    expect(byCookie.body).toContain('<html lang="fr-CA"');
    expect(stateOf(byCookie.body).locale).toBe('fr-CA');
    const byHeader = await app.inject({ method: 'GET', url: '/ssr-place?tableNum=1', headers: { 'accept-language': 'fr' } });
    expect(stateOf(byHeader.body).locale).toBe('fr-CA');
  });

  it('answers 404 with the rendered not-found page for an unknown restaurant', async () => {
    const response = await app.inject({ method: 'GET', url: '/no-such-place' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<main>not found</main>');
  });

  it('leaves the product screens to the browser', async () => {
    const response = await app.inject({ method: 'GET', url: '/login?next=1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(template);
  });

  it('compresses the page when the browser accepts it', async () => {
    const response = await app.inject({ method: 'GET', url: '/ssr-place?tableNum=1', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toContain('<main>menu</main>');
  });
});

describe('paintFirstTemplate', () => {
  it('inlines stylesheets and asks for the app only after the first frame', () => {
    const built =
      '<html><head><!--ssr-head--><title>Servery</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-2.js"><link rel="stylesheet" crossorigin href="/assets/index-3.css"></head><body><div id="app"><!--ssr-html--></div><!--ssr-state--></body></html>';
    const page = paintFirstTemplate(built, (file) => `/* ${file} */`);
    expect(page).toContain('<style>/* assets/index-3.css */</style>');
    // Only a marker the browser does not fetch (not CSS), for Vite's loader not to add the file again.
    const marker = '<link rel="stylesheet" type="text/x-inlined-css" href="/assets/index-3.css">';
    expect(page).toContain(marker);
    expect(page.replace(marker, '')).not.toMatch(/<link|<title>|type="module" crossorigin/);
    expect(page).toMatch(
      /<!--ssr-state--><script nonce="%CSP_NONCE%">requestAnimationFrame\(.*s\.src='\/assets\/index-1\.js'.*<\/script><\/body>/,
    );
  });

  it("runs its loader under the answer's own nonce, a new one each time", async () => {
    const painted = await buildApp({ LOG_LEVEL: 'silent', WEB_DIST: webDist, TENANTS_DIR: webDist }, database, {
      ssr: { template: paintFirstTemplate(template, () => ''), render, preload: '' },
    });
    try {
      const nonces = [];
      for (let i = 0; i < 2; i++) {
        const response = await painted.inject({ method: 'GET', url: '/ssr-place?tableNum=1' });
        const nonce = /<script nonce="([^"]+)">requestAnimationFrame/.exec(response.body)?.[1];
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(response.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}'`);
        nonces.push(nonce);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
      // Every other answer names no nonce: an inline script anywhere else does not run.
      const api = await painted.inject({ method: 'GET', url: '/api/health' });
      expect(api.headers['content-security-policy']).not.toContain('nonce-');
    } finally {
      await painted.close();
    }
  });
});

describe("a restaurant's fonts", () => {
  it('are declared in the page for the families its theme names that the product packages, each once', async () => {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-fonts-'));
    fs.mkdirSync(path.join(built, '.vite'));
    fs.mkdirSync(path.join(built, 'assets'));
    fs.writeFileSync(path.join(built, 'index.html'), template);
    fs.writeFileSync(
      path.join(built, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/lib/fonts/lato.css': { file: 'assets/lato-Ab1.css', src: 'src/lib/fonts/lato.css' },
        'src/lib/fonts/open-sans.css': { file: 'assets/open-sans-Cd2.css', src: 'src/lib/fonts/open-sans.css' },
      }),
    );
    fs.writeFileSync(path.join(built, 'assets', 'lato-Ab1.css'), '@font-face{font-family:Lato}');
    fs.writeFileSync(path.join(built, 'assets', 'open-sans-Cd2.css'), '@font-face{font-family:Open Sans}');
    const entry = path.join(built, 'entry-server.mjs');
    fs.writeFileSync(entry, "export const render = async () => ({ html: '<main>menu</main>', head: '', status: 200 });");
    const themed = async (id: number, slug: string, fonts: { heading: string; body: string }) => {
      const result = await importTenants(database.db, [asSource({ ...tenantFixture({ id, slug }), theme: { fonts } })], new Date());
      if (!result.ok) throw new Error(result.errors.join('\n'));
    };
    await themed(72, 'lato-place', { heading: 'Lato', body: ' lato ' });
    await themed(73, 'mixed-place', { heading: 'Open  Sans', body: 'Papyrus' });
    const ssr = await loadSsr(built, entry);
    const served = await buildApp({ LOG_LEVEL: 'silent', WEB_DIST: built, TENANTS_DIR: built }, database, { ssr: ssr! });
    try {
      const lato = (await served.inject({ method: 'GET', url: '/lato-place?tableNum=1' })).body;
      // Inlined, with the marker that keeps the app's own loader from adding the file again.
      const latoTags =
        '<style>@font-face{font-family:Lato}</style><link rel="stylesheet" type="text/x-inlined-css" href="/assets/lato-Ab1.css">';
      expect(lato.split(latoTags)).toHaveLength(2);
      expect(lato).not.toContain('Open Sans');
      const mixed = (await served.inject({ method: 'GET', url: '/mixed-place?tableNum=1' })).body;
      expect(mixed).toContain('<style>@font-face{font-family:Open Sans}</style>');
      expect(mixed).not.toContain('font-family:Lato');
      // A restaurant without packaged fonts gets none.
      expect((await served.inject({ method: 'GET', url: '/ssr-place?tableNum=1' })).body).not.toContain('@font-face');
    } finally {
      await served.close();
      fs.rmSync(built, { recursive: true, force: true });
    }
  });
});
