import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import {
  addItem,
  BISTRO_PICKUP,
  checkoutOf,
  continueToCheckout,
  fillAsGuest,
  openCart,
  openMenu,
  placeAsGuest,
  placeButton,
  uniqueEmail,
} from './checkout-journey';
import { openStaffScreen, staffSignIn } from './ready';

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
  await staffSignIn(staff, 'kitchen@maple-bistro.example.com');
  await openStaffScreen(staff, 'Availability');
  await expect(staff.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
  await expect(staff.getByText('Diners can order.')).toBeVisible();
  await expectNoA11yViolations(staff);
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
  await expectNoA11yViolations(staff);
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

// A value no other browser test chooses: the shrimp of the Caesar salad.
const SALAD = 'Caesar salad';
const SHRIMP = 'Garlic shrimp (Add protein)';

test('an option value marked sold out by staff cannot be chosen, and a cart holding it is told, then it comes back', async ({
  page,
  browser,
}) => {
  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  await page.getByRole('button', { name: SALAD, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: SALAD });
  await dialog.getByRole('checkbox', { name: /Garlic shrimp/ }).check();
  await dialog.getByRole('button', { name: 'Add to order' }).click();
  await expect(dialog).toBeHidden();

  const staffContext = await browser.newContext({ viewport: { width: 390, height: 900 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff, 'kitchen@maple-bistro.example.com');
  await openStaffScreen(staff, 'Availability');
  await staff.getByText(`Options of ${SALAD} (0 sold out)`).click();
  await staff.getByRole('button', { name: `Mark ${SHRIMP} sold out` }).click();
  await expect(staff.getByRole('status').filter({ hasText: `${SHRIMP} is sold out.` })).toBeVisible();
  await expect(staff.getByText(`Options of ${SALAD} (1 sold out)`)).toBeVisible();
  await expectNoA11yViolations(staff);
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await staff.screenshot({ path: '/tmp/staff-shots/availability-option-390.png', fullPage: false });

  // The cart held the salad with shrimp: the server answers sold out and the line goes.
  const cart = await openCart(page);
  await cart.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page.getByText(`${SALAD} is sold out and was removed.`)).toBeVisible();
  // The dialog still lists the shrimp, said sold out and not choosable; the salad itself can be ordered.
  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  await page.getByRole('button', { name: SALAD, exact: true }).first().click();
  await expect(dialog.getByRole('checkbox', { name: /Garlic shrimp/ })).toBeDisabled();
  await expect(dialog.getByText('Sold out')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add to order' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await staff.getByRole('button', { name: `Put ${SHRIMP} back on sale` }).click();
  await expect(staff.getByRole('status').filter({ hasText: `${SHRIMP} is back on sale.` })).toBeVisible();
  await staffContext.close();
  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  await page.getByRole('button', { name: SALAD, exact: true }).first().click();
  await expect(dialog.getByRole('checkbox', { name: /Garlic shrimp/ })).toBeEnabled();
});

// An item no other browser test orders: its count cannot be taken by another journey.
const PIE = 'Maple crème brûlée';
const PIE_FR = 'Crème brûlée à l’érable';

test('staff count an item: each order takes from the count, it sells out by itself at zero, and a new count puts it back', async ({
  page,
  browser,
}) => {
  const staffContext = await browser.newContext({ viewport: { width: 390, height: 900 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff, 'kitchen@maple-bistro.example.com');
  await openStaffScreen(staff, 'Availability');
  // The item's row, whatever its switch says.
  const pieRow = staff.getByRole('listitem').filter({ hasText: PIE });
  await pieRow.getByText('Stock: not counted').click();
  await pieRow.getByLabel(`How many ${PIE} are left`).fill('1');
  await pieRow.getByRole('button', { name: 'Set the count' }).click();
  await expect(staff.getByRole('status').filter({ hasText: `1 ${PIE} left: orders take from this count.` })).toBeVisible();
  await expect(pieRow.getByText('1 left')).toBeVisible();
  await expectNoA11yViolations(staff);
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A cart asking for two is refused whole, and the diner is told which item and how many are left.
  const greedy = await browser.newPage({ viewport: { width: 390, height: 900 } });
  await openMenu(greedy, BISTRO_PICKUP);
  await addItem(greedy, PIE);
  await addItem(greedy, PIE);
  await openCart(greedy);
  const greedyCheckout = await continueToCheckout(greedy);
  await fillAsGuest(greedyCheckout, uniqueEmail('two-pies'));
  await placeButton(greedyCheckout).click();
  await expect(greedy.getByText(`Only 1 left of ${PIE}.`)).toBeVisible();
  await greedy.close();

  // A diner orders the last one.
  const checkout = await checkoutOf(page, PIE);
  await placeAsGuest(page, checkout, uniqueEmail('pie'));

  // Sold out by itself: on the staff screen (0 left) and on the menu.
  await staff.reload();
  await expect(pieRow.getByText('0 left')).toBeVisible();
  await expect(pieRow.getByRole('button', { name: `Put ${PIE} back on sale` })).toBeVisible();
  await openMenu(page, BISTRO_PICKUP);
  await expect(page.getByRole('button', { name: PIE, exact: true }).first()).toHaveAccessibleDescription('Sold out');

  // A new count, in French, puts it back on sale; then it is no longer counted.
  await staff.getByRole('button', { name: 'Français' }).click();
  const pieRowFr = staff.getByRole('listitem').filter({ hasText: PIE_FR });
  await pieRowFr.getByText('0 en stock').click();
  await pieRowFr.getByLabel(`Combien de ${PIE_FR} reste-t-il`).fill('abc');
  await pieRowFr.getByRole('button', { name: 'Fixer le stock' }).click();
  await expect(pieRowFr.getByText('Entrez un nombre entier de 0 à 99 999.')).toBeVisible();
  await pieRowFr.getByLabel(`Combien de ${PIE_FR} reste-t-il`).fill('5');
  await pieRowFr.getByRole('button', { name: 'Fixer le stock' }).click();
  await expect(staff.getByRole('status').filter({ hasText: `5 ${PIE_FR} en stock` })).toBeVisible();
  await expect(pieRowFr.getByRole('button', { name: `Marquer ${PIE_FR} épuisé` })).toBeVisible();
  await expect(pieRowFr.getByText('5 en stock')).toBeVisible();
  await expectNoA11yViolations(staff);
  await staff.screenshot({ path: '/tmp/staff-shots/availability-stock-fr-390.png' });
  await pieRowFr.getByText('5 en stock').click();
  await pieRowFr.getByRole('button', { name: `Ne plus compter ${PIE_FR}` }).click();
  await expect(pieRowFr.getByText('Stock : non compté')).toBeVisible();
  await staff.getByRole('button', { name: 'English' }).click();
  await staffContext.close();

  await openMenu(page, BISTRO_PICKUP);
  await expect(page.getByRole('button', { name: PIE, exact: true }).first()).not.toHaveAccessibleDescription('Sold out');
});
