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
const [command, args] = apiServerCommand();
const child = spawn(command, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
