import { expect, test, type Locator, type Page } from '@playwright/test';
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

declare global {
  interface Window {
    /** What the page saw when React committed the page's frame (atFrameHydrated). */
    atFrame?: { all: number; hydrated: number; targetHydrated: boolean | null };
  }
}

/**
 * Does `action` to the card named `name` (if any) the moment React commits the page's frame (the
 * app then marks `<html data-hydrated>`), before React's next task, and notes how many cards were
 * hydrated then: from the page itself, so nothing can hydrate the card in between. The frame's
 * commit and the sections' hydration are separate renders, each in tasks of its own.
 */
async function atFrameHydrated(page: Page, name: string | null, action: 'click' | 'focus' | null): Promise<void> {
  await page.addInitScript(
    ([target, act]) => {
      const isHydrated = (node: Element) => Object.keys(node).some((key) => key.startsWith('__react'));
      new MutationObserver((_records, observer) => {
        if (document.documentElement.dataset.hydrated !== 'true') return;
        observer.disconnect();
        const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>('.item-card__open'));
        const button = buttons.find((candidate) => candidate.textContent === target) ?? null;
        window.atFrame = {
          all: buttons.length,
          hydrated: buttons.filter(isHydrated).length,
          targetHydrated: button ? isHydrated(button) : null,
        };
        if (act === 'click') button?.click();
        if (act === 'focus') button?.focus({ preventScroll: true });
        // The document, not <html>: an init script runs before the page has any element.
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    },
    [name, action] as const,
  );
}

const seenAtFrame = (page: Page) => page.waitForFunction(() => window.atFrame).then((handle) => handle.jsonValue());

test('the frame hydrates first and every section after it', async ({ page }) => {
  await atFrameHydrated(page, null, null);
  await openPage(page, MENU);
  const first = await seenAtFrame(page);
  expect(first.all).toBe(300);
  expect(first.hydrated).toBe(0);
  const hydratedCards = () =>
    page.evaluate(
      () =>
        Array.from(document.querySelectorAll('.item-card__open')).filter((node) =>
          Object.keys(node).some((key) => key.startsWith('__react')),
        ).length,
    );
  await expect.poll(hydratedCards).toBe(300);
});

for (const [locale, soda, closeLabel] of [
  ['en-CA', 'Passion fruit Italian soda', 'Close'],
  ['fr-CA', 'Soda italien aux fruits de la passion', 'Fermer'],
] as const) {
  test.describe(locale, () => {
    test.use({ locale });

    test('a click alone on a section not hydrated yet opens its item (as a screen reader activates it)', async ({ page }) => {
      // Dispatched by the page, without scrolling, pointer or focus first: no first tap is lost.
      await atFrameHydrated(page, soda, 'click');
      await openPage(page, MENU);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      expect((await seenAtFrame(page)).targetHydrated).toBe(false);
      const dialog = page.getByRole('dialog', { name: soda });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: closeLabel })).toBeVisible();
    });
  });
}

test('the keyboard reaches a section not hydrated yet: focus, then Enter opens the item, and Escape gives focus back', async ({ page }) => {
  await atFrameHydrated(page, 'Salted caramel crêpe', 'focus');
  await openPage(page, MENU);
  expect((await seenAtFrame(page)).targetHydrated).toBe(false);
  const crepe = card(page, 'Salted caramel crêpe');
  await expect(crepe).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Salted caramel crêpe' });
  await expect(dialog).toBeVisible();
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
