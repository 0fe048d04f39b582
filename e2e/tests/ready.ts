import type { Page } from '@playwright/test';

// Wednesday 14 October 2026, 1 p.m. in Toronto: with the browser's clock pinned here the demo
// restaurants are open, so the item dialog lets a diner add whatever the hour the tests run at. The
// server's clock starts at today's 1 p.m. in Toronto (e2e/server.mjs): open too, and it takes
// dine-in orders; pickup times and prices come from it.
export const OPEN = new Date('2026-10-14T17:00:00Z');

/** Opens a page and waits until the app has hydrated the server's markup, so clicks do something. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}
