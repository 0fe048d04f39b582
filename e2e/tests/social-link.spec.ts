/**
 * Connecting a provider to an account made with a password, from the profile
 * (docs/decisions/0124-social-link-and-form-post.md): the same code flow as a sign-in, against the
 * local test provider e2e/server.mjs starts beside the main server, with the two people it offers for
 * linking (scripts/oidc-test-provider.mjs LINK_TEST_USERS), one per test so each stands alone.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openPage } from './ready';

const PASSWORD = 'Secret12!';
const ALEX = { email: 'alex.social@example.test', password: 'test-provider' };
const CAMILLE = { email: 'camille.social@example.test', password: 'test-provider' };
let people = 0;
const newEmail = (name: string) => `${name}-${Date.now()}-${(people += 1)}@example.com`;
const header = (page: Page, name: string) => page.getByRole('banner').getByRole('navigation', { name });

test.use({ viewport: { width: 390, height: 844 } });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
}

async function register(request: APIRequestContext, firstName: string, email: string): Promise<void> {
  const response = await request.post('/api/auth/register-user', { data: { firstName, lastName: 'Password', email, password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The sign-in screen's e-mail and password form (its labels in the screen's language). */
async function logIn(page: Page, email: string, labels: { email: string; password: string; submit: string }): Promise<void> {
  await page.getByLabel(labels.email, { exact: true }).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

/** The test provider's own page (English only: it is the provider's, not ours). */
async function signInAtTestProvider(page: Page, person: { email: string; password: string }): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Test provider' })).toBeVisible();
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a password account connects the test provider from its profile, then signs in with it to the same account', async ({
  page,
}, testInfo) => {
  const email = newEmail('pat-link');
  await register(page.request, 'Pat', email);
  await openPage(page, '/login?restaurant=maple-bistro');
  await logIn(page, email, { email: 'Email', password: 'Password', submit: 'Log in' });
  await expect(header(page, 'Restaurant').getByRole('link', { name: 'Account' })).toBeVisible();
  await header(page, 'Restaurant').getByRole('link', { name: 'Account' }).click();

  const providers = page.getByRole('region', { name: 'Sign-in providers' });
  await expect(providers.getByText('Test provider (demo)')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await providers.getByRole('button', { name: 'Connect Test provider (demo)' }).click();
  await signInAtTestProvider(page, ALEX);

  // Back on the profile, still signed in as Pat, with the provider connected.
  await expect(page).toHaveURL((url) => url.pathname === '/profile' && !url.search.includes('socialLinked'));
  await expect(page.getByText('Signed in as Pat Password')).toBeVisible();
  await expect(providers.getByRole('status')).toHaveText('Test provider (demo) is now connected. You can sign in to this account with it.');
  await expect(providers.getByText('Connected', { exact: true })).toBeVisible();
  await expect(providers.getByRole('button', { name: 'Disconnect Test provider (demo)' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await providers.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('social-link-en-390.png'), fullPage: true });

  // Signed out, then in with the provider: Pat's account, not a new one.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  // The provider still has Alex signed in (its own session): it sends the browser straight back.
  await page.getByRole('link', { name: 'Continue with Test provider (demo)' }).click();
  await expect(header(page, 'Restaurant').getByRole('link', { name: 'Account' })).toBeVisible();
  await header(page, 'Restaurant').getByRole('link', { name: 'Account' }).click();
  await expect(page.getByText('Signed in as Pat Password')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sign-in providers' }).getByText('Connected', { exact: true })).toBeVisible();
});

test('en français, un compte connecte le fournisseur, un autre compte se le voit refuser, puis le premier le dissocie', async ({
  page,
}, testInfo) => {
  const first = newEmail('dominique-lien');
  const second = newEmail('eli-lien');
  await register(page.request, 'Dominique', first);
  await register(page.request, 'Eli', second);
  const labels = { email: 'Courriel', password: 'Mot de passe', submit: 'Se connecter' };
  const providers = page.getByRole('region', { name: 'Fournisseurs de connexion' });

  await openPage(page, '/login?restaurant=maple-bistro');
  await page.getByRole('button', { name: 'Français' }).click();
  await logIn(page, first, labels);
  await header(page, 'Restaurant').getByRole('link', { name: 'Compte' }).click();
  await providers.getByRole('button', { name: 'Connecter Fournisseur de test (démo)' }).click();
  await signInAtTestProvider(page, CAMILLE);
  await expect(providers.getByRole('status')).toHaveText(
    'Fournisseur de test (démo) est maintenant connecté. Vous pouvez vous connecter à ce compte avec lui.',
  );
  await expect(providers.getByText('Connecté', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await providers.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('social-link-fr-390.png'), fullPage: true });

  // Another account cannot take the same provider account: said clearly, in French.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await logIn(page, second, labels);
  await header(page, 'Restaurant').getByRole('link', { name: 'Compte' }).click();
  // The provider still has Camille signed in (its own session): straight back, refused.
  await providers.getByRole('button', { name: 'Connecter Fournisseur de test (démo)' }).click();
  await expect(providers.getByRole('alert')).toHaveText(
    'Ce compte du fournisseur est déjà connecté à un autre compte ici. Connectez-vous avec lui pour utiliser ce compte, ou dissociez-le d’abord de celui-ci.',
  );
  await expect(providers.getByRole('button', { name: 'Connecter Fournisseur de test (démo)' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('social-link-refused-fr-390.png'), fullPage: true });

  // The first account has a password: it may disconnect the provider.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await logIn(page, first, labels);
  await header(page, 'Restaurant').getByRole('link', { name: 'Compte' }).click();
  await providers.getByRole('button', { name: 'Dissocier Fournisseur de test (démo)' }).click();
  await expect(providers.getByRole('status')).toHaveText(
    'Fournisseur de test (démo) est dissocié de ce compte. Vous ne pouvez plus vous y connecter avec lui.',
  );
  await expect(providers.getByRole('button', { name: 'Connecter Fournisseur de test (démo)' })).toBeVisible();
  await expectNoA11yViolations(page);
});
