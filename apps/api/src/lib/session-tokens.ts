/** Secret tokens (sessions, reset links): 256 random bits, kept in the database only as a SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

/** How long a session lasts: its row's expiry (use-cases/accounts/authenticate.ts) and its cookie's Max-Age (plugins/session.ts). */
export const SESSION_DAYS = 30;

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
