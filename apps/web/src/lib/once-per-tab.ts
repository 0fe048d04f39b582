/**
 * Work done once per browser tab for an id (a pre-order's lines loaded into the cart, a round of
 * drinks reloaded): marked in sessionStorage under `prefix`, so a reload does not do it again while
 * another tab still may. Where storage is refused (private mode) nothing is marked: the work runs
 * again after a reload, which callers make harmless (it puts the same lines back).
 */
export function oncePerTab(prefix: string): { done: (id: string) => boolean; mark: (id: string) => void } {
  return {
    done(id) {
      try {
        return globalThis.sessionStorage?.getItem(prefix + id) !== null;
      } catch {
        return false;
      }
    },
    mark(id) {
      try {
        globalThis.sessionStorage?.setItem(prefix + id, '1');
      } catch {
        // Not kept: see above.
      }
    },
  };
}
