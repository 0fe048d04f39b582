/**
 * An option value's own pricing in the menu editor (issue 32 item 1), against a server this spec
 * starts for itself (tests/own-server.ts), since it publishes maple-bistro's menu.
 *
 * The owner, in French at phone width (390 px), opens the classic poutine's Extras group and gives
 * its choices their own pricing, folded under each: pulled pork 2,00 $ on weekdays 11:00-14:00 and
 * 3,00 $ otherwise (a day using a letter without a price first: that day's message, nothing sent),
 * smoked bacon its own 5 % first tax, extra cheese curds promo 1903 (10 % off); and marks the poutine
 * a meal. The draft holds them as the tenant file writes them; published, the diner's item dialog
 * shows each choice's price at the server's hour (in French, then English), and the server prices the
 * cart the same: each part's price, promo price and tax rate. The editor reads them back in English.
 * Axe-clean, no sideways scroll.
 */
import { expect, test, type Page } from '@playwright/test';
import { todayAtOnePmInToronto } from '../../scripts/open-hours.mjs';
import { expectNoA11yViolations } from './axe';
import { apiSignIn, openItem, openPage } from './ready';
import { noSidewaysScroll, openEditor, openStarter, useOwnBistroServer } from './staff-editor-server';

const { url, baseURL } = useOwnBistroServer();
const POUTINE = 'Classic poutine';
const SHOTS = '/tmp/editor-shots';
const WIDTH = 390;
const WEEKDAYS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi'];
const LUNCH = '00:00-11:00 B, 11:00-14:00 A, 14:00-24:00 B';
// The own server's clock starts at today's 1 p.m. in Toronto: the diner's page is pinned there too, so
// both price the pulled pork at the same hour, 2,00 $ on a weekday, 3,00 $ on a weekend.
const SERVER_NOW = todayAtOnePmInToronto();
const weekend = ['Sat', 'Sun'].includes(
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', weekday: 'short' }).format(SERVER_NOW),
);
const PORK_CENTS = weekend ? 300 : 200;

type Value = Record<string, unknown> & { id: number };
type DraftFile = {
  menu_groups: Array<{
    menus: Array<{ sections: Array<{ items: Array<Record<string, unknown> & { id: number; options: Array<{ values: Value[] }> }> }> }>;
  }>;
};
interface Part {
  kind: 'item' | 'option';
  id: number;
  unitPrice: number;
  adjustedPrice: number;
  taxRates: { tax1: string; tax2: string };
}
interface Costs {
  subtotal: number;
  lines: Array<{ parts: Part[] }>;
}

/** The set-costs answers the page receives (the server's prices of its cart). */
function costsOf(page: Page): Costs[] {
  const answers: Costs[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/api/orders/set-costs') && response.status() === 200)
      answers.push(((await response.json()) as { costs: Costs }).costs);
  });
  return answers;
}

