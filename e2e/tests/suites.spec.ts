import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { addItem, continueToCheckout, openCart, placeButton } from './checkout-journey';
import { zonedInstant } from '../../packages/domain/src/price-schedule';
import { localDate } from '../../packages/domain/src/school-days';
import { OPEN, openPage } from './ready';

// The demo arena (tenants/northside-arena.json) and its demo owner (apps/api/src/use-cases/seed-demo-accounts.ts).
// The owner pre-orders for the Prairie Lights concert (event suite 3982, pre-orders lock on 9 December);
// the hockey game of 4 December (3980) is locked. Only this spec signs in as the demo owner.
const OWNER = 'owner@example.com';
const PASSWORD = 'Demo1234!';
const CONCERT = 'Prairie Lights Holiday Concert';

async function screenshot(page: Page, name: string, fullPage = true) {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${test.info().outputDir}/${name}.png`, fullPage });
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
}

test('a suite owner pre-orders for an event from its link, adds the card it needs, changes the pre-order, and sees it in both languages', async ({
  page,
}) => {
  await page.clock.setFixedTime(OPEN);

  // The link of the event suite shows the event, the suite and the lock, and asks a visitor to log in.
  await openPage(page, '/northside-arena/landing?eventSuite=3982');
  await expect(page.getByRole('heading', { level: 2, name: CONCERT })).toBeVisible();
  await expect(page.getByText('Suite 1 — Centre ice, Level 2, north side')).toBeVisible();
  await expect(page.getByText(/Pre-order until 09\/12\/2026 11:59 PM/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up or log in' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await screenshot(page, 'suite-landing');
  await page.getByRole('link', { name: 'Log in to pre-order' }).click();

  await expect(page).toHaveURL(/\/login\?/);
  await page.getByLabel('Email').fill(OWNER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  // Pre-ordering needs a saved card: the owner without one is asked for it first, then comes back.
  await expect(page).toHaveURL(/\/profile\/user-payment-methods\?/);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').fill('1230');
  await page.getByLabel('Security code (CVD)').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('status').filter({ hasText: /ending in 4242/ })).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/northside-arena\?eventSuite=3982/);

  await addItem(page, 'Alberta beef slider platter');
  await openCart(page);
  const checkout = await continueToCheckout(page);
  await expect(checkout.getByRole('heading', { name: 'Your suite: Suite 1 — Centre ice' })).toBeVisible();
  await expect(checkout.getByRole('radio', { name: 'Visa ending in 4242' })).toBeChecked();
  await checkout.getByRole('radio', { name: 'At half-time' }).check();
  await checkout.getByLabel('Notes for the suite team').fill('Gluten-free buns for two');
  await expectNoA11yViolations(page);
  await checkout.getByRole('heading', { name: 'Your suite: Suite 1 — Centre ice' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'suite-pre-order-checkout', false);
  await checkout.getByRole('heading', { name: 'Payment' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'suite-pre-order-payment', false);
  await placeButton(checkout).click();
  await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible();

  // The owner's events: the concert is pre-ordered (until its lock), the hockey game is locked.
  await openPage(page, '/profile/events?restaurant=northside-arena');
  const concert = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: CONCERT }) })
    .first();
  await expect(concert.getByText('Pre-ordered')).toBeVisible();
  await expect(concert.getByText('You can change it until 09/12/2026 11:59 PM.')).toBeVisible();
  await expect(concert.getByText('1 × Alberta beef slider platter')).toBeVisible();
  const hockey = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Nighthawks vs. Red Deer/ }) });
  await expect(hockey.getByText('Locked', { exact: true })).toBeVisible();
  await expect(hockey.getByRole('link', { name: /Pre-order/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await screenshot(page, 'suite-events');

  // A change replaces the pre-order.
  await page.setViewportSize({ width: 412, height: 915 });
  await concert.getByRole('link', { name: 'Change the pre-order' }).click();
  await expect(page).toHaveURL(/\/northside-arena\?eventSuite=3982/);
  await addItem(page, 'Dessert tray');
  await openCart(page);
  const again = await continueToCheckout(page);
  await again.getByRole('radio', { name: 'Before the event' }).check();
  await placeButton(again).click();
  await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible();
  await openPage(page, '/profile/events?restaurant=northside-arena');
  const changed = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: CONCERT }) })
    .first();
  await expect(changed.getByText('1 × Dessert tray')).toBeVisible();
  await expect(changed.getByText('1 × Alberta beef slider platter')).toHaveCount(0);

  // The same list in French.
  await page.getByRole('button', { name: 'Français' }).click();
  const concertFr = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Concert des Fêtes Lumières des Prairies' }) })
    .first();
  await expect(concertFr.getByText('Précommandée')).toBeVisible();
  await expect(concertFr.getByText(/Vous pouvez la modifier jusqu’au 09\/12\/2026 23 h 59/)).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, 'suite-events-fr');
});

test('only the venue operator reaches the operator screens; it sets a suite payment preference and tab limit after confirming them', async ({
  page,
}) => {
  await page.clock.setFixedTime(OPEN);
  // Anyone else is sent to the operator login of the venue.
  await openPage(page, '/northside-arena/events?suiteOperator=true');
  await expect(page).toHaveURL(/\/login\?suiteOperator=true&restaurant=northside-arena/);
  await expect(page.getByRole('heading', { level: 1, name: 'Operator login' })).toBeVisible();
  await page.getByLabel('Email').fill('operator@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/northside-arena\/events\?suiteOperator=true$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, 'operator-events');
  const newYear = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /New Year’s Eve/ }) });
  await newYear.getByRole('link', { name: 'See the suites' }).click();

  await expect(page.getByRole('heading', { level: 1, name: /New Year’s Eve/ })).toBeVisible();
  const loft = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Party loft' }) });
  await expect(loft.getByText('Owner: party.loft@example.com (party.loft@example.com)')).toBeVisible();
  await expect(loft.getByText('Tab: $0.00 of $2,500.00, $2,500.00 left')).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, 'operator-suites');
  await loft.getByRole('link', { name: 'Settings' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Suite settings' })).toBeVisible();
  await page.getByRole('radio', { name: "Charge the owner's card" }).check();
  await page.getByRole('button', { name: 'Submit the payment preference' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit the payment preference?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(page.getByText('The payment preference is submitted.')).toBeVisible();
  await expect(page.getByText('Submitted: it cannot be changed.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Invoice the owner' })).toBeDisabled();

  await page.getByLabel('Limit in dollars').fill('3000');
  await page.getByRole('button', { name: 'Save the tab limit' }).click();
  await page.getByRole('dialog', { name: 'Change the tab limit?' }).getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(page.getByText('The tab limit is now $3,000.00.')).toBeVisible();
  await expect(page.getByText('Tab: $0.00 of $3,000.00, $3,000.00 left')).toBeVisible();
  await screenshot(page, 'operator-settings');

  // A reload keeps the operator (the query says so), and the screen reads in French.
  await page.reload();
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres de la loge' })).toBeVisible();
  await expect(page.getByText('Soumis : il ne peut plus être modifié.')).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, 'operator-settings-fr');
});

test('on event day the operator orders for the owner until the tab limit refuses, then for a guest, closes the tab, and the owner sees the balance live', async ({
  page,
  browser,
}) => {
  // Tonight's game (on_import_day) is on the server's day; the browser's clock is the server's (1 p.m. in Toronto).
  const today = localDate(new Date(), 'America/Toronto');
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const serverNow = zonedInstant('America/Toronto', year, month, day, 13, 0);
  await page.clock.setFixedTime(serverNow);

  // The owner, signed in on another device, watches the suite's tab while the operator orders.
  const ownerPage = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await ownerPage.clock.setFixedTime(serverNow);
  await openPage(ownerPage, '/login?restaurant=northside-arena');
  await ownerPage.getByLabel('Email').fill(OWNER);
  await ownerPage.getByLabel('Password').fill(PASSWORD);
  await ownerPage.getByRole('button', { name: 'Log in' }).click();
  await expect(ownerPage).not.toHaveURL(/\/login/);
  await openPage(ownerPage, '/profile/events?restaurant=northside-arena');
  const game = ownerPage.getByRole('listitem').filter({ has: ownerPage.getByRole('heading', { name: /Tonight: Nighthawks/ }) });
  await expect(game.getByText('Tab: $150.00 left of $150.00.')).toBeVisible();

  await openPage(page, '/login?suiteOperator=true&restaurant=northside-arena');
  await page.getByLabel('Email').fill('operator@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const tonight = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Tonight: Nighthawks/ }) });
  await tonight.getByRole('link', { name: 'See the suites' }).click();
  const suitesUrl = page.url();
  await page.getByRole('button', { name: 'Order for Suite 2 — Blue line' }).click();

  await expect(page).toHaveURL(/\/northside-arena\?eventSuite=3987&eventDayOrdering=true&suiteOperator=true/);
  await expect(page.getByText('Omar Operator is ordering as Olivia Owner.')).toBeVisible();
  // $150 tab: two pizzas ($59.60 each with service, GST and the preselected 18% tip) fit, a third does not.
  for (const attempt of [1, 2, 3]) {
    await addItem(page, 'Large pepperoni pizza');
    await openCart(page);
    const checkout = await continueToCheckout(page);
    await expect(checkout.getByText("This order goes on the suite's tab, settled after the event.")).toBeVisible();
    if (attempt === 1) {
      await expectNoA11yViolations(page);
      await screenshot(page, 'event-day-checkout', false);
    }
    await placeButton(checkout).click();
    if (attempt < 3) {
      await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible();
      // The owner's screen follows without a reload.
      await expect(game.getByText(attempt === 1 ? 'Tab: $90.40 left of $150.00.' : 'Tab: $30.80 left of $150.00.')).toBeVisible({
        timeout: 3000,
      });
      await openPage(page, '/northside-arena?eventSuite=3987&eventDayOrdering=true&suiteOperator=true');
    } else {
      await expect(checkout.getByText('This order would go over the suite’s tab limit. $30.80 is left on the tab.')).toBeVisible();
    }
  }

  // Back on the suites, the operator orders for a guest of the suite who has no account, by name only.
  await openPage(page, suitesUrl);
  const suite = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Suite 2 — Blue line' }) });
  await expect(suite.getByText('Tab: $119.20 of $150.00, $30.80 left')).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, 'operator-suite-event-day');
  await suite.getByLabel('Guest’s name').fill('Sam Guest');
  await suite.getByRole('button', { name: 'Order for this guest' }).click();
  await expect(page.getByText('Omar Operator is ordering for Sam Guest, a guest of the suite.')).toBeVisible();
  await addItem(page, 'Fountain pop (large)');
  await openCart(page);
  const guestCheckout = await continueToCheckout(page);
  await expect(guestCheckout.getByLabel('Full name')).toHaveValue('Sam Guest');
  await expect(guestCheckout.getByLabel(/Email/)).toHaveValue('');
  await expectNoA11yViolations(page);
  await placeButton(guestCheckout).click();
  await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible();
  await expect(game.getByText('Tab: $30.80 left of $150.00.')).toBeHidden({ timeout: 3000 });

  // The operator closes the tab: it waits for a payment preference, which settles it by invoice.
  await openPage(page, suitesUrl);
  await expect(suite.getByText(/Tab: \$1[2-4]\d\.\d\d of \$150\.00/)).toBeVisible();
  await suite.getByRole('button', { name: 'Close the tab' }).click();
  const confirmClose = page.getByRole('dialog', { name: 'Close the tab?' });
  await expect(confirmClose.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoA11yViolations(page);
  await confirmClose.getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(suite.getByText(/Tab closed: \$1[2-4]\d\.\d\d to settle once the venue chooses a payment preference\./)).toBeVisible();
  await expect(suite.getByRole('button', { name: 'Order for this guest' })).toHaveCount(0);
  await suite.getByText('Activity').click();
  await expect(suite.getByText(/Omar Operator \(operator\) ordered for Sam Guest \(guest\): 1 × Fountain pop \(large\)/)).toBeVisible();
  await expect(
    suite.getByText('Omar Operator (operator) ordered for Olivia Owner: 1 × Large pepperoni pizza ($59.60)').first(),
  ).toBeVisible();
  await expect(suite.getByText('Omar Operator (operator) closed the tab.')).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, 'operator-suite-closed');

  await suite.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: 'Invoice the owner' }).check();
  await page.getByRole('button', { name: 'Submit the payment preference' }).click();
  await page.getByRole('dialog', { name: 'Submit the payment preference?' }).getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(page.getByText(/Tab closed: invoice INV-3987 for \$1[2-4]\d\.\d\d, sent by e-mail\./)).toBeVisible();

  // The owner saw all of it live: the tab closed and invoiced, and who ordered what for whom.
  await expect(game.getByText(/Tab closed: invoice INV-3987 for \$1[2-4]\d\.\d\d, sent by e-mail\./)).toBeVisible({ timeout: 3000 });
  await game.getByText('Activity').click();
  await expect(game.getByText(/ordered for Sam Guest \(guest\)/)).toBeVisible();
  await expectNoA11yViolations(ownerPage);
  await screenshot(ownerPage, 'owner-tab-closed');
  await ownerPage.getByRole('button', { name: 'Français' }).click();
  const gameFr = ownerPage.getByRole('listitem').filter({ has: ownerPage.getByRole('heading', { name: /Ce soir/ }) });
  await expect(gameFr.getByText(/Ardoise fermée : facture INV-3987 de 1[2-4]\d,\d\d\s\$, envoyée par courriel\./).first()).toBeVisible();
  await expect(gameFr.getByText(/Omar Operator \(opérateur\) a commandé pour Sam Guest \(personne invitée\)/)).toBeVisible();
  await expectNoA11yViolations(ownerPage);
  await screenshot(ownerPage, 'owner-tab-closed-fr');
});
