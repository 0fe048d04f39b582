/**
 * Issue 30 defect 6: a marketplace hub's cart is priced as one order per vendor, each rounding its own
 * taxes and tip (pricing.md, docs/decisions/0031-marketplace-orders.md). Where that moves a figure from
 * what the whole cart would give (GST $2.76 on $55.00, a 15 % tip of $8.26), the summary says so and
 * shows each vendor's share; a tax of $0.00 (BC's PST on food) has no line. At 390 px, in English and
 * French, axe clean and without sideways scroll.
 */
import { expect, test, type Locator } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openMenu, quickAdd } from './checkout-journey';

const MENU = '/market-hall?takeout=true&takeoutType=pickup';

/** The amount on a summary line, by its label. */
const amountOf = (summary: Locator, label: string | RegExp) =>
  summary.getByRole('term').filter({ hasText: label }).first().locator('xpath=following-sibling::dd[1]');

test.use({ viewport: { width: 390, height: 844 } });

const WORDS = {
  'en-CA': {
    add: ['Add Wild salmon and chips', 'Add Tonkotsu ramen', 'Add Harvest grain bowl'],
    french: false,
    viewCart: /^View cart, 3 items/,
    cart: 'Your cart',
    summary: 'Summary',
    gst: /^GST 5/,
    tip: /^Tip \(15/,
    pst: /PST/,
    split: 'By vendor',
    why: /Each vendor.s order is rounded to the cent on its own: GST \$2\.76 rather than \$2\.75 for the whole cart at once, tip \$8\.26 rather than \$8\.25\./,
    vendors: [
      /^Tidewater Fish & Chips\s*\$22\.00 \+ GST \$1\.10 \+ tip \$3\.30 = \$26\.40$/,
      /^Kits Noodle House\s*\$17\.50 \+ GST \$0\.88 \+ tip \$2\.63 = \$21\.01$/,
      /^Ramble Greens\s*\$15\.50 \+ GST \$0\.78 \+ tip \$2\.33 = \$18\.61$/,
    ],
    gstAmount: '$2.76',
    tipAmount: '$8.26',
  },
  'fr-CA': {
    add: ['Ajouter Saumon sauvage et frites', 'Ajouter Ramen tonkotsu', 'Ajouter Bol de céréales des récoltes'],
    french: true,
    viewCart: /^Voir le panier, 3 articles/,
    cart: 'Votre panier',
    summary: 'Sommaire',
    gst: /^TPS 5/,
    tip: /^Pourboire \(15/,
    pst: /TVP|PST/,
    split: 'Par comptoir',
    why: /La commande de chaque comptoir est arrondie au cent séparément : TPS 2,76\s\$ plutôt que 2,75\s\$ pour tout le panier d’un coup, pourboire 8,26\s\$ plutôt que 8,25\s\$\./,
    vendors: [
      /^Tidewater Fish & Chips\s*22,00\s\$ \+ TPS 1,10\s\$ \+ pourboire 3,30\s\$ = 26,40\s\$$/,
      /^Kits Noodle House\s*17,50\s\$ \+ TPS 0,88\s\$ \+ pourboire 2,63\s\$ = 21,01\s\$$/,
      /^Ramble Greens\s*15,50\s\$ \+ TPS 0,78\s\$ \+ pourboire 2,33\s\$ = 18,61\s\$$/,
    ],
    gstAmount: /^2,76\s\$$/,
    tipAmount: /^8,26\s\$$/,
  },
} as const;

for (const locale of ['en-CA', 'fr-CA'] as const) {
  test(`a hub's summary explains its per-vendor rounding and shows no $0.00 tax line (${locale})`, async ({ page }) => {
    const words = WORDS[locale];
    await openMenu(page, MENU);
    if (words.french) await page.getByRole('button', { name: 'Français' }).click();
    // $22.00 + $17.50 + $15.50 = $55.00 from three vendors: 5 % GST is $2.75 on the whole, $2.76 summed per vendor.
    for (const label of words.add) await quickAdd(page, label);
    await page.getByRole('button', { name: words.viewCart }).click();
    const cart = page.getByRole('dialog', { name: words.cart });
    const summary = cart.getByRole('region', { name: words.summary });
    await expect(summary).not.toHaveAttribute('aria-busy', 'true');
    await expect(amountOf(summary, words.gst)).toHaveText(words.gstAmount);
    await expect(amountOf(summary, words.tip)).toHaveText(words.tipAmount);
    // BC's PST is 0 on food: no "PST 7 % $0.00" line.
    await expect(summary.locator('.cost-rows--summary').getByRole('term').filter({ hasText: words.pst })).toHaveCount(0);

    const split = summary.getByRole('group', { name: words.split });
    await expect(split.getByText(words.why)).toBeVisible();
    await expect(split.getByRole('listitem')).toHaveText([...words.vendors]);
    await split.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`hub-rounding-${locale}-390.png`) });
    await expectNoA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });
}
