/**
 * Sealed event-suite values (`?eventSuite=` in a link, `encryptedValue` of the suite calls): the
 * restaurant and event suite, encrypted and authenticated with AES-256-GCM under the server's key
 * (config EVENT_SUITE_LINK_KEY). A value that was altered, made with another key, or names another
 * restaurant does not open: the link cannot be forged, changed to another suite, or moved to
 * another venue. Layout (base64url): version byte 1 | 12-byte nonce | ciphertext | 16-byte tag;
 * the version and the restaurant id are authenticated data.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The development and test key: public, so a production server refuses to start without its own (config.ts). */
export const DEVELOPMENT_EVENT_SUITE_LINK_KEY = '5e7e75a1c0ffee5e7e75a1c0ffee5e7e75a1c0ffee5e7e75a1c0ffee5e7e75a1';

export interface EventSuiteSealer {
  seal: (restaurantId: number, eventSuiteId: number) => string;
  /** The event suite id, or null when the value does not open for this restaurant. */
  open: (restaurantId: number, value: string) => number | null;
}

function associated(restaurantId: number): Buffer {
  return Buffer.from(`servery-event-suite:v${VERSION}:${restaurantId}`);
}

export function eventSuiteSealer(hexKey: string = DEVELOPMENT_EVENT_SUITE_LINK_KEY): EventSuiteSealer {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new Error('EVENT_SUITE_LINK_KEY must be 32 bytes');
  return {
    seal(restaurantId, eventSuiteId) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(associated(restaurantId));
      const body = Buffer.concat([cipher.update(JSON.stringify({ es: eventSuiteId })), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), nonce, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(restaurantId, value) {
      const raw = Buffer.from(value, 'base64url');
      if (raw.length < 1 + NONCE_BYTES + TAG_BYTES + 1 || raw[0] !== VERSION) return null;
      const nonce = raw.subarray(1, 1 + NONCE_BYTES);
      const tag = raw.subarray(raw.length - TAG_BYTES);
      const body = raw.subarray(1 + NONCE_BYTES, raw.length - TAG_BYTES);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
        decipher.setAAD(associated(restaurantId));
        decipher.setAuthTag(tag);
        const text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
        const parsed = JSON.parse(text) as { es?: unknown };
        return typeof parsed.es === 'number' && Number.isSafeInteger(parsed.es) && parsed.es > 0 ? parsed.es : null;
      } catch {
        // A wrong tag (altered, another key or restaurant) throws in final(): not ours.
        return null;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals and opens event-suite link values with the configured key (app.ts). */
    eventSuiteSealer: EventSuiteSealer;
  }
}
