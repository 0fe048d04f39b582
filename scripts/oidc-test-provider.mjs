// A local OpenID Connect provider for the demo and the tests (docs/decisions/0117-social-sign-in-code-flow.md):
// oidc-provider on 127.0.0.1, one confidential client (authorization code with PKCE, S256 only) and
// one test user. npm start runs it beside the server and offers it as "Test provider (demo)"; the
// browser tests and the API tests sign in through it. It listens on the loopback interface only and
// its keys are made at each start: nothing here is fit for production, where a restaurant's Google,
// Facebook or Apple settings replace it.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** The one test user: what the provider's sign-in page asks for, and says on screen (it is a demo). */
export const TEST_USER = Object.freeze({
  login: 'sam.social@example.test',
  password: 'test-provider',
  subject: 'test-user-1',
  email: 'sam.social@example.test',
  givenName: 'Sam',
  familyName: 'Social',
});

/**
 * Two more people at the provider, for the browser tests that connect a provider to an account made
 * with a password (e2e/server.mjs offers them; the demo has only TEST_USER).
 */
export const LINK_TEST_USERS = Object.freeze([
  Object.freeze({
    login: 'alex.social@example.test',
    password: 'test-provider',
    subject: 'test-user-alex',
    email: 'alex.social@example.test',
    givenName: 'Alex',
    familyName: 'Social',
  }),
  Object.freeze({
    login: 'camille.social@example.test',
    password: 'test-provider',
    subject: 'test-user-camille',
    email: 'camille.social@example.test',
    givenName: 'Camille',
    familyName: 'Social',
  }),
]);

export const TEST_CLIENT_ID = 'servery-demo';

const escapeHtml = (value) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;background:#f4f4f7;color:#1b1b1f}
main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:8px;padding:1.25rem;box-shadow:0 1px 3px #0003}
label{display:block;margin-top:.75rem;font-weight:600}input{box-sizing:border-box;width:100%;padding:.6rem;font-size:1rem;margin-top:.25rem}
button{margin-top:1rem;padding:.7rem 1rem;font-size:1rem;background:#2d2a8c;color:#fff;border:0;border-radius:6px;width:100%}
.hint{background:#eef;padding:.5rem;border-radius:4px}.error{color:#a00000;font-weight:600}
</style></head><body><main>${body}</main></body></html>`;
}

function loginPage(uid, { error = '', login = TEST_USER.login } = {}) {
  return page(
    'Test provider: sign in',
    `<h1>Test provider</h1>
<p>This is the local OpenID Connect test provider of the Servery demo. It is not Google, Facebook or Apple.</p>
<p class="hint">Test user: <strong>${escapeHtml(TEST_USER.login)}</strong>, password <strong>${escapeHtml(TEST_USER.password)}</strong></p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<label for="login">E-mail</label><input id="login" name="login" type="email" required value="${escapeHtml(login)}">
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit" style="background:#555">Cancel</button></form>`,
  );
}

/**
 * The provider's store, in this process's memory: the test provider keeps nothing across a restart
 * on purpose (its keys are new at each start too). Given explicitly, so oidc-provider does not warn
 * that its own development-only store is in use; the interface is oidc-provider's Adapter.
 */
function memoryAdapter() {
  // One store per provider started (the tests start more than one in a process).
  const stores = new Map();
  return class MemoryAdapter {
    constructor(name) {
      this.name = name;
    }

    key(id) {
      return `${this.name}:${id}`;
    }

    async upsert(id, payload, expiresIn) {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Infinity;
      stores.set(this.key(id), { payload, expiresAt });
      if (payload.grantId) {
        const grantKey = `grant:${payload.grantId}`;
        const keys = stores.get(grantKey)?.payload ?? [];
        stores.set(grantKey, { payload: [...keys, this.key(id)], expiresAt });
      }
    }

    async find(id) {
      const entry = stores.get(this.key(id));
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        stores.delete(this.key(id));
        return undefined;
      }
      return entry.payload;
    }

    async findByUid(uid) {
      for (const [key, entry] of stores) {
        if (key.startsWith(`${this.name}:`) && entry.payload?.uid === uid) return this.find(key.slice(this.name.length + 1));
      }
      return undefined;
    }

    async findByUserCode(userCode) {
      for (const [key, entry] of stores) {
        if (key.startsWith(`${this.name}:`) && entry.payload?.userCode === userCode) return this.find(key.slice(this.name.length + 1));
      }
      return undefined;
    }

    async consume(id) {
      const entry = stores.get(this.key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id) {
      stores.delete(this.key(id));
    }

    async revokeByGrantId(grantId) {
      const grantKey = `grant:${grantId}`;
      for (const key of stores.get(grantKey)?.payload ?? []) stores.delete(key);
      stores.delete(grantKey);
    }
  };
}

/**
 * Imports oidc-provider without its one warning that no configuration can answer: "Unsupported
 * runtime. Use Node.js v22.x LTS" (printed on import when Node is older than 22). This machine and CI
 * run Node 20 and no oidc-provider release for Node 20 is available here (9.13.3 is the one in the
 * package lists); the test provider runs fine on it (its API tests and browser tests pass). Exactly
 * that line is dropped, during the import only; every other message goes through.
 */
async function importProvider() {
  const warn = console.warn;
  console.warn = (...args) => {
    if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: Unsupported runtime. Use Node.js v22.x LTS')) return;
    warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

/** A fresh RS256 signing key for this run (given, so oidc-provider does not fall back to its published development keys). */
function signingKeys() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] };
}

