import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { OPEN, openPage } from './ready';

// The 300-item menu on a phone. React hydrates the page's frame first, then its Suspense boundaries
// (the header, the menu, the featured strip, each section's items) in short tasks; a section the
// diner touches before its turn is hydrated first and handles that same event (selective hydration,
// docs/decisions/0053-react.md).
test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(OPEN);
  await page.setViewportSize({ width: 390, height: 844 });
});

const MENU = '/grand-buffet?tableNum=12';

/** React keeps its fiber on every element it hydrated; the server's elements carry nothing. */
const hydrated = (element: Locator) => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react')));

const card = (page: Page, name: string) => page.getByRole('main').getByRole('button', { name, exact: true });

/**
 * A phone far slower than this machine (CPU 20 times slower): the page's frame hydrates, and the
 * sections after it take long enough that the test reaches one before React does. Undone by `fast`.
 */
async function slowPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  return cdp;
}
const fast = (cdp: CDPSession) => cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

/**
 * Clicks (or focuses) the card's button from the page itself, in the same task that checks it is not
 * hydrated yet: nothing can hydrate it in between. Says whether it was hydrated before.
 */
function actBeforeHydration(button: Locator, action: 'click' | 'focus'): Promise<boolean> {
  return button.evaluate((node, act) => {
    const before = Object.keys(node).some((key) => key.startsWith('__react'));
    if (act === 'click') (node as HTMLButtonElement).click();
    else (node as HTMLButtonElement).focus({ preventScroll: true });
    return before;
  }, action);
}

test('the frame hydrates first and every section after it, in short tasks', async ({ page }) => {
  const cdp = await slowPhone(page);
  await openPage(page, MENU);
  const count = () =>
    page.evaluate(() => {
      const buttons = Array.from(document.querySelectorAll('.item-card__open'));
      return {
        all: buttons.length,
        hydrated: buttons.filter((button) => Object.keys(button).some((key) => key.startsWith('__react'))).length,
      };
    });
  const first = await count();
  expect(first.all).toBe(300);
  expect(first.hydrated).toBeLessThan(300);
  await fast(cdp);
  await expect.poll(async () => (await count()).hydrated).toBe(300);
});

for (const [locale, closeLabel] of [
  ['en-CA', 'Close'],
  ['fr-CA', 'Fermer'],
] as const) {
  test.describe(locale, () => {
    test.use({ locale });

    test('a click alone on a section not hydrated yet opens its item (as a screen reader activates it)', async ({ page }) => {
      const cdp = await slowPhone(page);
      await openPage(page, MENU);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const soda = card(page, 'Passion fruit Italian soda');
      // Dispatched by the page, without scrolling, pointer or focus first: no first tap is lost.
      expect(await actBeforeHydration(soda, 'click')).toBe(false);
      const dialog = page.getByRole('dialog', { name: 'Passion fruit Italian soda' });
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await fast(cdp);
      await expect(dialog.getByRole('button', { name: closeLabel })).toBeVisible();
    });
  });
}

test('the keyboard reaches a section not hydrated yet: focus, then Enter opens the item, and Escape gives focus back', async ({ page }) => {
  const cdp = await slowPhone(page);
  await openPage(page, MENU);
  const crepe = card(page, 'Salted caramel crêpe');
  expect(await actBeforeHydration(crepe, 'focus')).toBe(false);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Salted caramel crêpe' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await fast(cdp);
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(crepe).toBeFocused();
});

test('a tap on a section scrolled to opens its item at once', async ({ page }) => {
  await openPage(page, MENU);
  const pepper = card(page, 'Mushroom stuffed pepper');
  await pepper.click();
  await expect(page.getByRole('dialog', { name: 'Mushroom stuffed pepper' })).toBeVisible();
  expect(await hydrated(pepper)).toBe(true);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways).toBe(0);
});
