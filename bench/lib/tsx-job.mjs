// Runs a bench script that imports the API's TypeScript (bench/lib/*-in-process.ts) under tsx, with
// its job as a JSON file (its only argument), and resolves with the JSON of its last output line. The
// child is killed at the bench's cleanup if the run ends or is interrupted first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { onCleanup } from './cleanup.mjs';
import { root } from './servers.mjs';

/** `script`: relative to bench/lib; `label`: how the job is named in the cleanup and an error. */
export async function runTsxJob(script, dir, label, job) {
  const file = path.join(dir, `${label.replace(/\W+/g, '-')}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(job));
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'bench/lib', script), file], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const exited = new Promise((resolve) => child.on('exit', (c) => resolve(c)));
  const kill = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const forget = onCleanup(label, kill, kill);
  const code = await exited;
  await forget();
  if (code !== 0) throw new Error(`${label} exited ${code}: ${err.slice(-800)}`);
  const last = out.trim().split('\n').pop();
  return JSON.parse(last);
}
