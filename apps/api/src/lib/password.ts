/**
 * Password hashing with scrypt (node:crypto): no native add-on to build, memory-hard, and the
 * parameters travel with each hash so they can be raised later. New hashes take OWASP's minimum
 * for scrypt (Password Storage Cheat Sheet: N = 2^17, r = 8, p = 1, 128 MiB); a stored hash made
 * with less is replaced at the next sign-in (use-cases/authenticate.ts, `needsRehash`). Only the
 * tests lower the cost, by setting PASSWORD_SCRYPT_LOG_N (config.ts), which production refuses.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP's minimum for scrypt, the default of config PASSWORD_SCRYPT_LOG_N. */
export const OWASP_SCRYPT_LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

let params = { N: 2 ** OWASP_SCRYPT_LOG_N, r: R, p: P };

/** Sets the cost of new hashes (config PASSWORD_SCRYPT_LOG_N): main.ts from the configuration, the tests' set-up lower. */
export function usePasswordCost(logN: number): void {
  if (!Number.isInteger(logN) || logN < 10 || logN > 20) throw new Error(`scrypt log2(N) out of range: ${logN}`);
  params = { N: 2 ** logN, r: R, p: P };
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 128 * options.N! * (options.r ?? 8) * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = params;
  const key = await derive(password, salt, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Whether a stored hash was made with less than the current cost (or is not one of ours): it is replaced at sign-in. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  if (scheme !== 'scrypt') return true;
  return Number(n) < params.N || Number(r) < params.r || Number(p) < params.p;
}

let checks = 0;
/** How many password checks this process has run: the sign-in limits are tested by it. */
export const passwordChecksSoFar = () => checks;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  checks += 1;
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
