/** npm run tenants:import -- FILE...: upsert tenants from data files, all or nothing. */
import path from 'node:path';
import { loadConfig, repoRoot } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { useDataHashKey } from '../lib/secret-digests';
import { requireCurrentZoneRules } from '../lib/zone-rules';
import { readTenantSources } from '../load-tenant-files';
import { importTenants } from '../use-cases/platform/import-tenants';

const args = process.argv.slice(2);
const files = args.map((file) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file));
if (files.length === 0) {
  console.error('Usage: npm run tenants:import -- FILE.json [FILE.json ...]');
  process.exit(2);
}
// Event times written as the venue's wall clock become instants here, with the process's rules.
try {
  requireCurrentZoneRules(repoRoot);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const config = loadConfig();
// The gift cards it imports are kept as digests under the server's key (lib/secret-digests.ts).
useDataHashKey(config.DATA_HASH_KEY);
const database = openDatabase(config.DATABASE_URL, { ownerUrl: config.DATABASE_OWNER_URL });
try {
  await migrateToLatest(database.db);
  let sources;
  try {
    sources = await readTenantSources(files, args);
  } catch (error) {
    console.error(`Cannot read: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
  if (sources) {
    const result = await importTenants(database.db, sources, new Date());
    if (result.ok) {
      for (const tenant of result.imported) console.log(`Imported ${tenant.slug} (restaurant ${tenant.id})`);
    } else {
      console.error(`Nothing was imported. Fix these and run again:\n  ${result.errors.join('\n  ')}`);
      process.exitCode = 1;
    }
  }
} finally {
  await database.close();
}
