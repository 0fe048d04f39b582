import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig, repoRoot } from '../../config';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { loadSocialSignInConfig, type SocialSignInConfig } from '../../use-cases/accounts/social-sign-in';

const GOOGLE_ISSUER = 'https://accounts.google.example';
const GOOGLE_CLIENT = 'servery-web.apps.googleusercontent.example';
const APPLE_ISSUER = 'https://appleid.apple.example';
const APPLE_CLIENT = 'ca.servery.web';
const NONCE = 'n-0S6_WzA2Mj-abcdefghijkl';
const PASSWORD = 'Secret12!';

interface Signer {
  key: CryptoKey;
  kid: string;
  alg: 'RS256' | 'ES256';
}

let dir: string;
let google: Signer;
let apple: Signer;
/** Another key with google's kid: what a forger would sign with. */
let forger: Signer;
let config: SocialSignInConfig;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-social-'));
  const googleKeys = await generateKeyPair('RS256');
  const appleKeys = await generateKeyPair('ES256');
  const forgerKeys = await generateKeyPair('RS256');
  google = { key: googleKeys.privateKey, kid: 'google-1', alg: 'RS256' };
  apple = { key: appleKeys.privateKey, kid: 'apple-1', alg: 'ES256' };
  forger = { key: forgerKeys.privateKey, kid: 'google-1', alg: 'RS256' };
  // Google's keys inline, Apple's in a file next to the configuration (a relative path).
  fs.writeFileSync(
    path.join(dir, 'apple-keys.json'),
    JSON.stringify({ keys: [{ ...(await exportJWK(appleKeys.publicKey)), kid: 'apple-1', alg: 'ES256', use: 'sig' }] }),
  );
  const file = path.join(dir, 'social.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      google: {
        issuer: [GOOGLE_ISSUER, 'accounts.google.example'],
        clientId: GOOGLE_CLIENT,
        authorizationEndpoint: 'https://accounts.google.example/o/oauth2/v2/auth',
        jwks: { keys: [{ ...(await exportJWK(googleKeys.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' }] },
      },
      apple: {
        issuer: APPLE_ISSUER,
        clientId: APPLE_CLIENT,
        authorizationEndpoint: 'https://appleid.apple.example/auth/authorize',
        jwks: 'apple-keys.json',
      },
    }),
  );
  const loaded = loadSocialSignInConfig(file);
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  config = loaded.config;
  database = await createTestDatabase();
  app = await buildApp(
    {
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
      TENANTS_DIR: path.join(repoRoot, 'tenants'),
      SOCIAL_SIGN_IN_CONFIG: config,
    },
    database,
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

let people = 0;
function person(): { sub: string; email: string } {
  people += 1;
  return { sub: `10${people}${Date.now()}`, email: `social${people}-${Date.now()}@example.com` };
}

async function idToken(
  claims: JWTPayload & Record<string, unknown>,
  options: { signer?: Signer; issuer?: string; audience?: string; expiresIn?: number; issuedAgo?: number } = {},
): Promise<string> {
  const signer = options.signer ?? google;
  const now = Math.floor(Date.now() / 1000);
  const isApple = signer === apple;
  return new SignJWT({ nonce: NONCE, ...claims })
    .setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: 'JWT' })
    .setIssuer(options.issuer ?? (isApple ? APPLE_ISSUER : GOOGLE_ISSUER))
    .setAudience(options.audience ?? (isApple ? APPLE_CLIENT : GOOGLE_CLIENT))
    .setIssuedAt(now - (options.issuedAgo ?? 0))
    .setExpirationTime(now + (options.expiresIn ?? 600))
    .setJti(Math.random().toString(36).slice(2))
    .sign(signer.key);
}

function login(type: string, body: object) {
  return app.inject({ method: 'POST', url: `/api/auth/login-${type}`, payload: body });
}

async function counts(): Promise<{ users: number; identities: number; sessions: number }> {
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

describe('configuration', () => {
  it('offers the browser no provider that lacks a client secret: those only verify posted ID tokens', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/social-providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ providers: [] });
  });

  it('refuses an unconfigured provider clearly, in both languages, and creates nothing', async () => {
    const before = await counts();
    const token = await idToken({ ...person(), email_verified: true });
    const response = await login('facebook', { idToken: token, nonce: NONCE });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, error: 'SOCIAL_PROVIDER_UNAVAILABLE' });
    const french = await app.inject({
      method: 'POST',
      url: '/api/auth/login-facebook',
      headers: { 'accept-language': 'fr-CA' },
      payload: { idToken: token, nonce: NONCE },
    });
    expect(french.json().message).toMatch(/n’est pas offerte/);
    expect(await counts()).toEqual(before);
  });

  it('offers nothing without a configuration file', () => {
    expect(loadConfig({}).SOCIAL_SIGN_IN_CONFIG).toEqual({});
  });

  it('stops start-up naming what is wrong in the file', () => {
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(
      bad,
      JSON.stringify({
        google: {
          issuer: GOOGLE_ISSUER,
          authorizationEndpoint: 'not a url',
          jwks: { keys: [{ kty: 'RSA', n: 'x', e: 'AQAB', d: 'secret' }] },
        },
        twitter: {},
      }),
    );
    expect(() => loadConfig({ SOCIAL_SIGN_IN_CONFIG: bad })).toThrow(/SOCIAL_SIGN_IN_CONFIG/);
    const loaded = loadSocialSignInConfig(bad);
    expect(loaded.ok).toBe(false);
    const problems = loaded.ok ? '' : loaded.problems.join('\n');
    expect(problems).toMatch(/google\.clientId/);
    expect(problems).toMatch(/google\.authorizationEndpoint/);
    expect(problems).toMatch(/google\.jwks.*private key/);
    expect(problems).toMatch(/twitter/);
    expect(loadSocialSignInConfig(path.join(dir, 'missing.json'))).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/cannot read/)],
    });
    fs.writeFileSync(
      bad,
      JSON.stringify({ apple: { issuer: APPLE_ISSUER, clientId: 'x', authorizationEndpoint: 'https://a.example', jwks: 'nope.json' } }),
    );
    expect(loadSocialSignInConfig(bad)).toMatchObject({ ok: false, problems: [expect.stringMatching(/^apple\.jwks: cannot read/)] });
  });
});

