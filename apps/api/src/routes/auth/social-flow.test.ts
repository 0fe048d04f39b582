/**
 * The browser's social sign-in against a real OpenID Connect provider: oidc-provider, started on a
 * free port of 127.0.0.1 by the script the demo runs (scripts/oidc-test-provider.mjs). The app is
 * driven through inject(); the browser's side of the provider (its sign-in page, its cookies and
 * redirects) by fetch with a small cookie jar.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_USER, type TestUser } from '../../../../../scripts/oidc-test-provider.mjs';
import { safeReturnTo } from '../../use-cases/accounts/social-code-flow';
import type { TestDatabase } from '../../test/test-database';
import {
  callbackOf,
  Jar,
  PUBLIC_URL,
  setCookiesOf,
  signInAtProvider as signInAtAnyProvider,
  startSocialTestApp,
  type SocialTestApp,
} from '../../test/social-providers';

const CALLBACK = callbackOf('test');
/** Someone whose e-mail already has a password account here. */
const TAKEN: TestUser = {
  login: 'taken@example.test',
  password: 'taken-password',
  subject: 'test-user-taken',
  email: 'taken@example.test',
  givenName: 'Tia',
  familyName: 'Taken',
};
const RETURN_TO = '/login?redirect=%2Fmaple-bistro&restaurant=maple-bistro';

let social: SocialTestApp;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  social = await startSocialTestApp({ test: { users: [TEST_USER, TAKEN] } }, 4101);
  ({ app, database } = social);
}, 60_000);

afterAll(async () => {
  await social?.close();
});