test('the owner gives option values a price schedule, a tax rate and a promo in French at 390 px; the diner and the server price them', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const saves = await openEditor(page, url('/maple-bistro/staff/menu'), {
    width: WIDTH,
    email: 'staff@maple-bistro.example.com',
    french: true,
  });

  // The poutine is a meal: the flag among the item's others, in French.
  const item = await openStarter(page, POUTINE, { french: true });
  const meal = item.getByRole('checkbox', { name: 'Repas : compte dans les limites de repas et les subventions de repas d’une école' });
  await expect(meal).not.toBeChecked();
  await meal.check();
  await item.getByRole('group', { name: 'Affiché et vendu comme' }).screenshot({ path: `${SHOTS}/option-values-fr-390-meal.png` });
  await item.getByRole('button', { name: 'Enregistrer dans le brouillon' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${POUTINE} a été enregistré dans le brouillon.` })).toBeVisible();
  expect(saves).toHaveLength(1);

  const options = page.getByRole('region', { name: `Groupes d’options de ${POUTINE}` });
  await options.getByRole('button', { name: 'Modifier le groupe d’options Extras' }).click();
  const form = page.getByRole('form', { name: 'Modifier le groupe d’options Extras' });
  const choice = (number: number) => form.getByRole('group', { name: `Choix ${number}`, exact: true });
  const pricing = async (number: number) => {
    await choice(number).getByText(`Prix selon le jour et l’heure, taxes et promotions du choix ${number}`).click();
    return choice(number);
  };

  // Pulled pork: 2,00 $ on weekdays from 11:00 to 14:00, 3,00 $ at every other time.
  await expect(choice(1).getByLabel('Nom (anglais)')).toHaveValue('Pulled pork');
  const pork = await pricing(1);
  const schedule = pork.getByRole('group', { name: 'Prix du choix 1 selon le jour et l’heure' });
  await schedule.getByRole('checkbox', { name: 'Le prix change selon le jour et l’heure' }).check();
  await schedule.getByLabel('Prix A en dollars').fill('2,00');
  await schedule.getByLabel('Prix B en dollars').fill('3,00');
  for (const day of WEEKDAYS) await schedule.getByLabel(day, { exact: true }).fill(LUNCH);
  for (const day of ['Samedi', 'Dimanche']) await schedule.getByLabel(day, { exact: true }).fill('00:00-24:00 B');
  // Friday at price C, which has none: that day's message, focus on it, nothing sent.
  const friday = schedule.getByLabel('Vendredi', { exact: true });
  await friday.fill('00:00-11:00 B, 11:00-14:00 C, 14:00-24:00 B');
  await form.getByRole('button', { name: 'Enregistrer le groupe dans le brouillon' }).click();
  await expect(friday).toBeFocused();
  await expect(friday).toHaveAccessibleDescription(/Écrivez des plages comme 11:00-16:00 A/);
  expect(saves).toHaveLength(1);
  await friday.fill(LUNCH);

  // Smoked bacon: its own first tax of 5 %.
  await expect(choice(2).getByLabel('Nom (anglais)')).toHaveValue('Smoked bacon');
  const bacon = await pricing(2);
  const taxes = bacon.getByRole('group', { name: 'Taux de taxe propres à ce choix' });
  await taxes.getByLabel('Première taxe (%)').fill('5');

  // Extra cheese curds: promo 1903, 10 % off.
  await expect(choice(3).getByLabel('Nom (anglais)')).toHaveValue('Extra cheese curds');
  const curds = await pricing(3);
  const promos = curds.getByRole('group', { name: 'Promotions d’articles' });
  await expect(promos.getByRole('checkbox', { name: 'Promotion 1902 : 1,00 $ de rabais' })).not.toBeChecked();
  await promos.getByRole('checkbox', { name: 'Promotion 1903 : 10 % de rabais' }).check();

  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, WIDTH);
  await pork.screenshot({ path: `${SHOTS}/option-values-fr-390-schedule.png` });
  await curds.screenshot({ path: `${SHOTS}/option-values-fr-390-promo.png` });
  await form.getByRole('button', { name: 'Enregistrer le groupe dans le brouillon' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Le groupe d’options Extras a été enregistré dans le brouillon.' }),
  ).toBeVisible();
  expect(saves).toHaveLength(2);

  // The draft holds them as the tenant file writes them.
  const { token } = await apiSignIn(request, 'staff@maple-bistro.example.com', { origin: baseURL(), restaurant: 'maple-bistro' });
  const headers = { authorization: `Bearer ${token}`, 'X-Restaurant-Id': 'maple-bistro' };
  const draft = (await (await request.get(url('/api/staff/menu/draft'), { headers })).json()) as { file: DraftFile };
  const poutine = draft.file.menu_groups[0]!.menus[0]!.sections.flatMap((section) => section.items).find((entry) => entry.id === 1100)!;
  expect(poutine.meal_package).toBe(true);
  const [porkValue, baconValue, curdsValue, onions] = poutine.options[0]!.values;
  const lunch = `${'B'.repeat(44)}${'A'.repeat(12)}${'B'.repeat(40)}`;
  expect(porkValue).toMatchObject({
    id: 1600,
    price: '4.00',
    additional_prices: { A: '2.00', B: '3.00' },
    price_schedule: {
      sunday: 'B'.repeat(96),
      monday: lunch,
      tuesday: lunch,
      wednesday: lunch,
      thursday: lunch,
      friday: lunch,
      saturday: 'B'.repeat(96),
    },
  });
  expect(baconValue).toMatchObject({ id: 1601, tax_rate: { tax1: '0.05' } });
  expect(curdsValue).toMatchObject({ id: 1602, promos: [1903] });
  // The others name no promo (the stored draft writes the file's default, an empty list).
  for (const untouched of [porkValue, baconValue, onions]) expect(untouched!.promos ?? []).toEqual([]);
  for (const field of ['price_schedule', 'additional_prices', 'tax_rate']) expect(onions).not.toHaveProperty(field);

  await page.getByRole('button', { name: 'Publier le brouillon' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Le brouillon a été publié/ })).toBeVisible();

  // The diner's item dialog at the server's hour, in French (the console's language carries over).
  const diner = await page.context().newPage();
  const answers = costsOf(diner);
  await diner.setViewportSize({ width: WIDTH, height: 900 });
  await diner.clock.setFixedTime(SERVER_NOW);
  await openPage(diner, url('/maple-bistro?takeout=true&takeoutType=pickup'));
  await expect(diner.getByRole('button', { name: 'English' })).toBeVisible();
  const dialog = await openItem(diner, 'Poutine classique');
  await expect(dialog.getByRole('checkbox', { name: /^Porc effiloché/ })).toHaveAccessibleName(weekend ? /\+3,00\s\$/ : /\+2,00\s\$/);
  await expect(dialog.getByRole('checkbox', { name: /^Fromage en grains supplémentaire/ })).toHaveAccessibleName(
    /\+2,25\s\$, au lieu de \+2,50\s\$/,
  );
  await expect(dialog.getByRole('checkbox', { name: /^Bacon fumé/ })).toHaveAccessibleName(/\+3,00\s\$/);
  for (const name of [/^Porc effiloché/, /^Bacon fumé/, /^Fromage en grains supplémentaire/])
    await dialog.getByRole('checkbox', { name }).check();
  // The poutine's own 20 % promo (10,00 $ instead of 12,50 $) + the pork + 3,00 $ + 2,25 $.
  const unit = 1000 + PORK_CENTS + 300 + 225;
  const money = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
  await expect(dialog).toContainText(new RegExp(`Total\\s:\\s${money(unit)}`));
  await expectNoA11yViolations(diner);
  await noSidewaysScroll(diner, WIDTH);
  await dialog.screenshot({ path: `${SHOTS}/option-values-fr-390-diner.png` });
  await dialog.getByRole('button', { name: 'Ajouter à la commande' }).click();
  await expect(dialog).toBeHidden();

  // The server prices the cart the same: the pork at the hour's price, the bacon at its own tax, the curds after the promo.
  await diner.getByRole('button', { name: /^Voir le panier/ }).click();
  const cart = diner.getByRole('dialog', { name: 'Votre panier' });
  await expect(cart.getByRole('region', { name: 'Sommaire' })).not.toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => answers.length).toBeGreaterThan(0);
  const costs = answers[answers.length - 1]!;
  expect(costs.subtotal).toBe(unit);
  const parts = costs.lines.flatMap((line) => line.parts);
  const part = (id: number) => parts.find((entry) => entry.kind === 'option' && entry.id === id);
  expect(part(1600)).toMatchObject({ unitPrice: PORK_CENTS, adjustedPrice: PORK_CENTS, taxRates: { tax1: '0.13' } });
  expect(part(1601)).toMatchObject({ unitPrice: 300, adjustedPrice: 300, taxRates: { tax1: '0.05' } });
  expect(part(1602)).toMatchObject({ unitPrice: 250, adjustedPrice: 225, taxRates: { tax1: '0.13' } });
  await expect(cart).toContainText(money(unit));
  await expectNoA11yViolations(diner);
  await noSidewaysScroll(diner, WIDTH);
  await cart.screenshot({ path: `${SHOTS}/option-values-fr-390-cart.png` });
  await cart.getByRole('button', { name: 'Fermer le panier' }).click();

  // In English, the same prices.
  await diner.getByRole('button', { name: 'English' }).click();
  const dialogEn = await openItem(diner, POUTINE);
  await expect(dialogEn.getByRole('checkbox', { name: /^Pulled pork/ })).toHaveAccessibleName(weekend ? /\+\$3\.00/ : /\+\$2\.00/);
  await expect(dialogEn.getByRole('checkbox', { name: /^Extra cheese curds/ })).toHaveAccessibleName(/\+\$2\.25, was \+\$2\.50/);
  await expectNoA11yViolations(diner);
  await noSidewaysScroll(diner, WIDTH);
  await dialogEn.screenshot({ path: `${SHOTS}/option-values-en-390-diner.png` });
  await diner.close();

  // The editor, in English, reads the choices' pricing back from the published file.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Menu editor' })).toBeVisible();
  const optionsEn = page.getByRole('region', { name: `Option groups of ${POUTINE}` });
  if (!(await optionsEn.isVisible())) {
    await page.getByText('Menu All-day menu').click();
    await page.getByText(/^Starters/).click();
    await page.getByRole('button', { name: `Edit ${POUTINE}` }).click();
  }
  const formEn = page.getByRole('form', { name: 'Edit the option group Extras' });
  if (!(await formEn.isVisible())) await optionsEn.getByRole('button', { name: 'Edit the option group Extras' }).click();
  const choiceEn = (number: number) => formEn.getByRole('group', { name: `Choice ${number}`, exact: true });
  await choiceEn(1).getByText('Price by day and time, taxes and promos of choice 1').click();
  await expect(choiceEn(1).getByLabel('Price A in dollars')).toHaveValue('2.00');
  await expect(choiceEn(1).getByLabel('Monday', { exact: true })).toHaveValue(LUNCH);
  await choiceEn(2).getByText('Price by day and time, taxes and promos of choice 2').click();
  await expect(choiceEn(2).getByRole('group', { name: 'This choice’s own tax rates' }).getByLabel('First tax (%)')).toHaveValue('5');
  await choiceEn(3).getByText('Price by day and time, taxes and promos of choice 3').click();
  await expect(choiceEn(3).getByRole('checkbox', { name: 'Promo 1903: 10% off' })).toBeChecked();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, WIDTH);
  await choiceEn(1).screenshot({ path: `${SHOTS}/option-values-en-390-schedule.png` });
});
