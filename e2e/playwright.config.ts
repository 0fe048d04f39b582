import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_HEADLESS_SHELL } from '../scripts/lib.mjs';
import { todayInToronto } from '../scripts/open-hours.mjs';
import { useShippedZoneRules } from '../scripts/zone-rules.mjs';

// The servers and the test workers start after this file runs: they get the shipped time-zone rules
// (scripts/zone-rules.mjs), the rules the browser's own zone data follow.
useShippedZoneRules();

// The day the whole run calls today (scripts/open-hours.mjs), fixed here in the runner's process
// before any server or worker starts: they inherit it, so a run across midnight in Toronto stays on one day.
process.env.SERVERY_TODAY_AT ??= new Date().toISOString();

// The test script picks a free port and Debian's Chromium; these defaults serve a manual run.
const port = Number(process.env.E2E_PORT ?? 3100);
/** The server's whole log, read for secrets once every journey has run (tests/server-logs.teardown.ts). */
export const serverLog = path.join(os.tmpdir(), `servery-e2e-${port}.log`);

/**
 * A second server whose clock starts at today's 9 a.m. in Toronto, before the demo restaurants open:
 * the journeys that order ahead while closed run against it (tests/order-ahead.spec.ts), with the
 * browser's clock pinned to the same instant. Its own database and log.
 */
const earlyPort = Number(process.env.E2E_EARLY_PORT ?? port + 1);
export const earlyBaseURL = `http://127.0.0.1:${earlyPort}`;
export const earlyClockStart = todayInToronto(9);
export const earlyServerLog = path.join(os.tmpdir(), `servery-e2e-${earlyPort}.log`);

/**
 * A third server for the school journeys (tests/school*.spec.ts, tests/staff-production.spec.ts):
 * its clock starts at a fixed instant inside the demo school year, Tuesday 24 November 2026 at
 * 1 p.m. in Toronto, and the browser's clock is pinned there too, so the weeks, cut-offs and
 * rotation they meet never depend on the day the tests run (the school year ends 25 June 2027 and
 * starts 14 September 2026). It holds maple-school as it is (sign-in required) and a copy,
 * maple-school-guests, that lets guests order (k12RequiresLogin false).
 */
const schoolPort = Number(process.env.E2E_SCHOOL_PORT ?? port + 2);
export const schoolBaseURL = `http://127.0.0.1:${schoolPort}`;
export const schoolClockStart = new Date('2026-11-24T18:00:00.000Z');
export const schoolServerLog = path.join(os.tmpdir(), `servery-e2e-${schoolPort}.log`);

/**
 * The logs of the servers specs start for themselves (tests/own-server.ts: the editors', the SMTP relay
 * of staff-messages.spec.ts, ...), one file each, checked with the others after the journeys.
 */
const ownServerLogPrefix = `servery-e2e-${port}-own-`;
export const ownServerLog = (ownPort: number) => path.join(os.tmpdir(), `${ownServerLogPrefix}${ownPort}.log`);
/** Those of an earlier run on the same port are removed before this one (e2e/global-setup.ts). */
export const ownServerLogs = () =>
  fs
    .readdirSync(os.tmpdir())
    .filter((name) => name.startsWith(ownServerLogPrefix) && name.endsWith('.log'))
    .map((name) => path.join(os.tmpdir(), name));

/**
 * What every e2e server (e2e/server.mjs) runs with: its port, its own SQLite file, the demo tenants,
 * request logs on (the last test reads every line the journeys made it write, to `log`) and the dev
 * routes (the outbox); `extra` is what sets it apart.
 */
export function serverEnv(serverPort: number, sqliteFile: string, log: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${sqliteFile}`,
    LOAD_DEMO_TENANTS: '1',
    LOG_LEVEL: 'info',
    DEV_ROUTES: '1',
    SERVERY_E2E_LOG: log,
    // scrypt at 2^12 as the API tests use (apps/api/src/test/password-cost.ts), not OWASP's 2^17: the
    // journeys sign in several hundred times, and each hash at 2^17 costs about half a second of one
    // of the machine's two cores. The cost itself is tested in lib/password.test.ts; a production
    // server refuses anything below 17 (config.ts).
    PASSWORD_SCRYPT_LOG_N: '12',
    ...extra,
  };
}

/**
 * Debian's Chromium headless shell where it is installed (scripts/test.mjs installs it), else the full
 * browser: docs/decisions/0126-headless-shell-for-browser-tests.md.
 */
function defaultChromium() {
  return fs.existsSync(CHROMIUM_HEADLESS_SHELL) ? CHROMIUM_HEADLESS_SHELL : '/usr/bin/chromium';
}

const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'on-first-retry', 'on-all-retries', 'retain-on-first-failure'] as const;
type TraceMode = (typeof TRACE_MODES)[number];
/** E2E_TRACE read strictly: a misspelt mode stops the run rather than quietly recording nothing. */
function traceMode(value: string | undefined): TraceMode {
  if (value === undefined || value === '') return 'off';
  if ((TRACE_MODES as readonly string[]).includes(value)) return value as TraceMode;
  throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}; got "${value}"`);
}

