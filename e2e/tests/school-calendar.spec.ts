/**
 * A parent's month calendar per child (issue 30, item 3; docs/decisions/0115-k12-month-calendar.md),
 * on the school server of playwright.config.ts: its clock starts at Tuesday 24 November 2026, 1 p.m.
 * in Toronto (the cut-off is the start of Friday 27; 20 days ahead is Monday 14 December), and the
 * browser's clock is pinned to the same instant. A parent of our own has a meal placed for Friday 27
 * (through the API, as the week's checkout places it): the calendar counts it in the day's limit.
 */
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { schoolBaseURL } from '../playwright.config';
import { expectNoA11yViolations } from './axe';
import { uniqueEmail } from './checkout-journey';
import { openPage } from './ready';
import { cardToken, dayHeading, noSidewaysScrollDownTo320, schoolWeek, SERVER_NOW, SHOTS } from './school-journey';

test.use({ baseURL: schoolBaseURL });

const SCHOOL = { slug: 'maple-school', id: 102 };
const PASSWORD = 'Demo1234!';
const ORDERED_DAY = '2026-11-27';
// Friday 27 November is week 1 of the rotation: menu 2014, whose meal is the cheese pizza (two required
// choices, the first of each free).
const PIZZA = {
  id: 2108,
  menu_id: 2014,
  section_id: 2054,
  price: 700,
  options: [
    [2516, 2656],
    [2517, 2660],
  ] as const,
};

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(SERVER_NOW);
});

