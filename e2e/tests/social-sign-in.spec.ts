/**
 * Social sign-in through a real OpenID Connect authorization-code flow with PKCE
 * (docs/decisions/0117-social-sign-in-code-flow.md): the main server offers the local test provider
 * (oidc-provider, started beside it by e2e/server.mjs), whose sign-in page the diner fills in.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openPage } from './ready';

const TEST_USER = { email: 'sam.social@example.test', password: 'test-provider' };
const header = (page: Page, name: string) => page.getByRole('banner').getByRole('navigation', { name });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
}

/** The test provider's own page: the test user signs in (it asks for no consent: a first-party test client). */
async function signInAtTestProvider(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Test provider' })).toBeVisible();
  await page.getByLabel('E-mail').fill(TEST_USER.email);
  await page.getByLabel('Password').fill(TEST_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.use({ viewport: { width: 390, height: 844 } });

test('a diner continues with the test provider from a restaurant and is back on it, signed in', async ({ page }, testInfo) => {
  await openPage(page, '/maple-bistro');
  await header(page, 'Restaurant').getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  const start = page.getByRole('link', { name: 'Continue with Test provider (demo)' });
  await expect(start).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('social-login-en-390.png'), fullPage: true });

  await start.click();
  await signInAtTestProvider(page);

  // Back on the restaurant, signed in.
  await expect(page).toHaveURL((url) => url.pathname === '/maple-bistro');
  await expect(header(page, 'Restaurant').getByRole('link', { name: 'Account' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await header(page, 'Restaurant').getByRole('link', { name: 'Account' }).click();
  await expect(page.getByText('Signed in as Sam Social')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('social-profile-en-390.png'), fullPage: true });
});

test('en français, une personne annule chez le fournisseur, le lit clairement, puis se connecte', async ({ page }, testInfo) => {
  await openPage(page, '/maple-bistro');
  await page.getByRole('button', { name: 'Français' }).click();
  await header(page, 'Restaurant').getByRole('link', { name: 'Se connecter' }).click();
  const start = page.getByRole('link', { name: 'Continuer avec le fournisseur de test (démo)' });
  await start.click();

  // Cancelled at the provider: back on the sign-in screen with a message in French.
  await expect(page.getByRole('heading', { level: 1, name: 'Test provider' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'La connexion avec le fournisseur a été annulée ou refusée. Vous pouvez réessayer ou utiliser votre courriel et votre mot de passe.',
  );
  await expect(page).toHaveURL((url) => url.pathname === '/login' && !url.search.includes('socialError'));
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('social-cancelled-fr-390.png'), fullPage: true });

  await start.click();
  await signInAtTestProvider(page);
  await expect(page).toHaveURL((url) => url.pathname === '/maple-bistro');
  await expect(header(page, 'Restaurant').getByRole('link', { name: 'Compte' })).toBeVisible();
  await header(page, 'Restaurant').getByRole('link', { name: 'Compte' }).click();
  await expect(page.getByText('Connecté en tant que Sam Social')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('social-profile-fr-390.png'), fullPage: true });
});
