import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { openPage } from './ready';

test('the demo diner logs in, sees their profile, logs out, and /profile then asks to log in', async ({ page }) => {
  await openPage(page, '/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await page.getByLabel('Email').fill('diner@example.com');
  await page.getByLabel('Password').fill('Demo1234!');
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
  await expect(page.getByText('Signed in as Dana Diner')).toBeVisible();

  // A reload restores the session from storage.
  await page.reload();
  await expect(page.getByText('Signed in as Dana Diner')).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  await openPage(page, '/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test('a wrong password shows the localised error', async ({ page }) => {
  await openPage(page, '/login');
  await page.getByLabel('Email').fill('diner@example.com');
  await page.getByLabel('Password').fill('Wrong1234!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is incorrect.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the login screen has no serious accessibility violations in English and French', async ({ page }) => {
  await openPage(page, '/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(page.getByLabel('Courriel')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