/** The app's start: where it sends the browser, with the flow cookie kept in `jar`. */
async function start(jar: Jar, returnTo = RETURN_TO): Promise<URL> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/auth/social/test/start?${new URLSearchParams({ returnTo, restaurant: 'maple-bistro' })}`,
    headers: { cookie: jar.header() },
  });
  expect(response.statusCode, response.body).toBe(303);
  jar.take(setCookiesOf(response.headers['set-cookie']));
  return new URL(String(response.headers.location));
}

/** Signs in at the provider's page as `user`; the address it sends the browser back to. */
async function signInAtProvider(authorization: URL, user: TestUser = TEST_USER, action: 'login' | 'abort' = 'login'): Promise<URL> {
  const back = await signInAtAnyProvider(authorization, user, action);
  if (back.kind !== 'redirect') throw new Error('the test provider posted a form');
  expect(back.url.href.startsWith(CALLBACK)).toBe(true);
  return back.url;
}

/** The provider's return, at the app, with the browser's cookies. */
async function callback(back: URL, jar: Jar) {
  const response = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: jar.header() } });
  expect(response.statusCode, response.body).toBe(303);
  jar.take(setCookiesOf(response.headers['set-cookie']));
  return new URL(String(response.headers.location), PUBLIC_URL);
}

async function takeSession(jar: Jar) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/social/session',
    headers: { cookie: jar.header(), 'x-restaurant-id': 'maple-bistro', 'content-type': 'application/json', origin: PUBLIC_URL },
    payload: {},
  });
  jar.take(setCookiesOf(response.headers['set-cookie']));
  return response;
}

async function counts() {
  const count = async (table: 'users' | 'user_identities' | 'sessions') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { users: await count('users'), identities: await count('user_identities'), sessions: await count('sessions') };
}

/** A whole sign-in as `user`; the address the app sends the browser back to and the jar. */
async function signIn(user: TestUser = TEST_USER) {
  const jar = new Jar();
  const authorization = await start(jar);
  const back = await signInAtProvider(authorization, user);
  return { returnedTo: await callback(back, jar), jar };
}

describe('the authorization-code flow with PKCE', () => {
  it('offers the test provider, and starts with state, nonce and an S256 challenge, keeping the verifier on the server', async () => {
    const providers = await app.inject({ method: 'GET', url: '/api/auth/social-providers' });
    expect(providers.json()).toEqual({ providers: [{ type: 'test' }] });

    const jar = new Jar();
    const authorization = await start(jar);
    expect(authorization.origin).toBe(social.providers.test!.issuer);
    const query = authorization.searchParams;
    expect(query.get('response_type')).toBe('code');
    expect(query.get('client_id')).toBe(social.providers.test!.clientId);
    expect(query.get('redirect_uri')).toBe(CALLBACK);
    expect(query.get('scope')).toBe('openid email profile');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(query.get('state')).toMatch(/^[\w-]{43}$/);
    expect(query.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(query.has('code_verifier')).toBe(false);
    // The browser holds only its flow cookie: HttpOnly, SameSite=Lax.
    expect([...jar.cookies.keys()]).toEqual(['socialSignInFlow']);
    const flows = await database.db.selectFrom('social_sign_in_flows').selectAll().execute();
    expect(flows.some((flow) => flow.return_to === RETURN_TO && flow.provider === 'test')).toBe(true);
  });

  it('refuses an existing e-mail: no link, no account, a clear message on the sign-in screen', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register-user',
      payload: { firstName: 'Tia', lastName: 'Native', email: TAKEN.email, password: 'Native123!' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const before = await counts();
    const { returnedTo, jar } = await signIn(TAKEN);
    expect(returnedTo.pathname).toBe('/login');
    expect(returnedTo.searchParams.get('socialError')).toBe('SOCIAL_EMAIL_TAKEN');
    expect(returnedTo.searchParams.get('redirect')).toBe('/maple-bistro');
    expect(jar.cookies.has('accessToken')).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('gives a new person an account keyed by issuer and subject, and the same subject the same account next time', async () => {
    const before = await counts();
    const first = await signIn();
    expect(`${first.returnedTo.pathname}${first.returnedTo.search}`).toBe(`${RETURN_TO}&socialSignIn=1`);
    expect(first.jar.cookies.has('accessToken')).toBe(true);
    const session = await takeSession(first.jar);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({ registered: true, user: { firstName: 'Sam', lastName: 'Social', email: TEST_USER.email } });
    const userId = session.json().user.id as number;
    // The hand-over is once only (its cookie is cleared); the session itself stays.
    expect((await takeSession(first.jar)).json()).toMatchObject({ error: 'SOCIAL_SIGN_IN_EXPIRED' });

    const identity = await database.db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ provider: 'test', issuer: social.providers.test!.issuer, subject: TEST_USER.subject });
    const home = await database.db.selectFrom('users').select('home_restaurant_id').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(home.home_restaurant_id).not.toBeNull();
    expect(await counts()).toMatchObject({ users: before.users + 1, identities: before.identities + 1 });

    const again = await signIn();
    const second = await takeSession(again.jar);
    expect(second.json()).toMatchObject({ registered: false, user: { id: userId } });
    expect((await counts()).users).toBe(before.users + 1);
  });

  it('sends a cancelled sign-in back to the sign-in screen, saying so', async () => {
    const jar = new Jar();
    const back = await signInAtProvider(await start(jar), TEST_USER, 'abort');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const returnedTo = await callback(back, jar);
    expect(returnedTo.searchParams.get('socialError')).toBe('SOCIAL_SIGN_IN_CANCELLED');
    expect(returnedTo.searchParams.get('restaurant')).toBe('maple-bistro');
  });
});

describe('a return that does not belong', () => {
  const refused = async (returnedTo: URL, jar: Jar, error: string) => {
    expect(returnedTo.pathname).toBe('/login');
    expect(returnedTo.searchParams.get('socialError')).toBe(error);
    expect(jar.cookies.has('accessToken')).toBe(false);
  };

  it('a wrong or missing state, or another browser (no flow cookie), is refused before the code is used', async () => {
    const jar = new Jar();
    const back = await signInAtProvider(await start(jar));
    const before = await counts();
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state-we-sent-at-all-000000000000000');
    await refused(await callback(forged, jar), jar, 'SOCIAL_SIGN_IN_EXPIRED');
    const stateless = new URL(back);
    stateless.searchParams.delete('state');
    await refused(await callback(stateless, jar), jar, 'SOCIAL_SIGN_IN_EXPIRED');
    await refused(await callback(back, new Jar()), new Jar(), 'SOCIAL_SIGN_IN_EXPIRED');
    // That last try used the flow up: the right browser coming now is refused too.
    await refused(await callback(back, jar), jar, 'SOCIAL_SIGN_IN_EXPIRED');
    expect(await counts()).toEqual(before);
  });

  it('a flow is used once, and not after ten minutes', async () => {
    const jar = new Jar();
    const back = await signInAtProvider(await start(jar));
    const flowCookie = jar.cookies.get('socialSignInFlow')!;
    await database.db
      .updateTable('social_sign_in_flows')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    await refused(await callback(back, jar), jar, 'SOCIAL_SIGN_IN_EXPIRED');

    const fresh = new Jar();
    const done = await callback(await signInAtProvider(await start(fresh)), fresh);
    expect(done.searchParams.get('socialSignIn')).toBe('1');
    const replay = new Jar();
    replay.cookies.set('socialSignInFlow', flowCookie);
    await refused(await callback(back, replay), replay, 'SOCIAL_SIGN_IN_EXPIRED');
  });

  it('a wrong PKCE verifier: the provider refuses the code, the screen says so, nothing is created', async () => {
    const jar = new Jar();
    const back = await signInAtProvider(await start(jar));
    await database.db
      .updateTable('social_sign_in_flows')
      .set({ code_verifier: 'x'.repeat(43) })
      .execute();
    const before = await counts();
    await refused(await callback(back, jar), jar, 'SOCIAL_TOKEN_INVALID');
    expect(await counts()).toEqual(before);
  });

  it('a wrong nonce: the ID token is refused, nothing is created', async () => {
    const jar = new Jar();
    const back = await signInAtProvider(await start(jar));
    await database.db
      .updateTable('social_sign_in_flows')
      .set({ nonce: 'n'.repeat(43) })
      .execute();
    const before = await counts();
    await refused(await callback(back, jar), jar, 'SOCIAL_TOKEN_INVALID');
    expect(await counts()).toEqual(before);
  });

  it('an unknown provider goes back to the sign-in screen, never a 5xx', async () => {
    for (const url of [
      '/api/auth/social/twitter/start',
      '/api/auth/social/google/start',
      '/api/auth/social/google/callback?code=x&state=y',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(303);
      expect(response.headers.location).toBe('/login?socialError=SOCIAL_PROVIDER_UNAVAILABLE');
    }
  });
});

describe('where a sign-in comes back to', () => {
  it.each([
    ['/login?redirect=%2Fprofile', 'maple-bistro', '/login?redirect=%2Fprofile&restaurant=maple-bistro'],
    ['/login?restaurant=other-place', 'maple-bistro', '/login?restaurant=maple-bistro'],
    ['/login?socialSignIn=1', null, '/login'],
    ['https://evil.example/login', null, '/login'],
    ['//evil.example/login', null, '/login'],
    ['/\\evil.example', null, '/login'],
    ['/maple-bistro', 'maple-bistro', '/login?restaurant=maple-bistro'],
    [undefined, null, '/login'],
  ])('%s (restaurant %s) comes back to %s', (returnTo, restaurant, expected) => {
    expect(safeReturnTo(returnTo, restaurant)).toBe(expected);
  });
});
