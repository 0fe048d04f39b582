// The real server on a fresh SQLite file with the demo tenants, for browser tests: the same build npm
// start runs (apps/api/dist on plain Node, rebuilt first when a source is newer), so the tests exercise
// what production runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiServerCommand, ensureApiBuild } from '../scripts/lib.mjs';
import { todayAtOnePmInToronto } from '../scripts/open-hours.mjs';

const file = (process.env.DATABASE_URL ?? '').replace(/^file:/, '');
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });

await ensureApiBuild();
// The server's clock starts at today's 1 p.m. in Toronto, so the demo restaurants are open for dine-in
// orders whatever the hour the tests run at, as the browser's pinned clock says (decision 0014).
const env = { ...process.env, CLOCK_START: process.env.CLOCK_START ?? todayAtOnePmInToronto().toISOString() };
// A server may load only some demo tenants, with settings changed (E2E_TENANT_SETTINGS, JSON
// {"slug": {"setting": value}}), and copies of one under another slug ({"copyOf": "slug"} with at
// least its own "id"): the school server holds maple-school as it is and maple-school-guests, a
// copy that lets guests order (tests/school-guest.spec.ts). The files and images are copied to a
// folder of its own, so tenants/ stays as it is.
let tenantsCopy = null;
if (process.env.E2E_TENANT_SETTINGS) {
  const tenants = path.join(import.meta.dirname, '../tenants');
  // One folder per port, emptied first: a server ended without its exit handler leaves no other behind.
  tenantsCopy = path.join(os.tmpdir(), `servery-e2e-tenants-${process.env.PORT}`);
  fs.rmSync(tenantsCopy, { recursive: true, force: true });
  fs.mkdirSync(tenantsCopy);
  for (const [slug, { copyOf, ...settings }] of Object.entries(JSON.parse(process.env.E2E_TENANT_SETTINGS))) {
    const source = copyOf ?? slug;
    const tenant = JSON.parse(fs.readFileSync(path.join(tenants, `${source}.json`), 'utf8'));
    fs.writeFileSync(path.join(tenantsCopy, `${slug}.json`), JSON.stringify({ ...tenant, ...settings, slug }));
    // A copy shows its source's images (its file names them by the source's slug).
    fs.cpSync(path.join(tenants, 'images', source), path.join(tenantsCopy, 'images', source), { recursive: true });
  }
  env.TENANTS_DIR = tenantsCopy;
}
// The main server offers the local OpenID Connect test provider (OIDC_TEST_PROVIDER=1, as npm start
// does), on a free port of 127.0.0.1; its own address is where the provider sends the browser back
// (tests/social-sign-in.spec.ts).
// OIDC_TEST_PROVIDER_APPLE=1 adds a second one that answers as Sign in with Apple does (form_post, the
// names in a `user` field), offered as `apple`; E2E_PUBLIC_HOST=localhost puts the app's own address on
// another site than the providers' 127.0.0.1 (tests/social-apple-form-post.spec.ts, a server of its own).
let testProvider = null;
let appleProvider = null;
if (process.env.OIDC_TEST_PROVIDER === '1') {
  const { APPLE_TEST_USER, LINK_TEST_USERS, startTestProvider, TEST_USER, writeTestProviderConfig } =
    await import('../scripts/oidc-test-provider.mjs');
  env.PUBLIC_URL ??= `http://${process.env.E2E_PUBLIC_HOST ?? '127.0.0.1'}:${process.env.PORT}`;
  // The test user, and two people whose provider accounts the tests connect to password accounts.
  testProvider = await startTestProvider({
    port: 0,
    redirectUris: [`${env.PUBLIC_URL}/api/auth/social/test/callback`],
    users: [TEST_USER, ...LINK_TEST_USERS],
  });
  if (process.env.OIDC_TEST_PROVIDER_APPLE === '1') {
    appleProvider = await startTestProvider({
      port: 0,
      redirectUris: [`${env.PUBLIC_URL}/api/auth/social/apple/callback`],
      users: [APPLE_TEST_USER],
      appleLike: true,
    });
  }
  env.SOCIAL_SIGN_IN_CONFIG = writeTestProviderConfig(
    path.join(os.tmpdir(), `servery-e2e-social-${process.env.PORT}.json`),
    testProvider,
    appleProvider,
  );
}
// Everything the server logs goes to a file as well, which the last test reads for secrets
// (tests/server-logs.teardown.ts).
const logFile = process.env.SERVERY_E2E_LOG;
const [command, args] = apiServerCommand();
const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
const log = logFile ? fs.createWriteStream(logFile, { flags: 'w' }) : null;
child.stdout.on('data', (chunk) => log?.write(chunk));
child.stderr.on('data', (chunk) => {
  log?.write(chunk);
  process.stderr.write(chunk);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  if (env.SOCIAL_SIGN_IN_CONFIG && testProvider) fs.rmSync(env.SOCIAL_SIGN_IN_CONFIG, { force: true });
  if (tenantsCopy) fs.rmSync(tenantsCopy, { recursive: true, force: true });
  process.exit(code ?? 0);
});
