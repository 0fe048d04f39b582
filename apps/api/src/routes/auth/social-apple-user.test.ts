/**
 * Apple's `user` form field (docs/decisions/0124-social-link-and-form-post.md): a provider that posts
 * its answer (`response_mode=form_post`) and, like Apple, puts the person's names only in a `user`
 * field of the first answer, never in the ID token. The POST callback keeps them on the state's
 * unspent, unexpired flow of that provider; the GET callback names a new account with them, and only
 * a new one. Against oidc-provider started by the demo's script (`appleLike`), through inject().
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../../../scripts/oidc-test-provider.mjs';
import type { TestDatabase } from '../../test/test-database';
import { Jar, PUBLIC_URL, setCookiesOf, signInAtProvider, startSocialTestApp, type SocialTestApp } from '../../test/social-providers';

const person = (name: string, familyName: string): TestUser => ({
  login: `${name.toLowerCase()}.apple@example.test`,
  password: 'apple-provider',
  subject: `apple-user-${name.toLowerCase()}`,
  email: `${name.toLowerCase()}.apple@example.test`,
  givenName: name,
  familyName,
});
const JO = person('Jo', 'Pommier');
const KIM = person('Kim', 'Verger');
const LEE = person('Lee', 'Cidre');
const MAX = person('Max', 'Golden');
const NOA = person('Noa', 'Reinette');
const SAM = person('Sam', 'Query');

let social: SocialTestApp;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  social = await startSocialTestApp({
    apple: { users: [JO, KIM, LEE, MAX, NOA], formPost: true, appleLike: true },
    test: { users: [SAM] },
  });
  ({ app, database } = social);
}, 60_000);

afterAll(async () => {
  await social?.close();
});

/** The app's start: the provider's address; the flow cookie goes to `jar`. */
async function start(type: 'apple' | 'test', jar: Jar): Promise<URL> {
  const response = await app.inject({ method: 'GET', url: `/api/auth/social/${type}/start?returnTo=%2Flogin` });
  expect(response.statusCode, response.body).toBe(303);
  jar.take(setCookiesOf(response.headers['set-cookie']));
  return new URL(String(response.headers.location));
}

/** The provider's page at Apple's: the fields it posts (code, state, and `user` on a first sign-in). */
async function appleForm(authorization: URL, user: TestUser): Promise<Record<string, string>> {
  const back = await signInAtProvider(authorization, user);
  if (back.kind !== 'form') throw new Error('the Apple-like provider did not post a form');
  return back.fields;
}

/** The browser posts the form from the provider's site: no cookie of ours goes with it. */
async function post(fields: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/social/apple/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: social.providers.apple!.issuer },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.statusCode, response.body).toBe(303);
  expect(response.headers['set-cookie']).toBeUndefined();
  return new URL(String(response.headers.location), PUBLIC_URL);
}

/** The GET the 303 makes, a top-level navigation: the browser's Lax flow cookie comes with it. */
async function follow(next: URL, jar: Jar): Promise<URL> {
  const response = await app.inject({ method: 'GET', url: `${next.pathname}${next.search}`, headers: { cookie: jar.header() } });
  expect(response.statusCode, response.body).toBe(303);
  jar.take(setCookiesOf(response.headers['set-cookie']));
  return new URL(String(response.headers.location), PUBLIC_URL);
}

const stateHash = (state: string) => createHash('sha256').update(state).digest('base64url');
const flowOf = (state: string) =>
  database.db
    .selectFrom('social_sign_in_flows')
    .select(['provider', 'posted_first_name', 'posted_last_name'])
    .where('state_hash', '=', stateHash(state))
    .executeTakeFirst();
const allFlows = () => database.db.selectFrom('social_sign_in_flows').selectAll().orderBy('state_hash').execute();
const accountOf = (email: string) =>
  database.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('email', '=', email).executeTakeFirst();
const userField = (firstName: string, lastName: string, email = 'someone.else@example.test') =>
  JSON.stringify({ name: { firstName, lastName }, email });

