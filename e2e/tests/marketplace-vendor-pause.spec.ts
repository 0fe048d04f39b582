/**
 * A hub vendor's staff pause their own counter from the availability screen; the diner then sees that
 * vendor paused with its message on the menu (its items cannot be added), its lines marked in the cart
 * with the reason, and takes them out in one action at checkout while the other vendor's item is
 * placed; in English and French, axe clean. Ramble Greens is the vendor no other browser test orders
 * from (the tests share one server), and it is resumed at the end.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import {
  APPROVED,
  addItem,
  cartDialog,
  chooseTime,
  continueToCheckout,
  fillCard,
  fillContact,
  openCart,
  openMenu,
  placeButton,
  uniqueEmail,
} from './checkout-journey';
import { openPage, openStaffScreen, staffSignIn } from './ready';

const MENU = '/market-hall?takeout=true&takeoutType=pickup';

// Both tests pause and resume the same vendor: one after the other.
test.describe.configure({ mode: 'serial' });

async function vendorStaff(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
  const staff = await context.newPage();
  await staffSignIn(staff, 'greens@market-hall.example.com', '/market-hall/staff');
  await openStaffScreen(staff, 'Availability');
  await expect(staff.getByRole('heading', { level: 2, name: 'Ordering at Ramble Greens' })).toBeVisible();
  return staff;
}

async function resume(staff: Page) {
  await openPage(staff, '/market-hall/staff/availability');
  const either = staff.getByRole('button', { name: /^(Resume ordering|Reprendre les commandes|Pause ordering|Suspendre les commandes)$/ });
  await expect(either).toBeVisible();
  const resumeButton = staff.getByRole('button', { name: /^(Resume ordering|Reprendre les commandes)$/ });
  if (await resumeButton.isVisible()) {
    await resumeButton.click();
    await expect(staff.getByRole('button', { name: /^(Pause ordering|Suspendre les commandes)$/ })).toBeVisible();
  }
}

test('a vendor paused by its own staff refuses only its items: marked with the reason, taken out in one action, the rest placed', async ({
  page,
  browser,
}) => {
  const staff = await vendorStaff(browser);
  try {
    // Its staff see their counter only: Ramble Greens' items, not another vendor's.
    await expect(staff.getByText('You work the Ramble Greens counter', { exact: false })).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Mark Kale Caesar sold out' })).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Mark Clam chowder sold out' })).toHaveCount(0);

    // The diner's cart holds an item of each vendor before the pause.
    await openMenu(page, MENU);
    await addItem(page, 'Kale Caesar');
    await addItem(page, 'Clam chowder');

    await staff.getByLabel('Message to diners (English)').fill('Back at 2 pm.');
    await staff.getByLabel('Message to diners (French)').fill('De retour à 14 h.');
    await staff.getByRole('button', { name: 'Pause ordering' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Ordering is paused.' })).toBeVisible();
    await expectNoA11yViolations(staff);
    await staff.screenshot({ path: test.info().outputPath('vendor-staff-paused-en-390.png') });

    // The menu says so under the vendor's name, and its items have no "Add".
    await openMenu(page, MENU);
    const greens = page.getByRole('region', { name: 'Ramble Greens' });
    await expect(greens.getByText('Not taking orders right now. Back at 2 pm.')).toBeVisible();
    await expect(greens.getByRole('button', { name: /^Add / })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Tidewater Fish & Chips' }).getByRole('button', { name: /^Add / }).first()).toBeVisible();
    await greens.getByRole('button', { name: 'Kale Caesar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Kale Caesar' });
    await expect(dialog.getByText('This counter is not taking orders right now.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The cart marks that vendor's line with the reason, and offers its removal.
    const cart = await openCart(page);
    const reason = cart.getByText('Ramble Greens is not taking orders right now. Back at 2 pm.');
    await expect(reason).toBeVisible();
    const greensLines = cart.getByRole('list', { name: 'Items from Ramble Greens' });
    await expect(greensLines.getByText('Can’t be ordered now')).toBeVisible();
    await expect(cart.getByRole('list', { name: 'Items from Tidewater Fish & Chips' }).getByText('Can’t be ordered now')).toHaveCount(0);
    await expect(cart.getByRole('button', { name: 'Remove the items from Ramble Greens' })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath('vendor-paused-cart-en-360.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // At checkout the same, from the server's times: one action takes the items out, the rest is placed.
    const checkout = await continueToCheckout(page);
    await expect(checkout.getByText('Ramble Greens is not taking orders right now. Back at 2 pm.')).toBeVisible();
    await expectNoA11yViolations(page);
    await checkout.getByRole('button', { name: 'Remove the items from Ramble Greens' }).click();
    await expect(checkout.getByText('The items from Ramble Greens were removed from your cart.')).toBeAttached();
    await expect(checkout.getByText('Can’t be ordered now')).toHaveCount(0);
    await chooseTime(checkout);
    await fillContact(checkout, uniqueEmail('market-paused'));
    await fillCard(checkout, APPROVED);
    await placeButton(checkout).click();
    await expect(page).toHaveURL(/\/market-hall\/order-confirmation$/);
    await expect(page.getByText('Your order went to 1 vendor.', { exact: false })).toBeVisible();
    expect(await cartDialog(page).count()).toBe(0);
  } finally {
    await resume(staff);
    await staff.context().close();
  }
});

test('the paused vendor in French: the menu, the cart and the staff screen say why, axe clean', async ({ page, browser }) => {
  const staff = await vendorStaff(browser);
  try {
    await staff.getByRole('button', { name: 'Français' }).click();
    await expect(staff.getByRole('heading', { level: 2, name: 'Commandes chez Ramble Greens' })).toBeVisible();
    await staff.getByLabel('Message aux clients (anglais)').fill('Back at 2 pm.');
    await staff.getByLabel('Message aux clients (français)').fill('De retour à 14 h.');
    await staff.getByRole('button', { name: 'Suspendre les commandes' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Les commandes sont suspendues.' })).toBeVisible();
    await expectNoA11yViolations(staff);
    await staff.screenshot({ path: test.info().outputPath('vendor-staff-paused-fr-390.png') });

    await openMenu(page, MENU);
    await page.getByRole('button', { name: 'Français' }).click();
    const greens = page.getByRole('region', { name: 'Ramble Greens' });
    await expect(greens.getByText('Ne prend pas de commandes pour le moment. De retour à 14 h.')).toBeVisible();
    await expect(greens.getByRole('button', { name: /^Ajouter / })).toHaveCount(0);
    await page.getByRole('button', { name: 'Chaudrée de palourdes', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Chaudrée de palourdes' });
    await dialog.getByRole('button', { name: 'Ajouter à la commande' }).click();
    await expect(dialog).toBeHidden();
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await greens.getByRole('heading', { level: 2 }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('vendor-paused-menu-fr-360.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
  } finally {
    await resume(staff);
    await staff.context().close();
  }
  // Resumed: the note is gone and its items can be added again.
  await openMenu(page, MENU);
  await expect(page.getByRole('region', { name: 'Ramble Greens' }).getByText('Ne prend pas de commandes', { exact: false })).toHaveCount(0);
});
