/**
 * Reserving hits of the product's rate limits (packages/domain/src/rate-limits.ts) in the database,
 * so every server process counts the same hits (docs/decisions/0015-rate-limits.md).
 *
 * A hit is reserved before the guarded work (a password check, a gift-card look-up, a text) and
 * given back when the work turns out not to count (a right password, a usable gift card). Reserving
 * first is what makes a limit hold under concurrency: fifty guesses fired at once get five password
 * checks, not fifty.
 */
import { createHash } from 'node:crypto';
import { normaliseEmail } from '@servery/domain/card';
import { LIMITS, type LimitName, retryAfterSeconds, windowAt } from '@servery/domain/rate-limits';
import {
  clearBucket,
  deleteExpiredHits,
  giveHitBack,
  hitsIn,
  isKnownSignInAddress,
  rememberSignInAddress,
  takeHit,
} from '../../db/rate-limits-repository';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../kernel/executor';

export interface Claim {
  limit: LimitName;
  /** What the limit is counted per: an address, an account, a restaurant, an order. */
  key: string;
}

export interface Reservation {
  /** Gives every hit back: the guarded work did not count against the limits. */
  giveBack(): Promise<void>;
}

export type Reserved = { ok: true; reservation: Reservation } | { ok: false; refusedBy: LimitName; retryAfterSeconds: number };

/** An address or e-mail is kept in the counters only as a hash: they are personal data. */
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64url').slice(0, 22);
// A cart screen asks with the same address again and again: its hash is kept (a bounded memo, the
// oldest out first) rather than computed per request.
const addressKeys = new Map<string, string>();
export function addressKey(address: string): string {
  let key = addressKeys.get(address);
  if (key === undefined) {
    key = `a:${digest(address)}`;
    addressKeys.set(address, key);
    if (addressKeys.size > 10_000) addressKeys.delete(addressKeys.keys().next().value!);
  }
  return key;
}
export const accountKey = (email: string) => `e:${digest(normaliseEmail(email))}`;

const bucketOf = (claim: Claim) => `${claim.limit}:${claim.key}`;

/** How many reservations between two sweeps of expired counters (one process's count; any will do). */
const SWEEP_EVERY = 500;
let sinceSweep = 0;

/**
 * Takes one hit of every claim, in order; when one is refused, the hits already taken are given back
 * and the answer names the refusing limit and when to try again.
 */
export async function reserve(db: Executor, claims: Claim[], now: Date): Promise<Reserved> {
  if (++sinceSweep >= SWEEP_EVERY) {
    sinceSweep = 0;
    await deleteExpiredHits(db, now);
  }
  const taken: Array<{ bucket: string; windowStart: string }> = [];
  const giveBack = async () => {
    for (const hit of taken.splice(0)) await giveHitBack(db, hit.bucket, hit.windowStart);
  };
  for (const claim of claims) {
    const limit = LIMITS[claim.limit];
    const window = windowAt(limit, now);
    const hit = { bucket: bucketOf(claim), windowStart: window.start.toISOString() };
    if (!(await takeHit(db, { ...hit, expiresAt: window.end.toISOString(), max: limit.max }))) {
      await giveBack();
      return { ok: false, refusedBy: claim.limit, retryAfterSeconds: retryAfterSeconds(limit, now) };
    }
    taken.push(hit);
  }
  return { ok: true, reservation: { giveBack } };
}

/**
 * The start of the limit's window holding `now`, as stored (ISO text). Every cart change with a promo
 * code asks for it: kept per limit until its window ends rather than formatted each time.
 */
const windowStarts = new Map<LimitName, { from: number; until: number; text: string }>();
function windowStartOf(limit: LimitName, now: Date): string {
  const at = now.getTime();
  const known = windowStarts.get(limit);
  if (known && at >= known.from && at < known.until) return known.text;
  const window = windowAt(LIMITS[limit], now);
  const reading = { from: window.start.getTime(), until: window.end.getTime(), text: window.start.toISOString() };
  windowStarts.set(limit, reading);
  return reading.text;
}

/**
 * Whether any of these limits has no hit left in its window, by reading the counters only. For
 * look-ups that reserve a hit only when they miss (use-cases/cart/tender-look-ups.ts): once a limit is
 * spent, they must refuse a hit as well, or a found code would still answer.
 */
export async function spentLimit(db: Executor, claims: Claim[], now: Date): Promise<{ retryAfterSeconds: number } | null> {
  const windows = claims.map((claim) => ({ claim, bucket: bucketOf(claim), windowStart: windowStartOf(claim.limit, now) }));
  const hits = await hitsIn(db, windows);
  const spent = windows.find((window) => (hits.get(window.bucket) ?? 0) >= LIMITS[window.claim.limit].max);
  return spent ? { retryAfterSeconds: retryAfterSeconds(LIMITS[spent.claim.limit], now) } : null;
}

export function tooManyRequests(refused: { retryAfterSeconds: number }): AppError {
  return new AppError('TOO_MANY_REQUESTS', undefined, undefined, { retryAfterSeconds: refused.retryAfterSeconds });
}

/** Like `reserve`, but a refusal is thrown as 429 TOO_MANY_REQUESTS with its Retry-After. */
export async function reserveOrThrow(db: Executor, claims: Claim[], now: Date): Promise<Reservation> {
  const reserved = await reserve(db, claims, now);
  if (!reserved.ok) throw tooManyRequests(reserved);
  return reserved.reservation;
}

/** An account's owner signing in again from an address is not held by the ceiling an attack raises. */
const FAMILIAR_FOR_MS = 90 * 86400 * 1000;

export interface AccountAttempt {
  /** 'signIn' or 'forgot': which family of LIMITS (Pair, Address, Account, Slow). */
  family: 'signIn' | 'forgot';
  email: string;
  address: string;
  /** The account of the e-mail, when there is one. */
  userId: number | null;
}

/**
 * Reserves an attempt on an account (a password check, a reset e-mail): per account and address,
 * per address, and, from an address the account has not signed in from, per account. Past the
 * account's ceiling such an address is slowed (the family's Slow limit), not refused outright.
 */
export async function reserveAccountAttempt(
  db: Executor,
  attempt: AccountAttempt,
  now: Date,
): Promise<Reservation & { clearPair(): Promise<void> }> {
  const account = accountKey(attempt.email);
  const address = addressKey(attempt.address);
  const pair: Claim = { limit: `${attempt.family}Pair`, key: `${account}|${address}` };
  const base: Claim[] = [pair, { limit: `${attempt.family}Address`, key: address }];
  // Asked for an unknown e-mail too (no account has id 0), so the time taken tells nothing.
  const familiar = await isKnownSignInAddress(db, attempt.userId ?? 0, address, new Date(now.getTime() - FAMILIAR_FOR_MS));
  let reserved = await reserve(db, familiar ? base : [...base, { limit: `${attempt.family}Account`, key: account }], now);
  if (!reserved.ok && reserved.refusedBy === `${attempt.family}Account`) {
    reserved = await reserve(db, [...base, { limit: `${attempt.family}Slow`, key: account }], now);
  }
  if (!reserved.ok) throw tooManyRequests(reserved);
  return { ...reserved.reservation, clearPair: () => clearBucket(db, bucketOf(pair)) };
}

/** After a sign-in, a registration or a reset: this address is one the account's owner uses. */
export function rememberFamiliarAddress(db: Executor, userId: number, address: string, now: Date): Promise<void> {
  return rememberSignInAddress(db, userId, addressKey(address), now);
}
