// Lighthouse 12, run programmatically against Debian's Chromium: default config, i.e. mobile form
// factor and screen emulation (Moto G Power, 412×823) with *simulated* throttling (Lantern: 150 ms RTT,
// 1.6 Mbps down, 4× CPU slowdown), performance category only.
import fs from 'node:fs';
import { onCleanup } from './cleanup.mjs';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
const RUN_TIMEOUT_MS = 120_000;

/** → { audit(url) → metrics, close() }. Throws with the reason when Chromium or Lighthouse cannot run. */
export async function startLighthouse() {
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  // handleSIGINT false: the bench's own handler stops Chromium after the servers, then exits.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const killSync = () => {
    try {
      process.kill(-chrome.pid, 'SIGKILL');
    } catch {
      try {
        chrome.kill();
      } catch {
        // gone
      }
    }
  };
  const close = onCleanup(
    'Chromium',
    () => {
      try {
        chrome.kill();
      } catch {
        killSync();
      }
    },
    killSync,
  );

  let stopped = null;
  // Lighthouse's own "please run again" failures (NO_NAVSTART: its trace missed the navigation, now
  // and then on a loaded machine) get a second run instead of failing the whole case.
  async function audit(url) {
    try {
      return await auditOnce(url);
    } catch (error) {
      if (stopped || !/\b(NO_NAVSTART|NO_FCP)\b/.test(String(error?.message))) throw error;
      return auditOnce(url);
    }
  }

  async function auditOnce(url) {
    if (stopped) throw new Error(stopped);
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => {
        // A run that hangs would hold Chromium; stop it (this also ends the hanging run).
        stopped = `Chromium was stopped: Lighthouse took over ${RUN_TIMEOUT_MS / 1000} s on ${url}`;
        close().finally(() => reject(new Error(stopped)));
      }, RUN_TIMEOUT_MS);
    });
    try {
      const result = await Promise.race([
        lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }),
        timeout,
      ]);
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned no report for ${url}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const audits = lhr.audits;
      const lcpAudit = audits['largest-contentful-paint'];
      if (typeof lcpAudit?.numericValue !== 'number')
        throw new Error(`Lighthouse could not compute LCP for ${url}: ${lcpAudit?.errorMessage ?? 'no value'}`);
      // Audits that failed (e.g. with a Chromium newer than this Lighthouse knows), first line of each.
      const auditErrors = ['first-contentful-paint', 'total-blocking-time', 'largest-contentful-paint-element', 'metrics']
        .filter((id) => audits[id]?.scoreDisplayMode === 'error')
        .map((id) => `${id}: ${String(audits[id].errorMessage ?? '').split('\n')[0]}`);
      const observed = audits.metrics?.details?.items?.[0] ?? {};
      const lcpNode = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
      // From the trace when the audit fails: Chromium's last LCP candidate in the main frame.
      const candidate = (result.artifacts?.Trace?.traceEvents ?? [])
        .filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.args?.data?.isOutermostMainFrame !== false)
        .at(-1)?.args?.data;
      const lcpElement = lcpNode
        ? `${lcpNode.nodeLabel ?? ''} <${lcpNode.selector ?? '?'}>`.trim()
        : candidate
          ? `${candidate.type} in <${String(candidate.nodeName ?? '?').toLowerCase()}>, ${candidate.size} px²`
          : null;
      return {
        lcp: audits['largest-contentful-paint']?.numericValue ?? null,
        fcp: audits['first-contentful-paint']?.numericValue ?? null,
        tbt: audits['total-blocking-time']?.numericValue ?? null,
        observedLcp: observed.observedLargestContentfulPaint ?? null,
        score: lhr.categories.performance?.score ?? null,
        lcpElement,
        warnings: lhr.runWarnings ?? [],
        auditErrors,
        transferBytes: audits['total-byte-weight']?.numericValue ?? null,
        requests: audits['network-requests']?.details?.items?.length ?? null,
        renderBlocking: (audits['render-blocking-resources']?.details?.items ?? []).map(
          (item) => `${shortUrl(item.url)} (${Math.round(item.wastedMs ?? 0)} ms)`,
        ),
        // What TBT is made of: each main-thread task over 50 ms (simulated, throttled), where it ran.
        longTasks: (audits['long-tasks']?.details?.items ?? []).map(
          (item) => `${shortUrl(item.url)} at ${Math.round(item.startTime ?? 0)} ms: ${Math.round(item.duration ?? 0)} ms`,
        ),
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
        throttlingMethod: lhr.configSettings?.throttlingMethod,
        formFactor: lhr.configSettings?.formFactor,
        throttling: lhr.configSettings?.throttling,
        lighthouseVersion: lhr.lighthouseVersion,
      };
    } finally {
      clearTimeout(timer);
    }
  }

  return { audit, close, pid: chrome.pid };
}

const shortUrl = (url) => {
  try {
    return new URL(url).pathname;
  } catch {
    return String(url);
  }
};
