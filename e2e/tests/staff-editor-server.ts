/**
 * What the staff console's editor specs share (the menu editor, the settings): a server of their own
 * with maple-bistro alone (they publish its file, which would change what other journeys order on the
 * shared server), and the check that nothing on the page is wider than the screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * Starts the spec's own maple-bistro server before its tests and stops it after; gives a path's URL on
 * it. `env` adds to the server's settings (its clock's start, CLOCK_START, for one).
 */
export function useOwnBistroServer(env: Record<string, string> = {}): { url: (path: string) => string; baseURL: () => string } {
  let own: OwnServer | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    own = await startOwnServer({ E2E_TENANT_SETTINGS: JSON.stringify({ 'maple-bistro': {} }), ...env });
  });
  test.afterAll(async () => {
    await own?.stop();
  });
  return { url: (path) => `${own!.baseURL}${path}`, baseURL: () => own!.baseURL };
}

/** At `width`, the page scrolls no sideways; a failure names the first elements past the edge. */
export async function noSidewaysScroll(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const wide = await page.evaluate(
    (limit) =>
      Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > limit + 0.5 && element.scrollWidth > element.clientWidth)
        .slice(0, 5)
        .map((element) => `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`),
    width,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth), wide.join('; ')).toBeLessThanOrEqual(width);
}
