#!/usr/bin/env node
// npm run bench [-- case ...]: runs the benchmark cases in bench/cases/ (all, or those named), then
// prints each measurement next to its ceiling measured in the same run, the ratio and the goal.
// It reports; a missed goal is printed as MISSED but the exit code stays 0. A case that cannot run
// prints ERROR with the reason and the others still run. Everything started is stopped at the end.
//
//   npm run bench                       every case
//   npm run bench -- menu-api           one case (names are the file names in bench/cases/)
//   npm run bench -- --list             the cases and what they measure
//   BENCH_SKIP_BUILD=1 npm run bench    use the existing apps/web/dist
//   BENCH_LOAD_SECONDS, BENCH_WARMUP_SECONDS, BENCH_LIGHTHOUSE_RUNS  shorter runs while developing
//   npm run bench -- memory --long      the server's RSS after the goal's 10 minutes of never-seen
//                                       carts (default 60 s, or BENCH_MEMORY_SECONDS)
//   BENCH_SCALE_OUT_PROCESSES=1,2,4,8   the scale-out case's steps (default 1, 2, 4… half the cores,
//                                       and 12 on 16 cores or more); BENCH_SCALE_OUT_FSYNC=off,
//                                       BENCH_SCALE_OUT_STATEMENTS=off (no pg_stat_statements)
//
// Adding a case: bench/cases/<name>.mjs exporting `title`, optional `order` (lower runs first) and
// `async function run(context)` returning rows (see lib/table.mjs). `context` gives the repo root, a
// temp dir, log/note, and shared resources started once per run: webBuild(), server() (the real API
// on 127.0.0.1 with the demo tenants), menus(). lib/ has startBareServer (the baseline), load
// (autocannon), startLighthouse and cpuMeter.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cleanupAll, interruptedBy } from './lib/cleanup.mjs';
import { createContext } from './lib/context.mjs';
import { printTable } from './lib/table.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const casesDir = path.join(benchDir, 'cases');

/** Every case module: { name, order, title, run }. Cases run by `order` (default 100), then name. */
async function loadCases() {
  const files = fs.readdirSync(casesDir).filter((f) => f.endsWith('.mjs') && !f.startsWith('_'));
  const cases = [];
  for (const file of files) {
    const mod = await import(pathToFileURL(path.join(casesDir, file)).href);
    if (typeof mod.run !== 'function') throw new Error(`bench/cases/${file} must export async function run(context)`);
    cases.push({ name: path.basename(file, '.mjs'), order: mod.order ?? 100, title: mod.title ?? '', run: mod.run });
  }
  return cases.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

async function main() {
  const argv = process.argv.slice(2);
  const all = await loadCases();
  if (argv.includes('--list') || argv.includes('--help')) {
    for (const c of all) console.log(`${c.name.padEnd(16)} ${c.title}`);
    return;
  }
  const wanted = argv.filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((w) => !all.some((c) => c.name === w));
  if (unknown.length) {
    console.error(`Unknown case(s): ${unknown.join(', ')}. Known: ${all.map((c) => c.name).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const selected = wanted.length ? all.filter((c) => wanted.includes(c.name)) : all;

  const started = Date.now();
  const context = createContext({ args: argv });
  const rowsByCase = new Map();
  try {
    for (const benchCase of selected) {
      if (interruptedBy()) break;
      context.setCase(benchCase.name);
      console.log(`\n▶ ${benchCase.name}: ${benchCase.title}`);
      const caseStarted = Date.now();
      try {
        const rows = await benchCase.run(context);
        rowsByCase.set(benchCase.name, rows);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.log(`  [${benchCase.name}] ERROR: ${message}`);
        rowsByCase.set(benchCase.name, [
          {
            name: benchCase.title || benchCase.name,
            value: null,
            unit: '',
            baseline: null,
            baselineName: null,
            ratio: null,
            goal: null,
            met: null,
            error: message.split('\n')[0],
          },
        ]);
      }
      console.log(`  [${benchCase.name}] done in ${((Date.now() - caseStarted) / 1000).toFixed(1)} s`);
    }
  } finally {
    context.setCase('bench');
    await cleanupAll();
  }

  console.log(
    `\nServery benchmarks — ${new Date().toISOString()} — node ${process.version}, ${(await import('node:os')).cpus().length} CPUs, ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
  printTable(rowsByCase);
  if (context.notes.length) {
    console.log('\nNotes:');
    for (const { caseName, message } of context.notes) console.log(`  - [${caseName}] ${message}`);
  }

  const resultsDir = path.join(benchDir, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, 'latest.json');
  fs.writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), node: process.version, cases: Object.fromEntries(rowsByCase), notes: context.notes }, null, 2)}\n`,
  );
  console.log(`\nResults also written to ${path.relative(process.cwd(), file)}`);
}

main().catch(async (error) => {
  console.error(error);
  await cleanupAll();
  process.exitCode = 1;
});
