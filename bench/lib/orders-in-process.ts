// Run by bench/cases/orders.mjs under tsx (it imports the API's TypeScript). Two jobs, given a JSON
// file as the only argument:
//
//   { "mode": "place", databaseUrl, restaurantSlug, bodies: [PlaceOrderRequest JSON], concurrency,
//     warmupSeconds, durationSeconds, keyPrefix, acksFile, clockStart, clockStartedAt }
//     The placement without HTTP: `concurrency` loops call the place-order use case in this process
//     with the same bodies the HTTP diners send (each with its own Idempotency-Key), a warm-up, then a
//     measured window. Prints { placed, failed, errors, seconds, rate, p50, p99, cpuPercent } and
//     writes the acknowledged [{ key, id }] to acksFile.
//
//   { "mode": "verify", databaseUrl, restaurantSlug, acks: [files of [{ key, id }]], prefixes }
//     Counts, in the database, every acknowledged order by its Idempotency-Key and id: stored exactly
//     once, with the same id, and charged by exactly one payment. Prints the counts.
import fs from 'node:fs';
import { PlaceOrderRequest } from '@servery/contracts/orders';
import { asSystem, asTenants } from '../../apps/api/src/db/data-scope';
import { openDatabase } from '../../apps/api/src/db/database';
import { findRestaurantBySlug } from '../../apps/api/src/db/restaurants-repository';
import { defaultPorts } from '../../apps/api/src/ports/services';
import { placeCheckout } from '../../apps/api/src/use-cases/checkout/place-checkout';
import { eventSuiteSealer } from '../../apps/api/src/lib/event-suite-link';
import { clockStartingAt } from '../../apps/api/src/lib/clock';

interface PlaceJob {
  mode: 'place';
  databaseUrl: string;
  restaurantSlug: string;
  bodies: unknown[];
  concurrency: number;
  warmupSeconds: number;
  durationSeconds: number;
  keyPrefix: string;
  acksFile: string;
  /** The HTTP server's clock (CLOCK_START and when it was read): the use case goes on from there. */
  clockStart: string;
  clockStartedAt: number;
}

interface VerifyJob {
  mode: 'verify';
  databaseUrl: string;
  restaurantSlug: string;
  acks: Array<{ label: string; file: string; prefix: string }>;
}

