/**
 * The menu editor's item facts and a menu's ordering (issue 32, item 1), against a server this spec
 * starts for itself (tests/own-server.ts), since it publishes maple-bistro's menu.
 *
 * The owner, in French at phone width (390 px), gives the soup of the day an allergen, a diet and the
 * alcohol flag (a tax rate out of range first: the field's message, nothing sent) and one of the
 * restaurant's item promos, changes the all-day menu's required notice, publishes, and the diner's
 * item dialog, in French, shows the allergen, the diet, the legal-age box and the promo's price. A manager gives a section and a menu their own tax rates.
 * Axe-clean, no sideways scroll.
 */
import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openMenu } from './checkout-journey';
import { apiSignIn, openItem, staffSignIn } from './ready';
import { noSidewaysScroll, openEditor, openStarter, useOwnBistroServer } from './staff-editor-server';

const { url, baseURL } = useOwnBistroServer();
const SOUP = 'Soup of the day';
const SHOTS = '/tmp/editor-shots';
const WIDTH = 390;

type DraftFile = {
  menu_groups: Array<{ menus: Array<Record<string, unknown> & { sections: Array<{ items: Array<Record<string, unknown>> }> }> }>;
};

test('the owner sets an allergen, a diet and alcohol in French at 390 px, publishes, and the diner sees them', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const saves = await openEditor(page, url('/maple-bistro/staff/menu'), {
    width: WIDTH,
    email: 'staff@maple-bistro.example.com',
    french: true,
  });
  const form = await openStarter(page, SOUP, { french: true });
  const allergens = form.getByRole('group', { name: 'Allergènes (contient)' });
  await expect(allergens.getByRole('checkbox', { name: 'Produits laitiers' })).toBeChecked();

  // A tax rate over 100 % is the field's message, in French, and nothing is sent.
  const tax = form.getByLabel('Première taxe (%)');
  await tax.fill('150');
  await form.getByRole('button', { name: 'Enregistrer dans le brouillon' }).click();
  await expect(tax).toBeFocused();
  await expect(tax).toHaveAccessibleDescription(/Entrez un pourcentage de 0 à 100/);
  expect(saves).toEqual([]);
  await tax.fill('');

  await allergens.getByRole('checkbox', { name: 'Moutarde' }).check();
  await form.getByRole('group', { name: 'Régimes' }).getByRole('checkbox', { name: 'Végane' }).check();
  await form.getByRole('checkbox', { name: 'Alcool (les clients confirment leur âge)' }).check();
  await form.getByLabel('Deuxième taxe (%)').fill('9,975');
  // The restaurant's item promos are boxes of the form: 10 % off the soup.
  const promos = form.getByRole('group', { name: 'Promotions d’articles' });
  await expect(promos.getByRole('checkbox', { name: 'Promotion 1902 : 1,00 $ de rabais' })).not.toBeChecked();
  await promos.getByRole('checkbox', { name: 'Promotion 1903 : 10 % de rabais' }).check();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, WIDTH);
  await form.screenshot({ path: `${SHOTS}/item-fields-fr-390-form.png` });
  await form.getByRole('button', { name: 'Enregistrer dans le brouillon' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${SOUP} a été enregistré dans le brouillon.` })).toBeVisible();

  // The Caesar salad's price by day and time: a day that does not parse is its message; then lunch on Mondays.
  await page.getByRole('button', { name: 'Modifier Caesar salad' }).click();
  const schedule = page.getByRole('form', { name: 'Prix selon le jour et l’heure : Caesar salad' });
  await schedule.getByRole('checkbox', { name: 'Le prix change selon le jour et l’heure' }).check();
  await schedule.getByLabel('Prix A en dollars').fill('12,50');
  const monday = schedule.getByLabel('Lundi', { exact: true });
  await monday.fill('11:00-midi A');
  await schedule.getByRole('button', { name: 'Enregistrer l’horaire dans le brouillon' }).click();
  await expect(monday).toBeFocused();
  await expect(monday).toHaveAccessibleDescription(/Écrivez des plages comme 11:00-16:00 A/);
  await monday.fill('11:00-14:00 A');
  await schedule.getByRole('button', { name: 'Enregistrer l’horaire dans le brouillon' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'L’horaire de prix de Caesar salad a été enregistré' })).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, WIDTH);
  await schedule.screenshot({ path: `${SHOTS}/item-fields-fr-390-schedule.png` });
  await page.getByRole('button', { name: 'Modifier Caesar salad' }).click();

  // Dragging the Caesar salad onto the poutine's row puts it first.
  const row = (name: string) => page.locator('.menu-editor__row').filter({ hasText: name });
  await row('Caesar salad').dragTo(row('Classic poutine'));
  await expect(page.getByRole('status').filter({ hasText: 'Caesar salad a été déplacé' })).toBeVisible();
  await expect(page.locator('.menu-editor__items .menu-editor__name').first()).toHaveText('Caesar salad');

  // The all-day menu's ordering: a required notice that is not a number is refused, then 20 minutes.
  await page.getByRole('button', { name: 'Commande le menu All-day menu' }).click();
  const ordering = page.getByRole('form', { name: 'Comment commander au menu All-day menu' });
  await expect(ordering.getByRole('group', { name: 'Façons de commander' }).getByRole('checkbox', { name: /Sur demande/ })).toBeChecked();
  const notice = ordering.getByLabel('Préavis requis (minutes)');
  await notice.fill('vingt');
  await ordering.getByRole('button', { name: 'Enregistrer dans le brouillon' }).click();
  await expect(notice).toHaveAccessibleDescription(/Entrez un nombre entier de minutes/);
  await notice.fill('20');
  await ordering.getByRole('button', { name: 'Enregistrer dans le brouillon' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'La façon de commander au menu All-day menu a été enregistrée' })).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, WIDTH);
  await ordering.screenshot({ path: `${SHOTS}/item-fields-fr-390-ordering.png` });

  // The draft's file holds them as the tenant file writes them.
  const { token } = await apiSignIn(request, 'staff@maple-bistro.example.com', { origin: baseURL(), restaurant: 'maple-bistro' });
  const headers = { authorization: `Bearer ${token}`, 'X-Restaurant-Id': 'maple-bistro' };
  const draft = (await (await request.get(url('/api/staff/menu/draft'), { headers })).json()) as { file: DraftFile };
  const allDay = draft.file.menu_groups[0]!.menus[0]!;
  expect(allDay).toMatchObject({ on_demand: true, required_notice: 20 });
  const soup = allDay.sections.flatMap((section) => section.items).find((item) => item.id === 1101);
  expect(soup).toMatchObject({
    allergens: 'Dairy,Mustard',
    diets: 'Vegan',
    alcoholic_beverage: true,
    tax_rate: { tax2: '0.09975' },
    promos: [1903],
  });
  const salad = allDay.sections[0]!.items.find((item) => item.id === 1102)!;
  expect(salad).toMatchObject({ additional_prices: { A: '12.50' }, order: 0 });
  expect((salad.price_schedule as Record<string, string>).monday).toBe(`${'X'.repeat(44)}${'A'.repeat(12)}${'X'.repeat(40)}`);
  expect((salad.price_schedule as Record<string, string>).sunday).toBe('X'.repeat(96));

  await page.getByRole('button', { name: 'Publier le brouillon' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Le brouillon a été publié/ })).toBeVisible();

  // The diner's item dialog, in French at 390 px.
  const diner = await page.context().newPage();
  await diner.setViewportSize({ width: WIDTH, height: 900 });
  await openMenu(diner, url('/maple-bistro?takeout=true&takeoutType=pickup'));
  // The language chosen in the console carries over: the menu is in French.
  await expect(diner.getByRole('button', { name: 'English' })).toBeVisible();
  const dialog = await openItem(diner, 'Soupe du jour');
  await expect(dialog.getByText('Contient : Produits laitiers, Moutarde')).toBeVisible();
  // 10 % off its 8,00 $.
  await expect(dialog).toContainText('7,20 $');
  await expect(dialog.getByRole('list', { name: 'Régimes alimentaires' })).toContainText('Végane');
  await expect(dialog.getByRole('checkbox', { name: 'J’ai l’âge légal pour consommer de l’alcool' })).toBeVisible();
  await expectNoA11yViolations(diner);
  await noSidewaysScroll(diner, WIDTH);
  await diner.screenshot({ path: `${SHOTS}/item-fields-fr-390-diner.png` });
  await diner.close();
});

test('a manager gives a section and a menu their own tax rates at 390 px; a rate out of range is the field’s message', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: WIDTH, height: 900 });
  await staffSignIn(page, 'manager@maple-bistro.example.com', url('/maple-bistro/staff/menu'));
  await expect(page.getByRole('heading', { level: 1, name: 'Menu editor' })).toBeVisible();
  await page.getByText('Menu All-day menu').click();

  // The Starters section: 150 % is refused on its field, 5 % is saved.
  await page.getByText(/^Starters/).click();
  await page.getByRole('button', { name: 'Taxes the section Starters' }).click();
  const section = page.getByRole('form', { name: 'Tax rates of the section Starters' });
  const first = section.getByLabel('First tax (%)');
  await first.fill('150');
  await section.getByRole('button', { name: 'Save to the draft' }).click();
  await expect(first).toBeFocused();
  await expect(first).toHaveAccessibleDescription(/Enter a percentage from 0 to 100/);
  await first.fill('5');
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, WIDTH);
  await section.screenshot({ path: `${SHOTS}/section-taxes-en-390.png` });
  await section.getByRole('button', { name: 'Save to the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The tax rates of the section Starters are saved in the draft.' })).toBeVisible();

  // The menu's second tax, typed the French way.
  await page.getByRole('button', { name: 'Taxes the menu All-day menu' }).click();
  const menu = page.getByRole('form', { name: 'Tax rates of the menu All-day menu' });
  await menu.getByLabel('Second tax (%)').fill('9,975');
  await menu.getByRole('button', { name: 'Save to the draft' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The tax rates of the menu All-day menu are saved in the draft.' }),
  ).toBeVisible();

  // Opened again, the section's form shows its rate; the draft's file holds both as the tenant file writes them.
  await section.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Taxes the section Starters' }).click();
  await expect(page.getByRole('form', { name: 'Tax rates of the section Starters' }).getByLabel('First tax (%)')).toHaveValue('5');
  const { token } = await apiSignIn(request, 'manager@maple-bistro.example.com', { origin: baseURL(), restaurant: 'maple-bistro' });
  const headers = { authorization: `Bearer ${token}`, 'X-Restaurant-Id': 'maple-bistro' };
  const draft = (await (await request.get(url('/api/staff/menu/draft'), { headers })).json()) as { file: DraftFile };
  const allDay = draft.file.menu_groups[0]!.menus[0]!;
  expect(allDay.tax_rate).toEqual({ tax2: '0.09975' });
  expect((allDay.sections[0] as Record<string, unknown>).tax_rate).toEqual({ tax1: '0.05' });
});
