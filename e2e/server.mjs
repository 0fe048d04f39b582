// The real server on a fresh SQLite file with the demo tenants, for browser tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const file = (process.env.DATABASE_URL ?? '').replace(/^file:/, '');
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });

/**
 * Today at 1 p.m. in Toronto: the server's clock starts there (CLOCK_START), so the demo restaurants
 * are open for dine-in orders whatever the hour the tests run at, as the browser's pinned clock says.
 * It stays on today's date, so times the tests read from the runner's own clock stay near it.
 */
function todayAtOnePmInToronto() {
  const zone = 'America/Toronto';
  const wallClock = (instant) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(instant)
        .map((part) => [part.type, Number(part.value)]),
    );
  const today = wallClock(new Date());
  const asUtc = Date.UTC(today.year, today.month - 1, today.day, 13, 0);
  const there = wallClock(new Date(asUtc));
  const offset = Date.UTC(there.year, there.month - 1, there.day, there.hour, there.minute) - asUtc;
  return new Date(asUtc - offset);
}

const env = { ...process.env, CLOCK_START: process.env.CLOCK_START ?? todayAtOnePmInToronto().toISOString() };
const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/api/src/main.ts')], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
