import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { OPEN, openItem, openPage } from './ready';
import { readTenant, tenantItems, words } from './tenant';

const bistro = readTenant('maple-bistro');
const bistroName = bistro.display_name ?? bistro.name;
const all = tenantItems(bistro);
// What a guest at a table may see: published content of menus that are neither member-only nor scheduled-only.
const tableItems = all.filter(
  ({ menu, section, item }) =>
    menu.published_at !== null &&
    !menu.member_only &&
    !(menu.scheduled && !menu.on_demand) &&
    section?.published_at !== null &&
    item.published_at !== null,
);
// The item dialog only offers "Add to order" while the restaurant is open: pin the browser's clock to
// opening hours, so the tests do not depend on the hour they run at.
test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(OPEN);
});

const itemCards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 5 }) });

test('the menu is in the HTML before any JavaScript runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/maple-bistro?tableNum=12');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: bistroName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Classic poutine' })).toBeVisible();
  await context.close();
});

test('hidden, member-only and scheduled content never reaches the browser; sold-out items show but cannot be ordered', async ({ page }) => {
  await openPage(page, '/maple-bistro?tableNum=12');
  await expect(page.getByRole('heading', { level: 1, name: bistroName })).toBeVisible();
  const html = await page.content();
  const hidden = all.filter(({ item }) => !tableItems.some((visible) => visible.item.id === item.id));
  expect(hidden.length).toBeGreaterThan(0);
  for (const { item } of hidden) expect(html, `${item.name} must not be sent`).not.toContain(`"name":"${item.name}"`);
  for (const { item } of hidden) await expect(page.getByRole('heading', { name: item.name, exact: true })).toHaveCount(0);

  const soldOut = tableItems.filter(({ section, item }) => item.sold_out || section?.sold_out);
  expect(soldOut.length).toBeGreaterThan(1);
  for (const { item } of soldOut) {
    const card = itemCards(page).filter({ has: page.getByRole('heading', { name: item.name, exact: true }) });
    await expect(card.getByText('Sold out')).toBeVisible();
    await card.getByRole('button', { name: item.name }).click();
    const dialog = page.getByRole('dialog', { name: item.name });
    await expect(dialog.getByText('This item is sold out.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add to order' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
  }
});

test('search is accent-insensitive and filters by a diet and an allergen, with a count and a way back', async ({ page }) => {
  await openPage(page, '/maple-bistro?tableNum=12');
  const search = page.getByRole('searchbox', { name: 'Search the menu' });
  await search.fill('chevre');
  await expect(page.getByRole('heading', { name: 'Roasted beet & goat cheese salad' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Caesar salad', exact: true })).toHaveCount(0);
  await expect(page.getByText(/^\d+ items? match(es)?$/)).toBeVisible();

  await search.fill('');
  await page.getByText('Diets and allergens').click();
  await page.getByRole('checkbox', { name: 'Vegan' }).check();
  await page.getByRole('checkbox', { name: 'Gluten' }).check();
  const expected = tableItems.filter(({ item }) => words(item.diets).includes('Vegan') && !words(item.allergens).includes('Gluten'));
  expect(expected.length).toBeGreaterThan(0);
  await expect(page.getByText(expected.length === 1 ? '1 item matches' : `${expected.length} items match`)).toBeVisible();
  for (const { item } of expected) await expect(page.getByRole('heading', { name: item.name, exact: true }).first()).toBeVisible();

  await search.fill('zzzz-nothing');
  await expect(page.getByText('No items match your search and filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: 'Vegan' })).not.toBeChecked();
  await expect(page.getByRole('heading', { name: 'Caesar salad', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the item dialog enforces every option rule, in both languages', async ({ page }) => {
  await openPage(page, '/maple-bistro?tableNum=12');
  await page.getByRole('button', { name: 'Maple Burger', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Maple Burger' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Total: $19.00')).toBeVisible();

  // Single selection: choosing Swiss replaces the default cheddar.
  await dialog.getByRole('radio', { name: 'Swiss' }).check();
  await expect(dialog.getByRole('radio', { name: 'Aged cheddar' })).not.toBeChecked();

  // max_quantity: caramelised onions stop at 1.
  await dialog.getByRole('button', { name: 'Add one Caramelised onions' }).click();
  await expect(dialog.getByRole('button', { name: 'Add one Caramelised onions' })).toBeDisabled();
  await expect(dialog.getByText('Total: $20.00')).toBeVisible();

  // Group limit: toppings stop at 5 in all.
  for (const topping of ['Smoked bacon', 'Smoked bacon', 'Fried egg', 'Fried egg'])
    await dialog.getByRole('button', { name: `Add one ${topping}` }).click();
  await expect(dialog.getByRole('button', { name: 'Add one Avocado' })).toBeDisabled();

  // Nested options appear under their value, and a nested required group must be answered.
  await expect(dialog.getByRole('group', { name: /Fries seasoning/ })).toHaveCount(0);
  await dialog.getByRole('radio', { name: /^Fries/ }).check();
  await expect(dialog.getByRole('group', { name: /Fries seasoning/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to order' }).click();
  await expect(dialog.getByText('Make a choice: this one is required.')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('radio', { name: 'Maple-chipotle' }).check();
  await dialog.getByRole('textbox', { name: 'Special instructions' }).fill('No pickles');
  await expect(dialog.getByText(/190 characters? left/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Added 1 × Maple Burger')).toBeVisible();

  // The same rules, in French, and the dialog closes with Escape.
  await page.getByRole('button', { name: 'Français' }).click();
  await page.getByRole('button', { name: 'Burger Maple', exact: true }).click();
  const french = page.getByRole('dialog', { name: 'Burger Maple' });
  await expect(french.getByText('Total : 19,00 $')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(french).toBeHidden();
});

test('an alcoholic drink needs the legal-age checkbox, remembered for a day', async ({ page, context }) => {
  await openPage(page, '/maple-bistro?tableNum=12');
  // Not the happy-hour lager: its price schedule follows the weekday and hour of the server's clock.
  await page.getByRole('button', { name: 'Seasonal ale (20 oz pint)', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Seasonal ale (20 oz pint)' });
  await dialog.getByRole('button', { name: 'Add to order' }).click();
  await expect(dialog.getByText('Confirm that you are of legal drinking age to add this item.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'I am of legal drinking age' }).check();
  await dialog.getByRole('button', { name: 'Add to order' }).click();
  await expect(dialog).toBeHidden();
  const legal = (await context.cookies()).find((cookie) => cookie.name === 'legal');
  expect(legal).toBeDefined();
  const lifetime = legal!.expires - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(23 * 3600);
  expect(lifetime).toBeLessThanOrEqual(24 * 3600 + 60);
});

test('a link without ordering flags asks how the diner is ordering, with ways forward', async ({ page }) => {
  await openPage(page, '/maple-bistro');
  await expect(page.getByRole('heading', { level: 1, name: bistroName })).toBeVisible();
  await expect(page.getByText('This link doesn’t say whether you’re at a table or ordering takeout.', { exact: false })).toBeVisible();
  await page.getByRole('textbox', { name: /table/i }).fill('7');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/tableNum=7/);
  await expect(page.getByRole('heading', { name: 'Classic poutine' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the item dialog works from the keyboard and gives focus back', async ({ page }) => {
  await openPage(page, '/maple-bistro?tableNum=12');
  const opener = page.getByRole('button', { name: 'Steak frites', exact: true });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Steak frites' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('at 360 px the phone’s Back closes the item dialog and keeps the diner’s place; closed by its button it leaves no entry, and Forward reopens nothing (both languages)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  // The page the diner came from: Back leaves the menu for it only once no dialog is open.
  await page.goto('/maple-bistro/data.json');
  for (const [locale, steak, close] of [
    ['en-CA', 'Steak frites', 'Close'],
    ['fr-CA', 'Steak-frites', 'Fermer'],
  ] as const) {
    await openPage(page, '/maple-bistro?tableNum=12');
    if (locale === 'fr-CA') await page.getByRole('button', { name: 'Français' }).click();
    const opener = page.getByRole('button', { name: steak, exact: true });
    await opener.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    const dialog = await openItem(page, steak);
    await page.screenshot({ path: test.info().outputPath(`back-dialog-${locale}-360.png`) });

    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/maple-bistro\?tableNum=12$/);
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.screenshot({ path: test.info().outputPath(`back-closed-${locale}-360.png`) });

    // Forward onto the closed dialog's entry: nothing opens, and the page is as it was.
    await page.goForward();
    await expect.poll(() => page.evaluate(() => (history.state as Record<string, unknown> | null)?.['servery-overlays'] ?? 0)).toBe(0);
    await expect(dialog).toBeHidden();

    // Closed by its own button (and by Escape): Back then leaves the menu, as with no dialog opened.
    await openItem(page, steak);
    await dialog.getByRole('button', { name: close, exact: true }).click();
    await expect(dialog).toBeHidden();
    await openItem(page, steak);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => page.evaluate(() => (history.state as Record<string, unknown> | null)?.['servery-overlays'] ?? 0)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/maple-bistro\/data\.json$/);
  }
});

/** Nothing wider than the screen: a phone would scroll sideways. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('a promo item shows the price paid and the regular one struck through, in both languages at 360 px, and reaches the cart at that price without a stale-price answer', async ({
  page,
}) => {
  const width = 360;
  await page.setViewportSize({ width, height: 800 });
  // The add and the cart's costs: a line sent at a price the server does not charge is answered 409 (428 ITEM_PRICE_CHANGED).
  const cartCalls: Array<{ url: string; status: number }> = [];
  page.on('response', (response) => {
    if (/\/api\/orders\/(item|set-costs)$/.test(new URL(response.url()).pathname))
      cartCalls.push({ url: response.url(), status: response.status() });
  });
  await openPage(page, '/maple-bistro?tableNum=12');

  // The poutine: $12.50 with 20 % off (tenants/maple-bistro.json promo 1901).
  const card = (name: string) => itemCards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
  const poutine = card('Classic poutine');
  const seen = poutine.getByText('$10.00 was $12.50', { exact: true });
  await expect(seen).toBeVisible();
  // Seen, not heard: a screen reader reads the sentence beside it, which says both prices in words.
  await expect(seen).toHaveAttribute('aria-hidden', 'true');
  await expect(poutine.getByText('$12.50', { exact: true })).toHaveCSS('text-decoration-line', 'line-through');
  await expect(poutine.getByText('$10.00, was $12.50', { exact: true })).toBeAttached();
  await poutine.scrollIntoViewIfNeeded();
  await poutine.screenshot({ path: test.info().outputPath('promo-card-en-360.png') });
  await expectNoSidewaysScroll(page, width);
  await expectNoA11yViolations(page);

  const dialog = await openItem(page, 'Classic poutine');
  await expect(dialog.getByText('$10.00 was $12.50', { exact: true })).toBeVisible();
  await expect(dialog.getByText('$10.00, was $12.50', { exact: true })).toBeAttached();
  await expect(dialog.getByText('Total: $10.00')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('promo-dialog-en-360.png') });
  await expectNoSidewaysScroll(page, width);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Add to order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Added 1 × Classic poutine')).toBeVisible();

  await page.getByRole('button', { name: /^View cart, 1 item/ }).click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  const line = cart.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Classic poutine' }) });
  await expect(line.getByText('$10.00', { exact: true })).toBeVisible();
  await expect(cart.getByRole('region', { name: 'Summary' }).getByRole('definition').first()).toHaveText('$10.00');
  expect(cartCalls.some((call) => call.url.endsWith('/api/orders/item') && call.status === 200)).toBe(true);
  expect(cartCalls.some((call) => call.url.endsWith('/api/orders/set-costs') && call.status === 200)).toBe(true);
  expect(cartCalls.filter((call) => call.status === 409)).toEqual([]);
  await cart.getByRole('button', { name: 'Close the cart' }).click();

  // An option value's promo: the burger's avocado topping, $2.00 with $0.50 off.
  const burger = await openItem(page, 'Maple Burger');
  const toppings = burger.getByRole('group', { name: /^Toppings/ });
  const avocado = toppings.getByRole('group', { name: 'Avocado +$1.50, was +$2.00' });
  await expect(avocado).toBeVisible();
  await expect(toppings.getByText('+$1.50 was +$2.00', { exact: true })).toBeVisible();
  await expect(burger.getByText('Total: $19.00')).toBeVisible();
  await burger.getByRole('button', { name: 'Add one Avocado' }).click();
  await expect(burger.getByText('Total: $20.50')).toBeVisible();
  await avocado.scrollIntoViewIfNeeded();
  await toppings.screenshot({ path: test.info().outputPath('promo-option-en-360.png') });
  await expectNoSidewaysScroll(page, width);
  await page.keyboard.press('Escape');
  await expect(burger).toBeHidden();

  // The same in French, with its own wording and money format.
  await page.getByRole('button', { name: 'Français' }).click();
  const poutineFr = card('Poutine classique');
  await expect(poutineFr.getByText('10,00 $ au lieu de 12,50 $', { exact: true })).toBeVisible();
  await expect(poutineFr.getByText('12,50 $', { exact: true })).toHaveCSS('text-decoration-line', 'line-through');
  await expect(poutineFr.getByText('10,00 $, au lieu de 12,50 $', { exact: true })).toBeAttached();
  await poutineFr.scrollIntoViewIfNeeded();
  await poutineFr.screenshot({ path: test.info().outputPath('promo-card-fr-360.png') });
  await expectNoSidewaysScroll(page, width);

  const burgerFr = await openItem(page, 'Burger Maple');
  const garnitures = burgerFr.getByRole('group', { name: /^Garnitures/ });
  await expect(garnitures.getByRole('group', { name: 'Avocat +1,50 $, au lieu de +2,00 $' })).toBeVisible();
  await garnitures.getByRole('group', { name: /^Avocat/ }).scrollIntoViewIfNeeded();
  await garnitures.screenshot({ path: test.info().outputPath('promo-option-fr-360.png') });
  await expectNoSidewaysScroll(page, width);
  await page.keyboard.press('Escape');
  await expect(burgerFr).toBeHidden();

  const dialogFr = await openItem(page, 'Poutine classique');
  await expect(dialogFr.getByText('10,00 $ au lieu de 12,50 $', { exact: true })).toBeVisible();
  await expect(dialogFr.getByText('Total : 10,00 $')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('promo-dialog-fr-360.png') });
  await expectNoSidewaysScroll(page, width);
  await expectNoA11yViolations(page);
  expect(cartCalls.filter((call) => call.status === 409)).toEqual([]);
});
