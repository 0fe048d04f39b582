import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { placeDineInByApi } from './checkout-journey';
import { openPage, openStaffScreen, staffSignIn } from './ready';

test("a manager reads the day's sales on screen and downloads the same totals as CSV, in both languages", async ({ page }) => {
  await staffSignIn(page, 'manager@maple-bistro.example.com');
  await openStaffScreen(page, 'Sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  const totals = page.getByRole('region', { name: /^Sales of [A-Z][a-z]+ \d{1,2}, \d{4}$/ });
  await expect(totals).toBeVisible();
  await expect(page.getByRole('table').first().or(page.getByText('No sales this day.').first())).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

  // Other journeys place orders on the same server meanwhile: compare a screen and a CSV taken together.
  await expect(async () => {
    await page.reload();
    const total = await totals.locator('.staff-sales__line--total').first().locator('dd').innerText();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^sales-maple-bistro-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const row = csv.split('\r\n').find((line) => line.startsWith('summary,total,'));
    expect(row, csv).toBeDefined();
    expect(`$${row!.split(',')[3]}`).toBe(total.replace(/,/g, ''));
  }).toPass({ timeout: 30_000 });

  await page.getByLabel('From').fill('2026-01-05');
  await expect(page).toHaveURL(/[?&]date=2026-01-05/);
  await expect(page.getByRole('region', { name: 'Sales of January 5, 2026' })).toBeVisible();
  await expect(page.getByText('No sales this day.').first()).toBeVisible();

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ventes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ventes du 5 janvier 2026' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Télécharger le CSV' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: '/tmp/staff-shots/sales-fr.png', fullPage: true });
  await page.getByRole('button', { name: 'English' }).click();
});

test('the staff role does not see the sales', async ({ page }) => {
  await staffSignIn(page, 'kitchen@maple-bistro.example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Sales' })).toHaveCount(0);
  await openPage(page, '/maple-bistro/staff/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Your role on this team does not open this page. An owner can change your role.');
  await expect(page.getByText('Download the CSV')).toHaveCount(0);
});

test('a manager reads a week of sales by day and by hour, charted, and downloads it as one CSV, at 320 px', async ({ page, request }) => {
  // A sale today, whatever else this run has placed.
  await placeDineInByApi(request);
  await page.setViewportSize({ width: 320, height: 800 });
  await staffSignIn(page, 'manager@maple-bistro.example.com');
  await openStaffScreen(page, 'Sales');
  // Today is the server's: the period's last day as it answered.
  await expect(page.getByRole('region', { name: /^Sales of / })).toBeVisible();
  const today = await page.getByLabel('To').inputValue();
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const weekBefore = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From').fill(weekBefore);
  await page.getByLabel('To').fill(today);
  await expect(page).toHaveURL(new RegExp(`[?&]date=${weekBefore}.*[?&]to=${today}`));
  await expect(page.getByRole('region', { name: /^Sales from [A-Z][a-z]+ \d{1,2}, \d{4} to [A-Z][a-z]+ \d{1,2}, \d{4}$/ })).toBeVisible();

  const byDay = page.getByRole('region', { name: 'By day' });
  await expect(byDay.getByRole('row')).toHaveCount(8);
  await expect(byDay.getByRole('img', { name: /^By day, chart: / })).toBeVisible();
  // Today's sale: the hours' chart has a highest bar.
  await expect(page.getByRole('region', { name: 'By hour' }).getByRole('img', { name: /^By hour, chart: highest \$/ })).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: '/tmp/staff-shots/sales-week-320.png', fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`sales-maple-bistro-${weekBefore}_${today}.csv`);
  const days = fs
    .readFileSync((await download.path())!, 'utf8')
    .split('\r\n')
    .filter((line) => line.startsWith('day,'));
  expect(days).toHaveLength(7);
  expect(days[0]).toMatch(new RegExp(`^day,${weekBefore},`));

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('region', { name: /^Ventes du \d{1,2}(er)? [a-zéû]+ \d{4} au / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Par journée' }).getByRole('img', { name: /^Par journée, graphique : / })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: '/tmp/staff-shots/sales-week-320-fr.png', fullPage: true });
  await page.getByRole('button', { name: 'English' }).click();
});
