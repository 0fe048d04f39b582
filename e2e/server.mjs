// The real server on a fresh SQLite file with the demo tenants, for browser tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const file = (process.env.DATABASE_URL ?? '').replace(/^file:/, '');
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/api/src/main.ts')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
