/**
 * The browser's local storage, or null where it is missing (the server render) or refused (private
 * modes, storage turned off): what this device keeps (saved carts, a remembered contact, a suite
 * owner's venue) is then simply not kept.
 */
export function deviceStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
