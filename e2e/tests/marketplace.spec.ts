/**
 * A marketplace hub (market-hall): one cart across two vendors, grouped by vendor, placed with one
 * payment as two vendor orders, each with its own number; the confirmation shows the split in
 * English and French, axe clean, with no sideways scroll from 320 to 412 px.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openPage, staffSignIn } from './ready';
import {
  APPROVED,
  cartDialog,
  chooseTime,
  continueToCheckout,
  fillCard,
  fillContact,
  openMenu,
  placeButton,
  quickAdd,
  uniqueEmail,
} from './checkout-journey';

const MENU = '/market-hall?takeout=true&takeoutType=pickup';

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  for (const width of [320, 390, 412]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `sideways scroll at ${width} px`).toBe(0);
  }
}

interface Placed {
  order: { id: string; number: number; payment: { amount: number }; marketplace?: { vendor: { id: number } } };
}

test('a two-vendor cart becomes two vendor orders with one charge, shown split in English and French', async ({
  page,
  request,
  browser,
}) => {
  await openMenu(page, MENU);
  await quickAdd(page, 'Add Salted edamame');
  await quickAdd(page, 'Add Clam chowder');
  await page.getByRole('button', { name: /^View cart, 2 items/ }).click();
  const cart = cartDialog(page);

  // The cart lists each vendor's items under its name, in the hub's order of vendors.
  const vendors = cart.locator('.cart-vendor__name');
  await expect(vendors).toHaveText(['Tidewater Fish & Chips', 'Kits Noodle House']);
  await expect(
    cart.getByRole('list', { name: 'Items from Tidewater Fish & Chips' }).getByRole('heading', { name: 'Clam chowder' }),
  ).toBeVisible();
  await expect(
    cart.getByRole('list', { name: 'Items from Kits Noodle House' }).getByRole('heading', { name: 'Salted edamame' }),
  ).toBeVisible();
  // The cart's total, the sum of the two vendor orders, is what the one payment will charge.
  const summary = cart.getByRole('region', { name: 'Summary' });
  await expect(summary).not.toHaveAttribute('aria-busy', 'true');
  const cartTotal = Number(
    (await summary
      .getByRole('term')
      .filter({ hasText: /^Total$/ })
      .locator('xpath=following-sibling::dd[1]')
      .textContent())!.replace(/[^\d]/g, ''),
  );
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('market-cart-en.png') });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 412, height: 915 });

  const checkout = await continueToCheckout(page);
  await chooseTime(checkout);
  const email = uniqueEmail('market');
  await fillContact(checkout, email);
  await fillCard(checkout, APPROVED);
  await placeButton(checkout).click();

  await expect(page).toHaveURL(/\/market-hall\/order-confirmation$/);
  await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible();
  await expect(page.getByText('Your cart became 2 orders, one per vendor.', { exact: false })).toBeVisible();
  const fish = page.getByRole('heading', { name: /^Tidewater Fish & Chips: order #\d+$/ });
  const noodles = page.getByRole('heading', { name: /^Kits Noodle House: order #\d+$/ });
  await expect(fish).toBeVisible();
  await expect(noodles).toBeVisible();
  const [fishTitle, noodleTitle] = [await fish.textContent(), await noodles.textContent()];
  expect(fishTitle!.match(/#(\d+)/)![1]).not.toBe(noodleTitle!.match(/#(\d+)/)![1]);
  await expect(page.getByRole('list', { name: 'Items from Tidewater Fish & Chips' })).toHaveText('1 × Clam chowder');
  await expect(page.getByRole('list', { name: 'Items from Kits Noodle House' })).toHaveText('1 × Salted edamame');
  const paid = page.getByText(/^Paid once: \$\d+\.\d\d for all your orders\.$/);
  await expect(paid).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('market-confirmation-en.png'), fullPage: true });
  await expectNoSidewaysScroll(page);

  // Two orders from the server, one per vendor, whose shares add up to the one amount charged.
  const ref = await page.evaluate(() => JSON.parse(sessionStorage.getItem('servery-order:market-hall') ?? '{}'));
  const orders = ref.split.orders as Array<{ orderId: string; token: string }>;
  expect(orders).toHaveLength(2);
  const placed = await Promise.all(
    orders.map(async ({ orderId, token }) => {
      const response = await request.get(`/api/orders/${orderId}?token=${token}`, { headers: { 'x-restaurant-id': 'market-hall' } });
      expect(response.status()).toBe(200);
      return (await response.json()) as Placed;
    }),
  );
  expect(placed.map((one) => one.order.marketplace?.vendor.id)).toEqual([6940, 6941]);
  expect(placed[0]!.order.payment.amount + placed[1]!.order.payment.amount).toBe(ref.split.paid);
  const paidText = (await paid.textContent())!.match(/\$(\d+\.\d\d)/)![1]!;
  expect(Math.round(Number(paidText) * 100)).toBe(ref.split.paid);
  expect(ref.split.paid).toBe(cartTotal);
  // One receipt for the checkout.
  const outbox = await request.get('/api/dev/outbox?limit=200');
  const { messages } = (await outbox.json()) as {
    messages: Array<{ channel: string; recipient: string; subject?: string; body?: string }>;
  };
  const receipts = messages.filter((message) => message.channel === 'email' && message.recipient === email);
  expect(receipts).toHaveLength(1);
  // It links to each vendor order's status; each link opens that order in a window of its own (no
  // session storage of this checkout), in the language of that window.
  const links = [...(receipts[0]!.body ?? '').matchAll(/See your order's status: (\S+)/g)].map((match) => match[1]!);
  expect(links.map((link) => new URL(link).searchParams.get('order'))).toEqual(orders.map((one) => one.orderId));
  for (const [index, [locale, words]] of (
    [
      [
        'en-CA',
        {
          title: 'Order confirmed',
          number: 'Order number',
          status: 'Placed',
          vendor: 'Vendor',
          part: 'This vendor’s part',
          whole: 'Charged once for the whole order (2 vendors)',
          charged: 'Total charged',
          money: (cents: number) => new RegExp(`^\\$${(cents / 100).toFixed(2)}$`),
        },
      ],
      [
        'fr-CA',
        {
          title: 'Commande confirmée',
          number: 'Numéro de commande',
          status: 'Passée',
          vendor: 'Comptoir',
          part: 'Part de ce comptoir',
          whole: 'Débité une seule fois pour toute la commande (2 comptoirs)',
          charged: 'Total débité',
          money: (cents: number) => new RegExp(`^${(cents / 100).toFixed(2).replace('.', ',')}\\s\\$$`),
        },
      ],
    ] as const
  ).entries()) {
    const fresh = await browser.newContext({ locale, viewport: { width: 360, height: 800 } });
    const linked = await fresh.newPage();
    await openPage(linked, links[index]!);
    await expect(linked.getByRole('heading', { name: words.title })).toBeVisible();
    await expect(linked.getByRole('term').filter({ hasText: words.number }).locator('xpath=following-sibling::dd[1]')).toHaveText(
      String(placed[index]!.order.number),
    );
    await expect(linked.getByText(words.status, { exact: true })).toBeVisible();
    // Opened alone, the vendor's order names its vendor and words its amount as that vendor's part of
    // the one charge, which it says too; never its part as "Total charged".
    const fact = (term: string) => linked.getByRole('term').filter({ hasText: new RegExp(`^${term.replace(/[()]/g, '\\$&')}$`) });
    await expect(fact(words.vendor).locator('xpath=following-sibling::dd[1]')).toHaveText(
      ['Tidewater Fish & Chips', 'Kits Noodle House'][index]!,
    );
    await expect(fact(words.part).locator('xpath=following-sibling::dd[1]')).toHaveText(words.money(placed[index]!.order.payment.amount));
    await expect(fact(words.whole).locator('xpath=following-sibling::dd[1]')).toHaveText(words.money(ref.split.paid));
    await expect(fact(words.charged)).toHaveCount(0);
    await linked.screenshot({ path: test.info().outputPath(`market-receipt-link-${locale}.png`) });
    await fresh.close();
  }

  // In French.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Commande confirmée' })).toBeVisible();
  await expect(page.getByText('Votre panier est devenu 2 commandes, une par comptoir.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Tidewater Fish & Chips : commande no \d+$/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Articles de Kits Noodle House' })).toHaveText('1 × Edamames salés');
  await expect(page.getByText(/^Payé une seule fois : /)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('market-confirmation-fr.png'), fullPage: true });
  await expectNoSidewaysScroll(page);
});

test('en français, le panier du marché regroupe les articles par comptoir', async ({ page }) => {
  await openMenu(page, MENU);
  await page.getByRole('button', { name: 'Français' }).click();
  await quickAdd(page, 'Ajouter Chaudrée de palourdes');
  await quickAdd(page, 'Ajouter Edamames salés');
  await page.getByRole('button', { name: /^Voir le panier, 2 articles/ }).click();
  const cart = page.getByRole('dialog', { name: 'Votre panier' });
  await expect(cart.locator('.cart-vendor__name')).toHaveText(['Tidewater Fish & Chips', 'Kits Noodle House']);
  await expect(
    cart.getByRole('list', { name: 'Articles de Kits Noodle House' }).getByRole('heading', { name: 'Edamames salés' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('market-cart-fr.png') });
  await expectNoSidewaysScroll(page);
});

/** A two-vendor checkout placed through the API: the numbers of the Tidewater and Kits orders. */
async function placeTwoVendors(request: APIRequestContext): Promise<[number, number]> {
  const headers = { 'X-Restaurant-Id': 'market-hall' };
  const card = await request.post('/api/payment/tokenize', {
    headers,
    data: { number: APPROVED, expiry: '1230', cvd: '123', postal_code: 'V6H 3R9' },
  });
  const line = (id: number, menu_id: number, section_id: number, orderId: number, orderPrice: number) => ({
    id,
    menu_id,
    section_id,
    orderId,
    quantity: 1,
    orderPrice,
    orderOptions: [],
  });
  const placed = await request.post('/api/orders/create-marketplace-order', {
    headers: { ...headers, 'Idempotency-Key': `market-board-${Date.now()}` },
    data: {
      data: {
        items: [line(6103, 6010, 6051, 1, 850), line(6108, 6011, 6053, 2, 550)],
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          contact: { full_name: 'Vera Vendor', email: 'vera@example.com', phone_number: '604-555-0111' },
          card: { token: (await card.json()).token },
        },
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orders = (await placed.json()).orders as Array<{ order: { number: number } }>;
  return [orders[0]!.order.number, orders[1]!.order.number];
}

test("a vendor's staff see their own counter's orders on the board, not the other vendors'", async ({ page, request }) => {
  const [fish, noodles] = await placeTwoVendors(request);
  await staffSignIn(page, 'tidewater@market-hall.example.com', '/market-hall/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
  const own = page.getByRole('article', { name: new RegExp(`^Order #${fish}\\b`) });
  await expect(own).toContainText('Tidewater Fish & Chips');
  await expect(own).toContainText('Clam chowder');
  await expect(page.getByRole('article', { name: new RegExp(`^Order #${noodles}\\b`) })).toHaveCount(0);
  await expect(page.getByText('Salted edamame')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('market-staff-board.png'), fullPage: true });
});
