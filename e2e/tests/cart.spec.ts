import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { OPEN, openItem, openPage } from './ready';

const GIFT_CARD = '6035710000005678';

type Locale = 'en-CA' | 'fr-CA';

interface Costs {
  subtotal: number;
  subtotalDiscounted: number;
  taxBrackets: Array<{ key: string; label: Record<Locale, string>; rate: string; amount: number }>;
  discount: { amount: number; code: string | null };
  voucher: { amount: number; balance: number };
  tip: { amount: number };
  total: number;
  totalWithTip: number;
  amountDue: number;
}

/** CAD as a person reads it: "$57.27", "57,27 $". */
const money = (cents: number, locale: Locale) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    cents / 100,
  );
/** A label as a pattern that matches it whole, any kind of space standing for a space (percentages use no-break spaces). */
const whole = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);

/** The amount next to a label in a list of costs (dt/dd). */
function amountOf(scope: Locator, label: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: whole(label) })
    .locator('xpath=following-sibling::dd[1]');
}

/** Opens an item (trying again until the page has hydrated and the click opens it), lets `choose` pick, adds it. */
async function addItem(page: Page, name: string, choose: (dialog: Locator) => Promise<void> = async () => {}) {
  const dialog = await openItem(page, name);
  await choose(dialog);
  await dialog.getByRole('button', { name: 'Add to order' }).click();
  await expect(dialog).toBeHidden();
}

/** The cart the page keeps (what a reload restores). */
async function savedCart(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('servery-cart:maple-bistro') ?? 'null') as { items: unknown[] } | null);
}

