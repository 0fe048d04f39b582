/** What the checkout browser tests share: adding items, reaching checkout, filling it, reading the outbox. */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { OPEN, openItem, openPage } from './ready';

export const APPROVED = '4242424242424242';
export const DECLINED = '4000000000000002';

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

interface OutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  order_id: string | null;
  body: string;
}

/** The e-mails queued for one address (each test uses its own, so tests running alongside do not count). */
export async function receiptsFor(request: APIRequestContext, email: string): Promise<OutboxMessage[]> {
  const response = await request.get('/api/dev/outbox?limit=200');
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return messages.filter((message) => message.channel === 'email' && message.recipient === email);
}

/** Opens the menu at `url` with the browser's clock pinned. */
export async function openMenu(page: Page, url: string): Promise<void> {
  await page.clock.setFixedTime(OPEN);
  await openPage(page, url);
}

/** Opens an item (trying again until the page has hydrated and the click opens it) and adds it. */
export async function addItem(page: Page, name: string): Promise<void> {
  const dialog = await openItem(page, name);
  await dialog.getByRole('button', { name: 'Add to order' }).click();
  await expect(dialog).toBeHidden();
}

/** A menu card's quick "Add" (its label names the item), tried again until the cart's button shows: a click before hydration does nothing. */
/** The cart's item count on the menu's "View cart, N items" button (0 without it). */
async function cartItems(page: Page): Promise<number> {
  const button = page.getByRole('button', { name: /^(View cart|Voir le panier)/ });
  if ((await button.count()) === 0) return 0;
  return Number(/(\d+)/.exec((await button.first().getAttribute('aria-label')) ?? (await button.first().innerText()))?.[1] ?? 0);
}

/**
 * Adds an item without choices from the menu: the cart gains one. A tap lost while the menu was
 * still hydrating or changing language is tapped again, only while the count has not moved (a slow
 * add is never made twice).
 */
export async function quickAdd(page: Page, label: string): Promise<void> {
  const before = await cartItems(page);
  await expect(async () => {
    if ((await cartItems(page)) === before) await page.getByRole('button', { name: label, exact: true }).click();
    await expect.poll(() => cartItems(page), { timeout: 1500 }).toBe(before + 1);
  }).toPass();
}

export function cartDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Your cart' });
}

export async function openCart(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^View cart/ }).click();
  return cartDialog(page);
}

/** From the open cart to the checkout dialog, once it has loaded. */
export async function continueToCheckout(page: Page): Promise<Locator> {
  await cartDialog(page).getByRole('button', { name: 'Continue to checkout' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout.getByRole('heading', { name: 'Contact' })).toBeVisible();
  return checkout;
}

/** ASAP when the server offers it, else the first offered slot (preselected); skips only when nothing at all is offered. */
export async function chooseTime(checkout: Locator): Promise<void> {
  const none = checkout.getByText(/No (pickup )?times are available right now/);
  test.skip(await none.isVisible(), 'The server offers neither ASAP nor any slot at this moment (its own clock and the tenant hours)');
  const asap = checkout.getByRole('radio', { name: 'As soon as possible' });
  if (await asap.isVisible()) await asap.check();
  else await expect(checkout.getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
}

export async function fillContact(checkout: Locator, email: string): Promise<void> {
  await checkout.getByRole('textbox', { name: /^Full name/ }).fill('Dana Diner');
  await checkout.getByRole('textbox', { name: /^Email/ }).fill(email);
  await checkout.getByRole('textbox', { name: /^Phone number/ }).fill('4165550101');
}

export async function fillCard(checkout: Locator, card: string): Promise<void> {
  await checkout.getByRole('textbox', { name: /^Card number/ }).fill(card);
  await checkout.getByRole('textbox', { name: /^Expiry date/ }).fill('1230');
  await checkout.getByRole('textbox', { name: /^Security code/ }).fill('123');
  await checkout.getByRole('textbox', { name: /^Postal code/ }).fill('K1K1Y1');
}

export const placeButton = (checkout: Locator) => checkout.getByRole('button', { name: /^Place order/ });

/** The maple-bistro takeout menu (pickup), where most checkout journeys start. */
export const BISTRO_PICKUP = '/maple-bistro?takeout=true&takeoutType=pickup';

/** A guest's checkout of one item from the menu at `menu` (on any server), open and loaded. */
export async function checkoutOf(page: Page, item: string, menu = BISTRO_PICKUP): Promise<Locator> {
  await openMenu(page, menu);
  await addItem(page, item);
  await openCart(page);
  return continueToCheckout(page);
}

/**
 * The rest of a maple-bistro checkout as the guest `email`: the time, the restaurant's question
 * ("Social media"), the contact and an approved card; placed and confirmed. Returns the order number.
 */
export async function placeAsGuest(page: Page, checkout: Locator, email: string): Promise<string> {
  await fillAsGuest(checkout, email);
  await placeButton(checkout).click();
  return expectConfirmed(page);
}

/** The same checkout filled in, not yet placed: for an order the server is expected to refuse. */
export async function fillAsGuest(checkout: Locator, email: string): Promise<void> {
  await chooseTime(checkout);
  await checkout.getByRole('radio', { name: 'Social media' }).check();
  await fillContact(checkout, email);
  await fillCard(checkout, APPROVED);
}

let apiOrders = 0;

/**
 * A maple-bistro dine-in order placed straight through the API (a tokenised card, the bistro's
 * question answered), as a second diner's phone would; the order the server answers. `origin`: a
 * server of the spec's own.
 */
export async function placeDineInByApi<T = { id: string; number: number }>(
  request: APIRequestContext,
  options: { items?: object[]; tableNum?: string; tip?: string; origin?: string } = {},
): Promise<T> {
  const origin = options.origin ?? '';
  const card = await request.post(`${origin}/api/payment/tokenize`, {
    headers: { 'X-Restaurant-Id': 'maple-bistro' },
    data: { number: APPROVED, expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' },
  });
  expect(card.status(), await card.text()).toBe(200);
  const placed = await request.post(`${origin}/api/orders`, {
    headers: { 'X-Restaurant-Id': 'maple-bistro', 'Idempotency-Key': `api-dine-in-${Date.now()}-${(apiOrders += 1)}` },
    data: {
      type: 'dine_in',
      data: {
        config: { tableNum: options.tableNum ?? '9' },
        items: options.items ?? [{ id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 1, orderPrice: 800, orderOptions: [] }],
        costs: options.tip === undefined ? {} : { tip: { type: 'percentage', value: options.tip } },
        checkout: {
          paymentMethod: 'credit_card',
          contact: { full_name: 'Tess Table', email: 'tess.table@example.com', phone_number: '416-555-0109' },
          card: { token: (await card.json()).token },
          questions: [{ id: 1920, answers: [0] }],
        },
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).order as T;
}

/** The confirmation page after "Place order"; returns the order number shown. */
export async function expectConfirmed(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible();
  await expect(page.getByText('Thank you! Your order has been placed.')).toBeVisible();
  const number = factOf(page, 'Order number');
  await expect(number).toHaveText(/^\d+$/);
  return (await number.textContent()) ?? '';
}

/** The value next to a label in the confirmation's facts (dt/dd). */
export function factOf(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
}