interface Ack {
  key: string;
  id: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function place(job: PlaceJob) {
  const database = openDatabase(job.databaseUrl);
  const restaurant = await findRestaurantBySlug(database.db, job.restaurantSlug);
  if (!restaurant) throw new Error(`no restaurant ${job.restaurantSlug}`);
  // Parsed once, like the route's schema would: the use case gets the same input as over HTTP.
  const bodies = job.bodies.map((body) => PlaceOrderRequest.parse(body));
  const services = defaultPorts();
  const sealer = eventSuiteSealer();
  const now = clockStartingAt(new Date(job.clockStart), job.clockStartedAt);
  let sequence = 0;

  const window = async (seconds: number, prefix: string, record: boolean) => {
    const acks: Ack[] = [];
    const latencies: number[] = [];
    const errors = new Map<string, number>();
    let failed = 0;
    const deadline = Date.now() + seconds * 1000;
    const diner = async (index: number) => {
      let turn = 0;
      while (Date.now() < deadline) {
        const body = bodies[(index + turn * job.concurrency) % bodies.length]!;
        turn += 1;
        const key = `${prefix}-${index}-${(sequence += 1)}`;
        const started = performance.now();
        try {
          // In the restaurant's scope, as a guest's request is (on PostgreSQL the row-level security
          // policies show nothing outside one: db/data-scope.ts).
          const result = await asTenants([restaurant.id], () =>
            placeCheckout({
              database,
              restaurant,
              idempotencyKey: key,
              locale: 'en-CA',
              services,
              now: now(),
              userId: null,
              address: '127.0.0.1',
              // A guest's order, as POST /api/orders makes it (routes/orders/place-order.ts): no login-as, no operator.
              request: { kind: 'order', body, sealer, loginAs: null, operator: { kind: 'none' } },
            }),
          );
          if (record) {
            latencies.push(performance.now() - started);
            acks.push({ key, id: result.order.id });
          }
        } catch (error) {
          if (!record) continue;
          failed += 1;
          const name = (error as { name?: string; error?: string }).error ?? (error instanceof Error ? error.message : String(error));
          errors.set(name, (errors.get(name) ?? 0) + 1);
        }
      }
    };
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(Array.from({ length: job.concurrency }, (_, index) => diner(index)));
    const elapsed = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    latencies.sort((a, b) => a - b);
    return {
      placed: acks.length,
      failed,
      errors: Object.fromEntries(errors),
      seconds: elapsed,
      rate: acks.length / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      cpuPercent: Math.round(((used.user + used.system) / 1e6 / elapsed) * 100),
      acks,
    };
  };

  if (job.warmupSeconds > 0) await window(job.warmupSeconds, `${job.keyPrefix}-warm`, false);
  const { acks, ...result } = await window(job.durationSeconds, job.keyPrefix, true);
  fs.writeFileSync(job.acksFile, JSON.stringify(acks));
  await database.close();
  return result;
}

/** Counted across the whole table, as an operator would: named work on the owner's path (db/data-scope.ts). */
async function verify(job: VerifyJob) {
  // Opened first: on PostgreSQL opening the database turns the scopes on.
  const database = openDatabase(job.databaseUrl);
  return asSystem('bench: count the acknowledged orders', () => countAcknowledged(job, database));
}

async function countAcknowledged(job: VerifyJob, database: ReturnType<typeof openDatabase>) {
  const restaurant = await findRestaurantBySlug(database.db, job.restaurantSlug);
  if (!restaurant) throw new Error(`no restaurant ${job.restaurantSlug}`);
  const db = database.db;
  const out: Record<string, unknown> = {};
  for (const { label, file, prefix } of job.acks) {
    const acks = JSON.parse(fs.readFileSync(file, 'utf8')) as Ack[];
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'idempotency_key'])
      .where('restaurant_id', '=', restaurant.id)
      .where('idempotency_key', 'like', `${prefix}-%`)
      .execute();
    const byKey = new Map<string, string[]>();
    for (const row of rows) {
      // The warm-up's keys share the prefix; they are not acknowledgements of the measured window.
      if (row.idempotency_key!.startsWith(`${prefix}-warm`)) continue;
      byKey.set(row.idempotency_key!, [...(byKey.get(row.idempotency_key!) ?? []), row.id]);
    }
    const payments = await db
      .selectFrom('payments')
      .select(['order_id', (eb) => eb.fn.countAll<string | number>().as('count')])
      .where('restaurant_id', '=', restaurant.id)
      .where('status', '=', 'captured')
      .groupBy('order_id')
      .execute();
    const paid = new Map(payments.map((row) => [row.order_id, Number(row.count)]));
    let storedOnce = 0;
    let missing = 0;
    let duplicated = 0;
    let otherId = 0;
    let notChargedOnce = 0;
    const acknowledgedKeys = new Set<string>();
    for (const ack of acks) {
      acknowledgedKeys.add(ack.key);
      const ids = byKey.get(ack.key) ?? [];
      if (ids.length === 0) missing += 1;
      else if (ids.length > 1) duplicated += 1;
      else if (ids[0] !== ack.id) otherId += 1;
      else storedOnce += 1;
      if ((paid.get(ack.id) ?? 0) !== 1) notChargedOnce += 1;
    }
    const storedNotAcknowledged = [...byKey.keys()].filter((key) => !acknowledgedKeys.has(key)).length;
    out[label] = { acknowledged: acks.length, storedOnce, missing, duplicated, otherId, notChargedOnce, storedNotAcknowledged };
  }
  await database.close();
  return out;
}

const job = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as PlaceJob | VerifyJob;
try {
  const result = job.mode === 'place' ? await place(job) : await verify(job);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}
