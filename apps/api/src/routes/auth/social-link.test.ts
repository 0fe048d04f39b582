/**
 * Connecting a provider to a signed-in account from the profile, disconnecting it, and a provider
 * that posts its answer (`response_mode=form_post`, as Apple does) (docs/decisions/0124-social-link-
 * and-form-post.md), against two real OpenID Connect providers: oidc-provider started twice by the
 * demo's script, one returning in the query (`test`), one posting a form (configured as `apple`).
 * The app is driven through inject(); the browser's side of the providers by fetch with a cookie jar.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_USER, type TestUser } from '../../../../../scripts/oidc-test-provider.mjs';
import { loadSocialSignInConfig } from '../../use-cases/accounts/social-sign-in';
import type { TestDatabase } from '../../test/test-database';
import {
  Jar,
  PUBLIC_URL,
  setCookiesOf,
  signInAtProvider,
  startSocialTestApp,
  type Back,
  type SocialTestApp,
} from '../../test/social-providers';

/** A second person at the providers. */
const ROBIN: TestUser = {
  login: 'robin.social@example.test',
  password: 'robin-provider',
  subject: 'test-user-robin',
  email: 'robin.social@example.test',
  givenName: 'Robin',
  familyName: 'Social',
};
const PROFILE = '/profile?restaurant=maple-bistro';

let social: SocialTestApp;
let database: TestDatabase;
let app: FastifyInstance;
let emails = 0;

beforeAll(async () => {
  social = await startSocialTestApp({ test: { users: [TEST_USER, ROBIN] }, apple: { users: [TEST_USER, ROBIN], formPost: true } }, 4201);
  ({ app, database } = social);
}, 60_000);

afterAll(async () => {
  await social?.close();
});

/**
 * The provider's return at the app, as a browser brings it. A posted form comes from the provider's
 * site: the browser sends no SameSite=Lax cookie with it, and follows its 303 with a top-level GET
 * that carries them.
 */
async function callback(back: Back, jar: Jar): Promise<URL> {
  let url: URL;
  if (back.kind === 'form') {
    const posted = await app.inject({
      method: 'POST',
      url: new URL(back.action).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(social.providers.apple!.issuer).origin },
      payload: new URLSearchParams(back.fields).toString(),
    });
    expect(posted.statusCode, posted.body).toBe(303);
    expect(posted.headers['set-cookie']).toBeUndefined();
    url = new URL(String(posted.headers.location), PUBLIC_URL);
    expect(url.pathname).toBe(new URL(back.action).pathname);
  } else {
    url = back.url;
  }
  const response = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie: jar.header() } });
  expect(response.statusCode, response.body).toBe(303);
  jar.take(setCookiesOf(response.headers['set-cookie']));
  return new URL(String(response.headers.location), PUBLIC_URL);
}

