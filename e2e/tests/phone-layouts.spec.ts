import { expect, test, type Page } from '@playwright/test';
import { openPage } from './ready';

/**
 * Every screen of the product at the phone widths diners and staff use, 320, 390 and 412 px: nothing
 * scrolls sideways (a page wider than the screen hides its right edge on a phone). Each screen is
 * opened once and then narrowed, as a phone turning does. The dialogs (item, cart, checkout) are
 * held at these widths by cart-costs.spec.ts and restaurant-header.spec.ts; the operator's screens by
 * suites.spec.ts; the school week by school.spec.ts.
 */
const WIDTHS = [412, 390, 320] as const;
const PASSWORD = 'Demo1234!';

async function holdsAtPhoneWidths(page: Page, path: string) {
  await page.setViewportSize({ width: WIDTHS[0], height: 860 });
  await openPage(page, path);
  // The screen has drawn its heading (a spinner has no width problems to find).
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 860 });
    const overflow = await page.evaluate(() => {
      const widest = Array.from(document.querySelectorAll('body *'))
        .map((element) => ({ element, right: element.getBoundingClientRect().right }))
        .filter((entry) => entry.right > document.documentElement.clientWidth + 1)
        .sort((a, b) => b.right - a.right)[0];
      return {
        scroll: document.documentElement.scrollWidth,
        culprit: widest ? `${widest.element.tagName.toLowerCase()}.${widest.element.className} (${Math.round(widest.right)} px)` : null,
      };
    });
    expect(overflow.scroll, `${path} at ${width} px: ${overflow.culprit ?? ''}`).toBeLessThanOrEqual(width);
  }
}

async function signIn(page: Page, email: string) {
  await openPage(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('the public screens hold at 320, 390 and 412 px', async ({ page }) => {
  for (const path of [
    '/',
    '/login',
    '/reset-password?token=not-a-real-token',
    '/maple-bistro',
    '/maple-bistro?takeout=true&takeoutType=pickup',
    '/maple-bistro?takeout=true&takeoutType=delivery',
    '/grand-buffet',
    // The 300-item menu itself, with its featured strip (the chooser above has none).
    '/grand-buffet?tableNum=12',
    '/harbour-catering?catering=true',
    '/market-hall',
    '/maple-school',
    '/cantine',
    '/northside-arena',
    '/search',
    '/bowlero-location-search',
    '/bowlero-coming-soon',
    '/maple-bistro/order-confirmation',
    '/maple-bistro/staff',
    '/maple-bistro/staff/join?token=not-a-real-token',
    '/no-such-restaurant',
  ]) {
    await holdsAtPhoneWidths(page, path);
  }
});

test('the account screens hold at 320, 390 and 412 px', async ({ page, browser }) => {
  await signIn(page, 'parent@example.com');
  for (const path of [
    '/profile',
    '/profile/user-information',
    '/profile/user-payment-methods',
    '/profile/receipts',
    '/profile/scheduled-orders',
    '/profile/students',
    '/profile/students/create',
  ]) {
    await holdsAtPhoneWidths(page, path);
  }
  // The suite owner, in a browser of their own.
  const context = await browser.newContext();
  const owner = await context.newPage();
  await signIn(owner, 'owner@example.com');
  await holdsAtPhoneWidths(owner, '/profile/events');
  await context.close();
});

test('the staff screens hold at 320, 390 and 412 px', async ({ page }) => {
  await openPage(page, '/maple-bistro/staff');
  await page.getByLabel('Email').fill('staff@maple-bistro.example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
  for (const path of ['/maple-bistro/staff', '/maple-bistro/staff/availability', '/maple-bistro/staff/sales', '/maple-bistro/staff/team']) {
    await holdsAtPhoneWidths(page, path);
  }
});
