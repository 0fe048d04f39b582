import { useEffect, useState } from 'react';
import { FETCHING_FLAG_DELAY_MS } from '../../components/ui/spinner';

/**
 * The spec's fetching flag: on while loading, cleared 300 ms after the load ends (ordering.md
 * section 4), so a fast answer does not make the busy state flicker off and on.
 */
export function useFetchingFlag(loading: boolean): boolean {
  const [settling, setSettling] = useState(loading);
  useEffect(() => {
    if (loading) {
      setSettling(true);
      return;
    }
    const timer = setTimeout(() => setSettling(false), FETCHING_FLAG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return loading || settling;
}
