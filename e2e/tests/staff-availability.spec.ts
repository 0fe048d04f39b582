import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { addItem, openCart, openMenu } from './checkout-journey';
import { openPage } from './ready';

// An item no other browser test orders, since the tests share one server: marking it sold out
// cannot disturb them. Pausing the whole restaurant would, so the pause is tested through the API
// (apps/api/src/routes/staff/availability.test.ts).
const ITEM = 'Nanaimo bar';
const ITEM_FR = 'Carré Nanaimo';

test('an item marked sold out by staff is refused in a cart that held it and shows sold out on the menu, then comes back', async ({
  page,
  browser,
}) => {
  // The diner puts the item in the cart first.
  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  await addItem(page, ITEM);

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await openPage(staff, '/maple-bistro/staff');
  await staff.getByLabel('Email').fill('kitchen@maple-bistro.example.com');
  await staff.getByLabel('Password').fill('Demo1234!');
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await staff.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Availability' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
  await expect(staff.getByText('Diners can order.')).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('button', { name: `Mark ${ITEM} sold out` }).click();
  await expect(staff.getByRole('status').filter({ hasText: `${ITEM} is sold out.` })).toBeVisible();
  await expect(staff.getByRole('button', { name: `Put ${ITEM} back on sale` })).toBeVisible();

  // The diner goes on to checkout: the server answers sold out and the cart takes the item out.
  const cart = await openCart(page);
  await cart.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page.getByText(`${ITEM} is sold out and was removed.`)).toBeVisible();
  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  await expect(page.getByRole('button', { name: ITEM, exact: true }).first()).toHaveAccessibleDescription('Sold out');

  await staff.getByRole('button', { name: 'Français' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Disponibilité' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.setViewportSize({ width: 360, height: 800 });
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await staff.screenshot({ path: '/tmp/staff-shots/availability-fr-360.png' });
  await staff.getByRole('button', { name: `Remettre ${ITEM_FR} en vente` }).click();
  await expect(staff.getByRole('status').filter({ hasText: `${ITEM_FR} est de nouveau en vente.` })).toBeVisible();
  await staff.getByRole('button', { name: 'English' }).click();
  await staffContext.close();

  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  await expect(page.getByRole('button', { name: ITEM, exact: true }).first()).not.toHaveAccessibleDescription('Sold out');
});
