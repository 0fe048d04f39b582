// npm run tenants:import -- FILE...: validate tenant files and upsert them, all or nothing.
import path from 'node:path';
import { bin, ensureInstall, root, run } from './lib.mjs';

await ensureInstall();
process.exitCode = await run(bin('tsx'), [path.join(root, 'apps/api/src/cli/import-tenants.ts'), ...process.argv.slice(2)], {
  env: { INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
