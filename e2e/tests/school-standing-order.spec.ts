import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { schoolBaseURL } from '../playwright.config';
import { expectNoA11yViolations } from './axe';
import { keepSession, openPage } from './ready';
import { noSidewaysScroll, SERVER_NOW, SHOTS } from './school-journey';

// "Repeat this week" and a standing weekly order (decision 0118) on maple-school, on the school server
// of playwright.config.ts: its clock starts at Tuesday 24 November 2026, 1 p.m. in Toronto, so the
// cut-off is the start of Friday 27; the browser's clock is pinned to the same instant. The week of
// 30 November is rotation week 2 (Monday chili, Tuesday tacos, Friday pizza); the week of 7 December
// is week 1 (Monday pasta: no chili; Tuesday tacos; Friday pizza).
test.use({ baseURL: schoolBaseURL });
test.describe.configure({ timeout: 180_000 });

const SCHOOL = 'maple-school';
/** Week ranges as Intl writes them ("Nov 30–Dec 4, 2026", its dash and spaces the browser's own). */
const WEEK = 'Nov 30\\s?–\\s?Dec 4, 2026';
const NEXT = 'Dec 7\\s?–\\s?11, 2026';
const choices = (pairs: number[][]) =>
  pairs.map(([group, value]) => ({ id: group, values: [{ id: value, quantity: 1, adjustedPrice: 0 }] }));
const CHILI = {
  id: 2110,
  menu_id: 2015,
  section_id: 2055,
  quantity: 1,
  orderPrice: 775,
  orderOptions: choices([
    [2520, 2670],
    [2521, 2674],
  ]),
};
const TACOS = {
  id: 2102,
  menu_id: 2011,
  section_id: 2051,
  quantity: 1,
  orderPrice: 750,
  orderOptions: choices([
    [2504, 2614],
    [2505, 2618],
  ]),
};
const PIZZA = {
  id: 2108,
  menu_id: 2014,
  section_id: 2054,
  quantity: 1,
  orderPrice: 700,
  orderOptions: choices([
    [2516, 2656],
    [2517, 2660],
  ]),
};

/** A family of its own with one child, a saved Visa and the week of 30 November ordered (Monday, Tuesday, Friday). */
async function familyWithAWeek(request: APIRequestContext, tag: string) {
  const email = `standing-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await request.post('/api/auth/register-user', {
    headers: { 'X-Restaurant-Id': SCHOOL },
    data: { firstName: 'Sam', lastName: 'Martin', email, password: 'Demo1234!', phoneNumber: '416-555-0199' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { token, user } = (await registered.json()) as { token: string; user: { id: number } };
  const auth = { Authorization: `Bearer ${token}`, 'X-Restaurant-Id': SCHOOL };
  const child = await request.post('/api/auth/students', {
    headers: auth,
    data: { firstName: 'Zoé', lastName: 'Martin', school: 'Maple Grove Public School', grade: '2', classroom: '103', teacher: 'Mme Roy' },
  });
  expect(child.status(), await child.text()).toBe(200);
  const studentId = ((await child.json()) as { student: { id: number } }).student.id;
  const card = await request.post('/api/auth/payment-method', {
    headers: auth,
    data: { card: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M2N5N8' } },
  });
  expect(card.status(), await card.text()).toBe(200);
  const paymentCardId = ((await card.json()) as { paymentMethod: { paymentCardId: string } }).paymentMethod.paymentCardId;
  const days: Array<[string, typeof CHILI]> = [
    ['2026-11-30', CHILI],
    ['2026-12-01', TACOS],
    ['2026-12-04', PIZZA],
  ];
  const placed = await request.post('/api/orders/create-k12-order', {
    headers: { ...auth, 'Idempotency-Key': `standing-e2e-${Date.now()}-${Math.floor(Math.random() * 1e9)}` },
    data: {
      data: {
        rotationalMenuOrders: days.map(([date, item], index) => ({
          date,
          orderId: index + 1,
          studentId,
          items: [{ ...item, orderId: 1 }],
        })),
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          chosenCreditCard: paymentCardId,
          contact: { full_name: 'Sam Martin', email, phone_number: '416-555-0199' },
        },
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return { token, userId: user.id };
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

test('a parent repeats a week, makes it the standing order, skips a day; the job places the others', async ({ page, request }) => {
  await page.clock.setFixedTime(SERVER_NOW);
  await keepSession(page, await familyWithAWeek(request, 'en'));
  await openPage(page, `/${SCHOOL}/standing-orders`);
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly lunches' })).toBeVisible();
  const child = page.getByRole('region', { name: 'Zoé Martin' });
  await expect(child.getByText(new RegExp(`^${WEEK}`))).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'standing-en-390-weeks.png');

  // Repeat: the next open week's cart, chili left out (pasta day that Monday).
  await child.getByRole('button', { name: new RegExp(`^Repeat the week of ${WEEK}$`) }).click();
  const status = child.getByRole('status');
  await expect(status).toContainText(new RegExp(`The week of ${NEXT} is in your cart: 2 days\\.`));
  await expect(status).toContainText('Beef and bean chili with cornbread (Monday, November 30): not on that day’s menu next time');
  await expectNoA11yViolations(page);
  await shoot(page, 'standing-en-390-repeated.png');
  await status.getByRole('link', { name: 'Review and pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SCHOOL}\\?selectedWeek=2026-12-07$`));
  await expect(page.getByRole('heading', { name: 'Your lunch orders' })).toBeVisible();
  await expect(page.getByText('Beef soft tacos').last()).toBeVisible();
  await expect(page.getByText('Cheese pizza (2 slices)').last()).toBeVisible();

  // The standing order from the same week, then skip Tuesday 1 December.
  await openPage(page, `/${SCHOOL}/standing-orders`);
  await child.getByRole('button', { name: new RegExp(`^Order the week of ${WEEK} every week$`) }).click();
  const standing = child.getByRole('region', { name: 'Standing weekly order for Zoé Martin' });
  await expect(standing.getByText('Paid with VISA ending in 4242.')).toBeVisible();
  await expect(standing.getByText('Friday, November 27: to be placed now')).toBeVisible();
  await standing.getByRole('button', { name: 'Skip Tuesday, December 1' }).click();
  await expect(standing.getByText('Tuesday, December 1: skipped')).toBeVisible();

  // The job, at the server's clock.
  const run = await request.post('/api/dev/standing-orders/run', { data: {} });
  expect(run.status(), await run.text()).toBe(200);
  await page.reload();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  const history = standing.getByRole('list').last();
  await expect(history.getByText(/^Friday, November 27: placed, order #\d+, \$7\.00$/)).toBeVisible();
  await expect(history.getByText(/^Monday, November 30: placed, order #\d+, \$7\.75$/)).toBeVisible();
  await expect(history.getByText(/December 1/)).toHaveCount(0);
  await expect(standing.getByText('Tuesday, December 1: skipped')).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'standing-en-390-placed.png');

  // In French.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dîners de la semaine' })).toBeVisible();
  const enfant = page.getByRole('region', { name: 'Zoé Martin' });
  await expect(
    enfant.getByRole('region', { name: 'Commande hebdomadaire pour Zoé Martin' }).getByText('mardi 1 décembre : sauté'),
  ).toBeVisible();
  await expect(enfant.getByText(/^vendredi 27 novembre : commandé, commande no \d+, 7,00\s\$$/)).toBeVisible();
  // The meals in French, as the school's menu names them.
  await expect(enfant.getByText(/^Pizza au fromage/).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'standing-fr-390-placed.png');
});
