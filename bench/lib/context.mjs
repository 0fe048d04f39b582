// What every case receives: the repo root, a temp dir, logging, notes for the report, and shared
// resources started once per run on first use (the web build, the real server, the menus JSON).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup.mjs';
import { request } from './net.mjs';
import { root, startRealServer } from './servers.mjs';
import { buildWeb } from './web-build.mjs';

/** The tenant with the 300-item menu. */
export const GRAND_BUFFET = { id: 110, slug: 'grand-buffet' };

export function createContext({ args = [] } = {}) {
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-bench-'));
  onCleanup(
    'temp dir',
    () => fs.rmSync(tmpDir, { recursive: true, force: true }),
    () => fs.rmSync(tmpDir, { recursive: true, force: true }),
  );
  const notes = [];
  const memo = new Map();
  const once = (key, make) => {
    if (!memo.has(key)) memo.set(key, make());
    return memo.get(key);
  };
  let currentCase = 'bench';

  const context = {
    root,
    tmpDir,
    args,
    tenant: GRAND_BUFFET,
    /** Progress lines, printed as they happen. */
    log: (message) => console.log(`  [${currentCase}] ${message}`),
    /** A caveat printed under the table. */
    note: (message) => notes.push({ caseName: currentCase, message }),
    notes,
    setCase: (name) => {
      currentCase = name;
    },

    /** npm run build --workspace apps/web, once per run. → buildWeb()'s result */
    webBuild: () =>
      once('webBuild', async () => {
        const result = await buildWeb(root, { skip: process.env.BENCH_SKIP_BUILD === '1', log: context.log });
        context.log(result.message.split('\n')[0]);
        if (!result.built) context.note(result.message);
        return result;
      }),

    /** The real server (after the web build), started once and shared by the cases of this run. */
    server: () =>
      once('server', async () => {
        await context.webBuild();
        context.log('starting the API (node apps/api/dist/main.js) with a fresh SQLite database and the demo tenants');
        const started = Date.now();
        const server = await startRealServer({ tmpDir });
        context.log(`API up on ${server.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        return server;
      }),

    /** GET /api/restaurants/110/menus?type=dine_in, uncompressed: { status, headers, body: Buffer, json } */
    menus: () =>
      once('menus', async () => {
        const server = await context.server();
        const res = await request(`${server.url}/api/restaurants/${GRAND_BUFFET.id}/menus?type=dine_in`, {
          headers: { 'accept-encoding': 'identity', 'x-restaurant-id': String(GRAND_BUFFET.id) },
        });
        if (res.status !== 200) throw new Error(`GET menus answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
        return { ...res, json: JSON.parse(res.body.toString('utf8')) };
      }),
  };
  return context;
}

/** Every item of a menus response, with its section (null: directly in the menu): [{ group, menu, section, item }]. */
export function menuItems(menusJson) {
  const out = [];
  for (const group of menusJson.menu_groups ?? []) {
    for (const menu of group.menus ?? []) {
      for (const item of menu.items ?? []) out.push({ group, menu, section: null, item });
      for (const section of menu.sections ?? []) {
        for (const item of section.items ?? []) out.push({ group, menu, section, item });
      }
    }
  }
  return out;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
