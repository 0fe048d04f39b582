import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openMenu, quickAdd } from './checkout-journey';
import { apiSignIn, openPage } from './ready';

const PASSWORD = 'Secret12!';
let people = 0;
const newEmail = (name: string) => `${name}-${Date.now()}-${(people += 1)}@example.com`;

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a diner registers, signs out, signs in and edits the profile', async ({ page }) => {
  const email = newEmail('ada');
  // The diner looks at a restaurant first: sign-up and login bring them back to it.
  await openPage(page, '/maple-bistro');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await openPage(page, '/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByText('At least 8 characters, with an uppercase letter')).toBeVisible();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('4165550199');
  await expect(page.getByLabel('Phone number')).toHaveValue('416-555-0199');
  await page.getByLabel('Password').fill('weakpass');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Use at least one uppercase letter')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/maple-bistro$/);
  // A registration shows no welcome banner.
  await expect(page.getByText('Welcome, Ada!')).toHaveCount(0);

  await openPage(page, '/profile');
  await expect(page.getByText('Signed in as Ada Lovelace')).toBeVisible();
  // A restored session is welcomed, until the diner dismisses it.
  await expect(page.getByText('Welcome, Ada!')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss the welcome message' }).click();
  await expect(page.getByText('Welcome, Ada!')).toHaveCount(0);
  // Dismissed stays dismissed: a full load restores the same sign-in without it (issue 31, defect 8).
  await page.reload();
  await expect(page.getByText('Signed in as Ada Lovelace')).toBeVisible();
  await expect(page.getByText('Welcome, Ada!')).toHaveCount(0);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await openPage(page, '/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);

  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Welcome, Ada!')).toBeVisible();

  await page.getByRole('link', { name: 'Your information' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your information' })).toBeVisible();
  await expect(page.getByLabel('Phone number')).toHaveValue('416-555-0199');
  await page.getByLabel('First name').fill('Augusta Ada');
  await page.getByLabel('Phone number').fill('(514) 555 0100');
  await expect(page.getByLabel('Phone number')).toHaveValue('514-555-0100');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your information is saved.')).toBeVisible();

  await openPage(page, '/profile');
  await expect(page.getByText('Signed in as Augusta Ada Lovelace')).toBeVisible();
  await page.getByLabel('Default tip').selectOption('18');
  await page.getByLabel('Promo code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Save my preferences' }).click();
  await expect(page.getByText('Your preferences are saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Default tip')).toHaveValue('18');
  await expect(page.getByLabel('Promo code')).toHaveValue('WELCOME10');
  await openPage(page, '/profile/user-information');
  await expect(page.getByLabel('Phone number')).toHaveValue('514-555-0100');
  await expect(page.getByLabel('First name')).toHaveValue('Augusta Ada');
});

test('the password reset link works once, and its e-mail speaks for the restaurant where the account was made', async ({ page }) => {
  const email = newEmail('reset');
  const registered = await page.request.post('/api/auth/register-user', {
    data: { firstName: 'Rita', lastName: 'Reset', email, password: PASSWORD },
    headers: { 'X-Restaurant-Id': 'maple-bistro' },
  });
  expect(registered.ok()).toBe(true);

  // The account was made at Maple Bistro; the diner last opened the canteen and asks from there.
  await openPage(page, '/login?restaurant=cantine');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a link to choose a new password is on its way' })).toBeVisible();

  const outbox = await (await page.request.get('/api/dev/outbox?limit=200')).json();
  const message = (outbox.messages as Array<{ recipient: string; subject: string; body: string }>).find(
    (entry) => entry.recipient === email,
  );
  expect(message?.subject).toBe('Maple Bistro: reset your password');
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(message?.body ?? '')?.[0];
  expect(link).toBeTruthy();
  const path = new URL(link ?? '').pathname + new URL(link ?? '').search;

  await openPage(page, path);
  await page.getByLabel('New password', { exact: true }).fill('Newpass34!');
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();

  // The second use is refused.
  await openPage(page, path);
  await page.getByLabel('New password', { exact: true }).fill('Other567!');
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByRole('alert')).toHaveText(/invalid, expired or already used/);

  await openPage(page, '/login');
  await logIn(page, email, 'Newpass34!');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Signed in as Rita Reset')).toBeVisible();
});

test('an expired session lands on /login, keeping the query', async ({ page }) => {
  const email = newEmail('expiry');
  await openPage(page, '/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Ezra');
  await page.getByLabel('Last name').fill('Expiry');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('4165550123');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // The token is revoked on the server (as an expiry or another device's logout would): the next
  // account call answers 201 and the page goes to /login with its query.
  await openPage(page, '/profile/user-information?restaurant=maple-bistro');
  await expect(page.getByLabel('First name')).toHaveValue('Ezra');
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('servery.session') ?? '{}') as { token: string });
  const revoked = await page.request.post('/api/auth/logout', { data: { accessToken: stored.token } });
  expect(revoked.ok()).toBe(true);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/login\?restaurant=maple-bistro/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('servery.session'))).toBeNull();

  // A token spoiled in storage: the restore fails and the guarded screen asks to log in.
  await page.evaluate(() => window.localStorage.setItem('servery.session', JSON.stringify({ token: 'x'.repeat(43), userId: 1 })));
  await openPage(page, '/profile?restaurant=maple-bistro');
  await expect(page).toHaveURL(/\/login\?restaurant=maple-bistro&redirect=%2Fprofile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test('a sign-in revoked on the server brings back no cart on the next full load', async ({ page }) => {
  // Signed in, with a dish in the cart the page keeps.
  const session = await apiSignIn(page.request, 'diner@example.com');
  await openMenu(page, '/maple-bistro?takeout=true');
  await page.evaluate((kept) => window.localStorage.setItem('servery.session', JSON.stringify(kept)), session);
  await openPage(page, '/maple-bistro?takeout=true');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Account' })).toBeVisible();
  await quickAdd(page, 'Add Soup of the day');

  // Another device signs out (or the session expires) on the server: the next load is a guest's, with no cart (issue 31, defect 8).
  expect((await page.request.post('/api/auth/logout', { data: { accessToken: session.token } })).ok()).toBe(true);
  await openPage(page, '/maple-bistro?takeout=true');
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^View cart/ })).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('servery-cart:maple-bistro'))).toBeNull();
});

test('a wrong password shows the localised error', async ({ page }) => {
  await openPage(page, '/login');
  await logIn(page, 'diner@example.com', 'Wrong1234!');
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is incorrect.');
  await expect(page).toHaveURL(/\/login$/);
});

test('login, sign-up and profile have no accessibility violations in English and French', async ({ page }) => {
  await openPage(page, '/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Create an account' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Créer un compte' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Retour à la connexion' }).click();

  await logIn2Fr(page);
  await expect(page).toHaveURL(/\/profile\?restaurant=maple-bistro$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres du profil' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Soutien' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('profile-fr.png'), fullPage: true });

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('profile-en.png'), fullPage: true });
});

/** The demo diner logs in from the French login page, for maple-bistro's profile. */
async function logIn2Fr(page: Page) {
  await openPage(page, '/login?restaurant=maple-bistro&redirect=%2Fprofile');
  await page.getByLabel('Courriel').fill('diner@example.com');
  await page.getByLabel('Mot de passe').fill('Demo1234!');
  await page.getByRole('button', { name: 'Se connecter' }).click();
}
