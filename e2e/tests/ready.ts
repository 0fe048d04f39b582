import type { Page } from '@playwright/test';

/** Opens a page and waits until the app has hydrated the server's markup, so clicks do something. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}
