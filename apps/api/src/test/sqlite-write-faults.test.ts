/**
 * SQLite's writes failing (issue 29 item 8): the real server runs as a child process on its own
 * SQLite file, and its writes are made to fail the two ways a machine fails them.
 *
 * - An I/O error: the server runs under `ulimit -f`, so once the write-ahead log reaches the limit
 *   every write fails with EFBIG, which SQLite reports as SQLITE_IOERR_WRITE (a failing disk's error).
 * - A full disk: SQLite's own `max_page_count` makes the file full, which SQLite reports as
 *   SQLITE_FULL exactly as when the disk has no room left. The setting belongs to a connection, so
 *   that server runs in this process, on the same file.
 *
 * Each time, the order that cannot be written is answered 503 with the envelope and Retry-After (not a
 * 500, and never acknowledged), and after a restart the database opens clean (integrity_check ok),
 * every acknowledged order is there exactly once, and the refused orders, sent again with their keys,
 * are placed once. On SQLite only: PostgreSQL's faults are test/postgres-network-faults.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { ensureApiBuild } from '../../../../scripts/lib.mjs';
import { todayAtOnePmInToronto } from '../../../../scripts/open-hours.mjs';
import { BARE_APP_CONFIG } from './test-app';
import { cardToken, onPostgres, placeDineInOrder, startedServerProcess, stopServerProcess, type ServerProcess } from './server-process';

const ENV = { CLOCK_START: todayAtOnePmInToronto().toISOString(), LOAD_DEMO_TENANTS: '1' };
/** At most this many orders are sent before the fault must have shown. */
const MAX_ORDERS = 40;

interface Answer {
  key: string;
  status: number;
  body: { error?: string; message?: string; order?: { id: string } };
  retryAfter: string | null;
  ms: number;
}

let folder = '';
const running = new Set<ServerProcess>();
/** A database with the demo tenants and card tokens for both tests: each test works on a copy. */
let seeded = '';
let tokens: string[] = [];

beforeAll(async () => {
  if (onPostgres) return;
  await ensureApiBuild({ exitOnFailure: false });
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-write-faults-'));
  seeded = path.join(folder, 'seeded.sqlite');
  // Migrations and the demo tenants, then a clean stop (the log is folded back into the file).
  const first = await start(seeded);
  tokens = await Promise.all(Array.from({ length: MAX_ORDERS + 1 }, () => cardToken(first)));
  await stop(first);
}, 180_000);

/** A copy of the seeded database for one test. */
function copyOfSeeded(name: string): string {
  const file = path.join(folder, name);
  fs.copyFileSync(seeded, file);
  return file;
}

afterAll(async () => {
  for (const server of running) await stopServerProcess(server, 'SIGKILL');
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

async function start(file: string, fileSizeLimitKb?: number): Promise<ServerProcess> {
  // The demo tenants are imported on the first start only: a restart finds them in the file.
  const env = fs.existsSync(file) ? { CLOCK_START: ENV.CLOCK_START } : ENV;
  const server = await startedServerProcess(`file:${file}`, env, fileSizeLimitKb === undefined ? {} : { fileSizeLimitKb });
  running.add(server);
  return server;
}

async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  await stopServerProcess(server, signal);
  running.delete(server);
}

async function place(server: { url: string }, key: string, token: string): Promise<Answer> {
  const started = Date.now();
  const response = await placeDineInOrder(server, key, token);
  return {
    key,
    status: response.status,
    body: (await response.json()) as Answer['body'],
    retryAfter: response.headers.get('retry-after'),
    ms: Date.now() - started,
  };
}

/** Places orders one after another until one is not acknowledged; every answer in order. */
async function placeUntilRefused(server: { url: string }, prefix: string, tokens: string[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const [index, token] of tokens.entries()) {
    const answer = await place(server, `${prefix}-${index}`, token);
    answers.push(answer);
    if (answer.status !== 201) {
      // The next one is refused alike while the fault lasts.
      answers.push(await place(server, `${prefix}-${index + 1}`, tokens[index + 1]!));
      break;
    }
  }
  return answers;
}

/** The file after a restart: clean, and the orders under these keys. */
function inspect(file: string, prefix: string): { integrity: string; keys: Map<string, number> } {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    const integrity = String(sqlite.pragma('integrity_check', { simple: true }));
    const rows = sqlite.prepare(`select key, count(*) as n from idempotency_keys where key like ? group by key`).all(`${prefix}-%`) as {
      key: string;
      n: number;
    }[];
    return { integrity, keys: new Map(rows.map((row) => [row.key, row.n])) };
  } finally {
    sqlite.close();
  }
}

