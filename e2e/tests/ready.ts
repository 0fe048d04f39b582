import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Opens a menu item's dialog and returns it. A click on a section not hydrated yet may do nothing, so
 * it clicks again until the dialog shows, but never while the dialog is already open: on a busy
 * machine the dialog can take longer than one try to appear, and a click on the item behind its
 * overlay would wait until the test's end.
 */
export async function openItem(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name, exact: true }).first().click({ timeout: 5_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass();
  return dialog;
}