/** What the server computes for the same cart: the screen must show exactly these numbers. */
async function serverCosts(request: APIRequestContext, items: unknown[], costs: object, locale: Locale = 'en-CA'): Promise<Costs> {
  const response = await request.post('/api/orders/set-costs', {
    headers: { 'X-Restaurant-Id': 'maple-bistro', 'Accept-Language': locale },
    data: { items, costs, type: 'dine_in', tableNum: '12' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { costs: Costs }).costs;
}

test('a diner builds a cart, applies a promo code and a gift card, changes the tip, reloads, and reads why this price in both languages', async ({
  page,
  request,
}) => {
  await page.clock.setFixedTime(OPEN);
  await openPage(page, '/maple-bistro?tableNum=12');

  await addItem(page, 'Soup of the day', async (dialog) => {
    await expect(dialog.getByText('Total: $8.00')).toBeVisible();
    await dialog.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(dialog.getByText('Total: $16.00')).toBeVisible();
  });
  await expect(page.getByText('Added 2 × Soup of the day')).toBeVisible();
  await addItem(page, 'Maple Burger', async (dialog) => {
    await dialog.getByRole('radio', { name: 'Swiss' }).check();
    await dialog.getByRole('button', { name: 'Add one Smoked bacon' }).click();
    await dialog.getByRole('radio', { name: /^Fries/ }).check();
    await dialog.getByRole('radio', { name: 'Maple-chipotle' }).check();
    await dialog.getByRole('textbox', { name: 'Special instructions' }).fill('No pickles');
    await expect(dialog.getByText('Total: $25.50')).toBeVisible();
  });

  const cartButton = page.getByRole('button', { name: /^View cart, 3 items, \$\d+\.\d\d$/ });
  await cartButton.click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart.getByRole('button', { name: 'Close the cart' })).toBeFocused();
  await expect(cart.getByRole('heading', { name: 'Soup of the day' })).toBeVisible();
  const burger = cart.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Maple Burger' }) });
  for (const option of ['Swiss', 'Smoked bacon', 'Fries', 'Maple-chipotle'])
    await expect(burger.getByText(option, { exact: true })).toBeVisible();
  await expect(burger.getByText('Instructions: No pickles')).toBeVisible();
  await expect(cart.getByRole('group', { name: 'Quantity of Soup of the day' }).getByRole('status')).toHaveText('2');

  // The restaurant's tips, 18 % preselected.
  const tips = cart.getByRole('group', { name: 'Tip' });
  await expect(tips.getByRole('button', { name: '18 %' })).toHaveAttribute('aria-pressed', 'true');
  await expect(tips.getByRole('button', { name: '15 %' })).toHaveAttribute('aria-pressed', 'false');

  await cart.getByRole('textbox', { name: 'Promo code' }).fill('WELCOME10');
  await cart.getByRole('button', { name: 'Apply the promo code' }).click();
  await expect(cart.getByText('Promo code WELCOME10 applied')).toBeVisible();
  // The Apply button went away with its form: the focus goes to what took its place, never behind the dialog.
  await expect(cart.getByRole('button', { name: 'Remove the promo code WELCOME10' })).toBeFocused();
  await cart.getByRole('textbox', { name: 'Gift card number' }).fill(GIFT_CARD);
  await cart.getByRole('button', { name: 'Apply the gift card' }).click();
  await expect(cart.getByText('Gift card •••• 5678: balance $12.35')).toBeVisible();
  await expect(cart.getByRole('button', { name: /^Remove the gift card/ })).toBeFocused();
  await tips.getByRole('button', { name: '20 %' }).click();
  await expect(tips.getByRole('button', { name: '20 %' })).toHaveAttribute('aria-pressed', 'true');

  // The server's costs for the cart the page holds.
  const saved = await savedCart(page);
  expect(saved?.items).toHaveLength(2);
  const choices = { tip: { type: 'percentage', value: '20' }, discount: { code: 'WELCOME10' }, voucher: { code: GIFT_CARD } };
  const costs = await serverCosts(request, saved?.items ?? [], choices);
  // Soup 2 × $8.00 and the burger $19.00 + bacon $2.50 + fries $3.50 + maple-chipotle $0.50; 10 % off; the card's $12.35 used.
  expect(costs).toMatchObject({ subtotal: 4150, discount: { amount: 415, code: 'WELCOME10' }, voucher: { amount: 1235, balance: 1235 } });
  const summary = cart.getByRole('region', { name: 'Summary' });
  await expect(amountOf(summary, 'Total').first()).toHaveText(money(costs.totalWithTip, 'en-CA'));
  await expect(amountOf(summary, 'Amount due').first()).toHaveText(money(costs.amountDue, 'en-CA'));

  // A reload brings back the same cart, codes and tip.
  await page.reload();
  const restored = page.getByRole('button', { name: `View cart, 3 items, ${money(costs.totalWithTip, 'en-CA')}` });
  await restored.click();
  await expect(cart.getByRole('heading', { name: 'Soup of the day' })).toBeVisible();
  await expect(cart.getByRole('heading', { name: 'Maple Burger' })).toBeVisible();
  await expect(cart.getByText('Promo code WELCOME10 applied')).toBeVisible();
  await expect(cart.getByText('Gift card •••• 5678: balance $12.35')).toBeVisible();
  await expect(tips.getByRole('button', { name: '20 %' })).toHaveAttribute('aria-pressed', 'true');

  // Why this price, in English.
  await cart.getByText('Why this price?').click();
  const breakdown = cart.getByRole('group').filter({ has: page.getByText('Why this price?') });
  const hst = costs.taxBrackets.find((bracket) => bracket.key === 'HST');
  expect(hst?.rate).toBe('0.13');
  await expect(amountOf(breakdown, 'HST 13 %')).toHaveText(money(hst?.amount ?? -1, 'en-CA'));
  await expect(amountOf(breakdown, 'Promo code WELCOME10 (10 %)')).toHaveText(money(-costs.discount.amount, 'en-CA'));
  await expect(amountOf(breakdown, 'Tip (20 %)')).toHaveText(money(costs.tip.amount, 'en-CA'));
  await expect(amountOf(breakdown, 'Total')).toHaveText(money(costs.totalWithTip, 'en-CA'));
  await expect(amountOf(breakdown, 'Gift card •••• 5678')).toHaveText(money(-costs.voucher.amount, 'en-CA'));
  await expect(amountOf(breakdown, 'Amount due')).toHaveText(money(costs.amountDue, 'en-CA'));
  await expectNoA11yViolations(page);

  // Closing gives focus back to the cart button; then the same in French.
  await cart.getByRole('button', { name: 'Close the cart' }).click();
  await expect(restored).toBeFocused();
  await page.getByRole('button', { name: 'Français' }).click();
  await page.getByRole('button', { name: `Voir le panier, 3 articles, ${money(costs.totalWithTip, 'fr-CA')}` }).click();
  const panier = page.getByRole('dialog', { name: 'Votre panier' });
  await expect(panier.getByRole('heading', { name: 'Soupe du jour' })).toBeVisible();
  await panier.getByText('Pourquoi ce prix?').click();
  const pourquoi = panier.getByRole('group').filter({ has: page.getByText('Pourquoi ce prix?') });
  await expect(amountOf(pourquoi, 'TVH 13 %')).toHaveText(money(hst?.amount ?? -1, 'fr-CA'));
  await expect(amountOf(pourquoi, 'Frais de service (18 %)')).toBeVisible();
  await expect(amountOf(pourquoi, 'Total')).toHaveText(money(costs.totalWithTip, 'fr-CA'));
  await expect(amountOf(pourquoi, 'Total')).toHaveText(/^\d+,\d\d\s\$$/);
  await expect(amountOf(pourquoi, 'Montant dû')).toHaveText(money(costs.amountDue, 'fr-CA'));
  await expectNoA11yViolations(page);
});

test('an expired promo code and an empty gift card say why, and the costs stay without them', async ({ page, request }) => {
  await page.clock.setFixedTime(OPEN);
  await openPage(page, '/maple-bistro?tableNum=12');
  await addItem(page, 'Soup of the day');
  await page.getByRole('button', { name: /^View cart, 1 item, / }).click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  const summary = cart.getByRole('region', { name: 'Summary' });

  const saved = await savedCart(page);
  const costs = await serverCosts(request, saved?.items ?? [], { tip: { type: 'percentage', value: '18' } });
  await expect(amountOf(summary, 'Total')).toHaveText(money(costs.totalWithTip, 'en-CA'));

  const promo = cart.getByRole('textbox', { name: 'Promo code' });
  await promo.fill('SUMMER25');
  await cart.getByRole('button', { name: 'Apply the promo code' }).click();
  await expect(cart.getByRole('alert')).toHaveText('This promo code has expired.');
  await expect(promo).toHaveValue('');
  await expect(cart.getByText(/SUMMER25 applied/)).toHaveCount(0);
  await expect(amountOf(summary, 'Total')).toHaveText(money(costs.totalWithTip, 'en-CA'));
  await expect(summary).not.toHaveAttribute('aria-busy', 'true');
  await expect(amountOf(summary, 'Total')).toHaveText(money(costs.totalWithTip, 'en-CA'));

  const card = cart.getByRole('textbox', { name: 'Gift card number' });
  await card.fill('6035710000009999');
  await cart.getByRole('button', { name: 'Apply the gift card' }).click();
  await expect(cart.getByText('This gift card number has no funds to use. Check the number and try again.')).toBeVisible();
  await expect(card).toHaveValue('');
  await expect(amountOf(summary, 'Amount due')).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The same refusal in French; Escape closes the cart and focus goes back to its button.
  await page.keyboard.press('Escape');
  await expect(cart).toBeHidden();
  await expect(page.getByRole('button', { name: /^View cart, 1 item, / })).toBeFocused();
  await page.getByRole('button', { name: 'Français' }).click();
  await page.getByRole('button', { name: /^Voir le panier, 1 article, / }).click();
  const panier = page.getByRole('dialog', { name: 'Votre panier' });
  await panier.getByRole('textbox', { name: 'Numéro de la carte-cadeau' }).fill('6035710000009999');
  await panier.getByRole('button', { name: 'Appliquer la carte-cadeau' }).click();
  await expect(panier.getByText('Ce numéro de carte-cadeau n’a aucun fonds à utiliser. Vérifiez le numéro et réessayez.')).toBeVisible();
});