describe('signing in', () => {
  it('creates the account once, answers a working session, and finds the same account the next time', async () => {
    const who = person();
    const before = await counts();
    const first = await login('google', {
      idToken: await idToken({ ...who, email_verified: true, given_name: 'Grace', family_name: 'Hopper' }),
      nonce: NONCE,
      register: true,
    });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.registered).toBe(true);
    expect(body.user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: who.email, phoneNumber: null, suiteOperator: false });
    const cookies = ([] as string[]).concat(first.headers['set-cookie'] ?? []);
    expect(cookies.some((cookie) => cookie.startsWith(`accessToken=${body.token};`) && /HttpOnly/.test(cookie))).toBe(true);
    // The token is stored hashed, never as given.
    const stored = await database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', body.user.id).execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(body.token);

    const restored = await app.inject({
      method: 'POST',
      url: '/api/auth/get-salata-user-info',
      payload: { userId: body.user.id, token: body.token },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().user.email).toBe(who.email);

    // A second sign-in (a new token, names changed at the provider) is the same account, not a new one.
    const second = await login('google', { idToken: await idToken({ ...who, email_verified: true, given_name: 'G.' }), nonce: NONCE });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ registered: false, user: { id: body.user.id, firstName: 'Grace' } });
    expect(second.json().token).not.toBe(body.token);
    const after = await counts();
    expect(after.users - before.users).toBe(1);
    expect(after.identities - before.identities).toBe(1);

    // The account has no password: a native login with any password fails like an unknown one.
    const native = await app.inject({
      method: 'POST',
      url: '/api/auth/login-native',
      payload: { email: who.email, password: 'none' },
      remoteAddress: '10.9.0.1',
    });
    expect(native.json()).toMatchObject({ error: 'INVALID_CREDENTIALS' });
  });

  it('never links an account on e-mail alone: a new identity with a taken e-mail is refused, nothing changes', async () => {
    const who = person();
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register-user',
      payload: { firstName: 'Ada', lastName: 'Lovelace', email: who.email, password: PASSWORD },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const userId = registered.json().user.id as number;
    const before = await counts();

    const social = await login('google', {
      idToken: await idToken({ sub: who.sub, email: who.email.toUpperCase(), email_verified: true, name: 'Someone Else' }),
      nonce: NONCE,
    });
    expect(social.statusCode, social.body).toBe(409);
    expect(social.json()).toMatchObject({ code: 2102, error: 'SOCIAL_EMAIL_TAKEN' });
    expect(social.json().message).toMatch(/sign in with your e-mail and password/);
    expect(await counts()).toEqual(before);

    const native = await app.inject({
      method: 'POST',
      url: '/api/auth/login-native',
      payload: { email: who.email, password: PASSWORD },
      remoteAddress: '10.9.0.2',
    });
    expect(native.statusCode).toBe(200);
    expect(native.json().user.id).toBe(userId);
  });

  it('accepts Apple’s string "true" and a key read from a file; a full name is split', async () => {
    const who = person();
    const response = await login('apple', {
      idToken: await idToken({ ...who, email_verified: 'true', name: 'Katherine Coleman Johnson' }, { signer: apple }),
      nonce: NONCE,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ registered: true, user: { firstName: 'Katherine', lastName: 'Coleman Johnson' } });
  });

  it('will not link or create an account from an e-mail the provider has not verified', async () => {
    const who = person();
    await app.inject({
      method: 'POST',
      url: '/api/auth/register-user',
      payload: { firstName: 'Ada', lastName: 'Lovelace', email: who.email, password: PASSWORD },
    });
    const before = await counts();
    for (const claims of [{ ...who, email_verified: false }, { ...who }, { sub: who.sub }, { ...person(), email_verified: 'false' }]) {
      const response = await login('google', { idToken: await idToken(claims), nonce: NONCE });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: 'SOCIAL_EMAIL_UNVERIFIED' });
    }
    expect(await counts()).toEqual(before);
  });

  it('a token opens one session only: a replayed copy is refused', async () => {
    const token = await idToken({ ...person(), email_verified: true });
    expect((await login('google', { idToken: token, nonce: NONCE })).statusCode).toBe(200);
    const before = await counts();
    const replay = await login('google', { idToken: token, nonce: NONCE });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 401, error: 'SOCIAL_TOKEN_INVALID' });
    expect(await counts()).toEqual(before);
  });

  it('tolerates a small clock difference', async () => {
    const response = await login('google', {
      idToken: await idToken({ ...person(), email_verified: true }, { expiresIn: -30, issuedAgo: 600 }),
      nonce: NONCE,
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('refused tokens', () => {
  const hs256 = async (claims: JWTPayload) =>
    new SignJWT({ nonce: NONCE, ...claims })
      .setProtectedHeader({ alg: 'HS256', kid: 'google-1' })
      .setIssuer(GOOGLE_ISSUER)
      .setAudience(GOOGLE_CLIENT)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough'));
  const unsigned = (claims: JWTPayload) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    return `${part({ alg: 'none' })}.${part({ iss: GOOGLE_ISSUER, aud: GOOGLE_CLIENT, exp: now + 600, nonce: NONCE, ...claims })}.`;
  };

  const cases: Array<[string, (claims: JWTPayload & Record<string, unknown>) => Promise<string> | string, string?]> = [
    ['signed with another key', (claims) => idToken(claims, { signer: forger })],
    ['for another audience', (claims) => idToken(claims, { audience: 'someone-else.apps.googleusercontent.example' })],
    ['from another issuer', (claims) => idToken(claims, { issuer: 'https://evil.example' })],
    ['expired', (claims) => idToken(claims, { expiresIn: -300, issuedAgo: 3900 })],
    ['with another nonce', (claims) => idToken({ ...claims, nonce: 'another-nonce-0123456789' })],
    ['without a nonce', (claims) => idToken({ ...claims, nonce: undefined })],
    ['without a subject', (claims) => idToken({ ...claims, sub: undefined })],
    ['signed with a shared secret', (claims) => hs256(claims)],
    ['unsigned', (claims) => unsigned(claims)],
    ['of another configured provider', (claims) => idToken(claims, { signer: apple })],
    ['not a JWT at all', () => 'not-a-token'],
  ];

  it.each(cases)('refuses a token %s, without repeating it, and creates nothing', async (_name, make) => {
    const who = person();
    const token = await make({ ...who, email_verified: true });
    const before = await counts();
    const response = await login('google', { idToken: token, nonce: NONCE });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, error: 'SOCIAL_TOKEN_INVALID' });
    expect(response.body).not.toContain(token);
    expect(response.body).not.toContain(who.email);
    expect(await counts()).toEqual(before);
    const info = await app.inject({ method: 'POST', url: '/api/auth/get-google-user-info', payload: { accessToken: token } });
    if (_name !== 'with another nonce' && _name !== 'without a nonce') expect(info.statusCode).toBe(401);
  });

  it('refuses a body without a nonce before looking at the token', async () => {
    const response = await login('google', { idToken: await idToken({ ...person(), email_verified: true }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
  });
});

describe('get-google-user-info', () => {
  it('answers the verified profile of a Google ID token, opening no session and creating nothing', async () => {
    const who = person();
    const before = await counts();
    const token = await idToken({ ...who, email_verified: true, given_name: 'Mary', family_name: 'Jackson' });
    const response = await app.inject({ method: 'POST', url: '/api/auth/get-google-user-info', payload: { accessToken: token } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      profile: { provider: 'google', subject: who.sub, email: who.email, emailVerified: true, firstName: 'Mary', lastName: 'Jackson' },
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await counts()).toEqual(before);
    // An Apple token is not a Google one.
    const appleToken = await idToken({ ...who, email_verified: true }, { signer: apple });
    const refused = await app.inject({ method: 'POST', url: '/api/auth/get-google-user-info', payload: { accessToken: appleToken } });
    expect(refused.json()).toMatchObject({ error: 'SOCIAL_TOKEN_INVALID' });
  });
});
