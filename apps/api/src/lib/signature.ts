/**
 * The signature on what Servery sends out (webhook events, requests to the SMS provider): HMAC-SHA256
 * with the shared key over `${timestamp}.${body}`, hex, sent as `sha256=<hex>`. The timestamp (Unix
 * seconds, sent in its own header) is signed too, so a receiver can refuse an old request replayed;
 * the README shows how a receiver checks it.
 */
import { createHmac } from 'node:crypto';

export function signBody(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Unix seconds of `now`, as the timestamp header carries them. */
export function unixSeconds(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}