/** One of the configured servers, on its port with its own database and log. */
function webServer(serverPort: number, log: string, extra: Record<string, string> = {}) {
  return {
    command: `node ${path.join(import.meta.dirname, 'server.mjs')}`,
    url: `http://127.0.0.1:${serverPort}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: serverEnv(serverPort, path.join(os.tmpdir(), `servery-e2e-${serverPort}.sqlite`), log, extra),
  };
}

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Whole diner journeys (cart, checkout) take several round trips; a loaded 2-core machine needs room.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: path.join(os.tmpdir(), `servery-e2e-results-${port}`),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No trace unless asked for (E2E_TRACE=retain-on-failure, or any of Playwright's trace modes): recording
    // one for every test, kept or not, made the journeys a quarter slower on two cores, and CI keeps only
    // its printed log (docs/decisions/0137-browser-tests-without-traces.md). A failure still prints its
    // error and saves its screenshot.
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? defaultChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium' }, teardown: 'server logs' },
    { name: 'server logs', testMatch: /server-logs\.teardown\.ts$/ },
  ],
  webServer: [
    // staff-webhooks.spec.ts receives the events on this machine, staff-printer.spec.ts the kitchen tickets.
    // tests/social-sign-in.spec.ts signs in through the local OpenID Connect test provider it starts beside it.
    webServer(port, serverLog, { WEBHOOK_PRIVATE_TARGETS: 'allow', KITCHEN_PRINTER_TARGETS: 'any', OIDC_TEST_PROVIDER: '1' }),
    webServer(earlyPort, earlyServerLog, { CLOCK_START: earlyClockStart.toISOString() }),
    webServer(schoolPort, schoolServerLog, {
      CLOCK_START: schoolClockStart.toISOString(),
      // Standing weekly orders are placed when tests/school-standing-order.spec.ts runs the job, never by
      // the minute's sweep in the middle of its edits (a slow run met one and saw a day placed early).
      SCHEDULED_SWEEP_MS: String(86_400_000),
      E2E_TENANT_SETTINGS: JSON.stringify({
        'maple-school': {},
        'maple-school-guests': { copyOf: 'maple-school', id: 1102, app8_restaurant: 51102, k12RequiresLogin: false },
        // tests/diner-phone.spec.ts: maple-bistro in the weeks before the holidays, its wait, brunch and
        // holiday-hours banners all showing above its membership box (issue 30 defect 8).
        'bistro-banners': {
          copyOf: 'maple-bistro',
          id: 1104,
          app8_restaurant: 51104,
          announcements: [
            {
              id: 1941,
              html: '<p><strong>Weekend brunch is back!</strong> Saturdays and Sundays from 10 a.m. <a href="https://maple-bistro.example.com/brunch">See the brunch menu</a>.</p>',
              starts_at: '2026-09-01T00:00:00-04:00',
              localization: {
                'fr-CA': {
                  html: '<p><strong>Le brunch du week-end est de retour!</strong> Les samedis et dimanches dès 10 h. <a href="https://maple-bistro.example.com/brunch">Voir le menu brunch</a>.</p>',
                },
              },
            },
            {
              id: 1942,
              html: '<p>Holiday hours: we close at 4 p.m. on December 24 and are <strong>closed on December 25</strong>.</p>',
              starts_at: '2026-11-01T00:00:00-04:00',
              ends_at: '2026-12-26T00:00:00-05:00',
              localization: {
                'fr-CA': {
                  html: '<p>Horaire des Fêtes : nous fermons à 16 h le 24 décembre et sommes <strong>fermés le 25 décembre</strong>.</p>',
                },
              },
            },
          ],
        },
        // tests/suites-venues.spec.ts: Northside Arena and a second venue where its suite owners have suites.
        'northside-arena': {},
        'eastside-arena': {
          copyOf: 'northside-arena',
          id: 1105,
          app8_restaurant: 51105,
          name: 'Eastside Arena',
          display_name: 'Eastside Arena',
        },
        // tests/restaurant-languages.spec.ts: a restaurant that offers one language.
        'bistro-francais': {
          copyOf: 'maple-bistro',
          id: 1103,
          app8_restaurant: 51103,
          locales: [{ locale_short: 'fr', locale_long: 'fr-CA', label: 'Français', is_default: true }],
        },
      }),
    }),
  ],
});
