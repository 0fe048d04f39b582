/**
 * Signing in, registering, restoring and ending sessions (spec accounts-and-suites.md sections 4 and 7).
 *
 * - Tokens: 256 random bits, given once to the client, stored as SHA-256, 30 days. A suite operator
 *   (suite_roles role operator) signs in to an operator session, held apart from user sessions.
 * - A password check is reserved before it runs (use-cases/platform/rate-limits.ts, docs/decisions/0015-rate-limits.md):
 *   per account and address, per address, and per account from unfamiliar addresses, so concurrent
 *   guesses never get more checks than the limit and an attack on an account never locks its owner
 *   out. A right password gives its hit back and clears its account-and-address count.
 * - A login failure is always INVALID_CREDENTIALS, and an unknown e-mail still costs one scrypt, so
 *   neither the answer nor its time tells whether an account exists.
 */
import { setScopeUser } from '../../db/data-scope';
import { validateEmail, normaliseEmail, validateFullName, validatePassword, validatePhoneNumber, digitsOnly } from '@servery/domain/card';
import type { RegisterUserRequest } from '@servery/contracts/accounts';
import { findUserByEmail, findUserById, insertUser, isSuiteOperator, updateUser, type UserRow } from '../../db/accounts-repository';
import type { SessionKind } from '../../kernel/schema';
import { insertSession, revokeSessionByHash } from '../../db/sessions-repository';
import { AppError } from '../../lib/app-error';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import { hashToken, newSecretToken, SESSION_DAYS } from '../../lib/session-tokens';
import type { Executor } from '../../kernel/executor';
import { isUniqueViolation } from '../../db/unique-violation';
import { checkFields } from './account-view';
import { addressKey, rememberFamiliarAddress, reserveAccountAttempt, reserveOrThrow } from '../platform/rate-limits';

export interface SignedIn {
  token: string;
  kind: SessionKind;
  user: UserRow;
}

let dummyHash: Promise<string> | null = null;

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
  const user = await findUserByEmail(db, normaliseEmail(input.email));
  const attempt = await reserveAccountAttempt(
    db,
    { family: 'signIn', email: input.email, address: input.ip, userId: user?.id ?? null },
    now,
  );
  dummyHash ??= hashPassword('not-a-password-1A!');
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash));
  // A wrong password keeps its hit: that is what the limits count.
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS');
  // The person is known now: their own rows open to the rest of this request (db/data-scope.ts).
  setScopeUser(user.id);
  // The only moment the password is at hand: a hash made at a lower cost is replaced by one at today's.
  if (needsRehash(user.password_hash)) await updateUser(db, user.id, { password_hash: await hashPassword(input.password) });
  await attempt.giveBack();
  await attempt.clearPair();
  await rememberFamiliarAddress(db, user.id, input.ip, now);
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

/** `homeRestaurantId`: the restaurant the sign-up came from, which brands the account's own e-mails (migration 0027). */
export async function registerUser(
  db: Executor,
  input: RegisterUserRequest,
  address: string,
  homeRestaurantId: number | null,
  now: Date,
): Promise<SignedIn> {
  const phone = normalisePhone(input.phoneNumber);
  const fields = checkFields({
    firstName: validateFullName(input.firstName),
    lastName: validateFullName(input.lastName),
    email: validateEmail(input.email),
    password: validatePassword(input.password),
    phoneNumber: phone ?? undefined,
  });
  const email = normaliseEmail(fields.email);
  await reserveOrThrow(db, [{ limit: 'registerAddress', key: addressKey(address) }], now);
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
      home_restaurant_id: homeRestaurantId,
    });
  } catch (error) {
    // Two sign-ups with one e-mail at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  setScopeUser(userId);
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('INTERNAL');
  // The owner signed up from here: an attack on the account later does not hold this address.
  await rememberFamiliarAddress(db, userId, address, now);
  return { token: await startSession(db, userId, 'user', now), kind: 'user', user };
}

/** user-exist: every look-up counts against the address's limit, since its answer names accounts. */
export async function userExists(db: Executor, email: string, ip: string, now: Date): Promise<boolean> {
  await reserveOrThrow(db, [{ limit: 'accountLookupAddress', key: addressKey(ip) }], now);
  return (await findUserByEmail(db, normaliseEmail(email))) !== null;
}

/** Revokes a token of either kind; the kind it was, or null if it was not an active token. */
export async function logout(db: Executor, token: string, now: Date): Promise<SessionKind | null> {
  return revokeSessionByHash(db, hashToken(token), now);
}
