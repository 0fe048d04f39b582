/**
 * Issue 30 defect 8, what was left: at 390 px the first dish shows above the fold on maple-bistro
 * with its membership box and three banners; toasts never cover the school checkout's fields (the
 * card's postal code); the processor's payment reference (`pay_…`) reaches no diner, on screen or by
 * e-mail. In English and French, axe clean and without sideways scroll.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { schoolBaseURL } from '../playwright.config';
import { expectNoA11yViolations } from './axe';
import { checkoutOf, placeAsGuest, uniqueEmail } from './checkout-journey';
import { openPage } from './ready';
import { dayCard, dayHeading, firstMeal, openWeek, SERVER_NOW, takeChoices, type SchoolDay } from './school-journey';

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('maple-bistro at 390 × 844', () => {
  // bistro-banners (playwright.config.ts, the school server): maple-bistro before the holidays, open at
  // the server's fixed clock, with its wait time, the brunch and the holiday-hours banners.
  test.use({ baseURL: schoolBaseURL, viewport: { width: 390, height: 844 } });

  for (const [locale, words] of [
    ['en-CA', { club: 'Maple Club', enter: 'Member number', apply: 'Apply membership', featured: 'Featured' }],
    ['fr-CA', { club: 'Club Maple', enter: 'Numéro de membre', apply: 'Appliquer l’adhésion', featured: 'En vedette' }],
  ] as const) {
    test(`the first dish shows above the fold under the banners and the membership box (${locale})`, async ({ page }) => {
      await page.clock.setFixedTime(SERVER_NOW);
      await openPage(page, '/bistro-banners?takeout=true&takeoutType=pickup');
      if (locale === 'fr-CA') await page.getByRole('button', { name: 'Français' }).click();
      const notices = page.locator('.notices .notice');
      await expect(notices).toHaveCount(3);
      await expect(page.getByRole('heading', { name: words.club })).toBeVisible();
      const firstDish = page.locator('.featured__item').first();
      await expect(firstDish).toBeVisible();
      const box = (await firstDish.boundingBox())!;
      expect(box.y + box.height, 'the first dish ends above the fold').toBeLessThanOrEqual(844);
      await page.screenshot({ path: test.info().outputPath(`bistro-fold-${locale}-390.png`) });
      // The membership form is one action away, and works as before.
      await page.getByRole('button', { name: words.enter }).click();
      await expect(page.getByRole('textbox', { name: words.enter })).toBeFocused();
      await expect(page.getByRole('button', { name: words.apply })).toBeVisible();
      await expectNoA11yViolations(page);
      expect(await sideways(page)).toBe(0);
    });
  }
});

/** A family of its own on the school server: one child, no saved card (the card fields, with the postal code, show). */
async function registerParent(request: APIRequestContext, origin: string): Promise<{ token: string; userId: number }> {
  const email = uniqueEmail('toasts');
  const registered = await request.post(`${origin}/api/auth/register-user`, {
    data: { firstName: 'Maxime', lastName: 'Côté', email, password: 'Demo1234!', phoneNumber: '416-555-0177' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { token, user } = (await registered.json()) as { token: string; user: { id: number } };
  const added = await request.post(`${origin}/api/auth/students`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Restaurant-Id': 'maple-school' },
    data: {
      firstName: 'Noé',
      lastName: 'Côté',
      school: 'Maple Grove Public School',
      grade: '3',
      classroom: '104',
      teacher: 'Mr. Patel',
      allergens: [],
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  return { token, userId: user.id };
}

/** Every visible toast's box against every visible form field's: the fields a toast covers. */
function coveredFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toasts = Array.from(document.querySelectorAll('.toast')).map((toast) => toast.getBoundingClientRect());
    const fields = Array.from(document.querySelectorAll<HTMLElement>('input:not([type="hidden"]), select, textarea')).filter(
      (field) => field.getClientRects().length > 0,
    );
    const covered: string[] = [];
    for (const field of fields) {
      const box = field.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= window.innerHeight) continue;
      if (toasts.some((toast) => toast.top < box.bottom && toast.bottom > box.top && toast.left < box.right && toast.right > box.left))
        covered.push(field.id || field.getAttribute('name') || field.tagName);
    }
    return covered;
  });
}

test.describe('the school checkout at 390 × 844', () => {
  test.use({ baseURL: schoolBaseURL, viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 150_000 });

  for (const [locale, skip, words] of [
    [
      'en-CA',
      0,
      {
        add: (meal: string, date: string) => `Add ${meal} for Noé Côté, ${dayHeading(date, 'en-CA')}`,
        addFor: 'Add for Noé Côté',
        review: 'Review and check out',
        subsidy: 'Subsidy code',
        apply: 'Apply',
        applied: 'Your subsidy code LUNCH50-2026 is applied to these orders.',
        postal: /^Postal code/,
      },
    ],
    [
      'fr-CA',
      1,
      {
        add: (meal: string, date: string) => `Ajouter ${meal} pour Noé Côté, ${dayHeading(date, 'fr-CA')}`,
        addFor: 'Ajouter pour Noé Côté',
        review: 'Vérifier et passer à la caisse',
        subsidy: 'Code de subvention',
        apply: 'Appliquer',
        applied: 'Votre code de subvention LUNCH50-2026 s’applique à ces commandes.',
        postal: /^Code postal/,
      },
    ],
  ] as const) {
    test(`no toast covers a field of the school checkout, the postal code included (${locale})`, async ({ page, request }) => {
      await page.clock.setFixedTime(SERVER_NOW);
      const session = await registerParent(request, schoolBaseURL);
      await page.addInitScript((kept) => localStorage.setItem('servery.session', JSON.stringify(kept)), session);
      const { monday, days } = await openWeek(request, { slug: 'maple-school', id: 102 }, skip);
      const day = days[0] as SchoolDay;
      const meal = firstMeal(day.menu_ids);
      await openPage(page, `/maple-school?selectedWeek=${monday}`);
      if (locale === 'fr-CA') await page.getByRole('button', { name: 'Français' }).click();
      await dayCard(page, day.date, locale)
        .getByRole('button', { name: words.add(locale === 'fr-CA' ? meal.fr : meal.en, day.date) })
        .click();
      await takeChoices(page, words.addFor);
      await page.getByRole('button', { name: words.review }).click();
      await expect(page).toHaveURL(/step=checkout/);

      // The code applied, the parent goes on to the card: the postal code at the foot of the screen.
      await page.getByRole('textbox', { name: words.subsidy }).fill('lunch50-2026');
      await page.getByRole('button', { name: words.apply, exact: true }).click();
      await expect(page.getByText(words.applied)).toBeVisible();
      const postal = page.getByRole('textbox', { name: words.postal });
      await postal.evaluate((field) => field.scrollIntoView({ block: 'end' }));
      await postal.focus();
      expect(await coveredFields(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`school-checkout-toasts-${locale}-390.png`) });
      await expectNoA11yViolations(page);
      expect(await sideways(page)).toBe(0);
    });
  }
});

test.describe('the payment reference', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a diner never sees the processor’s payment reference: not on the confirmation, not in the receipt e-mail', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('no-pay-ref');
    await placeAsGuest(page, await checkoutOf(page, 'Classic poutine'), email);
    await expect(page.getByText(/\bpay_[0-9a-f-]{8,}/)).toHaveCount(0);
    await expect
      .poll(async () => {
        const outbox = await request.get('/api/dev/outbox?limit=200');
        const { messages } = (await outbox.json()) as { messages: Array<{ channel: string; recipient: string; body: string }> };
        return messages.filter((message) => message.channel === 'email' && message.recipient === email).map((message) => message.body);
      })
      .toHaveLength(1);
    const outbox = await request.get('/api/dev/outbox?limit=200');
    const { messages } = (await outbox.json()) as { messages: Array<{ channel: string; recipient: string; body: string }> };
    const receipt = messages.find((message) => message.channel === 'email' && message.recipient === email)!.body;
    expect(receipt).toContain('Classic poutine');
    expect(receipt).not.toMatch(/pay_[0-9a-f-]{8,}/);
    expect(receipt).not.toContain('Payment reference');
  });
});
