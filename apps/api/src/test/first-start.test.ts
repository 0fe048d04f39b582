/**
 * The README's quick start on a fresh clone: the built server started on a SQLite file whose folder
 * does not exist yet (`npm start` uses ./data/servery.sqlite, which a clone does not have), with the
 * demo tenants. And the one setting every launcher gives it, the shipped time-zone rules
 * (docs/decisions/0045-time-zone-rules.md): without them it refuses to start, saying what to set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureApiBuild } from '../../../../scripts/lib.mjs';
import { repoRoot } from '../config';
import { onPostgres, startServerProcess, stopServerProcess, type ServerProcess } from './server-process';

let dir: string;
let server: ServerProcess | null = null;

beforeAll(async () => {
  await ensureApiBuild({ exitOnFailure: false });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-first-start-'));
}, 120_000);

afterAll(async () => {
  await stopServerProcess(server);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(onPostgres)('the first start of a fresh clone', () => {
  it('makes the database folder, loads the demo tenants and serves them', async () => {
    const file = path.join(dir, 'clone', 'data', 'servery.sqlite');
    const started = await startServerProcess(`file:${file}`, { LOAD_DEMO_TENANTS: '1' });
    if (!('url' in started)) throw new Error(`the server exited (${started.exitCode}):\n${started.output}`);
    server = started;
    expect(fs.existsSync(file)).toBe(true);
    // maple-bistro is restaurant 101 (tenants/README.md).
    const menu = await fetch(`${started.url}/api/restaurants/101/menus?type=dine_in`);
    expect(menu.status).toBe(200);
    const data = await fetch(`${started.url}/maple-bistro/data.json`);
    expect(data.status).toBe(200);
    expect(await data.json()).toMatchObject({ slug: 'maple-bistro' });
    // A first start migrates and imports every demo tenant: on a loaded machine that can take longer
    // than the suite's default 30 s.
  }, 90_000);

  it('refuses to start on older time-zone rules than the shipped ones, naming the setting', async () => {
    // A folder without zone resources: ICU keeps Node's own rules (2025c).
    const exited = await startServerProcess(`file:${path.join(dir, 'other', 'servery.sqlite')}`, {
      ICU_TIMEZONE_FILES_DIR: path.join(dir, 'no-rules-here'),
    });
    if ('url' in exited) throw new Error('the server started on older time-zone rules');
    expect(exited.exitCode).toBe(1);
    expect(exited.output).toContain(`ICU_TIMEZONE_FILES_DIR=${path.join(repoRoot, 'tzdata')}`);
  });
});
