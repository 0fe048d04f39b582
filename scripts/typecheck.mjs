// Type-checks every workspace with its own tsconfig (the web has DOM types, the API Node's).
import { bin, ensureInstall, log, run } from './lib.mjs';

await ensureInstall();
const projects = ['packages/domain', 'packages/contracts', 'apps/api', 'apps/web', 'e2e'];
let failed = 0;
for (const project of projects) {
  log(`tsc ${project}`);
  if ((await run(bin('tsc'), ['--noEmit', '-p', project])) !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
