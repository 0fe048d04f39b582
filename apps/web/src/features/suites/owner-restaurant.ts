import { useSearchParams } from 'react-router';

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * The venue an owner's suite screens are for: the `restaurant` query (every profile link from a
 * venue keeps it); null without one, and the screen shows every venue where the owner has suites.
 */
export function useOwnerRestaurant(): string | null {
  const [searchParams] = useSearchParams();
  const named = searchParams.get('restaurant')?.trim() ?? '';
  return SLUG.test(named) ? named : null;
}
