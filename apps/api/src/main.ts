/** Starts the product: migrate, optionally load the demo tenants and accounts, then serve. */
import { buildApp } from './app';
import { loadSsr } from './plugins/ssr';
import { loadConfig, repoRoot } from './config';
import { openDatabase } from './db/database';
import { clockStartingAt, systemClock } from './lib/clock';
import { usePasswordCost } from './lib/password';
import { useDataHashKey } from './lib/secret-digests';
import { requireCurrentZoneRules } from './lib/zone-rules';
import { migrateToLatest } from './db/migrate';
import { lockSqliteFile } from './db/sqlite-lock';
import { listTenantFiles, readTenantSources } from './load-tenant-files';
import { importTenants } from './use-cases/platform/import-tenants';
import { seedDemoAccounts } from './use-cases/platform/seed-demo-accounts';

let config;
try {
  config = loadConfig();
  // Every opening hour and cut-off is read with the process's time-zone rules (lib/zone-rules.ts).
  requireCurrentZoneRules(repoRoot);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// One server per SQLite file (db/sqlite-lock.ts); PostgreSQL takes several.
let lock = config.DATABASE_URL.startsWith('file:') ? lockSqliteFile(config.DATABASE_URL.slice('file:'.length)) : null;
// A server stopped a moment ago may still be on its way out: ask again for a few seconds first.
for (let waited = 0; lock && !lock.ok && waited < 3_000; waited += 200) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  lock = lockSqliteFile(config.DATABASE_URL.slice('file:'.length));
}
if (lock && !lock.ok) {
  console.error(lock.message);
  process.exit(1);
}
// Before any migration or import: the gift-card digests and order tokens are made with this key.
useDataHashKey(config.DATA_HASH_KEY);
usePasswordCost(config.PASSWORD_SCRYPT_LOG_N);
const held = lock;
process.once('exit', () => held?.ok && held.release());
const database = openDatabase(config.DATABASE_URL, { ownerUrl: config.DATABASE_OWNER_URL });
// The server's clock (CLOCK_START moves it, decision 0014): the demo tenants are published at its
// now, so a clock started earlier than the real time still sees their menus published.
const now = config.CLOCK_START ? clockStartingAt(config.CLOCK_START) : systemClock;
await migrateToLatest(database.db);
if (config.LOAD_DEMO_TENANTS) {
  const result = await importTenants(database.db, await readTenantSources(await listTenantFiles(config.TENANTS_DIR)), now());
  if (!result.ok) {
    console.error(`Demo tenants refused:\n  ${result.errors.join('\n  ')}`);
    process.exit(1);
  }
  await seedDemoAccounts(database.db, new Date());
}
const ssr = await loadSsr(config.WEB_DIST, config.WEB_SSR_ENTRY);
if (!ssr) console.warn('Server rendering is off: build the web app (npm run build) to turn it on.');
if (config.CLOCK_START) console.warn(`The server's clock starts at ${config.CLOCK_START.toISOString()} (CLOCK_START).`);
const app = await buildApp(config, database, { ssr, now });
const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', close);
process.once('SIGTERM', close);
await app.listen({ port: config.PORT, host: config.HOST });
