import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { checkoutOf, factOf, placeAsGuest, placeDineInByApi, uniqueEmail } from './checkout-journey';
import { staffSignIn } from './ready';
import { placeBistroPickup, registerDiner } from './diner-orders';
import { arrivalOf, listenToAnnouncements } from './board-announcements';

/**
 * Records every tone the page starts (the arrival chime is two: 880 Hz then 1320 Hz,
 * apps/web/src/features/staff/arrival-sound.ts), before the app's code runs.
 */
async function listenForChimes(page: Page) {
  await page.addInitScript(() => {
    const recorded: number[] = [];
    (window as unknown as { tones: number[] }).tones = recorded;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode['start']>) {
      recorded.push(this.frequency.value);
      return start.apply(this, args);
    };
  });
}
const tones = (page: Page) => page.evaluate(() => [...(window as unknown as { tones: number[] }).tones]);

/** Staff signed in on the order board, which says it is live. */
async function boardSignIn(page: Page, email: string) {
  await staffSignIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
  await expect(page.getByText('Live: new orders appear by themselves.')).toBeVisible();
}

test("a diner's order appears on the staff board of a second browser within a second; staff move it to ready and the diner sees it", async ({
  page,
  browser,
}) => {
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const board = await staffContext.newPage();
  await listenForChimes(board);
  await boardSignIn(board, 'kitchen@maple-bistro.example.com');
  await expectNoA11yViolations(board);
  // Other journeys order meanwhile and chime too: what counts is a chime after this diner's order.
  const before = (await tones(board)).length;
  const announced = await listenToAnnouncements(board);

  // The diner, in their own browser, orders a takeout soup.
  const number = await placeAsGuest(page, await checkoutOf(page, 'Soup of the day'), uniqueEmail('board'));

  const card = board.getByRole('article', { name: `Order #${number} New!` });
  await expect(card).toBeVisible({ timeout: 1000 });
  const newColumn = board.getByRole('region', { name: /^New/ });
  await expect(newColumn.getByRole('article', { name: new RegExp(`^Order #${number}\\b`) })).toContainText('Soup of the day');
  // Its age, from when it was placed (the restaurant's targets colour it past 10 and 20 minutes).
  await expect(newColumn.getByRole('article', { name: new RegExp(`^Order #${number}\\b`) }).locator('.ticket-age')).toHaveText(
    /^Waiting [01] min$/,
  );
  await announced(arrivalOf(number));
  // The chime played for it: its two tones, high after low.
  await expect.poll(async () => (await tones(board)).slice(before, before + 2)).toEqual([880, 1320]);
  await expect(factOf(page, 'Status')).toHaveText('Placed');

  // Keyboard: focus the order, A accepts it, R marks it ready.
  const order = board.getByRole('article', { name: new RegExp(`^Order #${number}\\b`) });
  await order.focus();
  await board.keyboard.press('a');
  await expect(
    board.getByRole('region', { name: /^Accepted/ }).getByRole('article', { name: new RegExp(`^Order #${number}\\b`) }),
  ).toBeVisible();
  await order.focus();
  await board.keyboard.press('r');
  await expect(
    board.getByRole('region', { name: /^Ready/ }).getByRole('article', { name: new RegExp(`^Order #${number}\\b`) }),
  ).toBeVisible();
  // The diner's confirmation follows the order's status live (server-sent events, use-order-status.ts).
  await expect(factOf(page, 'Status')).toHaveText('Ready', { timeout: 8000 });

  // The kitchen ticket prints only the order.
  await board.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await order.getByRole('button', { name: `Print ticket for order #${number}` }).click();
  await expect.poll(() => board.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(board.locator('.staff-ticket')).toContainText('Soup of the day');
  await board.screenshot({ path: '/tmp/staff-shots/board-en-desktop.png', fullPage: true });
  await staffContext.close();
});

test('an order placed while staff are on another screen is on the board as soon as they come back to it', async ({ browser, request }) => {
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const board = await staffContext.newPage();
  await boardSignIn(board, 'kitchen@maple-bistro.example.com');
  await board.getByRole('link', { name: 'Availability' }).click();
  await expect(board.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
  const { number } = await placeDineInByApi(request);
  await board.getByRole('link', { name: 'Order board' }).click();
  // Well inside the board's 30-second refresh: the kept list is read again once the stream is open.
  await expect(board.getByRole('article', { name: new RegExp(`^Order #${number}\\b`) })).toBeVisible({ timeout: 3000 });
  await staffContext.close();
});

test('staff cancel an order with a reason, in French, and the board has no accessibility violations at 360 px', async ({
  page,
  request,
}) => {
  await listenForChimes(page);
  await boardSignIn(page, 'kitchen@maple-bistro.example.com');
  // With the sound off, a new order flashes and is announced without a chime.
  const sound = page.getByRole('button', { name: 'Sound for new orders' });
  await sound.click();
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  // Other journeys' orders may have chimed before the switch: none may after it.
  const heard = await tones(page);
  const announced = await listenToAnnouncements(page);
  const { number } = await placeDineInByApi(request);
  const order = page.getByRole('article', { name: new RegExp(`^Order #${number}\\b`) });
  // The arrival time is the other test's check; this one is about the cancel.
  await expect(order).toBeVisible();
  await announced(arrivalOf(number));
  expect(await tones(page)).toEqual(heard);
  await expect(order).toContainText('table 9');

  await page.getByRole('button', { name: 'Français' }).click();
  const commande = page.getByRole('article', { name: new RegExp(`^Commande no ${number}\\b`) });
  await commande.getByRole('button', { name: `Annuler la commande no ${number}` }).click();
  await commande.getByRole('button', { name: `Annuler la commande no ${number}` }).click();
  await expect(commande.getByText('Écrivez pourquoi, en quelques mots.')).toBeVisible();
  await commande.getByLabel('Raison (le client peut la voir)').fill('Plus de soupe');
  await expectNoA11yViolations(page);
  await commande.getByRole('button', { name: `Annuler la commande no ${number}` }).click();
  const done = page.getByRole('region', { name: /^Terminées/ }).getByRole('article', { name: new RegExp(`^Commande no ${number}\\b`) });
  await expect(done).toContainText('Raison : Plus de soupe');
  // The done column holds completed, cancelled and refunded orders alike: the card says which.
  await expect(done.locator('.staff-card__outcome')).toHaveText('Annulée');
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: '/tmp/staff-shots/board-fr-360.png', fullPage: false });
  await page.getByRole('button', { name: 'English' }).click();
});

