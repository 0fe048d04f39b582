import { expect, test, type Page } from '@playwright/test';
import { localDate } from '../../packages/domain/src/school-days';
import { todayAtOnePmInToronto } from '../../scripts/open-hours.mjs';
import { expectNoA11yViolations } from './axe';
import {
  cartDialog,
  chooseTime,
  continueToCheckout,
  expectConfirmed,
  addItem,
  openCart,
  placeButton,
  receiptsFor,
  uniqueEmail,
} from './checkout-journey';
import { openPage } from './ready';

// The server's clock starts at today's 1 p.m. in Toronto (e2e/server.mjs); the browser's is pinned to
// the same moment, so the landing's "today" is the server's and its pickup slots are real.
const ZONE = 'America/Toronto';
const SERVER_NOW = todayAtOnePmInToronto();

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a canteen order end to end from /cantine: the week, the subsidy, a pickup slot, paid by cost centre', async ({ page, request }) => {
  await page.clock.setFixedTime(SERVER_NOW);
  await openPage(page, '/cantine');
  await expect(page.locator('#app-cantine')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Cantine Laurier — Staff canteen' })).toBeVisible();
  const subsidy = page.getByRole('region', { name: 'Your meals, subsidised by Laurier Group' });
  await expect(subsidy).toContainText(
    'Every price is a suggestion: at checkout you choose what you pay before tax, and Laurier Group covers the rest.',
  );
  await expect(page.getByRole('heading', { level: 2, name: /^Today, / })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'The week ahead' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(6);
  await expect(page.getByRole('list', { name: /^Dishes of the day, / }).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'canteen-landing-en');

  // The first day still open: today on a weekday before 2:30 p.m., else the next open day.
  const order = page.getByRole('link', { name: /^Order (ahead )?for pickup/ }).first();
  const href = (await order.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/cantine\?takeout=true&takeoutType=pickup&takeoutSpecificDates=\d{4}-\d\d-\d\d$/);
  await order.click();
  await expect(page.getByRole('link', { name: 'Back to the canteen’s week' })).toBeVisible();
  await addItem(page, 'Turkey club');
  const cart = await openCart(page);
  // Pay what you can: the amount chosen is before tax (pricing.md 2.3), HST is added to it, and the
  // label, its hint and the summary say so.
  await expect(cart.getByText('Full price of the eligible items before tax: $9.75. Tax is added to the amount you choose.')).toBeVisible();
  await cart.getByRole('textbox', { name: 'What you’ll pay before tax (in dollars)' }).fill('5');
  await cart.getByRole('button', { name: 'Apply this amount' }).click();
  const summary = cart.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('term').filter({ hasText: 'Pay what you can: you chose $5.00 before tax' })).toBeVisible();
  const amountOf = (term: RegExp) => summary.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(amountOf(/^Taxes$/)).toHaveText('$0.65');
  await expect(amountOf(/^Total$/)).toHaveText('$5.65');
  await expectNoA11yViolations(page);
  // The viewport only: a full page of the canteen's menu is long to draw.
  await page.screenshot({ path: test.info().outputPath('canteen-pay-what-you-can-en.png') });
  const checkout = await continueToCheckout(page);
  await chooseTime(checkout);
  const email = uniqueEmail('canteen');
  await checkout.getByRole('textbox', { name: /^Full name/ }).fill('Dana Diner');
  await checkout.getByRole('textbox', { name: /^Email/ }).fill(email);
  await checkout.getByRole('radio', { name: /Cost centre/ }).check();
  await checkout.getByRole('textbox', { name: /Cost centre/ }).fill('CC-7781');
  await expectNoA11yViolations(page);
  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect(page).toHaveURL(/\/cantine\/order-confirmation$/);
  await expect(page.locator('#app-cantine')).toHaveCount(1);
  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
  expect(await cartDialog(page).count()).toBe(0);
});

test('the canteen landing in French, axe clean', async ({ page }) => {
  await page.clock.setFixedTime(SERVER_NOW);
  await openPage(page, '/cantine');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('region', { name: 'Vos repas, subventionnés par Groupe Laurier' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'La semaine à venir' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Aujourd’hui, / })).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'canteen-landing-fr');
});

