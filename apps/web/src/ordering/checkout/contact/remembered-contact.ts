/**
 * A guest's contact (name, e-mail, phone) and card postal code, kept on this device when the guest
 * asks, so the next checkout starts filled in (spec accounts-and-suites.md: the `name`, `email`,
 * `phone` and `postalCode` keys). Kept in local storage rather than cookies: they are the browser's
 * alone and never travel with every request to the server (docs/decisions/0097-remembered-guest-contact.md).
 * Nothing of the card but its postal code.
 */
import { deviceStorage } from '../../../lib/device-storage';

export interface RememberedContact {
  full_name: string;
  email: string;
  phone_number: string;
  postalCode: string;
}

export const REMEMBERED_CONTACT_KEY = 'servery.contact';

/** Each value at most this long: what the checkout's own fields take. */
const MAX_LENGTH = 200;

export function readRememberedContact(): RememberedContact | null {
  try {
    const raw = deviceStorage()?.getItem(REMEMBERED_CONTACT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const text = (key: keyof RememberedContact) => {
      const value = parsed[key];
      return typeof value === 'string' ? value.slice(0, MAX_LENGTH) : '';
    };
    const kept = { full_name: text('full_name'), email: text('email'), phone_number: text('phone_number'), postalCode: text('postalCode') };
    return Object.values(kept).some((value) => value !== '') ? kept : null;
  } catch {
    return null;
  }
}

export function rememberContact(contact: RememberedContact): void {
  try {
    deviceStorage()?.setItem(REMEMBERED_CONTACT_KEY, JSON.stringify(contact));
  } catch {
    // Private mode or a full quota: the next checkout starts empty.
  }
}

export function forgetRememberedContact(): void {
  try {
    deviceStorage()?.removeItem(REMEMBERED_CONTACT_KEY);
  } catch {
    // Nothing kept.
  }
}
