// npm run tenants:import -- FILE...: validate tenant files and upsert them, all or nothing. Runs the
// built CLI (apps/api/dist/import-tenants.js), rebuilt first when a source is newer, like npm start.
import path from 'node:path';
import { ensureApiBuild, ensureInstall, root, run } from './lib.mjs';

await ensureInstall();
await ensureApiBuild();
process.exitCode = await run(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/api/dist/import-tenants.js'), ...process.argv.slice(2)],
  { env: { INIT_CWD: process.env.INIT_CWD ?? process.cwd() } },
);
