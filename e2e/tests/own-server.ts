/**
 * A server a spec starts for itself, with settings of its own (a relay to the SMTP server the spec
 * runs) and a database no other journey orders in, so the spec can count every order of its day.
 * The same e2e/server.mjs as the configured servers (playwright.config.ts): the built API, its clock at
 * today's 1 p.m. in Toronto, the demo tenants (or only those E2E_TENANT_SETTINGS names).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib.mjs';
import { ownServerLog, serverEnv } from '../playwright.config';

export interface OwnServer {
  baseURL: string;
  stop: () => Promise<void>;
}

export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const database = path.join(os.tmpdir(), `servery-e2e-own-${port}.sqlite`);
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../server.mjs')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // tests/server-logs.teardown.ts reads its log (one per own server) with the configured servers' logs.
    env: { ...process.env, ...serverEnv(port, database, ownServerLog(port), env) },
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors = (errors + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true });
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the spec's own server stopped while starting:\n${errors}`);
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) return { baseURL, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the spec's own server did not start within 2 minutes:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