/** The landing's name of a day: "Thursday 03/12/2026" (canteen-landing.tsx `dayLabel`). */
function canteenDay(date: string, locale: 'en-CA' | 'fr-CA'): string {
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  const [year, month, day] = date.split('-');
  return `${weekday} ${day}/${month}/${year}`;
}

test('the landing’s today is the server’s day though the browser’s clock says the next, server-rendered or not', async ({ page }) => {
  // The browser's clock runs (its ticks too) from a day after the server's.
  await page.clock.install({ time: new Date(SERVER_NOW.getTime() + 24 * 60 * 60 * 1000) });
  const today = localDate(SERVER_NOW, ZONE);
  const heading = page.getByRole('heading', { level: 2, name: `Today, ${canteenDay(today, 'en-CA')}` });
  // Server-rendered, then hydrated on the browser's clock.
  await openPage(page, '/cantine');
  await expect(heading).toBeVisible();
  // Past the clock's first ticks after hydrating (lib/clock.tsx): still the server's day.
  await page.clock.runFor(61_000);
  await expect(heading).toBeVisible();
  await shoot(page, 'canteen-today-browser-ahead-en');

  // A page the server did not render, then the router's way to /cantine: GET /api/canteen says the server's clock.
  await openPage(page, '/login');
  await page.evaluate(() => {
    window.history.pushState(null, '', '/cantine');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(heading).toBeVisible();
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Aujourd’hui, ${canteenDay(today, 'fr-CA')}` })).toBeVisible();
  await shoot(page, 'canteen-today-browser-ahead-fr');
});

test('a canteen order in French from /cantine, paid by card: the confirmation keeps #app-cantine, axe clean', async ({ page, request }) => {
  await page.clock.setFixedTime(SERVER_NOW);
  await openPage(page, '/cantine');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'La semaine à venir' })).toBeVisible();
  await page
    .getByRole('link', { name: /^Commander (à l’avance )?pour emporter/ })
    .first()
    .click();
  await expect(page.getByRole('link', { name: 'Retour à la semaine de la cantine' })).toBeVisible();
  await expect(page.locator('#app-cantine')).toHaveCount(1);
  await addItemNamed(page, 'Club à la dinde', 'Ajouter à la commande');
  await page.getByRole('button', { name: /^Voir le panier/ }).click();
  const cart = page.getByRole('dialog', { name: 'Votre panier' });
  await expect(cart.getByText(/^Prix complet des articles admissibles avant taxes : 9,75\s\$\. Les taxes s’ajoutent/)).toBeVisible();
  await cart.getByRole('textbox', { name: 'Montant que vous paierez avant taxes (en dollars)' }).fill('5');
  await cart.getByRole('button', { name: 'Appliquer ce montant' }).click();
  await expect(
    cart
      .getByRole('region', { name: 'Sommaire' })
      .getByRole('term')
      .filter({ hasText: /vous avez choisi 5,00\s\$ avant taxes$/ }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('canteen-pay-what-you-can-fr.png') });
  await cart.getByRole('button', { name: 'Passer au paiement' }).click();
  const checkout = page.getByRole('dialog', { name: 'Paiement de la commande' });
  await expect(checkout.getByRole('heading', { name: 'Coordonnées' })).toBeVisible();
  const asap = checkout.getByRole('radio', { name: 'Dès que possible' });
  if (await asap.isVisible()) await asap.check();
  const email = uniqueEmail('cantine-fr');
  await checkout.getByRole('textbox', { name: /^Nom complet/ }).fill('Dominique Diner');
  await checkout.getByRole('textbox', { name: /^Courriel/ }).fill(email);
  await checkout.getByRole('radio', { name: /^Carte de crédit/ }).check();
  await checkout.getByRole('textbox', { name: /^Numéro de carte/ }).fill('4242424242424242');
  await checkout.getByRole('textbox', { name: /^Date d’expiration/ }).fill('1230');
  await checkout.getByRole('textbox', { name: /^Code de sécurité/ }).fill('123');
  await checkout.getByRole('textbox', { name: /^Code postal/ }).fill('H2X1Y4');
  await expectNoA11yViolations(page);
  await shoot(page, 'canteen-checkout-fr');
  await checkout.getByRole('button', { name: /^Passer la commande/ }).click();
  await expect(page).toHaveURL(/\/cantine\/order-confirmation$/);
  await expect(page.getByRole('heading', { name: 'Commande confirmée' })).toBeVisible();
  await expect(page.locator('#app-cantine')).toHaveCount(1);
  await expectNoA11yViolations(page);
  await shoot(page, 'canteen-confirmation-fr');
  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
});

test('a signed-in canteen diner pays with their account credits, and the root id follows client navigation', async ({ page, request }) => {
  // Credits come from a cancelled scheduled order (use-cases/orders/cancel-scheduled-order.ts): one placed
  // by card for a later day, then cancelled, through the API as the diner would.
  const email = uniqueEmail('cantine-credits');
  const registered = await request.post('/api/auth/register-user', {
    data: { firstName: 'Cam', lastName: 'Credit', email, password: 'Demo1234!', phoneNumber: '514-555-0142' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const token = ((await registered.json()) as { token: string }).token;
  const headers = { 'X-Restaurant-Id': 'cantine', Authorization: `Bearer ${token}` };
  const items = [{ id: 5110, menu_id: 5011, section_id: 5052, orderId: 1, quantity: 2, orderPrice: 1950, orderOptions: [] }];
  const times = (await (await request.post('/api/orders/scheduling', { headers, data: { type: 'take-out', items } })).json()) as {
    days: Array<{ date: string; slots: Array<{ startTime: string }> }>;
  };
  const later = times.days.find((candidate) => candidate.date > localDate(SERVER_NOW, ZONE) && candidate.slots.length > 0);
  expect(later, 'the canteen offers a later day').toBeTruthy();
  const card = await request.post('/api/payment/tokenize', {
    headers,
    data: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'H2X1Y4' },
  });
  const placed = await request.post('/api/orders', {
    headers: { ...headers, 'Idempotency-Key': `cantine-credit-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      type: 'take-out',
      data: {
        config: { takeout: true, takeoutType: 'pickup' },
        items,
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          pickup: { delivery: false, scheduled: true, dueByDate: later!.date, dueByTime: later!.slots[0]!.startTime },
          contact: { full_name: 'Cam Credit', email, phone_number: '514-555-0142' },
          card: { token: ((await card.json()) as { token: string }).token },
        },
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order: { id: string } }).order.id;
  const cancelled = await request.put(`/api/auth/orders/cancel-scheduled-order/${orderId}`, { headers });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await page.clock.setFixedTime(SERVER_NOW);
  await openPage(page, '/login?redirect=%2Fcantine');
  // The address names the canteen: the root has its id already on the sign-in page (the server's rule).
  await expect(page.locator('#app-cantine')).toHaveCount(1);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Demo1234!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/cantine$/);
  await expect(page.locator('#app-cantine')).toHaveCount(1);
  await page
    .getByRole('link', { name: /^Order (ahead )?for pickup/ })
    .first()
    .click();
  await addItem(page, 'Fruit cup');
  const cart = await openCart(page);
  await expect(cart.getByRole('term').filter({ hasText: 'Account credits' }).first()).toBeVisible();
  await expect(cart.getByText('No payment is required for this order.')).toBeVisible();
  await expectNoA11yViolations(page);
  const checkout = await continueToCheckout(page);
  await chooseTime(checkout);
  await expectNoA11yViolations(page);
  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect(page.locator('#app-cantine')).toHaveCount(1);
  const mine = (await (await request.get('/api/auth/user-credits', { headers })).json()) as { credits: { balance: number } };
  expect(mine.credits.balance).toBeLessThan(3900);
  await shoot(page, 'canteen-credits-confirmation-en');

  // A client navigation (the router's, no reload) away from the canteen and back: the root id follows the address.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/profile');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Order confirmed');
  await expect(page.locator('#app')).toHaveCount(1);
  await expect(page.locator('#app-cantine')).toHaveCount(0);
  await page.goBack();
  await expect(page.locator('#app-cantine')).toHaveCount(1);
});

/** Opens an item by its name (until the page has hydrated) and adds it with the dialog's button. */
async function addItemNamed(page: Page, name: string, add: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(async () => {
    await page.getByRole('button', { name, exact: true }).first().click();
    await expect(dialog).toBeVisible({ timeout: 1000 });
  }).toPass();
  await dialog.getByRole('button', { name: add }).click();
  await expect(dialog).toBeHidden();
}
