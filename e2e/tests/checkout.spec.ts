import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { openPage } from './ready';

// Wednesday 14 October 2026, 1 p.m. in Toronto: the browser thinks Maple Bistro is open, so the item
// dialog lets a diner add. Only the browser's clock is pinned: pickup times come from the server's
// own clock (ASAP when it is open now, else the first slot it offers on a later day).
const OPEN = new Date('2026-10-14T17:00:00Z');
const MENU = '/maple-bistro?takeout=true&takeoutType=pickup';
const APPROVED = '4242424242424242';
const DECLINED = '4000000000000002';

interface OutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  order_id: string | null;
}

/** The e-mails queued for one address (each test uses its own, so tests running alongside do not count). */
async function receiptsFor(request: APIRequestContext, email: string): Promise<OutboxMessage[]> {
  const response = await request.get('/api/dev/outbox?limit=200');
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return messages.filter((message) => message.channel === 'email' && message.recipient === email);
}

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Adds one soup and goes from the cart to checkout; returns the checkout dialog. */
async function openCheckout(page: Page): Promise<Locator> {
  await page.clock.setFixedTime(OPEN);
  await openPage(page, MENU);
  const soup = page.getByRole('dialog', { name: 'Soup of the day' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Soup of the day', exact: true }).first().click();
    await expect(soup).toBeVisible({ timeout: 1000 });
  }).toPass();
  await soup.getByRole('button', { name: 'Add to order' }).click();
  await expect(soup).toBeHidden();
  await page.getByRole('button', { name: /^View cart, 1 item/ }).click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await cart.getByRole('button', { name: 'Continue to checkout' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout.getByRole('heading', { name: 'Pickup time' })).toBeVisible();
  return checkout;
}

/** ASAP when the server offers it, else the first offered slot (preselected); skips only when nothing at all is offered. */
async function choosePickup(checkout: Locator) {
  const none = checkout.getByText('No pickup times are available right now.', { exact: false });
  test.skip(
    await none.isVisible(),
    'The server offers neither ASAP nor any pickup slot at this moment (its own clock and the tenant hours)',
  );
  const asap = checkout.getByRole('radio', { name: 'As soon as possible' });
  if (await asap.isVisible()) await asap.check();
  else await expect(checkout.getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
  await expect(checkout.getByText(/^Preparation time: about \d/)).toBeVisible();
}

async function fillForm(checkout: Locator, email: string, card: string) {
  await checkout.getByRole('radio', { name: 'Social media' }).check();
  await checkout.getByRole('textbox', { name: /^Full name/ }).fill('Dana Diner');
  await checkout.getByRole('textbox', { name: /^Email/ }).fill(email);
  await checkout.getByRole('textbox', { name: /^Phone number/ }).fill('4165550101');
  await expect(checkout.getByRole('textbox', { name: /^Phone number/ })).toHaveValue('416-555-0101');
  await checkout.getByRole('textbox', { name: /^Card number/ }).fill(card);
  await checkout.getByRole('textbox', { name: /^Expiry date/ }).fill('1230');
  await expect(checkout.getByRole('textbox', { name: /^Expiry date/ })).toHaveValue('12/30');
  await checkout.getByRole('textbox', { name: /^Security code/ }).fill('123');
  await checkout.getByRole('textbox', { name: /^Postal code/ }).fill('K1K1Y1');
}

const placeButton = (checkout: Locator) => checkout.getByRole('button', { name: /^Place order/ });

test('a guest places a takeout pickup order with the approved test card and sees the confirmation; a receipt is queued', async ({
  page,
  request,
}) => {
  const checkout = await openCheckout(page);
  await choosePickup(checkout);
  const email = uniqueEmail('guest');
  await fillForm(checkout, email, APPROVED);
  await expect(checkout.getByRole('textbox', { name: /^Card number/ })).toHaveValue('4242-4242-4242-4242');
  await expect(checkout.getByText('Card type: Visa')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await placeButton(checkout).click();
  const confirmed = page.getByRole('dialog', { name: 'Order confirmed' });
  await expect(confirmed.getByText('Thank you! Your order has been placed.')).toBeVisible();
  const number = confirmed.getByRole('term').filter({ hasText: 'Order number' }).locator('xpath=following-sibling::dd[1]');
  await expect(number).toHaveText(/^\d+$/);
  await expect(confirmed.getByRole('term').filter({ hasText: 'Total charged' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
    /^\$\d+\.\d\d$/,
  );
  await expect(confirmed.getByRole('term').filter({ hasText: 'Pickup time' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
  // The cart is empty, and so is its stored copy.
  expect(await page.evaluate(() => localStorage.getItem('servery-cart:maple-bistro'))).toBeNull();
  await confirmed.getByRole('button', { name: 'Back to the menu' }).click();
  await expect(page.getByRole('button', { name: /^View cart/ })).toHaveCount(0);
});

test('a declined card shows the error, keeps the cart and the form, and places no order', async ({ page, request }) => {
  const checkout = await openCheckout(page);
  await choosePickup(checkout);
  const email = uniqueEmail('declined');
  await fillForm(checkout, email, DECLINED);
  await placeButton(checkout).click();

  await expect(checkout.getByRole('alert').filter({ hasText: /declined|could not be completed|transaction/i })).toBeVisible();
  // The card number and CVD are to be typed again; the rest of the form stays.
  await expect(checkout.getByRole('textbox', { name: /^Card number/ })).toHaveValue('');
  await expect(checkout.getByRole('textbox', { name: /^Security code/ })).toHaveValue('');
  await expect(checkout.getByRole('textbox', { name: /^Email/ })).toHaveValue(email);
  await expect(checkout.getByRole('textbox', { name: /^Expiry date/ })).toHaveValue('12/30');
  expect(await page.evaluate(() => localStorage.getItem('servery-cart:maple-bistro'))).not.toBeNull();
  expect(await receiptsFor(request, email)).toHaveLength(0);

  // The same form with the approved card goes through: one order.
  await checkout.getByRole('textbox', { name: /^Card number/ }).fill(APPROVED);
  await checkout.getByRole('textbox', { name: /^Security code/ }).fill('123');
  await placeButton(checkout).click();
  await expect(page.getByRole('dialog', { name: 'Order confirmed' })).toBeVisible();
  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
});

test('a double click on "Place order" places one order', async ({ page, request }) => {
  const checkout = await openCheckout(page);
  await choosePickup(checkout);
  const email = uniqueEmail('double');
  await fillForm(checkout, email, APPROVED);
  await placeButton(checkout).dblclick();

  await expect(page.getByRole('dialog', { name: 'Order confirmed' })).toBeVisible();
  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
  const receipts = await receiptsFor(request, email);
  expect(new Set(receipts.map((message) => message.order_id)).size).toBe(1);
});
