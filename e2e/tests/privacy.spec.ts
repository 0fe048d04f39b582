/**
 * A parent downloads everything we keep about them and deletes their account from the profile
 * screen (docs/decisions/0038-account-export-and-erasure.md), in English and French at 390 px.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openPage } from './ready';

const SHOTS = process.env.PRIVACY_SHOTS_DIR ?? path.join(os.tmpdir(), 'servery-privacy-shots');
const PASSWORD = 'Secret12!';

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

test.use({ viewport: { width: 390, height: 844 } });

test('a parent downloads their data, then deletes the account and cannot sign in again', async ({ page, request }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const email = `privacy-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await request.post('/api/auth/register-user', {
    data: { firstName: 'Pat', lastName: 'Parent', email, password: PASSWORD, phoneNumber: '416-555-0142' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { token } = (await registered.json()) as { token: string };
  const student = await request.post('/api/auth/students', {
    headers: { 'X-Restaurant-Id': 'maple-school', Authorization: `Bearer ${token}` },
    data: {
      firstName: 'Sam',
      lastName: 'Parent',
      school: 'Maple Grove Public School',
      grade: '3',
      classroom: '103',
      teacher: 'Mme Roy',
      allergens: ['Peanuts'],
    },
  });
  expect(student.status(), await student.text()).toBe(200);

  // Signed in at Maple Bistro: the student, kept at Maple School, is in the file all the same.
  await openPage(page, `/login?restaurant=maple-bistro&redirect=${encodeURIComponent('/profile')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();

  // The file holds the student and no card number or secret.
  await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^servery-account-\d{4}-\d{2}-\d{2}\.json$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  const data = JSON.parse(text) as { profile: { email: string }; students: Array<{ firstName: string; allergens: string[] }> };
  expect(data.profile.email).toBe(email);
  expect(data.students).toEqual([expect.objectContaining({ firstName: 'Sam', allergens: ['Peanuts'] })]);
  expect(text).not.toContain(token);
  expect(text).not.toContain('scrypt$');

  await noSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await page.getByRole('heading', { level: 2, name: 'Your data' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'privacy-en.png'), fullPage: true });

  // The dialog opens on Cancel (the safe answer); Escape closes it and gives focus back.
  const deleteButton = page.getByRole('button', { name: 'Delete my account', exact: true });
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();

  // In French: the section, the dialog, and a wrong password refused in French, changing nothing.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Vos données' })).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Supprimer mon compte', exact: true }).click();
  const dialogFr = page.getByRole('dialog', { name: 'Supprimer votre compte?' });
  await expect(dialogFr).toBeVisible();
  await dialogFr.getByRole('button', { name: 'Supprimer mon compte définitivement' }).click();
  await expect(dialogFr.getByRole('alert')).toHaveText('Saisissez votre mot de passe (ou votre courriel) pour confirmer.');
  await dialogFr.getByLabel('Votre mot de passe').fill('Wrong-password-1');
  await dialogFr.getByRole('button', { name: 'Supprimer mon compte définitivement' }).click();
  await expect(dialogFr.getByRole('alert')).toContainText('Votre compte n’a pas été supprimé');
  await noSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'privacy-dialog-fr.png') });

  // The right password: signed out, sent home (the restaurant's menu), told so.
  await dialogFr.getByLabel('Votre mot de passe').fill(PASSWORD);
  await dialogFr.getByRole('button', { name: 'Supprimer mon compte définitivement' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Votre compte est supprimé.' })).toBeVisible();
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/maple-bistro(\?|$)/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: path.join(SHOTS, 'privacy-deleted-fr.png') });
  // The session ends once the profile screen has gone (features/account/account-privacy.tsx), which a
  // navigation in a transition may finish a moment after the address changed.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => (localStorage.getItem(key) ?? '').includes('token'))))
    .toEqual([]);

  // The account is gone: its session no longer works and the password signs nobody in.
  const session = await request.post('/api/auth/get-user-snapshot', {
    headers: { 'X-Restaurant-Id': 'maple-school', Authorization: `Bearer ${token}` },
  });
  expect(session.status()).toBe(401);
  await openPage(page, `/login?restaurant=maple-school&redirect=${encodeURIComponent('/profile')}`);
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The e-mail or password is incorrect.' })).toBeVisible();
});