describe('Apple’s `user` field: the names of a first sign-in', () => {
  it('names the new account; the e-mail is the ID token’s, never the field’s; the names never go in an address', async () => {
    const jar = new Jar();
    const fields = await appleForm(await start('apple', jar), JO);
    // The provider posts the names on this first sign-in, as Apple does.
    expect(JSON.parse(fields.user ?? 'null')).toEqual({ name: { firstName: 'Jo', lastName: 'Pommier' }, email: JO.email });

    // A `user` field with another e-mail: only its names are read.
    const next = await post({ ...fields, user: userField('Jo', 'Pommier') });
    expect(next.pathname).toBe('/api/auth/social/apple/callback');
    expect([...next.searchParams.keys()].sort()).toEqual(['code', 'state']);
    // The address carries the posted code and state and nothing else: no name and no e-mail. (Matching
    // the names against the whole address failed once a random code happened to hold "Jo".)
    expect(Object.fromEntries(next.searchParams)).toEqual({ code: fields.code, state: fields.state });
    expect(await flowOf(fields.state!)).toEqual({ provider: 'apple', posted_first_name: 'Jo', posted_last_name: 'Pommier' });

    // A second post of the same state does not rename it: the first one's names stay.
    await post({ ...fields, user: userField('Eve', 'Mallory') });
    expect(await flowOf(fields.state!)).toMatchObject({ posted_first_name: 'Jo', posted_last_name: 'Pommier' });

    const returnedTo = await follow(next, jar);
    expect(returnedTo.searchParams.get('socialSignIn')).toBe('1');
    expect(await accountOf(JO.email)).toMatchObject({ email: JO.email, first_name: 'Jo', last_name: 'Pommier' });
    expect(await accountOf('someone.else@example.test')).toBeUndefined();
    // The flow went with the sign-in, names and all.
    expect(await flowOf(fields.state!)).toBeUndefined();
  });

  it('without the field, a new account has no name: the Apple-like ID token carries none', async () => {
    const jar = new Jar();
    const { user, ...fields } = await appleForm(await start('apple', jar), MAX);
    expect(user).toBeDefined();
    expect((await follow(await post(fields), jar)).searchParams.get('socialSignIn')).toBe('1');
    expect(await accountOf(MAX.email)).toMatchObject({ first_name: '', last_name: '' });
  });

  it('never changes an existing account’s name', async () => {
    const first = new Jar();
    const firstFields = await appleForm(await start('apple', first), KIM);
    await follow(await post(firstFields), first);
    expect(await accountOf(KIM.email)).toMatchObject({ first_name: 'Kim', last_name: 'Verger' });

    // The next sign-in: Apple posts no `user`; one is added to the form anyway.
    const again = new Jar();
    const fields = await appleForm(await start('apple', again), KIM);
    expect(fields.user).toBeUndefined();
    const returnedTo = await follow(await post({ ...fields, user: userField('Eve', 'Mallory') }), again);
    expect(returnedTo.searchParams.get('socialSignIn')).toBe('1');
    expect(await accountOf(KIM.email)).toMatchObject({ first_name: 'Kim', last_name: 'Verger' });
  });

  it('a malformed or oversized field is ignored: never a 5xx, the sign-in goes on, the account has no name from it', async () => {
    const jar = new Jar();
    const { user, ...fields } = await appleForm(await start('apple', jar), LEE);
    expect(user).toBeDefined();
    const bad = [
      'not json',
      '[]',
      JSON.stringify({ name: 'Lee Cidre' }),
      JSON.stringify({ name: { firstName: 7, lastName: ['Cidre'] } }),
      userField('Lee\u0000', 'Cidre'),
      userField('Lee', 'Ci\ndre'),
      userField('L'.repeat(101), 'Cidre'),
      JSON.stringify({ name: { firstName: 'Lee', lastName: 'Cidre' }, pad: 'x'.repeat(10_000) }),
    ];
    let next: URL | null = null;
    for (const field of bad) {
      next = await post({ ...fields, user: field });
      expect(await flowOf(fields.state!)).toMatchObject({ posted_first_name: null, posted_last_name: null });
    }
    expect((await follow(next!, jar)).searchParams.get('socialSignIn')).toBe('1');
    expect(await accountOf(LEE.email)).toMatchObject({ first_name: '', last_name: '' });
  });
});

describe('a `user` field that belongs to no flow of this provider changes nothing', () => {
  it('an unknown state', async () => {
    const before = await allFlows();
    await post({ state: randomBytes(32).toString('base64url'), code: 'x', user: userField('Eve', 'Mallory') });
    expect(await allFlows()).toEqual(before);
  });

  it('a spent state: posted again after its sign-in', async () => {
    const jar = new Jar();
    const fields = await appleForm(await start('apple', jar), NOA);
    await follow(await post(fields), jar);
    const account = await accountOf(NOA.email);
    expect(account).toMatchObject({ first_name: 'Noa', last_name: 'Reinette' });
    const before = await allFlows();
    const replay = await post({ ...fields, user: userField('Eve', 'Mallory') });
    expect(await allFlows()).toEqual(before);
    expect((await follow(replay, jar)).searchParams.get('socialError')).toBe('SOCIAL_SIGN_IN_EXPIRED');
    expect(await accountOf(NOA.email)).toEqual(account);
  });

  it('an expired flow', async () => {
    const jar = new Jar();
    const authorization = await start('apple', jar);
    const state = authorization.searchParams.get('state')!;
    await database.db
      .updateTable('social_sign_in_flows')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('state_hash', '=', stateHash(state))
      .execute();
    await post({ state, code: 'x', user: userField('Eve', 'Mallory') });
    expect(await flowOf(state)).toEqual({ provider: 'apple', posted_first_name: null, posted_last_name: null });
  });

  it('another provider’s flow: the names are not kept, and its account is named by its own ID token', async () => {
    const jar = new Jar();
    const authorization = await start('test', jar);
    const state = authorization.searchParams.get('state')!;
    await post({ state, code: 'x', user: userField('Eve', 'Mallory') });
    expect(await flowOf(state)).toEqual({ provider: 'test', posted_first_name: null, posted_last_name: null });

    const back = await signInAtProvider(authorization, SAM);
    if (back.kind !== 'redirect') throw new Error('the query provider posted a form');
    expect((await follow(back.url, jar)).searchParams.get('socialSignIn')).toBe('1');
    expect(await accountOf(SAM.email)).toMatchObject({ first_name: 'Sam', last_name: 'Query' });
  });
});
