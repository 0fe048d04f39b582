/**
 * What the diner has typed in checkout, kept in this page's memory so that closing checkout (× or
 * Escape), going back to the cart and reopening it, or switching language (which mounts checkout
 * anew) loses nothing: contact, address, notes, answers, the time chosen, the payment method and
 * the card as typed.
 *
 * Memory only, never localStorage or sessionStorage and never logged: the card number and CVD are in
 * it, and the storage rules hold (checkout-storage.ts keeps only the placed order's reference,
 * contact/remembered-contact.ts only the contact and postal code a guest asked to keep). A reload ends
 * it, as it ends the page. The account password asked at checkout is not kept: it is typed again.
 *
 * The drafts hang on the page's QueryClient (one per page, lib/query-client.ts; one per test), each
 * under its restaurant, order type and diner (a guest's draft is not shown to the account signed in
 * after it, nor the other way round). A placed order forgets its draft.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { CheckoutForm } from './checkout-model';

const drafts = new WeakMap<QueryClient, Map<string, CheckoutForm>>();

function draftsOf(page: QueryClient): Map<string, CheckoutForm> {
  let kept = drafts.get(page);
  if (!kept) {
    kept = new Map();
    drafts.set(page, kept);
  }
  return kept;
}

/** Whose draft: a restaurant's, for one order type, a guest's or one account's. */
export function checkoutDraftKey(restaurantId: number, orderType: string | null, userId: number | string | null): string {
  return JSON.stringify([restaurantId, orderType, userId ?? 'guest']);
}

export function readCheckoutDraft(page: QueryClient, key: string): CheckoutForm | null {
  const draft = drafts.get(page)?.get(key);
  return draft ? structuredClone(draft) : null;
}

/** Keeps a copy of the values as they are now (the form goes on changing its own), less the account password. */
export function keepCheckoutDraft(page: QueryClient, key: string, values: CheckoutForm): void {
  const copy = structuredClone(values);
  draftsOf(page).set(key, { ...copy, account: { ...copy.account, password: '' } });
}

export function forgetCheckoutDraft(page: QueryClient, key: string): void {
  drafts.get(page)?.delete(key);
}