test("an order the diner cancelled for account credit says so on the manager's board, in English and French", async ({ page, request }) => {
  const diner = await registerDiner(request, 'board-credit');
  const order = await placeBistroPickup(request, diner);
  const cancelled = await request.put(`/api/auth/orders/cancel-scheduled-order/${order.id}`, {
    headers: { 'X-Restaurant-Id': 'maple-bistro', Authorization: `Bearer ${diner.token}` },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const amount = (order.costs.totalWithTip / 100).toFixed(2);

  await page.setViewportSize({ width: 360, height: 800 });
  await boardSignIn(page, 'manager@maple-bistro.example.com');
  const card = page.getByRole('region', { name: /^Done/ }).getByRole('article', { name: new RegExp(`^Order #${order.number}\\b`) });
  // Its card's charge stands (decision 0138): no refund is offered, and the card does not read as one.
  await expect(card.locator('.staff-card__outcome')).toHaveText(
    `Cancelled for account credit: $${amount} is the diner’s to spend here; the card’s charge stands.`,
  );
  await expect(card.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole('button', { name: 'Français' }).click();
  const carte = page
    .getByRole('region', { name: /^Terminées/ })
    .getByRole('article', { name: new RegExp(`^Commande no ${order.number}\\b`) });
  await expect(carte.locator('.staff-card__outcome')).toHaveText(
    `Annulée contre un crédit au compte : ${amount.replace('.', ',')}\u00a0$ à dépenser ici par le client; le débit de la carte est maintenu.`,
  );
  await page.screenshot({ path: '/tmp/staff-shots/board-credit-fr-360.png', fullPage: true });
});
