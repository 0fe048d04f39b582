/**
 * Signing in, registering, restoring and ending sessions (issue 6 item 3).
 *
 * - Tokens: 256 random bits, given once to the client, stored as SHA-256, 30 days. A suite operator
 *   (suite_roles role operator) signs in to an operator session, held apart from user sessions.
 * - Failed logins are counted per e-mail (hashed) and per address in `login_attempts`: after 5 in 15
 *   minutes either one answers 429 until the window passes. A success clears the e-mail's count.
 * - A login failure is always INVALID_CREDENTIALS, and an unknown e-mail still costs one scrypt, so
 *   neither the answer nor its time tells whether an account exists.
 */
import { validateEmail, normaliseEmail, validateFullName, validatePassword, validatePhoneNumber, digitsOnly } from '@servery/domain/card';
import type { RegisterUserRequest } from '@servery/contracts/accounts';
import { findUserByEmail, findUserById, insertUser, isSuiteOperator, type UserRow } from '../db/accounts-repository';
import type { SessionKind } from '../db/schema';
import { clearAttempts, countAttempts, insertSession, recordAttempt, revokeSessionByHash } from '../db/sessions-repository';
import { AppError } from '../lib/app-error';
import { hashPassword, verifyPassword } from '../lib/password';
import { hashToken, newSecretToken, SESSION_DAYS } from '../lib/session-tokens';
import type { Executor } from '../ports/payments';
import { isUniqueViolation } from '../db/unique-violation';
import { checkFields } from './account-view';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** user-exist reveals whether an account exists (the spec's call); a tighter budget limits harvesting. */
export const LOOKUP_MAX_PER_WINDOW = 20;

export interface SignedIn {
  token: string;
  kind: SessionKind;
  user: UserRow;
}

let dummyHash: Promise<string> | null = null;

const emailBucket = (prefix: string, email: string) => `${prefix}-email:${hashToken(normaliseEmail(email))}`;
const ipBucket = (prefix: string, ip: string) => `${prefix}-ip:${ip}`;

/** Throws TOO_MANY_REQUESTS when any bucket already holds `max` attempts in the window. */
export async function assertUnderLimit(db: Executor, buckets: string[], max: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  for (const bucket of buckets) {
    if ((await countAttempts(db, bucket, since)) >= max) throw new AppError('TOO_MANY_REQUESTS');
  }
}

export async function countTowardsLimit(db: Executor, buckets: string[], now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
  for (const bucket of buckets) await recordAttempt(db, bucket, now, windowStart);
}

export async function startSession(db: Executor, userId: number, kind: SessionKind, now: Date): Promise<string> {
  const token = newSecretToken();
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    kind,
    now,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86400 * 1000),
  });
  return token;
}

export async function loginNative(db: Executor, input: { email: string; password: string; ip: string }, now: Date): Promise<SignedIn> {
  const buckets = [emailBucket('login', input.email), ipBucket('login', input.ip)];
  await assertUnderLimit(db, buckets, LOGIN_MAX_FAILURES, now);
  const user = await findUserByEmail(db, normaliseEmail(input.email));
  dummyHash ??= hashPassword('not-a-password-1A!');
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash));
  if (!user || !valid) {
    await countTowardsLimit(db, buckets, now);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await clearAttempts(db, buckets[0]!);
  const kind: SessionKind = (await isSuiteOperator(db, user.id)) ? 'operator' : 'user';
  return { token: await startSession(db, user.id, kind, now), kind, user };
}

export function normalisePhone(value: string | null | undefined): FieldResultOrNull {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  return validatePhoneNumber(value);
}
type FieldResultOrNull = ReturnType<typeof validatePhoneNumber> | null | undefined;

/** The phone as stored: its 10 digits ("4165550101"), like the demo accounts. */
export const storedPhone = (shown: string) => digitsOnly(shown);

export async function registerUser(db: Executor, input: RegisterUserRequest, now: Date): Promise<SignedIn> {
  const phone = normalisePhone(input.phoneNumber);
  const fields = checkFields({
    firstName: validateFullName(input.firstName),
    lastName: validateFullName(input.lastName),
    email: validateEmail(input.email),
    password: validatePassword(input.password),
    phoneNumber: phone ?? undefined,
  });
  const email = normaliseEmail(fields.email);
  if (await findUserByEmail(db, email)) throw new AppError('EMAIL_TAKEN');
  const passwordHash = await hashPassword(fields.password);
  let userId: number;
  try {
    userId = await insertUser(db, {
      email,
      password_hash: passwordHash,
      first_name: fields.firstName,
      last_name: fields.lastName,
      phone_number: fields.phoneNumber === undefined ? null : storedPhone(fields.phoneNumber),
      created_at: now.toISOString(),
    });
  } catch (error) {
    // Two sign-ups with one e-mail at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('INTERNAL');
  return { token: await startSession(db, userId, 'user', now), kind: 'user', user };
}

/** user-exist: rate-limited per address since its answer names accounts. */
export async function userExists(db: Executor, email: string, ip: string, now: Date): Promise<boolean> {
  const buckets = [ipBucket('lookup', ip)];
  await assertUnderLimit(db, buckets, LOOKUP_MAX_PER_WINDOW, now);
  await countTowardsLimit(db, buckets, now);
  return (await findUserByEmail(db, normaliseEmail(email))) !== null;
}

/** Revokes a token of either kind; the kind it was, or null if it was not an active token. */
export async function logout(db: Executor, token: string, now: Date): Promise<SessionKind | null> {
  return revokeSessionByHash(db, hashToken(token), now);
}

export { ipBucket, emailBucket };
