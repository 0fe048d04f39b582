import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openPage } from './ready';
import { readTenant } from './tenant';

/** The theme's fonts as the tenant file names them. */
function fontsOf(slug: string): { heading: string; body: string } {
  return (readTenant(slug) as unknown as { theme: { fonts: { heading: string; body: string } } }).theme.fonts;
}

/** Every font face the page declared, with its load status and display. */
function faces(page: Page) {
  return page.evaluate(() => {
    const list: Array<{ family: string; status: string; display: string }> = [];
    document.fonts.forEach(
      (face) => void list.push({ family: face.family.replace(/["']/g, ''), status: face.status, display: face.display }),
    );
    return list;
  });
}

test('a restaurant’s fonts come from the product itself, only its own, and the page does not wait for them', async ({ page }) => {
  const { heading, body } = fontsOf('maple-bistro');
  const sent: string[] = [];
  page.on('request', (request) => void sent.push(request.url()));

  await openPage(page, '/maple-bistro?tableNum=12');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();

  // The theme's heading and body fonts are loaded and in use.
  await expect
    .poll(async () => (await faces(page)).filter((face) => face.status === 'loaded').map((face) => face.family))
    .toEqual(expect.arrayContaining([heading, body]));
  expect(await title.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(new RegExp(`^"?${heading}"?,`));
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(new RegExp(`^"?${body}"?,`));
  expect(await page.evaluate((family) => document.fonts.check(`16px "${family}"`), heading)).toBe(true);

  // Every face swaps in (never blocks the text) and none belongs to another restaurant.
  const declared = await faces(page);
  expect(new Set(declared.map((face) => face.family))).toEqual(new Set([heading, body]));
  for (const face of declared) expect(face.display).toBe('swap');

  const ours = new URL(page.url()).host;
  const fontFiles = sent.filter((url) => /\.woff2?(\?|$)/.test(url));
  expect(fontFiles.length).toBeGreaterThan(0);
  for (const url of fontFiles) expect(new URL(url).host).toBe(ours);
  expect(sent.filter((url) => /^https?:/.test(url) && new URL(url).host !== ours)).toEqual([]);
});

test('another restaurant gets its own font, from the same place', async ({ page }) => {
  const { heading } = fontsOf('northside-arena');
  const sent: string[] = [];
  page.on('request', (request) => void sent.push(request.url()));
  await openPage(page, '/northside-arena');
  await expect.poll(async () => (await faces(page)).some((face) => face.family === heading && face.status === 'loaded')).toBe(true);
  const ours = new URL(page.url()).host;
  expect(sent.filter((url) => /^https?:/.test(url) && new URL(url).host !== ours)).toEqual([]);
});

test('the bundled copy of a restaurant’s data is served beside the app, without its secrets', async ({ request }) => {
  const copy = await request.get('/restaurant-fallbacks/maple-bistro.json');
  expect(copy.status()).toBe(200);
  const data = await copy.json();
  expect(data).toMatchObject({ slug: 'maple-bistro', name: readTenant('maple-bistro').name });
  expect(data).not.toHaveProperty('gift_cards');
  expect(data).not.toHaveProperty('discount_codes');
});

test('when data.json cannot be fetched, the restaurant still shows from its bundled copy', async ({ page }) => {
  const name = readTenant('maple-bistro').display_name ?? readTenant('maple-bistro').name;
  const asked: string[] = [];
  await page.route('**/maple-bistro/data.json', (route) => {
    asked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  page.on('request', (request) => {
    if (request.url().includes('/restaurant-fallbacks/')) asked.push(request.url());
  });
  // The login page is rendered without the restaurant: its header asks for the data in the browser.
  await openPage(page, '/login?restaurant=maple-bistro');
  const back = page.getByRole('banner').getByRole('link', { name: `Back to ${name}` });
  await expect(back).toBeVisible();
  await back.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(asked.some((url) => url.endsWith('/maple-bistro/data.json'))).toBe(true);
  expect(asked.some((url) => url.endsWith('/restaurant-fallbacks/maple-bistro.json'))).toBe(true);
});

test('an answer that is not restaurant data says so, in French too, with a way to try again', async ({ page }) => {
  await page.route('**/maple-bistro/data.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"id":101,"slug":"maple-bi' }),
  );
  // The menu reached inside the app (the server-rendered menu carries its data and asks for none).
  await openPage(page, '/login?restaurant=maple-bistro');
  await page.evaluate(() => window.history.pushState({}, '', '/maple-bistro?tableNum=12'));
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
  await expect(page.getByRole('heading', { level: 1, name: 'Error parsing restaurant data' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Erreur d’analyse des données du restaurant' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
});