async function readForm(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > 10_000) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A person at the Apple-like provider (`appleLike: true`) of the browser tests (e2e/server.mjs): the
 * names reach the app only through the `user` field of the first form_post answer.
 */
export const APPLE_TEST_USER = Object.freeze({
  login: 'jo.apple@example.test',
  password: 'test-provider',
  subject: 'test-user-jo-apple',
  email: 'jo.apple@example.test',
  givenName: 'Jo',
  familyName: 'Pommier',
});

/**
 * Starts the provider on 127.0.0.1:`port` (0: a free port). `redirectUris`: the client's callback
 * addresses (exact match, as the provider checks them); `users`: who may sign in (the test user). Resolves with its issuer, the client's
 * credentials and `close()`.
 *
 * `appleLike`: behaves as Sign in with Apple does for a client asking `response_mode=form_post`
 * (docs/decisions/0124-social-link-and-form-post.md): the ID token carries no name (and
 * `email_verified` as the string "true"), and the posted form carries a `user` field,
 * `{"name":{"firstName","lastName"},"email"}`, on each person's first authorization at this provider
 * only (kept in memory: a restart forgets it).
 */
export async function startTestProvider({
  port = 0,
  redirectUris,
  clientSecret = randomBytes(24).toString('base64url'),
  users = [TEST_USER],
  appleLike = false,
} = {}) {
  const Provider = await importProvider();
  const server = http.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  const issuer = `http://127.0.0.1:${address.port}`;
  const accounts = Object.fromEntries(
    users.map((user) => [
      user.subject,
      {
        accountId: user.subject,
        claims: async () =>
          appleLike
            ? { sub: user.subject, email: user.email, email_verified: 'true' }
            : {
                sub: user.subject,
                email: user.email,
                email_verified: true,
                given_name: user.givenName,
                family_name: user.familyName,
                name: `${user.givenName} ${user.familyName}`,
              },
      },
    ]),
  );
  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    jwks: signingKeys(),
    // Lifetimes written out (oidc-provider notes each default it falls back to): short, it is a test.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    // No browser calls the provider's endpoints across origins.
    clientBasedCORS: () => false,
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // PKCE on every authorization request, S256 only.
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // The ID token carries the e-mail and names (the client reads no userinfo).
    conformIdTokenClaims: false,
    findAccount: async (_ctx, id) => accounts[id],
    cookies: { keys: [randomBytes(32).toString('hex')] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Test provider: error',
        `<h1>Test provider</h1><p role="alert">${escapeHtml(out.error)}: ${escapeHtml(out.error_description ?? '')}</p>`,
      );
    },
  });
  if (appleLike) {
    // Apple's `user` field: added to the answer before oidc-provider renders it as the posted form.
    const answered = new Set();
    provider.on('authorization.success', (ctx, out) => {
      const accountId = ctx.oidc.session?.accountId;
      const user = users.find((candidate) => candidate.subject === accountId);
      if (ctx.oidc.responseMode !== 'form_post' || !out.code || !user || answered.has(user.subject)) return;
      answered.add(user.subject);
      out.user = JSON.stringify({ name: { firstName: user.givenName, lastName: user.familyName }, email: user.email });
    });
  }
  // The provider logs every error to the console; the tests provoke some on purpose.
  provider.on('server_error', (_ctx, error) => console.error('test provider:', error.message));

  // The sign-in page and its answers; everything else is the provider's.
  const handleInteraction = async (request, response, uid, action) => {
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (action === 'abort') {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'The person cancelled' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(loginPage(uid));
      return;
    }
    const form = await readForm(request);
    const login = (form.get('login') ?? '').trim().toLowerCase();
    const user = users.find((candidate) => candidate.login === login && candidate.password === form.get('password'));
    if (!user) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(loginPage(uid, { error: 'Wrong e-mail or password.', login }));
      return;
    }
    // A first-party test client: the scopes asked for are granted without a consent page.
    const grant = new provider.Grant({ accountId: user.subject, clientId: details.params.client_id });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: user.subject }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const callback = provider.callback();
  server.on('request', (request, response) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(new URL(request.url ?? '/', issuer).pathname);
    if (!match) {
      callback(request, response);
      return;
    }
    const [, uid, action] = match;
    if ((action && request.method !== 'POST') || (!action && request.method !== 'GET')) {
      response.writeHead(405).end();
      return;
    }
    handleInteraction(request, response, uid, action).catch((error) => {
      response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page('Test provider: error', `<h1>Test provider</h1><p role="alert">${escapeHtml(error.message)}</p>`));
    });
  });

  return {
    issuer,
    clientId: TEST_CLIENT_ID,
    clientSecret,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * Writes the social sign-in configuration (SOCIAL_SIGN_IN_CONFIG) that offers this provider as the
 * `test` provider, found by discovery at its issuer, and `apple` (an `appleLike` one started for the
 * browser tests) as Apple with form_post. Returns the file's path.
 */
export function writeTestProviderConfig(file, started, apple = null) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const offered = ({ issuer, clientId, clientSecret }) => ({ issuer, discovery: true, clientId, clientSecret });
  const config = {
    test: offered(started),
    ...(apple ? { apple: { ...offered(apple), responseMode: 'form_post' } } : {}),
  };
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  return file;
}
