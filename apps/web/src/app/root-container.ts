import { rootContainerId } from '@servery/contracts/ssr';
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** The element the app renders into, whichever id it has now (index.html starts it as `app`). */
export function rootContainer(): HTMLElement | null {
  return document.getElementById('app') ?? document.getElementById('app-cantine');
}

/**
 * Keeps the root element's id right as the diner moves between pages without a reload: the server
 * set it from the address it rendered (apps/api/src/plugins/ssr.ts, the same `rootContainerId`), and a
 * client navigation from /cantine to a menu, or back, changes the address after that.
 */
export function useRootContainerId(): void {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    const container = rootContainer();
    if (container) container.id = rootContainerId(`${pathname}${search}`);
  }, [pathname, search]);
}
