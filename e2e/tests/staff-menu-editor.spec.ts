/**
 * The menu editor (/{slug}/staff/menu, issue 32) against a server this spec starts for itself
 * (tests/own-server.ts): it publishes maple-bistro's menu, which would change the prices other
 * journeys order at on the shared server.
 *
 * A manager changes an item's price (a malformed one first: a field message, nothing sent), saves the
 * draft, meets a save of someone else's (the conflict names what changed), loads the draft again,
 * saves, publishes, and the diner's menu shows the new price; in French once, axe-clean, no
 * sideways scroll at 360 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { addItem, openCart, openMenu } from './checkout-journey';
import { apiSignIn, openItem, staffSignIn } from './ready';
import { noSidewaysScroll, draftSaves, openStarter, useOwnBistroServer } from './staff-editor-server';

const own = useOwnBistroServer();
const url = own.url;
const SOUP = 'Soup of the day';
const SHOTS = '/tmp/editor-shots';

const openSoup = (page: Page) => openStarter(page, SOUP);

test('a manager changes a price, meets another save, publishes, and diners see the new price', async ({ page, request }) => {
  // A long journey (two pages, a publish, a download, an import, both languages, axe four times).
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await staffSignIn(page, 'manager@maple-bistro.example.com', url('/maple-bistro/staff'));
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Menu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Menu editor' })).toBeVisible();
  await expect(page.getByText(/No draft yet/)).toBeVisible();

  // A malformed price is the field's message, and nothing is sent.
  const saves = draftSaves(page);
  const form = await openSoup(page);
  const price = form.getByLabel('Price in dollars');
  await expect(price).toHaveValue('8.00');
  await price.fill('-8.75');
  await form.getByRole('button', { name: 'Save to the draft' }).click();
  await expect(price).toBeFocused();
  await expect(price).toHaveAccessibleDescription(/Enter a price in dollars of at least 0 with at most 2 decimals/);
  await price.fill('8.755');
  await form.getByRole('button', { name: 'Save to the draft' }).click();
  await expect(form.getByText(/Enter a price in dollars/)).toBeVisible();
  expect(saves).toEqual([]);
  await expect(page.getByText(/No draft yet/)).toBeVisible();

  await price.fill('8.75');
  await form.getByLabel('Name (French)').fill('Soupe du jour maison');
  await form.getByRole('button', { name: 'Save to the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${SOUP} was saved in the draft.` })).toBeVisible();
  await expect(page.getByText('Revision 1')).toBeVisible();
  expect(saves).toHaveLength(1);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/editor-en-desktop.png` });
  await form.screenshot({ path: `${SHOTS}/editor-en-desktop-form.png` });

  // Someone else saves the draft (the Caesar salad's price) on the same revision.
  const { token } = await apiSignIn(request, 'manager@maple-bistro.example.com', { origin: own.baseURL(), restaurant: 'maple-bistro' });
  const headers = { authorization: `Bearer ${token}`, 'X-Restaurant-Id': 'maple-bistro' };
  const draft = (await (await request.get(url('/api/staff/menu/draft'), { headers })).json()) as {
    revision: number;
    file: { menu_groups: Array<{ menus: Array<{ sections: Array<{ items: Array<{ name: string; price: string }> }> }> }> };
  };
  const salad = draft.file.menu_groups[0]!.menus[0]!.sections[0]!.items.findIndex((item) => item.name === 'Caesar salad');
  draft.file.menu_groups[0]!.menus[0]!.sections[0]!.items[salad]!.price = '14.50';
  const other = await request.put(url('/api/staff/menu/draft'), { headers, data: { base_revision: draft.revision, file: draft.file } });
  expect(other.status(), await other.text()).toBe(200);

  // The manager's next save is refused and says who saved what; nothing is overwritten.
  await form.getByLabel('Calories').fill('210');
  await form.getByRole('button', { name: 'Save to the draft' }).click();
  const conflict = page.getByRole('region', { name: 'Someone else saved the draft first' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('revision 2');
  await expect(conflict).toContainText(`$.menu_groups[0].menus[0].sections[0].items[${salad}].price`);
  await expectNoA11yViolations(page);
  await conflict.getByRole('button', { name: 'Load the draft as it is now' }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByText('Revision 2')).toBeVisible();
  // The form kept what was typed: saving again puts it on the new revision.
  await form.getByRole('button', { name: 'Save to the draft' }).click();
  await expect(page.getByText('Revision 3')).toBeVisible();

  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: /The draft was published: diners now see version \d+\./ })).toBeVisible();
  await expect(page.getByText(/No draft yet/)).toBeVisible();
  await page.getByText('History of publishes').click();
  await expect(
    page
      .getByText('2 changed')
      .or(page.getByText(/\d+ added, \d+ removed, \d+ changed/))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Restore as the draft Version \d+/ }).first()).toBeVisible();

  // The published file downloads as the file tenants:import takes; a bad file is refused whole, its paths listed.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the published menu (maple-bistro.json)' }).click();
  expect((await download).suggestedFilename()).toBe('maple-bistro.json');
  const bad = structuredClone(draft.file);
  bad.menu_groups[0]!.menus[0]!.sections[0]!.items[0]!.price = '-3';
  await page.getByLabel('Import a file as the draft').setInputFiles({
    name: 'maple-bistro.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(bad)),
  });
  const problems = page.getByRole('region', { name: '1 problem in the file' });
  await expect(problems).toContainText('$.menu_groups[0].menus[0].sections[0].items[0].price');
  await expect(page.getByText(/No draft yet/)).toBeVisible();

  // The diner's menu has the new price.
  const diner = await page.context().newPage();
  await openMenu(diner, url('/maple-bistro?takeout=true&takeoutType=pickup'));
  await expect(diner.locator('#item-1101')).toContainText('$8.75');
  await expect(diner.locator('#item-1101')).toContainText('210');
  await diner.close();

  // The preview, as a diner sees it, in both languages.
  await page.getByText('Show the draft as diners will see it').click();
  await expect(page.locator('.menu-editor__phone').getByText(SOUP).first()).toBeVisible();
  await page.getByRole('radio', { name: 'French' }).check();
  await expect(page.locator('.menu-editor__phone').getByText('Soupe du jour maison').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await page.locator('.menu-editor__phone').screenshot({ path: `${SHOTS}/editor-preview-fr.png` });

  await noSidewaysScroll(page, 360);
  await page.screenshot({ path: `${SHOTS}/editor-en-360.png` });

  // French once: the screen, its messages and the field's message.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Éditeur de menu' })).toBeVisible();
  // The tree stays as it was across the switch; the soup's form in French.
  const formFr = await openStarter(page, SOUP, { french: true });
  await formFr.getByLabel('Prix en dollars').fill('abc');
  await formFr.getByRole('button', { name: 'Enregistrer dans le brouillon' }).click();
  await expect(formFr.getByText(/Entrez un prix en dollars/)).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 360);
  await formFr.screenshot({ path: `${SHOTS}/editor-fr-360-form.png` });
  await noSidewaysScroll(page, 320);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/editor-fr-desktop.png` });
  await page.getByRole('button', { name: 'English' }).click();
});

test('a diner’s menu left open takes each new version: when the tab shows again (a conditional request), and when the cart is told a price changed (360 px)', async ({
  page,
  request,
}) => {
  const { token } = await apiSignIn(request, 'manager@maple-bistro.example.com', { origin: own.baseURL(), restaurant: 'maple-bistro' });
  const headers = { authorization: `Bearer ${token}`, 'X-Restaurant-Id': 'maple-bistro' };
  /** What the editor's Publish does, through its API: the soup at `price` in a new version. */
  const publishSoupAt = async (price: string) => {
    const draft = (await (await request.get(url('/api/staff/menu/draft'), { headers })).json()) as {
      revision: number;
      file: { menu_groups: Array<{ menus: Array<{ sections: Array<{ items: Array<{ id: number; price: string }> }> }> }> };
    };
    for (const group of draft.file.menu_groups)
      for (const menu of group.menus)
        for (const section of menu.sections) for (const item of section.items) if (item.id === 1101) item.price = price;
    const saved = await request.put(url('/api/staff/menu/draft'), { headers, data: { base_revision: draft.revision, file: draft.file } });
    expect(saved.status(), await saved.text()).toBe(200);
    const { revision } = (await saved.json()) as { revision: number };
    const published = await request.post(url('/api/staff/menu/draft/publish'), { headers, data: { base_revision: revision } });
    expect(published.status(), await published.text()).toBe(200);
  };
  /** The tab hidden (another app) and shown again, as the browser tells the page. */
  const hideAndShow = async () => {
    for (const state of ['hidden', 'visible'])
      await page.evaluate((visibility) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      }, state);
  };
  const menuReads: Array<{ status: number; conditional: boolean }> = [];
  page.on('response', async (response) => {
    if (!/\/api\/restaurants\/\d+\/menus\?/.test(response.url())) return;
    const sent = await response.request().allHeaders();
    menuReads.push({ status: response.status(), conditional: 'if-none-match' in sent });
  });

  await publishSoupAt('8.50');
  await page.setViewportSize({ width: 360, height: 800 });
  await openMenu(page, url('/maple-bistro?takeout=true&takeoutType=pickup'));
  const card = page.locator('#item-1101');
  await expect(card).toContainText('$8.50');
  await addItem(page, SOUP);
  await expect(page.getByRole('button', { name: /^View cart, 1 item/ })).toBeVisible();

  // Published while the diner is in another app; the item's dialog is open when they come back.
  await publishSoupAt('9.25');
  const dialog = await openItem(page, SOUP);
  const read = menuReads.length;
  await hideAndShow();
  await expect(dialog.getByText('Total: $9.25')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('new-version-dialog-360.png') });
  await page.keyboard.press('Escape');
  await expect(card).toContainText('$9.25');
  await expect(card).not.toContainText('$8.50');
  // The cart is priced again on the new menu and says so.
  await expect(page.getByText('Soup of the day is now $9.25 (was $8.50).')).toBeVisible();
  expect(menuReads[read]).toEqual({ status: 200, conditional: true });

  // Shown again with nothing published: one conditional request, the same menu.
  const again = menuReads.length;
  await hideAndShow();
  await expect.poll(() => menuReads.length).toBeGreaterThan(again);
  expect(menuReads[again]?.conditional).toBe(true);
  await expect(card).toContainText('$9.25');

  // Published again, the tab never hidden: the cart's stale answer is what tells the page.
  await publishSoupAt('9.75');
  const cart = await openCart(page);
  await cart.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(cart.getByText('Soup of the day is now $9.75 (was $9.25).')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('new-version-cart-360.png') });
  await cart.getByRole('button', { name: 'Close the cart' }).click();
  await expect(card).toContainText('$9.75');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('new-version-card-360.png') });
  await expectNoA11yViolations(page);
});

test('the kitchen reads the menu and its draft and has no way to change them', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 900 });
  await staffSignIn(page, 'kitchen@maple-bistro.example.com', url('/maple-bistro/staff/menu'));
  await expect(page.getByRole('heading', { level: 1, name: 'Menu editor' })).toBeVisible();
  await expect(page.getByText('Your role can read the menu and its draft but not change them.')).toBeVisible();
  await page.getByText('Menu All-day menu').click();
  await page.getByText(/^Starters/).click();
  await page.getByRole('button', { name: `Details ${SOUP}` }).click();
  await expect(page.getByRole('form', { name: `Edit ${SOUP}` }).getByLabel('Price in dollars')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Publish the draft' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Move .* up/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 412);
  await page.screenshot({ path: `${SHOTS}/editor-kitchen-412.png` });
});