function expectRefusedCleanly(answer: Answer | undefined): void {
  expect(answer, 'no order was refused').toBeDefined();
  expect(answer!.status, JSON.stringify(answer!.body)).toBe(503);
  expect(answer!.body).toMatchObject({ error: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
  expect(answer!.retryAfter).toBe('5');
  expect(answer!.ms).toBeLessThan(10_000);
}

/** Restarts on the file with no fault: clean, each acknowledged order once, each refused one placed once when sent again. */
async function expectRecovered(file: string, prefix: string, answers: Answer[]): Promise<void> {
  const acknowledged = answers.filter((answer) => answer.status === 201);
  const refused = answers.filter((answer) => answer.status !== 201);
  const before = inspect(file, prefix);
  expect(before.integrity).toBe('ok');
  for (const answer of acknowledged) expect(before.keys.get(answer.key), answer.key).toBe(1);
  for (const answer of refused) expect(before.keys.has(answer.key), answer.key).toBe(false);

  const server = await start(file);
  for (const answer of refused) {
    const index = Number(answer.key.slice(prefix.length + 1));
    const again = await place(server, answer.key, tokens[index]!);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  }
  for (const answer of acknowledged.slice(-2)) {
    const index = Number(answer.key.slice(prefix.length + 1));
    const replayed = await place(server, answer.key, tokens[index]!);
    expect(replayed.status).toBe(200);
    expect(replayed.body.order?.id).toBe(answer.body.order?.id);
  }
  await stop(server);
  const after = inspect(file, prefix);
  expect(after.integrity).toBe('ok');
  expect(after.keys.size).toBe(acknowledged.length + refused.length);
  expect([...after.keys.values()].every((count) => count === 1)).toBe(true);
}

describe.skipIf(onPostgres)('SQLite writes that fail', () => {
  it('an I/O error on the write-ahead log: 503, nothing acknowledged, and a clean database after a restart', async () => {
    const file = copyOfSeeded('io-error.sqlite');
    // No file may grow past 256 KiB: the write-ahead log, empty after the clean stop, fills that
    // room, then cannot grow (the database file is larger, and only read until a checkpoint).
    const limited = await start(file, 256);
    const answers = await placeUntilRefused(limited, 'io-error', tokens);
    expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.status !== 201)) expectRefusedCleanly(answer);
    // A failing disk is as likely to take the process down: no shutdown hook runs.
    await stop(limited, 'SIGKILL');
    await expectRecovered(file, 'io-error', answers);
  }, 240_000);

  it('a full disk: 503, nothing acknowledged, and a clean database after a restart', async () => {
    const file = copyOfSeeded('full.sqlite');
    // The server in this process, so that the disk can fill up under it: max_page_count is a
    // setting of the connection, and SQLite answers SQLITE_FULL past it as when the disk has no room.
    const database = openDatabase(`file:${file}`);
    const app = await buildApp(
      BARE_APP_CONFIG,
      database,
      // Ten minutes after the first start, whose clock published the demo menus.
      { now: () => new Date(Date.parse(ENV.CLOCK_START) + 10 * 60_000), tabSweepMs: null },
    );
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(database.db)).rows[0]!.page_count;
      await sql.raw(`pragma max_page_count = ${Number(pages) + 16}`).execute(database.db);
      const answers = await placeUntilRefused({ url }, 'disk-full', tokens);
      expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThan(0);
      for (const answer of answers.filter((a) => a.status !== 201)) expectRefusedCleanly(answer);
      await app.close();
      await database.close();
      await expectRecovered(file, 'disk-full', answers);
    } finally {
      await app.close();
    }
  }, 240_000);
});
