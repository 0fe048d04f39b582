import fs from 'node:fs';
import { startPostgres } from '../../scripts/lib.mjs';
const c = await startPostgres({ quiet: true });
fs.writeFileSync('/tmp/pg-url-main', c.url);
console.log(c.url);
process.on('SIGTERM', async () => { await c.stop(); process.exit(0); });
setInterval(() => {}, 1 << 30);
