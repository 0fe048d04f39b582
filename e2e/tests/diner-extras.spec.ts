/**
 * The rest of the diner's ordering spec: a membership number as the restaurant's membership_program
 * texts describe it, unlocking its member-only menu at member prices that the placed order keeps.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import {
  APPROVED,
  chooseTime,
  continueToCheckout,
  expectConfirmed,
  factOf,
  fillCard,
  fillContact,
  openCart,
  openMenu,
  placeAsGuest,
  placeButton,
  uniqueEmail,
} from './checkout-journey';
import { keepSession, openItem } from './ready';

/** A new account, signed in the way the app keeps a session (its token in localStorage). */
async function signInAsNewDiner(page: Page): Promise<string> {
  const email = uniqueEmail('again');
  const registered = await page.request.post('/api/auth/register-user', {
    data: { firstName: 'Olive', lastName: 'Again', email, password: 'Secret12!' },
    headers: { 'X-Restaurant-Id': 'maple-bistro' },
  });
  expect(registered.ok()).toBe(true);
  const { token, user } = (await registered.json()) as { token: string; user: { id: number } };
  await keepSession(page, { token, userId: user.id });
  return email;
}

async function addBurger(page: Page) {
  const burger = await openItem(page, 'Maple Burger');
  await burger.getByRole('radio', { name: 'Swiss' }).check();
  await burger.getByRole('radio', { name: /^Fries/ }).check();
  await burger.getByRole('radio', { name: 'Maple-chipotle' }).check();
  await burger.getByRole('button', { name: 'Add to order' }).click();
  await expect(burger).toBeHidden();
}

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const memberCookie = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'maple-bistro-member');

test('a membership number unlocks the members’ menu, and its member price is kept in the placed order', async ({ page }, testInfo) => {
  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  // The program's section (the members' menu group has the same name once it shows).
  const club = page.locator('section.membership');
  await expect(club.getByRole('heading', { name: 'Maple Club' })).toBeVisible();
  await expect(club.getByText('Members save 10% on every order and unlock the members’ menu.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Club burger & fries', exact: true })).toHaveCount(0);

  // The form folds behind one button (a phone's first dish stays above the fold, diner-phone.spec.ts).
  await club.getByRole('button', { name: 'Member number' }).click();
  await expect(club.getByRole('textbox', { name: 'Member number' })).toBeFocused();
  // A number the program does not know: said in the page, and no member cookie stays behind.
  await club.getByRole('textbox', { name: 'Member number' }).fill('MC-000000');
  await club.getByRole('button', { name: 'Apply membership' }).click();
  await expect(club.getByRole('alert')).toHaveText('We could not find this membership.');
  expect(await memberCookie(page)).toBeUndefined();

  await club.getByRole('textbox', { name: 'Member number' }).fill('MC-100234');
  await club.getByRole('button', { name: 'Apply membership' }).click();
  await expect(club.getByText('Maple Club member pricing applied.')).toBeVisible();
  await expect(club.getByText('Member number: MC-100234')).toBeVisible();
  expect((await memberCookie(page))?.value).toBe('MC-100234');
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await sidewaysOverflow(page)).toBe(0);
  await club.screenshot({ path: testInfo.outputPath('membership-en-390.png') });

  const clubBurger = await openItem(page, 'Club burger & fries');
  await clubBurger.getByRole('button', { name: 'Add to order' }).click();
  await expect(clubBurger).toBeHidden();

  const cart = await openCart(page);
  await expect(cart.getByRole('heading', { name: 'Club burger & fries' })).toBeVisible();
  const memberRow = cart.locator('.cost-rows--summary').getByRole('term').filter({ hasText: 'Member price' });
  await expect(memberRow).toBeVisible();
  const memberAmount = await memberRow.locator('xpath=following-sibling::dd[1]').innerText();
  expect(memberAmount).toMatch(/^[−-]\$1\.70$/);

  const checkout = await continueToCheckout(page);
  await chooseTime(checkout);
  await checkout.getByRole('radio', { name: 'Social media' }).check();
  await fillContact(checkout, uniqueEmail('member'));
  // The loyalty check on the contact e-mail, answered under the field.
  await expect(checkout.getByText('This e-mail is not enrolled in Maple Points.')).toBeVisible();
  await fillCard(checkout, APPROVED);
  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect(page.getByRole('region', { name: 'Your order' }).getByText('1 × Club burger & fries')).toBeVisible();
  await expect(factOf(page.getByRole('region', { name: 'Costs' }), 'Member price')).toHaveText(memberAmount);
  await expectNoA11yViolations(page);

  // In French, the program's own French texts; removing the membership hides the members' menu again.
  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  await page.getByRole('button', { name: 'Français' }).click();
  const clubFr = page.locator('section.membership');
  await expect(clubFr.getByRole('heading', { name: 'Club Maple' })).toBeVisible();
  await expect(clubFr.getByText('Prix membre du Club Maple appliqués.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Burger du Club et frites', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await sidewaysOverflow(page)).toBe(0);
  await clubFr.getByRole('button', { name: 'Retirer l’adhésion' }).click();
  await expect(clubFr.getByRole('button', { name: 'Numéro de membre' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Burger du Club et frites', exact: true })).toHaveCount(0);
  expect(await memberCookie(page)).toBeUndefined();
  await clubFr.screenshot({ path: testInfo.outputPath('membership-fr-390.png') });
});

test('after a first order, "Order again" on the menu adds the same burger with the same choices in one tap', async ({ page }, testInfo) => {
  const email = await signInAsNewDiner(page);
  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  await expect(
    page
      .getByRole('heading', { name: 'Signed in' })
      .or(page.getByRole('link', { name: /account/i }))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order again' })).toHaveCount(0);

  await addBurger(page);
  await openCart(page);
  await placeAsGuest(page, await continueToCheckout(page), email);

  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  const again = page.getByRole('region', { name: 'Order again' });
  await expect(again.getByText('Maple Burger', { exact: true })).toBeVisible();
  await expect(again.getByText('Swiss, Fries, Maple-chipotle')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await sidewaysOverflow(page)).toBe(0);
  await again.screenshot({ path: testInfo.outputPath('order-again-en-390.png') });

  await again.getByRole('button', { name: 'Add again: Maple Burger' }).click();
  await expect(page.getByText('Added 1 × Maple Burger')).toBeVisible();
  const cart = await openCart(page);
  const burger = cart.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Maple Burger' }) });
  for (const option of ['Swiss', 'Fries', 'Maple-chipotle']) await expect(burger.getByText(option, { exact: true })).toBeVisible();
  await cart.getByRole('button', { name: 'Close the cart' }).click();

  await page.getByRole('button', { name: 'Français' }).click();
  const encore = page.getByRole('region', { name: 'Commander à nouveau' });
  await expect(encore.getByRole('button', { name: 'Ajouter à nouveau : Burger Maple' })).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await sidewaysOverflow(page)).toBe(0);
});
