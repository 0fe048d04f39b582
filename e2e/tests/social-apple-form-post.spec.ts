/**
 * Signing in with a provider that posts its answer from its own site, as Sign in with Apple does
 * (`response_mode=form_post`; docs/decisions/0124-social-link-and-form-post.md). The app runs on
 * `localhost` and the provider on `127.0.0.1`: two different sites to the browser (a port alone would
 * not do), so the provider's form post is a real cross-site POST. The browser sends no SameSite=Lax
 * flow cookie with it; the app's 303 turns it into a top-level GET that carries the cookie, and the
 * sign-in completes there. The provider (scripts/oidc-test-provider.mjs, `appleLike`) puts no name in
 * its ID token and posts the names in Apple's `user` field on the first sign-in only: the new account
 * shows them. A server of this spec's own (tests/own-server.ts): its public address is localhost's.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { startOwnServer, type OwnServer } from './own-server';
import { openPage } from './ready';

/** scripts/oidc-test-provider.mjs APPLE_TEST_USER. */
const JO = { email: 'jo.apple@example.test', password: 'test-provider', name: 'Jo Pommier' };
const FLOW_COOKIE = 'socialSignInFlow';
const header = (page: Page, name: string) => page.getByRole('banner').getByRole('navigation', { name });

let server: OwnServer;
/** The app as the browser reaches it: localhost, another site than the provider's 127.0.0.1. */
let app: string;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer({ OIDC_TEST_PROVIDER: '1', OIDC_TEST_PROVIDER_APPLE: '1', E2E_PUBLIC_HOST: 'localhost' });
  app = server.baseURL.replace('//127.0.0.1:', '//localhost:');
});

test.afterAll(async () => {
  await server?.stop();
});

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
}

/** The requests the browser makes to the app's Apple callback, as sent (cookies included). */
function callbackRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/social/apple/callback') seen.push(request);
  });
  return seen;
}

/** The provider's own page, on 127.0.0.1 (English only: it is the provider's, not ours). */
async function signInAtProvider(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Test provider' })).toBeVisible();
  expect(new URL(page.url()).hostname).toBe('127.0.0.1');
  await page.getByLabel('E-mail').fill(JO.email);
  await page.getByLabel('Password').fill(JO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The provider's cross-site POST carried no flow cookie; the GET its 303 made did. Answers the
 * posted form's fields (Apple's `user` among them on a first sign-in).
 */
async function expectCrossSitePostThenGet(requests: Request[]): Promise<URLSearchParams> {
  await expect.poll(() => requests.map((request) => request.method())).toEqual(['POST', 'GET']);
  const [posted, followed] = requests as [Request, Request];
  const postHeaders = await posted.allHeaders();
  expect(postHeaders['sec-fetch-site']).toBe('cross-site');
  expect(new URL(postHeaders.origin ?? '').hostname).toBe('127.0.0.1');
  expect(postHeaders.cookie ?? '').not.toContain(`${FLOW_COOKIE}=`);
  expect(followed.redirectedFrom()).toBe(posted);
  expect((await followed.allHeaders()).cookie ?? '').toContain(`${FLOW_COOKIE}=`);
  // The names never travel in an address: the GET carries the state and code only.
  expect([...new URL(followed.url()).searchParams.keys()].sort()).toEqual(['code', 'state']);
  return new URLSearchParams(posted.postData() ?? '');
}

/** From maple-bistro's menu to the log-in screen, in the language's words; Apple's sign-in started there. */
async function continueWithApple(page: Page, text: { signIn: string; apple: string }) {
  await header(page, 'Restaurant').getByRole('link', { name: text.signIn }).click();
  const start = page.getByRole('link', { name: text.apple });
  await expect(start).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await start.click();
  await signInAtProvider(page);
  // Back on the restaurant, on localhost, signed in.
  await expect(page).toHaveURL((url) => url.hostname === 'localhost' && url.pathname === '/maple-bistro');
}

test('a first sign-in with Apple, posted from another site, makes an account named as Apple posted it', async ({ page }, testInfo) => {
  const requests = callbackRequests(page);
  await openPage(page, `${app}/maple-bistro`);
  await continueWithApple(page, { signIn: 'Log in', apple: 'Continue with Apple' });
  const posted = await expectCrossSitePostThenGet(requests);
  expect(JSON.parse(posted.get('user') ?? 'null')).toMatchObject({ name: { firstName: 'Jo', lastName: 'Pommier' } });
  await header(page, 'Restaurant').getByRole('link', { name: 'Account' }).click();
  await expect(page.getByText(`Signed in as ${JO.name}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('apple-form-post-profile-en-390.png'), fullPage: true });
});

test('en français, la connexion suivante avec Apple (sans noms envoyés) retrouve le même compte et son nom', async ({ page }, testInfo) => {
  const requests = callbackRequests(page);
  await openPage(page, `${app}/maple-bistro`);
  await page.getByRole('button', { name: 'Français' }).click();
  await continueWithApple(page, { signIn: 'Se connecter', apple: 'Continuer avec Apple' });
  // Apple posts the names on the first sign-in only.
  expect((await expectCrossSitePostThenGet(requests)).has('user')).toBe(false);
  await header(page, 'Restaurant').getByRole('link', { name: 'Compte' }).click();
  await expect(page.getByText(`Connecté en tant que ${JO.name}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('apple-form-post-profile-fr-390.png'), fullPage: true });
});
