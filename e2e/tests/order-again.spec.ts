/**
 * Issue 30 item 2: "Another round" has a way in. After a dine-in order the confirmation offers
 * "Another round" (the receipt e-mail links to the same), which fills a new cart at the same table;
 * a line no longer sold is named and left out. After a takeout order it offers "Order this again".
 * In English and French, at 360 px without sideways scroll, axe clean.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { APPROVED, checkoutOf, placeAsGuest, uniqueEmail } from './checkout-journey';
import { apiSignIn, OPEN } from './ready';

// Whole journeys with axe checks on a loaded 2-core machine, as the school journeys.
test.describe.configure({ timeout: 180_000 });

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Marks an item of maple-bistro sold out or back on sale, as its kitchen would. */
async function soldOut(request: APIRequestContext, id: number, value: boolean) {
  const { token } = await apiSignIn(request, 'kitchen@maple-bistro.example.com', { restaurant: 'maple-bistro' });
  const response = await request.post('/api/staff/availability/sold-out', {
    headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${token}` },
    data: { kind: 'item', id, sold_out: value },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A dine-in order at table 12 (a second diner's phone, through the API): its id and secret. */
async function dineInOrder(request: APIRequestContext, items: object[], email: string, locale: string) {
  const card = await request.post('/api/payment/tokenize', {
    headers: { 'X-Restaurant-Id': 'maple-bistro' },
    data: { number: APPROVED, expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' },
  });
  const placed = await request.post('/api/orders', {
    headers: { 'X-Restaurant-Id': 'maple-bistro', 'Idempotency-Key': `another-round-${locale}-${Date.now()}`, 'Accept-Language': locale },
    data: {
      type: 'dine_in',
      data: {
        config: { tableNum: '12' },
        items,
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          contact: { full_name: 'Tess Table', email, phone_number: '416-555-0109' },
          card: { token: (await card.json()).token },
          questions: [{ id: 1920, answers: [0] }],
        },
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const body = (await placed.json()) as { order: { id: string }; access_token: string };
  return { id: body.order.id, token: body.access_token };
}

// Items no other browser test orders (the tests share one server): one per language, as both run at once.
const ROUNDS = [
  {
    locale: 'en-CA',
    pie: { id: 1121, price: 800 },
    words: {
      language: 'English',
      round: 'Another round',
      receipt: 'Another round? The same items in a new cart:',
      cart: /^View cart, 1 item/,
      leftOut: 'Not everything could be ordered again',
      gone: 'Sugar pie is sold out and was removed.',
      loaded: 'Your last round is in the cart. Check it and order again.',
    },
  },
  {
    locale: 'fr-CA',
    pie: { id: 1123, price: 900 },
    words: {
      language: 'Français',
      round: 'Une autre tournée',
      receipt: 'Une autre tournée? Les mêmes articles dans un nouveau panier :',
      cart: /^Voir le panier, 1 article/,
      leftOut: 'Tout n’a pas pu être commandé de nouveau',
      gone: 'Crème brûlée à l’érable est épuisé et a été retiré.',
      loaded: 'Votre dernière tournée est dans le panier. Vérifiez-la et commandez de nouveau.',
    },
  },
] as const;

for (const { locale, pie, words } of ROUNDS) {
  test(`a table's confirmation and receipt offer another round, which names the dish no longer sold and leaves it out (${locale})`, async ({
    page,
    request,
  }) => {
    const email = uniqueEmail(`round-${locale}`);
    const tourtiere = { id: 1109, menu_id: 1010, section_id: 1051, orderId: 1, quantity: 1, orderPrice: 2200, orderOptions: [] };
    const piece = { id: pie.id, menu_id: 1010, section_id: 1054, orderId: 2, quantity: 2, orderPrice: pie.price * 2, orderOptions: [] };
    const order = await dineInOrder(request, [tourtiere, piece], email, locale);
    // The order this tab placed, as checkout leaves it for the confirmation (ordering/checkout/checkout-storage.ts).
    await page.addInitScript((placed) => sessionStorage.setItem('servery-order:maple-bistro', JSON.stringify(placed)), {
      orderId: order.id,
      token: order.token,
      menuPath: '/maple-bistro?tableNum=12',
    });
    await page.clock.setFixedTime(OPEN);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/maple-bistro/order-confirmation');
    await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible();
    if (locale === 'fr-CA') await page.getByRole('button', { name: words.language }).click();
    const round = page.getByRole('link', { name: words.round });
    await expect(round).toBeVisible();
    await expectNoA11yViolations(page);
    expect(await sidewaysOverflow(page)).toBe(0);

    // The receipt e-mail links to the same new round.
    const outbox = await request.get('/api/dev/outbox?limit=200');
    const { messages } = (await outbox.json()) as { messages: Array<{ channel: string; recipient: string; body: string }> };
    const receipt = messages.find((message) => message.channel === 'email' && message.recipient === email)?.body ?? '';
    const link = new RegExp(`${words.receipt.replace('?', '\\?')} (http\\S+)`).exec(receipt)?.[1];
    expect(link, receipt).toBeDefined();
    const href = await round.getAttribute('href');
    expect(new URL(link!).pathname + new URL(link!).search).toBe(href);
    expect(href).toBe(`/maple-bistro?tableNum=12&anotherRoundId=${order.id}`);

    // Meanwhile the pie sold out: the new round keeps the tourtière, names the pie and leaves it out.
    await soldOut(request, pie.id, true);
    try {
      await round.click();
      await expect(page).toHaveURL(new RegExp(`/maple-bistro\\?tableNum=12&anotherRoundId=${order.id}$`));
      const notice = page.getByRole('alert').filter({ hasText: words.leftOut });
      await expect(page.getByText(words.loaded)).toBeVisible();
      await expect(notice).toContainText(words.gone);
      await expect(page.getByRole('button', { name: words.cart })).toBeVisible();
      await expectNoA11yViolations(page);
      expect(await sidewaysOverflow(page)).toBe(0);
      await page.getByRole('button', { name: words.cart }).click();
      await expect(page.getByRole('dialog').getByText('Tourtière').first()).toBeVisible();
    } finally {
      await soldOut(request, pie.id, false);
    }
  });
}

test('a takeout confirmation offers "Order this again": the takeout menu with the same lines in a new cart', async ({ page }) => {
  const checkout = await checkoutOf(page, 'Garlic bread');
  await placeAsGuest(page, checkout, uniqueEmail('again'));
  await page.setViewportSize({ width: 360, height: 800 });
  const again = page.getByRole('link', { name: 'Order this again' });
  await expect(again).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('link', { name: 'Commander de nouveau' })).toBeVisible();
  await page.getByRole('link', { name: 'Commander de nouveau' }).click();
  await expect(page).toHaveURL(/\/maple-bistro\?takeout=true&takeoutType=pickup&anotherRoundId=[0-9a-f-]{36}$/);
  await expect(page.getByText('Votre commande précédente est dans le panier. Vérifiez-la et commandez de nouveau.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Voir le panier, 1 article/ })).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await sidewaysOverflow(page)).toBe(0);
});