async function register(): Promise<{ token: string; userId: number }> {
  emails += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register-user',
    payload: { firstName: 'Pat', lastName: 'Password', email: `pat.${emails}@example.test`, password: 'Password123!' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { token: response.json().token, userId: response.json().user.id };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Connect from the profile: the app's answer, the provider's sign-in as `user`, the return. */
async function connect(token: string, type: 'test' | 'apple', user: TestUser, beforeReturn?: () => Promise<void>) {
  const jar = new Jar();
  const started = await app.inject({
    method: 'POST',
    url: `/api/auth/social/${type}/link`,
    headers: bearer(token),
    payload: { returnTo: PROFILE },
  });
  expect(started.statusCode, started.body).toBe(200);
  jar.take(setCookiesOf(started.headers['set-cookie']));
  const authorizationUrl = started.json().authorizationUrl as string;
  const back = await signInAtProvider(authorizationUrl, user);
  await beforeReturn?.();
  return { returnedTo: await callback(back, jar), jar, authorizationUrl };
}

async function links(token: string) {
  const response = await app.inject({ method: 'GET', url: '/api/auth/social-links', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { links: Array<{ type: string; connected: boolean }>; hasPassword: boolean };
}

const unlink = (token: string, type: string) =>
  app.inject({ method: 'POST', url: `/api/auth/social/${type}/unlink`, headers: bearer(token), payload: {} });

/** A sign-in (not a link) with a provider: the account it reaches. */
async function signIn(type: 'test' | 'apple', user: TestUser): Promise<{ userId: number; registered: boolean }> {
  const jar = new Jar();
  const started = await app.inject({ method: 'GET', url: `/api/auth/social/${type}/start?returnTo=%2Flogin`, headers: {} });
  expect(started.statusCode, started.body).toBe(303);
  jar.take(setCookiesOf(started.headers['set-cookie']));
  const returnedTo = await callback(await signInAtProvider(String(started.headers.location), user), jar);
  expect(returnedTo.searchParams.get('socialError')).toBeNull();
  const session = await app.inject({
    method: 'POST',
    url: '/api/auth/social/session',
    headers: { cookie: jar.header(), 'content-type': 'application/json', origin: PUBLIC_URL },
    payload: {},
  });
  expect(session.statusCode, session.body).toBe(200);
  return { userId: session.json().user.id, registered: session.json().registered };
}

const identitiesOf = (userId: number) =>
  database.db.selectFrom('user_identities').select(['provider', 'issuer', 'subject']).where('user_id', '=', userId).execute();

describe('connecting a provider from the profile', () => {
  it('links the provider’s issuer and subject to the signed-in account, not by e-mail; signing in with it reaches that account', async () => {
    const pat = await register();
    expect(await links(pat.token)).toEqual({
      links: [
        { type: 'apple', connected: false },
        { type: 'test', connected: false },
      ],
      hasPassword: true,
    });
    const { returnedTo, jar, authorizationUrl } = await connect(pat.token, 'test', TEST_USER);
    expect(new URL(authorizationUrl).searchParams.get('code_challenge_method')).toBe('S256');
    expect(`${returnedTo.pathname}${returnedTo.search}`).toBe(`${PROFILE}&socialLinked=test`);
    // A link starts no new session: the profile's goes on.
    expect(jar.cookies.has('accessToken')).toBe(false);
    expect(await identitiesOf(pat.userId)).toEqual([
      { provider: 'test', issuer: social.providers.test!.issuer, subject: TEST_USER.subject },
    ]);
    expect((await links(pat.token)).links).toContainEqual({ type: 'test', connected: true });

    // Signed out and in again with the provider: the same account (the e-mails differ).
    expect(await signIn('test', TEST_USER)).toEqual({ userId: pat.userId, registered: false });
  });

  it('refuses an identity already linked to another account, clearly, and changes nothing', async () => {
    const other = await register();
    const before = await database.db.selectFrom('user_identities').selectAll().execute();
    const { returnedTo } = await connect(other.token, 'test', TEST_USER);
    expect(returnedTo.pathname).toBe('/profile');
    expect(returnedTo.searchParams.get('socialError')).toBe('SOCIAL_IDENTITY_LINKED_ELSEWHERE');
    expect(returnedTo.searchParams.get('restaurant')).toBe('maple-bistro');
    expect(await database.db.selectFrom('user_identities').selectAll().execute()).toEqual(before);
    expect(await identitiesOf(other.userId)).toEqual([]);
  });

  it('does not link when the session that asked was ended while the person was at the provider', async () => {
    const quinn = await register();
    const { returnedTo } = await connect(quinn.token, 'test', ROBIN, async () => {
      const out = await app.inject({ method: 'POST', url: '/api/auth/logout', payload: { accessToken: quinn.token } });
      expect(out.statusCode, out.body).toBe(200);
    });
    expect(returnedTo.searchParams.get('socialError')).toBe('SOCIAL_LINK_SIGNED_OUT');
    expect(await identitiesOf(quinn.userId)).toEqual([]);
  });

  it('needs a signed-in session to start, and an offered provider', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/api/auth/social/test/link', payload: { returnTo: PROFILE } });
    expect(anonymous.statusCode).toBe(401);
    const pat = await register();
    const unknown = await app.inject({ method: 'POST', url: '/api/auth/social/google/link', headers: bearer(pat.token), payload: {} });
    expect(unknown.json()).toMatchObject({ error: 'SOCIAL_PROVIDER_UNAVAILABLE' });
    // Only the profile is a place to come back to.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/social/test/link',
      headers: bearer(pat.token),
      payload: { returnTo: 'https://evil.example/profile' },
    });
    expect(elsewhere.statusCode).toBe(200);
    const flow = await database.db
      .selectFrom('social_sign_in_flows')
      .select('return_to')
      .where('link_user_id', '=', pat.userId)
      .executeTakeFirstOrThrow();
    expect(flow.return_to).toBe('/profile');
  });
});

describe('disconnecting a provider', () => {
  it('a password account may disconnect its only provider', async () => {
    const pat = await register();
    await connect(pat.token, 'apple', ROBIN);
    expect((await links(pat.token)).links).toContainEqual({ type: 'apple', connected: true });
    const out = await unlink(pat.token, 'apple');
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().links).toContainEqual({ type: 'apple', connected: false });
    expect(await identitiesOf(pat.userId)).toEqual([]);
  });

  it('an account made by a provider keeps its last way in: refused until another provider is connected', async () => {
    // Robin's account is made by signing in with the form_post provider (no password).
    const robin = await signIn('apple', ROBIN);
    expect(robin.registered).toBe(true);
    const session = await signInToken('apple', ROBIN);
    expect((await links(session)).hasPassword).toBe(false);

    const refused = await unlink(session, 'apple');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'SOCIAL_LAST_SIGN_IN_METHOD' });
    expect(await identitiesOf(robin.userId)).toHaveLength(1);

    // A second provider connected: either may go, but not both.
    const linked = await connect(session, 'test', ROBIN);
    expect(linked.returnedTo.searchParams.get('socialLinked')).toBe('test');
    expect((await unlink(session, 'apple')).statusCode).toBe(200);
    const last = await unlink(session, 'test');
    expect(last.json()).toMatchObject({ error: 'SOCIAL_LAST_SIGN_IN_METHOD' });
    expect(await identitiesOf(robin.userId)).toEqual([{ provider: 'test', issuer: social.providers.test!.issuer, subject: ROBIN.subject }]);
  });
});

