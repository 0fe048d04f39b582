/**
 * Secrets kept at rest as digests (docs/decisions/0061-secrets-at-rest.md), so a copy of the
 * database or a backup gives no gift card and opens no order:
 *
 * - A gift card's number is kept as HMAC-SHA-256 under the server's key (config DATA_HASH_KEY) with
 *   its restaurant: a card number has too few possible values for a plain hash (every 16-digit
 *   number can be hashed in hours), and the key never enters the database. Its last four digits are
 *   kept beside it for display.
 * - An order's access token is derived from its order id under the same key and kept as a SHA-256
 *   (lib/session-tokens.ts `hashToken`): the server can give it again to a replay of its placement
 *   (ARCHITECTURE.md rule 7) without the database holding it.
 *
 * Each use takes a subkey of its own (HMAC of the key with a label), so one digest is never another's.
 * The key is set once at start-up from the configuration (main.ts, cli/); until then, and in the
 * tests, it is the development key below, which a production server refuses (config.ts).
 */
import { createHmac } from 'node:crypto';
import { sameSecret } from './same-secret';
import { hashToken } from './session-tokens';

/** The development and test key: public, so a production server refuses to start without its own (config.ts). */
export const DEVELOPMENT_DATA_HASH_KEY = '2760898cee05fed9f15016a675e85f35f12424ee371e71674b28830272604322';

let subkeys = subkeysOf(DEVELOPMENT_DATA_HASH_KEY);

function subkeysOf(hexKey: string) {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new Error('DATA_HASH_KEY must be 32 bytes');
  const subkey = (label: string) => createHmac('sha256', key).update(`servery:${label}:v1`).digest();
  return { giftCard: subkey('gift-card-number'), giftCardIssue: subkey('gift-card-issue'), orderAccess: subkey('order-access-token') };
}

/** Sets the server's key (config DATA_HASH_KEY); undefined keeps the development key. */
export function useDataHashKey(hexKey: string | undefined): void {
  subkeys = subkeysOf(hexKey ?? DEVELOPMENT_DATA_HASH_KEY);
}

/** The stored form of a gift card's number at a restaurant (gift_cards.number_hash): the number exactly as written. */
export function giftCardDigest(restaurantId: number, number: string): string {
  return createHmac('sha256', subkeys.giftCard).update(`${restaurantId}:${number}`, 'utf8').digest('hex');
}

/**
 * The 14 digits of the number of the card issued as `issueId` (a random UUID kept with the card) at a
 * restaurant, derived under the server's key as an order's access token is: a replay of the issue
 * (same Idempotency-Key) answers the same number again while the database keeps only its digest
 * (docs/decisions/0112-gift-cards-issued-from-the-console.md). 14 digits from 128 bits: the modulo's
 * bias is below 10^-24.
 */
export function issuedGiftCardBody(restaurantId: number, issueId: string): string {
  const digest = createHmac('sha256', subkeys.giftCardIssue).update(`${restaurantId}:${issueId}`, 'utf8').digest();
  return (BigInt(`0x${digest.subarray(0, 16).toString('hex')}`) % 10n ** 14n).toString().padStart(14, '0');
}

/** What may be shown and kept of a gift card's number: its last four characters. */
export function lastFour(number: string): string {
  return number.slice(-4);
}

/** A gift card's number as a receipt or the cart shows it; the same for the number and for its last four. */
export function maskedGiftCardNumber(numberOrLastFour: string): string {
  return `•••• ${lastFour(numberOrLastFour)}`;
}

/** The access token of an order (256 bits, base64url): the diner's secret of it, kept only as its SHA-256. */
export function orderAccessToken(orderId: string): string {
  return createHmac('sha256', subkeys.orderAccess).update(orderId, 'utf8').digest('base64url');
}

/**
 * The token a replay of an order's placement answers with: the order's token, derived again, when it
 * is the one the order keeps the hash of; '' for an order whose token was random (placed before
 * migration 0026) or made under another key, which only its first answer could give.
 */
export function replayedAccessToken(order: { id: string; access_token_hash: string | null }): string {
  const token = orderAccessToken(order.id);
  return order.access_token_hash !== null && sameSecret(order.access_token_hash, hashToken(token)) ? token : '';
}

/**
 * A JSON value (an order's stored data) in which every gift card's number (`voucher.code`, pricing's
 * Costs) is masked to its last four: a placed order keeps what its screens show and no more. Masking a
 * masked number changes nothing. Only the objects on the way to a voucher are copied; the rest is
 * shared, and a value with no voucher comes back as it is: a JSON round trip of the whole order cost
 * 6 % of an order's CPU in `node bench/profile.mjs orders`.
 */
export function withMaskedGiftCards<T>(value: T): T {
  return masked(value, '') as T;
}

function masked(value: unknown, key: string): unknown {
  if (key === 'voucher' && isRecord(value) && typeof value.code === 'string') {
    return { ...value, code: maskedGiftCardNumber(value.code) };
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((entry: unknown, index) => {
      const next = masked(entry, String(index));
      if (next !== entry) (copy ??= [...value])[index] = next;
    });
    return copy ?? value;
  }
  if (!isRecord(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [name, entry] of Object.entries(value)) {
    const next = masked(entry, name);
    if (next !== entry) (copy ??= { ...value })[name] = next;
  }
  return copy ?? value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A message's text with the secret of every link taken out (`?token=…` of an invitation or a
 * password reset): what the outbox keeps of a message once it has been sent.
 */
export function withoutSecretLinks(text: string): string {
  return text.replace(/([?&]token=)[A-Za-z0-9_-]+/g, '$1(sent)');
}
