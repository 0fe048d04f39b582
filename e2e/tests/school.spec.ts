import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, localDate, weekStart } from '../../packages/domain/src/school-days';
import { zonedInstant } from '../../packages/domain/src/price-schedule';
import { expectNoSeriousA11yViolations } from './axe';
import { openPage } from './ready';

const SHOTS = process.env.SCHOOL_SHOTS_DIR ?? path.join(os.tmpdir(), 'servery-school-shots');
const SCHOOL = { slug: 'maple-school', id: 102 };
const ZONE = 'America/Toronto';
const PARENT = { email: 'parent@example.com', password: 'Demo1234!' };

// The server's clock started at today's 1 p.m. in Toronto (e2e/server.mjs, decision 0014) and it
// decides the cut-off; the browser's clock is pinned to the same day, so both agree on the week.
const TODAY = localDate(new Date(), ZONE);
const [year, month, day] = TODAY.split('-').map(Number) as [number, number, number];
const SERVER_NOW = zonedInstant(ZONE, year, month, day, 13, 0);

interface SchoolDays {
  cutoff: string;
  days: Array<{ date: string; menu_ids: number[]; orderable: boolean }>;
}

/** What the server says of a week (Monday to Friday), closed days included: the screen must show the same. */
async function schoolWeek(request: APIRequestContext, monday: string): Promise<SchoolDays> {
  const query = new URLSearchParams({ start_date: monday, end_date: addDays(monday, 4), ordering_menus: 'false' });
  const response = await request.get(`/api/rotational-menus?${query.toString()}`, { headers: { 'X-Restaurant-Id': String(SCHOOL.id) } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SchoolDays;
}

/** The nearest week up to today's with a school day past the cut-off (today's week, or one before it). */
async function weekWithClosedDay(request: APIRequestContext): Promise<{ monday: string; week: SchoolDays } | null> {
  for (let back = 0; back < 6; back++) {
    const monday = addDays(weekStart(TODAY), -7 * back);
    const week = await schoolWeek(request, monday);
    if (week.days.some((entry) => !entry.orderable)) return { monday, week };
  }
  return null;
}

const dayHeading = (date: string, locale: 'en-CA' | 'fr-CA') =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

async function expectWeek(page: Page, week: SchoolDays, locale: 'en-CA' | 'fr-CA' = 'en-CA') {
  const closed = locale === 'en-CA' ? 'Ordering closed for this day' : 'Commandes fermées pour cette journée';
  if (week.days.length === 0) {
    await expect(
      page.getByText(locale === 'en-CA' ? 'There are no school days with meals this week.' : /Il n’y a aucun jour d’école/),
    ).toBeVisible();
    return;
  }
  await expect(page.getByRole('article')).toHaveCount(week.days.length);
  for (const entry of week.days) {
    const card = page.getByRole('article', { name: dayHeading(entry.date, locale) });
    await expect(card.getByRole('heading', { level: 3 })).toBeVisible();
    // Every day shows its menus (their names are h4) with their items.
    await expect(card.getByRole('heading', { level: 4 })).toHaveCount(entry.menu_ids.length);
    await expect(card.getByText(closed)).toHaveCount(entry.orderable ? 0 : 1);
  }
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(SERVER_NOW);
});

test('a guest is sent to sign in and comes back to the same week; weeks move, reload and speak French', async ({ page, request }) => {
  const found = await weekWithClosedDay(request);
  test.skip(found === null, 'No school days in the last weeks (summer holidays): nothing to show closed.');
  const { monday, week } = found!;

  await openPage(page, `/${SCHOOL.slug}?selectedWeek=${monday}`);
  await expect(page).toHaveURL(/\/login\?/);
  const login = new URL(page.url());
  expect(login.searchParams.get('selectedWeek')).toBe(monday);
  expect(login.searchParams.get('redirect')).toBe(`/${SCHOOL.slug}`);
  await page.getByLabel('Email').fill(PARENT.email);
  await page.getByLabel('Password').fill(PARENT.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SCHOOL.slug}\\?selectedWeek=${monday}$`));

  await expect(page.getByRole('heading', { level: 1, name: 'Hot lunch' })).toBeVisible();
  await expect(page).toHaveTitle('Hot lunch');
  await expectWeek(page, week);
  await expect(page.getByText('Ordering closed for this day').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Next week, then back: the address follows, and the screen shows what the server says of each week.
  const following = addDays(monday, 7);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page).toHaveURL(new RegExp(`selectedWeek=${following}$`));
  await expectWeek(page, await schoolWeek(request, following));
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page).toHaveURL(new RegExp(`selectedWeek=${monday}$`));
  await expectWeek(page, week);

  // A reload keeps the week.
  await page.reload();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(page).toHaveURL(new RegExp(`selectedWeek=${monday}$`));
  await expectWeek(page, week);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, 'school-en-390.png'), fullPage: true });
  await page.screenshot({ path: path.join(SHOTS, 'school-en-390-top.png') });
  await page.setViewportSize({ width: 320, height: 700 });
  await noSidewaysScroll(page);

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('button', { name: 'Semaine suivante' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Semaine précédente' })).toBeVisible();
  await expectWeek(page, week, 'fr-CA');
  await noSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, 'school-fr-390.png'), fullPage: true });
  await page.screenshot({ path: path.join(SHOTS, 'school-fr-390-top.png') });
});

test('a signed-in parent lands on the current week, or the cut-off’s when that is later', async ({ page, request }) => {
  await openPage(page, `/login?redirect=%2F${SCHOOL.slug}`);
  await page.getByLabel('Email').fill(PARENT.email);
  await page.getByLabel('Password').fill(PARENT.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SCHOOL.slug}$`));

  const { cutoff } = await schoolWeek(request, weekStart(TODAY));
  const current = weekStart(TODAY);
  const cutoffWeek = weekStart(localDate(new Date(cutoff), ZONE));
  const expected = cutoffWeek > current ? cutoffWeek : current;
  await expectWeek(page, await schoolWeek(request, expected));
  // Next from the default week names the week after it in the address.
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page).toHaveURL(new RegExp(`selectedWeek=${addDays(expected, 7)}$`));
  await page.setViewportSize({ width: 412, height: 915 });
  await noSidewaysScroll(page);
});
