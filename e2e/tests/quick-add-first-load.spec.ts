/**
 * A diner's first tap on a card's "Add" right after the menu hydrates, before the code it needs is in:
 * the cart's engine (apps/web/src/ordering/cart/cart-engine.ts) and the item's choosing rules (domain
 * item-selection.ts) are chunks fetched after hydration, off the menu's first load
 * (docs/decisions/0096-menu-first-load-lazy-parts.md, amended 2026-12-01). The tap waits for them and
 * adds exactly one: never lost, never twice.
 */
import { expect, test } from '@playwright/test';
import { OPEN } from './ready';

test('one tap on "Add" right after hydration, while the cart’s code is still on its way, adds one item', async ({ page }) => {
  await page.clock.setFixedTime(OPEN);
  // Hold the code the tap needs for a while, so the tap surely comes before it.
  const held: string[] = [];
  await page.route(/\/assets\/(cart-engine|item-selection)-[\w-]+\.js$/, async (route) => {
    held.push(new URL(route.request().url()).pathname);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/maple-bistro?takeout=true&takeoutType=delivery');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  const add = page.getByRole('button', { name: 'Add Soup of the day', exact: true });
  // React keeps its fiber on every element it hydrated: the tap is React's, not lost to the server's markup.
  await expect.poll(() => add.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react')))).toBe(true);
  await add.click();
  await expect(page.getByRole('button', { name: /^View cart, 1 item, \$/ })).toBeVisible({ timeout: 15_000 });
  expect(held.some((path) => path.includes('/cart-engine-'))).toBe(true);
  expect(held.some((path) => path.includes('/item-selection-'))).toBe(true);
  // No dialog instead of the add, and still one item once everything has settled.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.waitForTimeout(500);
  await expect(page.getByRole('button', { name: /^View cart, 1 item, \$/ })).toBeVisible();
});
