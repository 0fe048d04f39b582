import { expect, test, type Page } from '@playwright/test';
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
