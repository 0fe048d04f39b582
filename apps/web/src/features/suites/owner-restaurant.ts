import { useSearchParams } from 'react-router';

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;
/** The key features/account/post-login.ts keeps the last restaurant a diner looked at under (this tab). */
const REMEMBERED_KEY = 'servery.last-restaurant';

/**
 * The venue an owner's suite screens are for: the `restaurant` query (every profile link keeps it),
 * else the restaurant the owner came from in this tab; null when neither is known.
 */
export function useOwnerRestaurant(): string | null {
  const [searchParams] = useSearchParams();
  const named = searchParams.get('restaurant')?.trim() ?? '';
  if (SLUG.test(named)) return named;
  try {
    const remembered = globalThis.sessionStorage?.getItem(REMEMBERED_KEY) ?? '';
    return SLUG.test(remembered) ? remembered : null;
  } catch {
    return null;
  }
}
