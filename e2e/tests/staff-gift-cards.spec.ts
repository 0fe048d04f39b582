import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { BISTRO_PICKUP, addItem, cartDialog, continueToCheckout, openCart, openMenu, placeAsGuest, uniqueEmail } from './checkout-journey';
import { openPage, openStaffScreen, staffSignIn } from './ready';

/** No sideways scroll at the phone widths the console is used at. */
async function expectNoSidewaysScroll(page: Page) {
  for (const width of [320, 360, 390, 412]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width);
  }
}

test('a manager issues a $25 gift card, copies its number once, a diner spends it at checkout and the list shows what is left', async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await staffSignIn(page, 'manager@maple-bistro.example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
  await openStaffScreen(page, 'Gift cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
  await expectNoA11yViolations(page);

  // The form refuses what the server would, in words.
  await page.getByLabel('Amount').fill('1500');
  await page.getByRole('button', { name: 'Issue the card' }).click();
  await expect(page.getByText('Enter an amount from $0.01 to $1,000.00.').first()).toBeVisible();

  const recipient = `Gift e2e ${Date.now()}`;
  await page.getByLabel('Amount').fill('25');
  await page.getByLabel('For (optional)').fill(recipient);
  await page.getByRole('button', { name: 'Issue the card' }).click();
  await expect(page.getByRole('heading', { name: 'New gift card of $25.00' })).toBeFocused();
  await expect(page.getByText('Write the number down now.')).toBeVisible();
  await page.getByRole('button', { name: 'Copy the number' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Number copied.' })).toBeVisible();
  const number = await page.evaluate(() => navigator.clipboard.readText());
  expect(number).toMatch(/^7\d{15}$/);
  await expect(page.getByLabel('Card number', { exact: true }).first()).toHaveValue(number.replace(/(\d{4})(?=\d)/g, '$1 '));
  const lastFour = number.slice(-4);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: '/tmp/staff-shots/gift-cards-new-en.png', fullPage: true });

  // Shown once: once done, and after a reload, the page has the last four only.
  await page.getByRole('button', { name: 'Done, I wrote it down' }).click();
  const list = page.getByRole('list', { name: 'Cards' });
  const row = list.getByRole('listitem').filter({ hasText: recipient });
  await expect(row).toContainText(`Card •••• ${lastFour}`);
  await expect(row).toContainText('$25.00 left of $25.00');
  await expect(row).toContainText('by Mia Manager');
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(number);

  // A diner of the same restaurant applies it in the cart and pays the rest by card.
  const diner = await browser.newPage();
  try {
    await openMenu(diner, BISTRO_PICKUP);
    // Two poutines ($25.00 before tax): the card pays $25.00 and the diner's card the rest.
    await addItem(diner, 'Classic poutine');
    await addItem(diner, 'Classic poutine');
    const cart = await openCart(diner);
    await cart.getByRole('textbox', { name: 'Gift card number' }).fill(number);
    await cart.getByRole('button', { name: 'Apply the gift card' }).click();
    await expect(cartDialog(diner).getByText(`Gift card •••• ${lastFour}: balance $25.00`)).toBeVisible();
    await placeAsGuest(diner, await continueToCheckout(diner), uniqueEmail('gift-card'));
  } finally {
    await diner.close();
  }

  await page.reload();
  await expect(row).toContainText('$0.00 left of $25.00');
  // The counter's look-up finds it by the number as written down, in groups of four.
  await page.getByRole('textbox', { name: 'Card number' }).fill(number.replace(/(\d{4})(?=\d)/g, '$1 '));
  await page.getByRole('button', { name: 'Check the balance' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Card •••• ${lastFour}` })).toContainText('$0.00 left of $25.00');
  await page.getByRole('textbox', { name: 'Card number' }).fill('7000 0000 0000 0000');
  await page.getByRole('button', { name: 'Check the balance' }).click();
  await expect(page.getByText('No gift card of this restaurant has this number. Check the number and try again.')).toBeVisible();
  await expectNoA11yViolations(page);
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cartes-cadeaux' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Cartes' }).getByRole('listitem').filter({ hasText: recipient })).toContainText(
    /0,00\s\$ restant sur 25,00\s\$/,
  );
  await expectNoA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: '/tmp/staff-shots/gift-cards-fr-390.png', fullPage: true });
  await page.getByRole('button', { name: 'English' }).click();
});

test('the kitchen staff role has no gift cards link and is refused the screen', async ({ page }) => {
  await staffSignIn(page, 'kitchen@maple-bistro.example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Gift cards' })).toHaveCount(0);
  await openPage(page, '/maple-bistro/staff/gift-cards');
  await expect(page.getByRole('alert')).toHaveText('Your role on this team does not open this page. An owner can change your role.');
});
