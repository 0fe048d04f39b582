/**
 * Social sign-in: what is done with a provider's ID token, however it arrived
 * (docs/decisions/0117-social-sign-in-code-flow.md, amending 0012).
 *
 * - An ID token is accepted only if its signature verifies with the configured provider's keys
 *   (social-providers.ts) and its issuer, audience, expiry (one minute of tolerance) and nonce are
 *   right. Any failure is the one SOCIAL_TOKEN_INVALID, which never repeats the token.
 * - A token opens at most one session (its hash is kept until it expires), so a copied token cannot
 *   be replayed.
 * - The person is found by (issuer, subject). A new identity whose e-mail already belongs to an
 *   account is refused (SOCIAL_EMAIL_TAKEN): an e-mail alone never hands over an account, since
 *   native sign-up does not prove the address. Otherwise an account is created without a password
 *   (forgot-password can set one later).
 */
import { setScopeUser } from '../../db/data-scope';
import { jwtVerify, type JWTPayload } from 'jose';
import { normaliseEmail } from '@servery/domain/card';
import type { SocialProviderType } from '@servery/contracts/accounts';
import { findUserByEmail, findUserById, insertUser, isSuiteOperator, type UserRow } from '../../db/accounts-repository';
import type { Db } from '../../db/database';
import {
  claimLegacyIdentity,
  deleteExpiredTokenUses,
  findIdentityUser,
  insertIdentity,
  insertTokenUse,
} from '../../db/social-identities-repository';
import type { SessionKind } from '../../kernel/schema';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/session-tokens';
import type { Executor } from '../../kernel/executor';
import { isUniqueViolation } from '../../db/unique-violation';
import { startSession, type SignedIn } from './authenticate';
import { keySetOf, type ProviderConfig } from './social-providers';
import type { PostedNames } from './social-posted-names';

export { loadSocialSignInConfig, type ProviderConfig, type SocialSignInConfig } from './social-providers';

/** Clock difference tolerated between the provider and this server. */
export const CLOCK_TOLERANCE_SECONDS = 60;
/** Asymmetric algorithms only: a shared-secret (HS*) or unsigned token is never accepted. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
/** A user created by social sign-in has no password: this stored value matches no password. */
export const NO_PASSWORD = 'none';
const NAME_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Verifying an ID token

export interface VerifiedIdentity {
  provider: SocialProviderType;
  /** The token's iss: with the subject, what the account is found by. */
  issuer: string;
  subject: string;
  /** Normalised; null when the token has none. */
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  expiresAt: Date;
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
 * (get-google-user-info, which opens no session). The token's times are the provider's wall clock, so
 * they are checked against this machine's clock, not the server's business clock (`app.now()`), which
 * a demo or a browser test starts elsewhere (CLOCK_START, refused in production): a test server's
 * clock at 1 p.m. while the provider's was at 7 a.m. found every token expired.
 */
export async function verifyIdToken(provider: ProviderConfig, idToken: string, nonce: string | null): Promise<VerifiedIdentity> {
  const now = new Date();
  const keySet = await keySetOf(provider);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySet, {
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
  const issuer = payload.iss;
  if (typeof issuer !== 'string') throw new AppError('SOCIAL_TOKEN_INVALID');
  if (typeof subject !== 'string' || subject === '' || subject.length > 255 || typeof payload.exp !== 'number') {
    throw new AppError('SOCIAL_TOKEN_INVALID');
  }
  const email = typeof payload.email === 'string' && payload.email.includes('@') ? normaliseEmail(payload.email) : null;
  // Google sends a boolean, Apple the string "true".
  const claimed = payload.email_verified === true || payload.email_verified === 'true';
  return {
    provider: provider.type,
    issuer,
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
export async function spendToken(db: Executor, idToken: string, expiresAt: Date, now: Date): Promise<boolean> {
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
  let userId = await findIdentityUser(db, identity.issuer, identity.subject);
  // A link made before identities carried their issuer (migration 0037): this provider's, with this
  // subject; it takes the issuer now.
  userId ??= await claimLegacyIdentity(db, identity.provider, identity.subject, identity.issuer);
  return userId !== null ? findUserById(db, userId) : null;
}

/**
 * Finds or creates the account of a verified identity, in one transaction. Never by e-mail alone: a
 * new identity whose e-mail has an account is SOCIAL_EMAIL_TAKEN (sign in with the password instead).
 */
async function accountOf(
  database: Db,
  identity: VerifiedIdentity,
  homeRestaurantId: number | null,
  now: Date,
  postedNames: PostedNames | null,
): Promise<{ user: UserRow; registered: boolean }> {
  return database.db.transaction().execute(async (trx) => {
    const known = await findUserOfIdentity(trx, identity);
    if (known) return { user: known, registered: false };
    if (identity.email === null || !identity.emailVerified) throw new AppError('SOCIAL_EMAIL_UNVERIFIED');
    if (await findUserByEmail(trx, identity.email)) throw new AppError('SOCIAL_EMAIL_TAKEN');
    // The signed token's names when it has any; else those the provider posted (Apple's ID token has none).
    const names = identity.firstName || identity.lastName || !postedNames ? identity : postedNames;
    const userId = await insertUser(trx, {
      email: identity.email,
      password_hash: NO_PASSWORD,
      first_name: names.firstName,
      last_name: names.lastName,
      phone_number: null,
      created_at: now.toISOString(),
      home_restaurant_id: homeRestaurantId,
    });
    await insertIdentity(trx, {
      provider: identity.provider,
      issuer: identity.issuer,
      subject: identity.subject,
      user_id: userId,
      email: identity.email,
      created_at: now.toISOString(),
    });
    const user = await findUserById(trx, userId);
    if (!user) throw new AppError('INTERNAL');
    return { user, registered: true };
  });
}

/**
 * Opens a session for a verified identity: its account found or created (both sign-in paths end here).
 * `postedNames` (a form_post provider's `user` field) name the account only if it is created now.
 */
export async function signInIdentity(
  database: Db,
  identity: VerifiedIdentity,
  homeRestaurantId: number | null,
  now: Date,
  postedNames: PostedNames | null = null,
): Promise<SocialSignedIn> {
  let account: { user: UserRow; registered: boolean };
  try {
    account = await accountOf(database, identity, homeRestaurantId, now, postedNames);
  } catch (error) {
    // The same person signing in twice at once: the other request created the rows; use them.
    if (!isUniqueViolation(error)) throw error;
    account = await accountOf(database, identity, homeRestaurantId, now, postedNames);
  }
  // The provider vouched for the person: their own rows open to the rest of this request (db/data-scope.ts).
  setScopeUser(account.user.id);
  const kind: SessionKind = (await isSuiteOperator(database.db, account.user.id)) ? 'operator' : 'user';
  return { token: await startSession(database.db, account.user.id, kind, now), kind, user: account.user, registered: account.registered };
}

/** login-{type}: an ID token posted by a client that ran the provider's flow itself (the spec's call). */
export async function socialSignIn(
  database: Db,
  provider: ProviderConfig,
  input: { idToken: string; nonce: string },
  /** The restaurant signed in at: a new account's home (migration 0027). */
  homeRestaurantId: number | null,
  now: Date,
): Promise<SocialSignedIn> {
  const identity = await verifyIdToken(provider, input.idToken, input.nonce);
  if (!(await spendToken(database.db, input.idToken, identity.expiresAt, now))) throw new AppError('SOCIAL_TOKEN_INVALID');
  return signInIdentity(database, identity, homeRestaurantId, now);
}