/** A new parent with one child, Ivy Calendar, who has one pizza on Friday 27 November. */
async function familyWithMeal(request: APIRequestContext, prefix: string): Promise<{ email: string }> {
  const headers = { 'X-Restaurant-Id': String(SCHOOL.id) };
  const email = uniqueEmail(prefix);
  const registered = await request.post('/api/auth/register-user', {
    headers,
    data: { firstName: 'Cal', lastName: 'Endar', email, password: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { token } = (await registered.json()) as { token: string };
  const signedIn = { ...headers, Authorization: `Bearer ${token}` };
  const child = await request.post('/api/auth/students', {
    headers: signedIn,
    data: { firstName: 'Ivy', lastName: 'Calendar', school: 'Maple Grove Public School', grade: '2', classroom: '103', teacher: 'Mme Roy' },
  });
  expect(child.status(), await child.text()).toBe(200);
  const studentId = ((await child.json()) as { student: { id: number } }).student.id;
  // The day is open at the server's clock, with the pizza's menu.
  const week = await schoolWeek(request, SCHOOL, '2026-11-23');
  expect(week.days.find((day) => day.date === ORDERED_DAY)).toMatchObject({
    orderable: true,
    menu_ids: expect.arrayContaining([PIZZA.menu_id]),
  });
  const placed = await request.post('/api/orders/create-k12-order', {
    headers: { ...signedIn, 'Idempotency-Key': `calendar-${Date.now()}-${Math.random().toString(36).slice(2, 10)}` },
    data: {
      data: {
        rotationalMenuOrders: [
          {
            date: ORDERED_DAY,
            orderId: 1,
            studentId,
            items: [
              {
                id: PIZZA.id,
                menu_id: PIZZA.menu_id,
                section_id: PIZZA.section_id,
                orderId: 1,
                quantity: 1,
                orderPrice: PIZZA.price,
                orderOptions: PIZZA.options.map(([group, value]) => ({
                  id: group,
                  values: [{ id: value, quantity: 1, adjustedPrice: 0 }],
                })),
              },
            ],
          },
        ],
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          card: { token: await cardToken(request, SCHOOL) },
          contact: { full_name: 'Cal Endar', email, phone_number: '416-555-0199' },
        },
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return { email };
}

async function signInToCalendar(page: Page, email: string): Promise<void> {
  await openPage(page, `/login?redirect=%2F${SCHOOL.slug}%2Fcalendar`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SCHOOL.slug}/calendar$`));
}

const dayButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test('a parent sees the month: the meal ordered counted in the day’s limit, closed days, the cut-offs; moves a month by keyboard and opens a day in the week view', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { email } = await familyWithMeal(request, 'school-calendar');
  await signInToCalendar(page, email);

  await expect(page.getByRole('heading', { level: 2, name: 'November 2026: Ivy Calendar' })).toBeVisible();
  // Today, Tuesday 24, is marked, and already past its cut-off.
  const today = dayButton(page, `${dayHeading('2026-11-24', 'en-CA')}: 0 of 2 meals ordered, ordering closed`);
  await expect(today).toHaveAttribute('aria-current', 'date');
  // The meal placed counts: 1 of 2, and the day can be ordered until tonight, the end of its last day.
  const ordered = dayButton(page, `${dayHeading(ORDERED_DAY, 'en-CA')}: 1 of 2 meals ordered, order by Tuesday, November 24, 11:59 PM`);
  await expect(ordered).toContainText('1/2');
  // A school day past its cut-off, and a day without school meals.
  await expect(dayButton(page, `${dayHeading('2026-11-25', 'en-CA')}: 0 of 2 meals ordered, ordering closed`)).toContainText('×');
  await expect(dayButton(page, `${dayHeading('2026-11-28', 'en-CA')}: weekend`)).toBeVisible();

  await ordered.click();
  const details = page.getByRole('region', { name: dayHeading(ORDERED_DAY, 'en-CA') });
  await expect(details.getByText('Ivy Calendar: 1 of 2 meals ordered')).toBeVisible();
  await expect(details.getByRole('list', { name: 'Ordered for this day' }).getByRole('listitem')).toHaveText([
    '1 × Cheese pizza (2 slices)',
  ]);
  await expect(details.getByRole('link', { name: `Order meals for ${dayHeading(ORDERED_DAY, 'en-CA')}` })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'calendar-en-390.png'), fullPage: true });
  await noSidewaysScrollDownTo320(page);

  // The next month, by keyboard.
  await page.getByRole('button', { name: 'Next month' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'December 2026: Ivy Calendar' })).toBeVisible();
  await expect(dayButton(page, `${dayHeading('2026-12-21', 'en-CA')}: school closed`)).toContainText('–');
  // 21 days ahead: not open yet, and when it opens.
  await expect(
    dayButton(page, `${dayHeading('2026-12-15', 'en-CA')}: 0 of 2 meals ordered, ordering opens Wednesday, November 25, 12:00 AM`),
  ).toBeVisible();
  await noSidewaysScrollDownTo320(page);

  // A day open for ordering, chosen by keyboard, leads to the week view at its week.
  const monday = dayButton(page, `${dayHeading('2026-12-07', 'en-CA')}: 0 of 2 meals ordered, order by Friday, December 4, 11:59 PM`);
  await monday.focus();
  await page.keyboard.press('Enter');
  await expect(monday).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: `Order meals for ${dayHeading('2026-12-07', 'en-CA')}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${SCHOOL.slug}\\?selectedWeek=2026-12-07$`));
  await expect(page.getByRole('heading', { level: 2, name: /^Week of Dec 7/ })).toBeVisible();
  // And the week view leads back to the calendar.
  await page.getByRole('link', { name: 'Month calendar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'November 2026: Ivy Calendar' })).toBeVisible();
});

test('in French: the same month in 24-hour time, axe clean, no sideways scroll', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { email } = await familyWithMeal(request, 'school-calendar-fr');
  await signInToCalendar(page, email);
  await page.getByRole('button', { name: 'Français' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'novembre 2026 : Ivy Calendar' })).toBeVisible();
  const ordered = dayButton(
    page,
    `${dayHeading(ORDERED_DAY, 'fr-CA')} : 1 repas commandé sur 2, commander d’ici le mardi 24 novembre, 23 h 59`,
  );
  await expect(ordered).toContainText('1/2');
  await expect(dayButton(page, `${dayHeading('2026-11-25', 'fr-CA')} : 0 repas commandé sur 2, commandes fermées`)).toBeVisible();
  await expect(dayButton(page, `${dayHeading('2026-11-28', 'fr-CA')} : fin de semaine`)).toBeVisible();
  await ordered.click();
  const details = page.getByRole('region', { name: dayHeading(ORDERED_DAY, 'fr-CA') });
  await expect(details.getByRole('listitem')).toHaveText(['1 × Pizza au fromage (2 pointes)']);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'calendar-fr-390.png'), fullPage: true });
  await noSidewaysScrollDownTo320(page);

  await page.getByRole('button', { name: 'Mois suivant' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'décembre 2026 : Ivy Calendar' })).toBeVisible();
  await expect(dayButton(page, `${dayHeading('2026-12-21', 'fr-CA')} : école fermée`)).toBeVisible();
  await dayButton(
    page,
    `${dayHeading('2026-12-07', 'fr-CA')} : 0 repas commandé sur 2, commander d’ici le vendredi 4 décembre, 23 h 59`,
  ).click();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'calendar-fr-390-december.png'), fullPage: true });
  await noSidewaysScrollDownTo320(page);
});

test('the keys move between days as in a date grid, the chosen day following, into the months around; in English and French', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { email } = await familyWithMeal(request, 'school-calendar-keys');
  await signInToCalendar(page, email);
  const heading = (name: string) => page.getByRole('heading', { level: 2, name });
  const focusedDay = (date: string, locale: 'en-CA' | 'fr-CA') =>
    expect(page.locator('button:focus')).toHaveAccessibleName(new RegExp(`^${dayHeading(date, locale)}\\s?:`));
  const chosen = (date: string) => expect(page).toHaveURL(new RegExp(`[?&]day=${date}(&|$)`));

  // One tab stop in the grid: today, until a day is chosen.
  const grid = page.getByRole('grid', { name: 'November 2026: Ivy Calendar' });
  await expect(grid.locator('button[tabindex="0"]')).toHaveCount(1);
  const today = dayButton(page, `${dayHeading('2026-11-24', 'en-CA')}: 0 of 2 meals ordered, ordering closed`);
  await expect(today).toHaveAttribute('tabindex', '0');
  await today.focus();

  // Right a day: chosen, its details shown.
  await page.keyboard.press('ArrowRight');
  await focusedDay('2026-11-25', 'en-CA');
  await expect(page.locator('button:focus')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: dayHeading('2026-11-25', 'en-CA') })).toBeVisible();
  await chosen('2026-11-25');
  // Down a week, into December; Home to the week's Monday, back in November; End to its Sunday.
  await page.keyboard.press('ArrowDown');
  await expect(heading('December 2026: Ivy Calendar')).toBeVisible();
  await focusedDay('2026-12-02', 'en-CA');
  await page.keyboard.press('Home');
  await expect(heading('November 2026: Ivy Calendar')).toBeVisible();
  await focusedDay('2026-11-30', 'en-CA');
  await page.keyboard.press('End');
  await focusedDay('2026-12-06', 'en-CA');
  // A month back and forth, then up a week and left a day.
  await page.keyboard.press('PageUp');
  await expect(heading('November 2026: Ivy Calendar')).toBeVisible();
  await focusedDay('2026-11-06', 'en-CA');
  await page.keyboard.press('PageDown');
  await focusedDay('2026-12-06', 'en-CA');
  await page.keyboard.press('ArrowUp');
  await focusedDay('2026-11-29', 'en-CA');
  await page.keyboard.press('ArrowLeft');
  await focusedDay('2026-11-28', 'en-CA');
  await chosen('2026-11-28');
  await expect(page.getByRole('grid').locator('button[tabindex="0"]')).toHaveAccessibleName(/^Saturday, November 28/);

  // In French: the chosen day keeps the tab stop; left a day to the meal ordered, then a month on.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(heading('novembre 2026 : Ivy Calendar')).toBeVisible();
  await page.getByRole('grid').locator('button[tabindex="0"]').focus();
  await focusedDay('2026-11-28', 'fr-CA');
  await page.keyboard.press('ArrowLeft');
  await focusedDay('2026-11-27', 'fr-CA');
  await expect(page.getByRole('region', { name: dayHeading(ORDERED_DAY, 'fr-CA') }).getByRole('listitem')).toHaveText([
    '1 × Pizza au fromage (2 pointes)',
  ]);
  await page.keyboard.press('PageDown');
  await expect(heading('décembre 2026 : Ivy Calendar')).toBeVisible();
  await focusedDay('2026-12-27', 'fr-CA');
  await page.keyboard.press('Home');
  await focusedDay('2026-12-21', 'fr-CA');
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'calendar-fr-390-keys.png'), fullPage: true });
  await noSidewaysScrollDownTo320(page);
});

test('the school week a French parent loads is drawn by the server as the browser draws it: no hydration mismatch', async ({ browser }) => {
  // Node's and Chromium's ICU space a date range differently ("30 nov. – 4 déc."): the week's title
  // once made React throw the server's page away (error 418) on every French load (lib/format.ts `formatDayRange`).
  const context = await browser.newContext({ baseURL: schoolBaseURL, locale: 'fr-CA', viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.clock.setFixedTime(SERVER_NOW);
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  // A week across two months: within one month both say "23–27 nov.".
  await openPage(page, '/maple-school?selectedWeek=2026-11-30');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByText(/^Affichage de la semaine du 30 nov/)).toBeAttached();
  await expect(page.getByRole('heading', { level: 2, name: /^Semaine du 30 nov\. – 4 déc\. 2026$/ })).toBeVisible();
  expect(failures).toEqual([]);
  await context.close();
});
