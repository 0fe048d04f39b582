// The real server on a fresh SQLite file with the demo tenants, for browser tests: the same build npm
// start runs (apps/api/dist on plain Node, rebuilt first when a source is newer), so the tests exercise
// what production runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { apiServerCommand, ensureApiBuild } from '../scripts/lib.mjs';
import { todayAtOnePmInToronto } from '../scripts/open-hours.mjs';

const file = (process.env.DATABASE_URL ?? '').replace(/^file:/, '');
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });

await ensureApiBuild();
// The server's clock starts at today's 1 p.m. in Toronto, so the demo restaurants are open for dine-in
// orders whatever the hour the tests run at, as the browser's pinned clock says (decision 0014).
const env = { ...process.env, CLOCK_START: process.env.CLOCK_START ?? todayAtOnePmInToronto().toISOString() };
// Everything the server logs goes to a file as well, which the last test reads for secrets
// (tests/server-logs.teardown.ts).
const logFile = process.env.SERVERY_E2E_LOG;
const [command, args] = apiServerCommand();
const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
const log = logFile ? fs.createWriteStream(logFile, { flags: 'w' }) : null;
child.stdout.on('data', (chunk) => log?.write(chunk));
child.stderr.on('data', (chunk) => {
  log?.write(chunk);
  process.stderr.write(chunk);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
