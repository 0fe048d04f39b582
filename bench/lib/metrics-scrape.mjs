// Scrapes a server's GET /metrics (docs/decisions/0062-metrics.md) every few seconds while a case
// runs, as Prometheus would, so the bench measures with the scrapes in and reads what operators see.
// The server must be started with METRICS_ALLOW naming the bench's address (127.0.0.1).

/** The sum of every series of a metric in a scrape's text (all label values), or null when absent. */
export function metricSum(text, name) {
  let sum = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== '{' && line[name.length] !== ' ')) continue;
    sum = (sum ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

/** The series of a metric with their values: { 'reason="ITEM_SOLD_OUT",type="takeout"': 3, ... }. */
export function metricSeries(text, name) {
  const series = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    series[line.slice(name.length + 1, line.lastIndexOf('}'))] = Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return series;
}

/** Starts scraping; resolves once the first scrape is in, so that what follows is counted from it. */
export async function scrapeMetrics(url, { everyMs = 5000 } = {}) {
  const scrapes = [];
  let failures = 0;
  let slowestMs = 0;
  const once = async () => {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/metrics`);
      if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
      scrapes.push(await response.text());
    } catch {
      failures += 1;
    }
    slowestMs = Math.max(slowestMs, performance.now() - started);
  };
  await once();
  const timer = setInterval(() => void once(), everyMs);
  return {
    /** Stops scraping after one last scrape: the first and last texts, how many, failures, the slowest in ms. */
    async stop() {
      clearInterval(timer);
      await once();
      return { first: scrapes[0] ?? '', last: scrapes.at(-1) ?? '', count: scrapes.length, failures, slowestMs };
    },
  };
}
