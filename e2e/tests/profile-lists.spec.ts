import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { type Diner, DINER_PASSWORD, placeBistroPickup, registerDiner } from './diner-orders';
import { openPage } from './ready';

const SHOTS = process.env.PROFILE_SHOTS_DIR ?? path.join(os.tmpdir(), 'servery-profile-lists-shots');

async function logIn(page: Page, account: Diner, redirect: string, restaurant?: string) {
  const query = new URLSearchParams();
  if (restaurant) query.set('restaurant', restaurant);
  query.set('redirect', redirect);
  await openPage(page, `/login?${query.toString()}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(DINER_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${redirect.replace(/\//g, '\\/')}`));
}

/** A scheduled pickup at Maple Bistro for the account, through the API as the diner would place it. */
async function placeScheduledOrder(request: APIRequestContext, account: Diner): Promise<{ id: string; total: number; number: number }> {
  const order = await placeBistroPickup(request, account);
  return { id: order.id, number: order.number, total: order.costs.totalWithTip };
}

test('a parent adds two students, edits one and deletes the other, in English and French', async ({ page, request }) => {
  const account = await registerDiner(request, 'students');
  await logIn(page, account, '/profile/students', 'maple-school');
  await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
  await expect(page.getByText('You have no students yet.')).toBeVisible();

  // The first student, with the school's own lists as choices; a missing field is named first.
  await page.getByRole('link', { name: 'Add a student' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a student' })).toBeVisible();
  await page.getByRole('button', { name: 'Add the student' }).click();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByText('This field is required.')).toHaveCount(6);
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Parent');
  await page.getByLabel('School').selectOption('Maple Grove Public School');
  await page.getByLabel('Grade').selectOption('3');
  await page.getByLabel('Classroom').selectOption('103');
  await page.getByLabel('Teacher').selectOption('Mme Roy');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Add the student' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sam Parent was added.' })).toBeVisible();

  await page.getByRole('link', { name: 'Add a student' }).click();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Parent');
  await page.getByLabel('School').selectOption('Cedar Ridge Middle School');
  await page.getByLabel('Grade').selectOption('7');
  await page.getByLabel('Classroom').selectOption('202');
  await page.getByLabel('Teacher').selectOption('Ms. Ahmed');
  await page.getByRole('button', { name: 'Add the student' }).click();

  const list = page.getByRole('list', { name: 'Your students' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('heading', { name: 'Sam Parent' })).toBeVisible();
  await expect(list.getByRole('heading', { name: 'Ada Parent' })).toBeVisible();
  await expect(list.getByText('Cedar Ridge Middle School')).toBeVisible();

  // Edit Sam: a new grade.
  await page.getByRole('link', { name: 'Edit Sam Parent' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit student' })).toBeVisible();
  await expect(page.getByLabel('Teacher')).toHaveValue('Mme Roy');
  await page.getByLabel('Grade').selectOption('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sam Parent was saved.' })).toBeVisible();
  const sam = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sam Parent' }) });
  await expect(sam.getByRole('definition').nth(1)).toHaveText('4');

  // Delete Ada after confirming.
  await page.getByRole('button', { name: 'Delete Ada Parent' }).click();
  await expect(page.getByText('Delete Ada Parent? This cannot be undone.')).toBeFocused();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ada Parent was deleted.' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'students-en.png'), fullPage: true });

  // The server agrees, after a reload.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your students' }).getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Élèves' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer Sam Parent' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'students-fr.png'), fullPage: true });
  await page.getByRole('link', { name: 'Modifier Sam Parent' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier l’élève' })).toBeVisible();
  await page.getByLabel('Prénom').fill('');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();
  await expect(page.getByLabel('Prénom')).toBeFocused();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'student-form-fr.png'), fullPage: true });
});

test('a diner cancels a scheduled order for credit and sees it leave the list', async ({ page, request }) => {
  const account = await registerDiner(request, 'scheduled');
  const order = await placeScheduledOrder(request, account);
  const money = `$${(order.total / 100).toFixed(2)}`;

  await logIn(page, account, '/profile/scheduled-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduled orders' })).toBeVisible();
  const link = page.getByRole('link', { name: `Order #${order.number} at Maple Bistro` });
  await expect(link).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'scheduled-en.png'), fullPage: true });

  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Scheduled order #${order.number}` })).toBeVisible();
  await expect(page.getByText('2 × Soup of the day')).toBeVisible();
  await expect(page.getByText(money, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel this order' }).click();
  await expect(page.getByText(`Its total of ${money} will be credited`, { exact: false })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'scheduled-details-en.png'), fullPage: true });
  await page.getByRole('button', { name: 'Yes, cancel the order' }).click();

  await expect(page).toHaveURL(/\/profile\/scheduled-orders$/);
  // Other parts of the page (the welcome banner) are live regions too: find ours by what it says.
  await expect(
    page.getByRole('status').filter({ hasText: new RegExp(`^\\${money} credited to your account, expires \\d{2}/\\d{2}/\\d{4}\\.$`) }),
  ).toBeVisible();
  await expect(page.getByText('You have no upcoming orders.')).toBeVisible();

  // The credit is the user's at the restaurant; a second cancel is refused with the catalogue's 443.
  const headers = { 'X-Restaurant-Id': 'maple-bistro', Authorization: `Bearer ${account.token}` };
  const credits = await request.get('/api/auth/user-credits', { headers });
  expect(((await credits.json()) as { credits: { balance: number } }).credits.balance).toBe(order.total);
  const again = await request.put(`/api/auth/orders/cancel-scheduled-order/${order.id}`, { headers });
  expect(await again.json()).toMatchObject({ code: 443, error: 'SCHEDULED_ORDER_NOT_CANCELLABLE' });

  // The cancelled order's page no longer offers a cancel; another user cannot open it at all.
  await openPage(page, `/profile/scheduled-orders/${order.id}`);
  await expect(page.getByText('Cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel this order' })).toHaveCount(0);
  const stranger = await registerDiner(request, 'stranger');
  const stolen = await request.get(`/api/auth/scheduled-orders/${order.id}`, { headers: { Authorization: `Bearer ${stranger.token}` } });
  expect(stolen.status()).toBe(404);

  // Past receipts: the order, dated and totalled, and its total credited to the account (never
  // "Refunded": the card's charge stands; decision 0138), in both languages.
  await openPage(page, '/profile/receipts');
  const receipts = page.getByRole('list', { name: 'Past receipts' });
  const fact = (term: string) => receipts.locator(`dt:text-is("${term}") + dd`);
  await expect(receipts.getByRole('heading', { name: 'Maple Bistro' })).toBeVisible();
  await expect(fact('Total')).toHaveText(money);
  await expect(fact('Credited to your account')).toHaveText(money);
  await expect(fact('Refunded')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reçus antérieurs' })).toBeVisible();
  const moneyFr = `${(order.total / 100).toFixed(2).replace('.', ',')}\u00a0$`;
  await expect(page.getByRole('list', { name: 'Reçus antérieurs' }).locator('dt:text-is("Total") + dd')).toHaveText(moneyFr);
  await expect(page.getByRole('list', { name: 'Reçus antérieurs' }).locator('dt:text-is("Crédité à votre compte") + dd')).toHaveText(
    moneyFr,
  );
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'receipts-fr.png'), fullPage: true });

  await openPage(page, '/profile/scheduled-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Commandes planifiées' })).toBeVisible();
  await expect(page.getByText('Vous n’avez aucune commande à venir.')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'scheduled-fr.png'), fullPage: true });
});
