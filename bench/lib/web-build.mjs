// Builds the web app (npm run build --workspace apps/web) so the bench measures the current sources.
// A failed build is reported, not fatal: when the client part was written, the bench goes on with it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** → { ok, built, clientFresh, distDir, message } */
export async function buildWeb(root, { skip = false, log = console.log } = {}) {
  const distDir = path.join(root, 'apps/web/dist');
  const index = path.join(distDir, 'index.html');
  if (skip) {
    const exists = fs.existsSync(index);
    return {
      ok: exists,
      built: false,
      clientFresh: false,
      distDir,
      message: exists
        ? 'build skipped (BENCH_SKIP_BUILD=1), using the existing apps/web/dist'
        : 'build skipped and apps/web/dist/index.html is missing',
    };
  }
  const started = Date.now();
  log('building the web app: npm run build --workspace apps/web');
  const { code, output } = await new Promise((resolve) => {
    const chunks = [];
    const child = spawn('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      resolve({ code: exitCode ?? 1, output: Buffer.concat(chunks).toString() });
    });
    child.on('error', (error) => resolve({ code: 1, output: error.message }));
  });
  const clientFresh = fs.existsSync(index) && fs.statSync(index).mtimeMs >= started - 1000;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code === 0) return { ok: true, built: true, clientFresh, distDir, message: `web built in ${seconds} s` };
  const tail = buildError(output);
  const message = clientFresh
    ? `web build exited ${code} after the client build was written (the client bundle is current; a later step failed):\n    ${tail}`
    : `web build FAILED (exit ${code}); using ${fs.existsSync(index) ? 'the previous, possibly stale, apps/web/dist' : 'nothing: apps/web/dist/index.html is missing'}:\n    ${tail}`;
  return { ok: fs.existsSync(index), built: false, clientFresh, distDir, message };
}

/** The first lines of the build's own error message, without colours, frames, stacks and npm's lines. */
function buildError(output) {
  const lines = output
    // eslint-disable-next-line no-control-regex
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.replace(/[╭╮╰╯│─┬┴┼]+/g, ' ').trimEnd())
    .filter((l) => l.trim() && !/^npm (error|warn|ERR)/.test(l) && !/^\s+at /.test(l) && !/^\s*\d*\s*$/.test(l));
  const start = lines.findIndex((l) => /✗|error|Error|failed/.test(l));
  return (start >= 0 ? lines.slice(start, start + 5) : lines.slice(-5)).map((l) => l.trim()).join('\n    ');
}