/** A sign-in with a provider, keeping the session's token (the hand-over's answer). */
async function signInToken(type: 'test' | 'apple', user: TestUser): Promise<string> {
  const jar = new Jar();
  const started = await app.inject({ method: 'GET', url: `/api/auth/social/${type}/start?returnTo=%2Flogin` });
  jar.take(setCookiesOf(started.headers['set-cookie']));
  await callback(await signInAtProvider(String(started.headers.location), user), jar);
  const session = await app.inject({
    method: 'POST',
    url: '/api/auth/social/session',
    headers: { cookie: jar.header(), 'content-type': 'application/json', origin: PUBLIC_URL },
    payload: {},
  });
  expect(session.statusCode, session.body).toBe(200);
  return session.json().token as string;
}

describe('a provider that posts its answer (response_mode=form_post)', () => {
  it('asks for form_post, and takes the posted code through a 303 to the GET callback, where the browser’s cookie is checked', async () => {
    const jar = new Jar();
    const started = await app.inject({ method: 'GET', url: '/api/auth/social/apple/start?returnTo=%2Flogin' });
    jar.take(setCookiesOf(started.headers['set-cookie']));
    const authorization = new URL(String(started.headers.location));
    expect(authorization.searchParams.get('response_mode')).toBe('form_post');
    const back = await signInAtProvider(authorization.href, TEST_USER);
    expect(back.kind).toBe('form');
    if (back.kind !== 'form') return;
    expect(back.fields).toMatchObject({ code: expect.any(String), state: authorization.searchParams.get('state') });

    // Another browser (no flow cookie) following the same 303 is refused at the GET, and uses the flow up.
    const posted = await app.inject({
      method: 'POST',
      url: '/api/auth/social/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: social.providers.apple!.issuer, cookie: 'unrelated=1' },
      payload: new URLSearchParams(back.fields).toString(),
    });
    expect(posted.statusCode, posted.body).toBe(303);
    const next = new URL(String(posted.headers.location), PUBLIC_URL);
    expect(next.searchParams.get('state')).toBe(back.fields.state);
    const stranger = await app.inject({ method: 'GET', url: `${next.pathname}${next.search}` });
    expect(new URL(String(stranger.headers.location), PUBLIC_URL).searchParams.get('socialError')).toBe('SOCIAL_SIGN_IN_EXPIRED');
    const late = await app.inject({ method: 'GET', url: `${next.pathname}${next.search}`, headers: { cookie: jar.header() } });
    expect(new URL(String(late.headers.location), PUBLIC_URL).searchParams.get('socialError')).toBe('SOCIAL_SIGN_IN_EXPIRED');

    // The same browser, start to end: signed in.
    const fresh = new Jar();
    const again = await app.inject({ method: 'GET', url: '/api/auth/social/apple/start?returnTo=%2Flogin' });
    fresh.take(setCookiesOf(again.headers['set-cookie']));
    const returnedTo = await callback(await signInAtProvider(String(again.headers.location), TEST_USER), fresh);
    expect(returnedTo.searchParams.get('socialSignIn')).toBe('1');
  });

  it('a provider not configured for form_post takes no posted answer', async () => {
    const posted = await app.inject({
      method: 'POST',
      url: '/api/auth/social/test/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=x&state=y',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/login?socialError=SOCIAL_PROVIDER_UNAVAILABLE');
  });

  it('the configuration is checked at start-up', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'servery-social-config-')), 'bad.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ apple: { issuer: 'https://appleid.apple.com', discovery: true, clientId: 'x', responseMode: 'fragment' } }),
    );
    const loaded = loadSocialSignInConfig(file);
    expect(loaded).toEqual({ ok: false, problems: ['apple.responseMode: must be "query" or "form_post"'] });
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
