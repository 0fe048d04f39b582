// npm start: install what is missing, build, migrate, load the demo tenants and serve on PORT (3000).
import path from 'node:path';
import { ensureInstall, ensureWebBuild, log, root, runOrExit, bin } from './lib.mjs';

await ensureInstall();
await ensureWebBuild();
const port = process.env.PORT ?? '3000';
log(`Starting Servery on http://localhost:${port}`);
await runOrExit(bin('tsx'), [path.join(root, 'apps/api/src/main.ts')], {
  env: {
    PORT: port,
    DATABASE_URL: process.env.DATABASE_URL ?? `file:${path.join(root, 'data/servery.sqlite')}`,
    LOAD_DEMO_TENANTS: process.env.LOAD_DEMO_TENANTS ?? '1',
  },
});
