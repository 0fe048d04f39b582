// npm start: install what is missing, build what is stale, then run the build: migrate, load the demo
// tenants and serve on PORT (3000). The server is the compiled JavaScript in apps/api/dist on plain
// Node, as in production; `npm run dev:api` runs the TypeScript sources under tsx instead.
import path from 'node:path';
import { apiServerCommand, ensureApiBuild, ensureInstall, ensureWebBuild, log, root, runOrExit } from './lib.mjs';

await ensureInstall();
await ensureWebBuild();
await ensureApiBuild();
const port = process.env.PORT ?? '3000';
log(`Starting Servery on http://localhost:${port}`);
const [command, args] = apiServerCommand();
await runOrExit(command, args, {
  env: {
    PORT: port,
    DATABASE_URL: process.env.DATABASE_URL ?? `file:${path.join(root, 'data/servery.sqlite')}`,
    LOAD_DEMO_TENANTS: process.env.LOAD_DEMO_TENANTS ?? '1',
  },
});
