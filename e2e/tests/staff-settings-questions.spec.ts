/**
 * The restaurant's questions at checkout on the settings screen (/{slug}/staff/settings, issue 32
 * item 2), on the menu's draft, against a server of this spec's own (it publishes maple-bistro's file).
 *
 * A manager adds a required list question in English and French, meets the form's field messages
 * first (empty French text, a list with one choice), moves it up by keyboard, saves and publishes; a
 * diner's pickup checkout then asks it, and placing the order without an answer says it is required.
 * In French, the labels and a field's message. At 390 px, axe-clean, no sideways scroll at 320-412 px.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { BISTRO_PICKUP, checkoutOf, fillAsGuest, placeButton, uniqueEmail } from './checkout-journey';
import { staffSignIn } from './ready';
import { noSidewaysScroll, useOwnBistroServer } from './staff-editor-server';

const { url } = useOwnBistroServer();
const SHOTS = '/tmp/settings-questions-shots';

async function noSidewaysScrollFrom320To412(page: Page) {
  for (const width of [320, 360, 412, 390]) await noSidewaysScroll(page, width);
}

test('a manager adds a required question, publishes it, and the diner’s checkout asks it', async ({ page }) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'manager@maple-bistro.example.com', url('/maple-bistro/staff/settings'));
  await expect(page.getByRole('heading', { level: 1, name: 'Restaurant settings' })).toBeVisible();

  // maple-bistro asks two questions; a third, a list, starts with two empty choices.
  const form = page.getByRole('form', { name: 'Questions at checkout' });
  await expect(form.getByLabel('Question in English (Question 1)')).toHaveValue('How did you hear about us?');
  await form.getByRole('button', { name: 'Add a question' }).click();
  const third = form.getByRole('group', { name: 'Question 3', exact: true });
  const english = third.getByLabel('Question in English (Question 3)');
  await expect(english).toBeFocused();
  await english.fill('How should we pack your order?');
  await third.getByLabel('Kind of answer (Question 3)').selectOption({ label: 'One choice from a list' });
  await third.getByLabel('Diners must answer').check();
  await third.getByLabel('Choice in English (Question 3, choice 1)').fill('All in one bag');
  await third.getByLabel('Choice in French (Question 3, choice 1)').fill('Tout dans un sac');
  await third.getByRole('button', { name: 'Remove (Question 3, choice 2)' }).click();

  // Its French is empty and its list has one choice: the first message in the page's order has focus.
  const save = form.getByRole('button', { name: 'Save the questions to the draft' });
  await save.click();
  const french = third.getByLabel('Question in French (Question 3)');
  await expect(french).toBeFocused();
  await expect(french).toHaveAccessibleDescription('Write this text: it cannot be empty.');
  const choices = third.getByRole('group', { name: 'Choices (Question 3)' });
  await expect(choices).toHaveAccessibleDescription('A list needs at least two choices: add another.');
  await third.screenshot({ path: `${SHOTS}/question-messages-en-390.png` });
  await french.fill('Comment emballer votre commande ?');
  await save.click();
  await expect(choices).toBeFocused();
  await expect(page.getByText(/No draft yet/)).toBeVisible();

  // A second choice, by keyboard; the question moved up to second by keyboard, focus on its button.
  await third.getByRole('button', { name: 'Add a choice (Question 3)' }).press('Enter');
  await expect(third.getByLabel('Choice in English (Question 3, choice 2)')).toBeFocused();
  await page.keyboard.type('Separate bags');
  await third.getByLabel('Choice in French (Question 3, choice 2)').fill('Des sacs séparés');
  await third.getByRole('button', { name: 'Move up Question 3' }).press('Enter');
  await expect(form.getByRole('button', { name: 'Move up Question 2' })).toBeFocused();
  await expect(form.getByLabel('Question in English (Question 2)')).toHaveValue('How should we pack your order?');
  await expect(form.getByLabel('Question in English (Question 3)')).toHaveValue('Anything we should prepare?');
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'The questions at checkout were saved in the draft.' })).toBeVisible();
  await expect(page.getByText(/Revision \d+/)).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScrollFrom320To412(page);
  await page.screenshot({ path: `${SHOTS}/questions-en-390.png`, fullPage: true });

  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: /The draft was published: diners now see version \d+\./ })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Questions at checkout' }).getByLabel('Choice in French (Question 2, choice 2)')).toHaveValue(
    'Des sacs séparés',
  );

  // A diner's pickup checkout asks the new question (each process serves a publish within a second).
  const diner = await page.context().newPage();
  await diner.setViewportSize({ width: 390, height: 900 });
  const pack = diner.getByRole('radiogroup', { name: /How should we pack your order\?/ });
  let checkout = page.locator('nothing yet');
  await expect(async () => {
    checkout = await checkoutOf(diner, 'Garlic bread', url(BISTRO_PICKUP));
    await expect(pack).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(pack.getByRole('radio', { name: 'Separate bags' })).toBeVisible();
  await fillAsGuest(checkout, uniqueEmail('pack'));
  await placeButton(checkout).click();
  await expect(pack).toHaveAccessibleDescription('This field is required.');
  await diner.screenshot({ path: `${SHOTS}/checkout-question-390.png` });
  await diner.close();

  // French: the labels, and a field's message.
  await page.getByRole('button', { name: 'Français' }).click();
  const questions = page.getByRole('form', { name: 'Questions au paiement' });
  const francais = questions.getByLabel('Question en français (Question 2)');
  await expect(francais).toHaveValue('Comment emballer votre commande ?');
  await expect(questions.getByLabel('Choix en anglais (Question 2, choix 1)')).toHaveValue('All in one bag');
  await francais.fill('');
  await questions.getByRole('button', { name: 'Enregistrer les questions dans le brouillon' }).click();
  await expect(francais).toBeFocused();
  await expect(francais).toHaveAccessibleDescription('Écrivez ce texte : il ne peut pas être vide.');
  await questions.getByRole('group', { name: 'Question 2', exact: true }).screenshot({ path: `${SHOTS}/question-message-fr-390.png` });
  await expectNoA11yViolations(page);
  await noSidewaysScrollFrom320To412(page);
  await page.screenshot({ path: `${SHOTS}/questions-fr-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'English' }).click();
});

test('the kitchen reads the questions and has no way to change them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'kitchen@maple-bistro.example.com', url('/maple-bistro/staff/settings'));
  const form = page.getByRole('form', { name: 'Questions at checkout' });
  await expect(form.getByLabel('Question in English (Question 1)')).toBeDisabled();
  await expect(form.getByLabel('Question in English (Question 1)')).toHaveValue('How did you hear about us?');
  await expect(form.getByRole('button')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 320);
});
