// npm test: install what is missing, then the dependency checks, lint, format, typecheck, unit tests, API tests on SQLite
// and on a throwaway PostgreSQL cluster, and browser tests in headless Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CHROMIUM_HEADLESS_SHELL,
  aptInstall,
  bin,
  ensureInstall,
  ensureWebBuild,
  freePort,
  log,
  root,
  run,
  startPostgres,
} from './lib.mjs';

await ensureInstall();
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-reports-'));
const results = [];
const counts = { passed: 0, failed: 0, skipped: 0 };
// The failed tests by name, repeated under the summary: a CI log is often read from its end only.
const failures = [];

/**
 * One stage. `buffered`: the stage runs beside others (`together`), so its output goes to a file and
 * is printed whole when it ends, and a CI log still reads one stage at a time. `fn` gets the stdio
 * options to hand to `run`.
 */
async function step(name, fn, { buffered = false } = {}) {
  log(buffered ? `${name}: started (its output follows when it ends)` : name);
  const result = { name, ok: false, seconds: 0 };
  results.push(result);
  const started = Date.now();
  const file = buffered ? path.join(reports, `${results.length}.log`) : null;
  const fd = file ? fs.openSync(file, 'w') : null;
  try {
    result.ok = await fn(fd === null ? {} : { stdio: ['ignore', fd, fd] });
  } catch (error) {
    console.error(error);
  }
  result.seconds = Math.round((Date.now() - started) / 1000);
  if (fd !== null) {
    fs.closeSync(fd);
    log(`${name}: ${result.ok ? 'done' : 'FAILED'} in ${result.seconds}s; its output:`);
    process.stdout.write(fs.readFileSync(file));
  }
}

/**
 * Stages that run at once. On two cores most stages leave one idle: Vitest runs one test file at a
 * time there, lint and format are single-threaded, and the API tests wait on their databases
 * (docs/decisions/0090-test-stages-in-parallel.md).
 */
const together = (...stages) => Promise.all(stages.map((stage) => stage()));

function vitest(name, projects, env = {}, options = {}, extraArgs = []) {
  const output = path.join(reports, `${name}.json`);
  return step(
    name,
    async (stdio) => {
      const args = [
        'run',
        ...projects.flatMap((project) => ['--project', project]),
        ...extraArgs,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${output}`,
      ];
      const code = await run(bin('vitest'), args, { env, ...stdio });
      if (fs.existsSync(output)) {
        const report = JSON.parse(fs.readFileSync(output, 'utf8'));
        counts.passed += report.numPassedTests;
        counts.failed += report.numFailedTests;
        counts.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
        for (const file of report.testResults ?? []) {
          for (const test of file.assertionResults ?? []) {
            if (test.status !== 'failed') continue;
            const message = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
            failures.push(`${name}: ${path.relative(root, file.name)} › ${test.fullName}\n      ${message}`);
          }
        }
        if (report.numTotalTests === 0) return false;
      }
      return code === 0;
    },
    options,
  );
}

// --- Chromium: Debian's, never a downloaded one ---
// Its headless shell first (package chromium-headless-shell, the headless build Playwright itself runs by
// default): on this 2-core machine the journeys take about a quarter less time in it than in the full
// browser's headless mode (docs/decisions/0126-headless-shell-for-browser-tests.md). The full browser
// still serves when the shell cannot be installed.
async function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const browsers = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = () => [CHROMIUM_HEADLESS_SHELL, ...browsers].find((candidate) => fs.existsSync(candidate));
  if (!fs.existsSync(CHROMIUM_HEADLESS_SHELL)) await aptInstall(['chromium-headless-shell', 'fonts-liberation']);
  if (found()) return found();
  console.error(
    "Chromium is not installed. Install Debian's chromium-headless-shell (sudo apt-get install chromium-headless-shell) or set CHROMIUM_PATH, then run npm test again.",
  );
  return null;
}

// Offline, in seconds: the lockfile's sources and hashes, install scripts by name, no inline switch-off
// of the unsafe HTML and SQL lint rules (docs/decisions/0064-static-checks.md). Those rules run with lint.
await step(
  'dependencies (lockfile, install scripts)',
  async () => (await run('node', [path.join(root, 'scripts/check-dependencies.mjs')])) === 0,
);
const buffered = { buffered: true };
await together(
  async () => {
    await step('lint (eslint)', async (stdio) => (await run(bin('eslint'), ['.', '--max-warnings', '0'], stdio)) === 0, buffered);
    await step(
      'format (prettier --check)',
      async (stdio) => (await run(bin('prettier'), ['--check', '.', '--log-level', 'warn'], stdio)) === 0,
      buffered,
    );
    await step('typecheck (tsc)', async (stdio) => (await run('node', [path.join(root, 'scripts/typecheck.mjs')], stdio)) === 0, buffered);
  },
  () => vitest('unit tests (domain, contracts, web)', ['domain', 'contracts', 'web'], {}, buffered),
);

log('Starting a throwaway PostgreSQL cluster');
const postgres = await startPostgres();
try {
  await together(
    () => vitest('API tests on SQLite', ['api'], { DATABASE_URL: '' }, buffered),
    () =>
      postgres
        ? // Two files at once: they wait on the cluster more than they compute, and with one the stage
          // ran on alone for a minute or two after SQLite's ended (decision 0090's second amendment).
          vitest('API tests on PostgreSQL', ['api'], { DATABASE_URL: postgres.url }, buffered, ['--maxWorkers=2'])
        : results.push({ name: 'API tests on PostgreSQL', ok: false, seconds: 0 }),
  );
} finally {
  await postgres?.stop();
}

await step('browser tests (Playwright, headless Chromium)', async () => {
  const chromium = await findChromium();
  if (!chromium) return false;
  await ensureWebBuild();
  const output = path.join(reports, 'e2e.json');
  const code = await run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
    env: {
      CHROMIUM_PATH: chromium,
      E2E_PORT: String(await freePort()),
      E2E_EARLY_PORT: String(await freePort()),
      E2E_SCHOOL_PORT: String(await freePort()),
      PLAYWRIGHT_JSON_OUTPUT_NAME: output,
    },
  });
  if (fs.existsSync(output)) {
    const { stats } = JSON.parse(fs.readFileSync(output, 'utf8'));
    counts.passed += stats.expected + stats.flaky;
    counts.failed += stats.unexpected;
    counts.skipped += stats.skipped;
    collectPlaywrightFailures(JSON.parse(fs.readFileSync(output, 'utf8')).suites ?? []);
    if (stats.expected + stats.unexpected + stats.flaky === 0) return false;
  }
  return code === 0;
});

function collectPlaywrightFailures(suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message ?? '';
        failures.push(
          `browser tests: ${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]\n      ${error.split('\n')[0].slice(0, 300)}`,
        );
      }
    }
    collectPlaywrightFailures(suite.suites ?? []);
  }
}

fs.rmSync(reports, { recursive: true, force: true });
if (failures.length > 0) {
  console.log('\nFailed tests');
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log('\nSummary');
for (const result of results) console.log(`  ${result.ok ? 'ok  ' : 'FAIL'}  ${result.name} (${result.seconds}s)`);
const failedSteps = results.filter((result) => !result.ok).length;
if (failedSteps > 0 && counts.failed === 0) counts.failed = failedSteps;
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);
