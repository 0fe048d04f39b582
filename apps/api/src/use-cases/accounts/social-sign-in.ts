/**
 * Social sign-in with Google, Facebook and Apple (docs/decisions/0012-social-sign-in.md).
 *
 * - The operator configures each provider (issuer, client id, public signing keys, authorization
 *   endpoint) in a JSON file named by SOCIAL_SIGN_IN_CONFIG; a provider without configuration is not
 *   offered. Keys are local: no call to the provider is made while signing someone in.
 * - An ID token is accepted only if its signature verifies with one of those keys and its issuer,
 *   audience, expiry (one minute of tolerance) and nonce are right. Any failure is the one
 *   SOCIAL_TOKEN_INVALID, which never repeats the token.
 * - A token opens at most one session (its hash is kept until it expires), so a copied token cannot
 *   be replayed.
 * - The person is found by (provider, subject); else an account with the same e-mail is linked, but
 *   only when the provider says that e-mail is verified; else an account is created without a
 *   password (forgot-password can set one later).
 */
import { setScopeUser } from '../../db/data-scope';
import fs from 'node:fs';
import path from 'node:path';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { z } from 'zod';
import { normaliseEmail } from '@servery/domain/card';
import { SocialProviderType } from '@servery/contracts/accounts';
import { findUserByEmail, findUserById, insertUser, isSuiteOperator, type UserRow } from '../../db/accounts-repository';
import type { Db } from '../../db/database';
import { deleteExpiredTokenUses, findIdentityUser, insertIdentity, insertTokenUse } from '../../db/social-identities-repository';
import type { SessionKind } from '../../kernel/schema';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/session-tokens';
import type { Executor } from '../../kernel/executor';
import { isUniqueViolation } from '../../db/unique-violation';
import { startSession, type SignedIn } from './authenticate';

/** Clock difference tolerated between the provider and this server. */
export const CLOCK_TOLERANCE_SECONDS = 60;
/** Asymmetric algorithms only: a shared-secret (HS*) or unsigned token is never accepted. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
/** A user created by social sign-in has no password: this stored value matches no password. */
export const NO_PASSWORD = 'none';
const NAME_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Configuration

const REQUIRED_KEY_FIELDS: Record<string, string[]> = { RSA: ['n', 'e'], EC: ['crv', 'x', 'y'], OKP: ['crv', 'x'] };

const PublicJwk = z
  .looseObject({
    kty: z.enum(['RSA', 'EC', 'OKP'], { message: 'kty must be RSA, EC or OKP (public signing keys)' }),
    kid: z.string().optional(),
    alg: z.string().optional(),
    use: z.string().optional(),
  })
  .superRefine((key, ctx) => {
    if ('d' in key) ctx.addIssue({ code: 'custom', message: 'is a private key: give the provider’s public keys only' });
    for (const field of REQUIRED_KEY_FIELDS[key.kty] ?? []) {
      if (typeof key[field] !== 'string') ctx.addIssue({ code: 'custom', path: [field], message: `is required for a ${key.kty} key` });
    }
  });

const Jwks = z.object({ keys: z.array(PublicJwk).min(1, 'must hold at least one key') });

const ProviderSettings = z.strictObject({
  issuer: z
    .union([z.string().min(1, 'is required'), z.array(z.string().min(1)).min(1, 'needs at least one issuer')])
    .describe('The iss the tokens carry (one or several)'),
  clientId: z.string().min(1, 'is required').describe('The client id the provider gave the operator; the tokens’ audience'),
  authorizationEndpoint: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }),
  jwks: z.union([Jwks, z.string().min(1)]).describe('The provider’s public keys: a JWKS, or the path of a JWKS file'),
  assumeEmailVerified: z
    .boolean()
    .default(false)
    .describe('Treat the token’s e-mail as verified without an email_verified claim (Facebook only shares confirmed e-mails)'),
});

const SocialSignInFile = z.strictObject({
  google: ProviderSettings.optional(),
  facebook: ProviderSettings.optional(),
  apple: ProviderSettings.optional(),
});

