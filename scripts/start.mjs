// npm start: install what is missing, build what is stale, then run the build: migrate, load the demo
// tenants and serve on PORT (3000). The server is the compiled JavaScript in apps/api/dist on plain
// Node, as in production; `npm run dev:api` runs the TypeScript sources under tsx instead.
//
// Beside it, unless SOCIAL_SIGN_IN_CONFIG names the operator's own providers or OIDC_TEST_PROVIDER=0,
// the local OpenID Connect test provider (scripts/oidc-test-provider.mjs, on 127.0.0.1 only) is
// offered on the sign-in screens as "Test provider (demo)" (docs/decisions/0117-social-sign-in-code-flow.md).
import path from 'node:path';
import { apiServerCommand, ensureApiBuild, ensureInstall, ensureWebBuild, log, root, runOrExit } from './lib.mjs';

await ensureInstall();
await ensureWebBuild();
await ensureApiBuild();
const port = process.env.PORT ?? '3000';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const env = {
  PORT: port,
  PUBLIC_URL: publicUrl,
  DATABASE_URL: process.env.DATABASE_URL ?? `file:${path.join(root, 'data/servery.sqlite')}`,
  LOAD_DEMO_TENANTS: process.env.LOAD_DEMO_TENANTS ?? '1',
};
if (!process.env.SOCIAL_SIGN_IN_CONFIG && process.env.OIDC_TEST_PROVIDER !== '0') {
  const { startTestProvider, writeTestProviderConfig, TEST_USER } = await import('./oidc-test-provider.mjs');
  // A fixed port, so its issuer (what the demo's accounts are found by) stays the same from one start to the next.
  const providerPort = Number(process.env.OIDC_TEST_PROVIDER_PORT ?? Number(port) + 10);
  const callbacks = [...new Set([publicUrl, `http://localhost:${port}`, `http://127.0.0.1:${port}`])].map(
    (origin) => `${origin}/api/auth/social/test/callback`,
  );
  const provider = await startTestProvider({ port: providerPort, redirectUris: callbacks });
  env.SOCIAL_SIGN_IN_CONFIG = writeTestProviderConfig(path.join(root, 'data/social-sign-in.test-provider.json'), provider);
  log(`Test sign-in provider on ${provider.issuer} (test user ${TEST_USER.login}, password ${TEST_USER.password})`);
}
log(`Starting Servery on ${publicUrl}`);
const [command, args] = apiServerCommand();
await runOrExit(command, args, { env });
process.exit(0);
