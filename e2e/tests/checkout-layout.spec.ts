/**
 * The checkout on a phone (ordering/checkout/checkout.css): its header (title, language, close) stays
 * at the top of the panel while the form scrolls under it, a field that takes the focus is never
 * under that header (scroll padding), and nothing scrolls sideways at 320 px. The ASAP time it offers
 * is the server's, the kitchen queue's wait included, said beside the wait (decision 0131).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { BISTRO_PICKUP, checkoutOf } from './checkout-journey';

const WORDS = {
  'en-CA': {
    title: 'Checkout',
    close: 'Close checkout',
    other: 'Français',
    earliest: /^Earliest: about \d{1,2}:\d\d [AP]M \(in about \d+ min\)$/,
    fullName: /^Full name/,
    postal: /^Postal code/,
    place: /^Place order/,
  },
  'fr-CA': {
    title: 'Paiement de la commande',
    close: 'Fermer le paiement',
    other: 'English',
    earliest: /^Au plus tôt : vers \d{1,2} h \d\d \(dans environ \d+ min\)$/,
    fullName: /^Nom complet/,
    postal: /^Code postal/,
    place: /^Passer la commande/,
  },
} as const;

/** The header's bottom edge and the box of `field`, in the viewport's pixels. */
async function boxes(checkout: Locator, field: Locator) {
  const header = await checkout.locator('.item-dialog__header').boundingBox();
  const box = await field.boundingBox();
  if (!header || !box) throw new Error('not laid out');
  return { headerTop: header.y, headerBottom: header.y + header.height, fieldTop: box.y };
}

const sideways = (page: Page) =>
  page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    return Math.max(
      document.documentElement.scrollWidth - document.documentElement.clientWidth,
      dialog ? dialog.scrollWidth - dialog.clientWidth : 0,
    );
  });

for (const locale of ['en-CA', 'fr-CA'] as const) {
  test.describe(locale, () => {
    // The menu in English (its item names), the checkout switched to `locale` there, as a diner would.
    test.use({ locale: 'en-CA', viewport: { width: 360, height: 740 } });

    test(`the checkout's header stays on top of the form on a phone, and no focused field hides under it (${locale})`, async ({ page }) => {
      const words = WORDS[locale];
      const checkout = await checkoutOf(page, 'Soup of the day', BISTRO_PICKUP);
      if (locale === 'fr-CA') await checkout.getByRole('button', { name: 'Français' }).click();
      const panel = page.getByRole('dialog', { name: words.title });
      await expect(panel.getByText(words.earliest)).toBeVisible();

      // Far down the form, at the card's postal code: the header is still at the top, whole.
      const postal = panel.getByRole('textbox', { name: words.postal });
      await postal.focus();
      await expect(postal).toBeInViewport();
      const low = await boxes(panel, postal);
      expect(low.headerTop).toBeLessThanOrEqual(1);
      expect(low.fieldTop).toBeGreaterThanOrEqual(low.headerBottom);
      await expect(panel.getByRole('heading', { name: words.title })).toBeInViewport();
      await expect(panel.getByRole('button', { name: words.other })).toBeInViewport();
      await expect(panel.getByRole('button', { name: words.close })).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`checkout-header-${locale}-360.png`) });

      // Back up to the name, and the form's own focus on its first error: below the header, not under it.
      const name = panel.getByRole('textbox', { name: words.fullName });
      await name.focus();
      const up = await boxes(panel, name);
      expect(up.headerTop).toBeLessThanOrEqual(1);
      expect(up.fieldTop).toBeGreaterThanOrEqual(up.headerBottom);
      await postal.focus();
      await panel.getByRole('button', { name: words.place }).click();
      const firstError = panel.locator('[aria-invalid="true"], [data-field][tabindex="-1"]').locator('visible=true').first();
      await expect(firstError).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('dialog') !== null && document.activeElement?.tagName !== 'BUTTON'))
        .toBe(true);
      const focused = page.locator('*:focus');
      const error = await boxes(panel, focused);
      expect(error.fieldTop).toBeGreaterThanOrEqual(error.headerBottom);
      await expectNoA11yViolations(page);

      for (const width of [320, 412]) {
        await page.setViewportSize({ width, height: 740 });
        expect(await sideways(page), `${width} px`).toBe(0);
        await expect(panel.getByRole('button', { name: words.close })).toBeInViewport();
      }
    });
  });
}
