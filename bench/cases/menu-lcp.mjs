// Lighthouse 12 mobile LCP of the 300-item menu page served by the real server, against
// a static HTML page of the same menu served by a bare node:http server (goal: ratio ≤ 1.25, issue 25).
// Default Lighthouse config: mobile emulation, simulated throttling (Lantern). 3 runs per page,
// alternating pages, median LCP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, menuItems } from '../lib/context.mjs';
import { cpuMeter } from '../lib/cpu.mjs';
import { startLighthouse } from '../lib/lighthouse.mjs';
import { request } from '../lib/net.mjs';
import { startBareServer } from '../lib/servers.mjs';
import { staticMenuHtml } from '../lib/static-menu.mjs';

export const order = 20;
export const title = 'Menu page LCP, Lighthouse 12 mobile (simulated throttling)';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const GOAL_RATIO = 1.25;
// Total blocking time of the menu page (the diner's phone stays responsive while it loads): the
// goal of the menu's first load on React (issue 25, docs/decisions/0053-react.md), judged on the median.
const GOAL_TBT_MS = 150;
const OTHERS_BUSY_PERCENT = 20;

export async function run(context) {
  const { slug } = context.tenant;
  const server = await context.server();
  const menus = await context.menus();
  const pagePath = `/${slug}?tableNum=12`;

  // The real page: check it answers, and how much of the menu its HTML already holds (server rendering).
  const page = await request(`${server.url}${pagePath}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
  if (page.status !== 200) throw new Error(`GET ${pagePath} answered ${page.status}`);
  const { html, items, sections } = staticMenuHtml(menus.json, { title: restaurantTitle(menus.json, slug) });
  const names = menuItems(menus.json)
    .map((e) => e.item.name)
    .filter(Boolean);
  const pageText = unescapeHtml(await decodedText(page));
  const rendered = names.filter((name) => pageText.includes(name)).length;
  context.log(
    `server page ${pagePath}: ${page.body.length} bytes${page.headers['content-encoding'] ? ` ${page.headers['content-encoding']}` : ''}, its HTML names ${rendered} of ${names.length} items`,
  );
  if (rendered === 0) context.note(`the page HTML holds none of the menu's item names: the menu is not server-rendered yet`);

  // The ceiling: the same menu as static HTML, same image URLs, served by a bare node:http server.
  const staticDir = path.join(context.tmpDir, 'static-menu');
  fs.mkdirSync(staticDir, { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'menu.html'), html);
  const bare = await startBareServer(
    'static menu server',
    {
      mounts: [
        {
          prefix: '/tenant-images/',
          dir: path.join(context.root, 'tenants/images'),
          headers: { 'cache-control': 'public, max-age=86400' },
          gzip: true,
        },
        { prefix: '/', dir: staticDir, headers: { 'cache-control': 'no-cache' }, gzip: true },
      ],
    },
    { tmpDir: context.tmpDir },
  );
  const staticUrl = `${bare.url}/menu.html`;
  context.log(`static page: ${staticUrl}, ${items} items in ${sections} sections, ${Buffer.byteLength(html)} bytes of HTML`);

  let lighthouse;
  try {
    try {
      lighthouse = await startLighthouse();
    } catch (error) {
      throw new Error(`Lighthouse cannot run here: ${error instanceof Error ? error.message : error}`, { cause: error });
    }
    const pages = { server: { url: `${server.url}${pagePath}`, runs: [] }, static: { url: staticUrl, runs: [] } };
    const busyRuns = [];
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0 ? ['static', 'server'] : ['server', 'static'];
      for (const which of order) {
        const meter = cpuMeter([server.pid, bare.pid, lighthouse.pid]);
        const metrics = await lighthouse.audit(pages[which].url);
        const { others } = meter.stop();
        const load = os.loadavg()[0].toFixed(1);
        if (others !== null && others >= OTHERS_BUSY_PERCENT) busyRuns.push(others);
        pages[which].runs.push(metrics);
        if (i === 0) {
          context.log(
            `${which} page: ${metrics.requests ?? '?'} requests, ${metrics.transferBytes === null ? '?' : Math.round(metrics.transferBytes / 1000)} kB transferred, render-blocking: ${metrics.renderBlocking.join(', ') || 'none'}`,
          );
        }
        context.log(
          `run ${i + 1} ${which.padEnd(6)}: LCP ${ms(metrics.lcp)}, FCP ${ms(metrics.fcp)}, TBT ${ms(metrics.tbt)}, observed LCP ${ms(metrics.observedLcp)}, score ${metrics.score ?? '—'}, others ${others ?? '?'}% of a core, load average ${load}; LCP element ${metrics.lcpElement ?? '—'}`,
        );
        if (which === 'server') context.log(`  long tasks: ${metrics.longTasks.join('; ') || 'none'}`);
      }
    }
    const first = pages.server.runs[0];
    context.log(
      `Lighthouse ${first.lighthouseVersion}, ${first.formFactor}, throttling ${first.throttlingMethod} ${JSON.stringify(first.throttling)}, benchmarkIndex ${first.benchmarkIndex}`,
    );
    const caveat = busyRuns.length
      ? `other processes used ≥ ${OTHERS_BUSY_PERCENT}% of a core during ${busyRuns.length} of ${RUNS * 2} Lighthouse runs (up to ${Math.max(...busyRuns)}%): the simulated CPU timings are less reliable`
      : undefined;
    const warnings = new Set([...pages.server.runs, ...pages.static.runs].flatMap((r) => r.warnings));
    for (const warning of warnings) context.note(`Lighthouse warning: ${warning}`);
    const auditErrors = new Set([...pages.server.runs, ...pages.static.runs].flatMap((r) => r.auditErrors));
    for (const error of auditErrors) context.note(`Lighthouse audit failed (LCP itself was computed): ${error}`);

    const stat = (which, key) => median(pages[which].runs.map((r) => r[key]).filter((v) => typeof v === 'number'));
    const lcp = stat('server', 'lcp');
    const lcpStatic = stat('static', 'lcp');
    const ratio = lcpStatic > 0 ? lcp / lcpStatic : null;
    const baselineName = `static HTML, same menu (median of ${RUNS})`;
    const info = (name, key, { unit = 'ms', maxValue = null } = {}) => {
      const value = stat('server', key);
      const baseline = stat('static', key);
      return {
        name,
        value,
        unit,
        baseline,
        baselineName: 'static HTML',
        ratio: baseline > 0 ? value / baseline : null,
        goal: maxValue === null ? null : `≤ ${maxValue} ${unit}`,
        met: maxValue === null ? null : value <= maxValue,
        caveat: maxValue === null ? undefined : caveat,
      };
    };
    return [
      {
        name: `LCP ${pagePath} (median of ${RUNS})`,
        value: lcp,
        unit: 'ms',
        baseline: lcpStatic,
        baselineName,
        ratio,
        goal: `ratio ≤ ${GOAL_RATIO}`,
        met: ratio !== null && ratio <= GOAL_RATIO,
        caveat,
      },
      info('  FCP', 'fcp'),
      info('  TBT', 'tbt', { maxValue: GOAL_TBT_MS }),
      info('  observed LCP (unthrottled)', 'observedLcp'),
    ];
  } finally {
    await lighthouse?.close();
    await bare.stop();
  }
}

const ms = (v) => (typeof v === 'number' ? `${Math.round(v)} ms` : '—');

function restaurantTitle(menusJson, slug) {
  return menusJson.menu_groups?.[0]?.name ?? slug;
}

/** Page text with the entities React and escapers write turned back into characters. */
const unescapeHtml = (text) =>
  text.replace(
    /&(amp|lt|gt|quot|#39|#x27|#34);/g,
    (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", '#34': '"' })[e],
  );

async function decodedText(res) {
  const zlib = await import('node:zlib');
  const encoding = res.headers['content-encoding'];
  const body = encoding === 'br' ? zlib.brotliDecompressSync(res.body) : encoding === 'gzip' ? zlib.gunzipSync(res.body) : res.body;
  return body.toString('utf8');
}