export interface ProviderConfig {
  type: SocialProviderType;
  issuer: string[];
  clientId: string;
  authorizationEndpoint: string;
  assumeEmailVerified: boolean;
  jwks: JSONWebKeySet;
}

export type SocialSignInConfig = Partial<Record<SocialProviderType, ProviderConfig>>;

export type LoadedSocialConfig = { ok: true; config: SocialSignInConfig } | { ok: false; problems: string[] };

const issues = (error: z.ZodError, prefix: string) =>
  error.issues.map((issue) => `${[prefix, ...issue.path.map(String)].filter(Boolean).join('.')}: ${issue.message}`);

function readJson(file: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, problem: `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: `${file} is not valid JSON` };
  }
}

/** Reads and checks the operator's file; a JWKS given as a path is read relative to that file. */
export function loadSocialSignInConfig(file: string): LoadedSocialConfig {
  const read = readJson(file);
  if (!read.ok) return { ok: false, problems: [read.problem] };
  const parsed = SocialSignInFile.safeParse(read.value);
  if (!parsed.success) return { ok: false, problems: issues(parsed.error, '') };
  const config: SocialSignInConfig = {};
  const problems: string[] = [];
  for (const type of SocialProviderType.options) {
    const settings = parsed.data[type];
    if (!settings) continue;
    let jwks: JSONWebKeySet;
    if (typeof settings.jwks === 'string') {
      const jwksFile = path.resolve(path.dirname(file), settings.jwks);
      const keys = readJson(jwksFile);
      const checked = keys.ok ? Jwks.safeParse(keys.value) : null;
      if (!keys.ok) problems.push(`${type}.jwks: ${keys.problem}`);
      else if (!checked?.success) problems.push(...issues(checked!.error, `${type}.jwks`));
      if (!checked?.success) continue;
      jwks = checked.data as JSONWebKeySet;
    } else {
      jwks = settings.jwks as JSONWebKeySet;
    }
    config[type] = {
      type,
      issuer: typeof settings.issuer === 'string' ? [settings.issuer] : settings.issuer,
      clientId: settings.clientId,
      authorizationEndpoint: settings.authorizationEndpoint,
      assumeEmailVerified: settings.assumeEmailVerified,
      jwks,
    };
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, config };
}

// ---------------------------------------------------------------------------------------------
// Verifying an ID token

export interface VerifiedIdentity {
  provider: SocialProviderType;
  subject: string;
  /** Normalised; null when the token has none. */
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  expiresAt: Date;
}

const keySets = new WeakMap<ProviderConfig, ReturnType<typeof createLocalJWKSet>>();
function keySetOf(provider: ProviderConfig) {
  let keySet = keySets.get(provider);
  if (!keySet) {
    keySet = createLocalJWKSet(provider.jwks);
    keySets.set(provider, keySet);
  }
  return keySet;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, NAME_MAX) : '');

function namesOf(payload: JWTPayload): { firstName: string; lastName: string } {
  const firstName = text(payload.given_name);
  const lastName = text(payload.family_name);
  if (firstName || lastName) return { firstName, lastName };
  // Only a full name: the first word is the first name, the rest the last name.
  const [first = '', ...rest] = text(payload.name).split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/**
 * The identity in a provider's ID token, or SOCIAL_TOKEN_INVALID. `nonce` null skips the nonce check
 * (get-google-user-info, which opens no session).
 */
export async function verifyIdToken(provider: ProviderConfig, idToken: string, nonce: string | null, now: Date): Promise<VerifiedIdentity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySetOf(provider), {
      issuer: provider.issuer,
      audience: provider.clientId,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
      requiredClaims: ['sub', 'exp'],
    }));
  } catch {
    // Whatever jose found wrong, the caller hears one thing; the token is not repeated or logged.
    throw new AppError('SOCIAL_TOKEN_INVALID');
  }
  if (nonce !== null && payload.nonce !== nonce) throw new AppError('SOCIAL_TOKEN_INVALID');
  const subject = payload.sub;
  if (typeof subject !== 'string' || subject === '' || subject.length > 255 || typeof payload.exp !== 'number') {
    throw new AppError('SOCIAL_TOKEN_INVALID');
  }
  const email = typeof payload.email === 'string' && payload.email.includes('@') ? normaliseEmail(payload.email) : null;
  // Google sends a boolean, Apple the string "true".
  const claimed = payload.email_verified === true || payload.email_verified === 'true';
  return {
    provider: provider.type,
    subject,
    email,
    emailVerified: email !== null && (claimed || provider.assumeEmailVerified),
    ...namesOf(payload),
    expiresAt: new Date(payload.exp * 1000),
  };
}

// ---------------------------------------------------------------------------------------------
// Signing in

export interface SocialSignedIn extends SignedIn {
  registered: boolean;
}

/** Records the token as used; false if it already opened a session. Expired records go as we pass. */
async function spendToken(db: Executor, idToken: string, expiresAt: Date, now: Date): Promise<boolean> {
  await deleteExpiredTokenUses(db, now.toISOString());
  // Kept until the token could no longer be accepted, tolerance included.
  const keepUntil = new Date(Math.max(expiresAt.getTime(), now.getTime()) + CLOCK_TOLERANCE_SECONDS * 1000);
  try {
    await insertTokenUse(db, hashToken(idToken), keepUntil.toISOString());
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

async function findUserOfIdentity(db: Executor, identity: VerifiedIdentity): Promise<UserRow | null> {
  const userId = await findIdentityUser(db, identity.provider, identity.subject);
  return userId !== null ? findUserById(db, userId) : null;
}

async function linkIdentity(db: Executor, identity: VerifiedIdentity, userId: number, now: Date): Promise<void> {
  await insertIdentity(db, {
    provider: identity.provider,
    subject: identity.subject,
    user_id: userId,
    email: identity.email,
    created_at: now.toISOString(),
  });
}

/** Finds, links or creates the account of a verified identity, in one transaction. */
async function accountOf(
  database: Db,
  identity: VerifiedIdentity,
  homeRestaurantId: number | null,
  now: Date,
): Promise<{ user: UserRow; registered: boolean }> {
  return database.db.transaction().execute(async (trx) => {
    const known = await findUserOfIdentity(trx, identity);
    if (known) return { user: known, registered: false };
    if (identity.email === null || !identity.emailVerified) throw new AppError('SOCIAL_EMAIL_UNVERIFIED');
    const existing = await findUserByEmail(trx, identity.email);
    if (existing) {
      await linkIdentity(trx, identity, existing.id, now);
      return { user: existing, registered: false };
    }
    const userId = await insertUser(trx, {
      email: identity.email,
      password_hash: NO_PASSWORD,
      first_name: identity.firstName,
      last_name: identity.lastName,
      phone_number: null,
      created_at: now.toISOString(),
      home_restaurant_id: homeRestaurantId,
    });
    await linkIdentity(trx, identity, userId, now);
    const user = await findUserById(trx, userId);
    if (!user) throw new AppError('INTERNAL');
    return { user, registered: true };
  });
}

export async function socialSignIn(
  database: Db,
  provider: ProviderConfig,
  input: { idToken: string; nonce: string },
  /** The restaurant signed in at: a new account's home (migration 0027). */
  homeRestaurantId: number | null,
  now: Date,
): Promise<SocialSignedIn> {
  const identity = await verifyIdToken(provider, input.idToken, input.nonce, now);
  if (!(await spendToken(database.db, input.idToken, identity.expiresAt, now))) throw new AppError('SOCIAL_TOKEN_INVALID');
  let account: { user: UserRow; registered: boolean };
  try {
    account = await accountOf(database, identity, homeRestaurantId, now);
  } catch (error) {
    // The same person signing in twice at once: the other request created the rows; use them.
    if (!isUniqueViolation(error)) throw error;
    account = await accountOf(database, identity, homeRestaurantId, now);
  }
  // The provider vouched for the person: their own rows open to the rest of this request (db/data-scope.ts).
  setScopeUser(account.user.id);
  const kind: SessionKind = (await isSuiteOperator(database.db, account.user.id)) ? 'operator' : 'user';
  return { token: await startSession(database.db, account.user.id, kind, now), kind, user: account.user, registered: account.registered };
}
