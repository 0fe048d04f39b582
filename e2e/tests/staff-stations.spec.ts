import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { placeDineInByApi } from './checkout-journey';
import { staffSignIn } from './ready';
import { listenToAnnouncements } from './board-announcements';

/*
 * Kitchen stations (issue 31 item 3; docs/decisions/0107-kitchen-stations.md): maple-bistro's drinks
 * are made at the bar, the rest in the kitchen. A phone on each station's board bumps its own lines;
 * the last bump moves the order to ready; a bump is recalled, and a ready order's recall takes it
 * back to preparing until the station makes it again.
 */

/** A dine-in order of a lemonade (the bar's) and a soup (the kitchen's), accepted from the board. */
async function placeDrinkAndSoup(page: Page): Promise<number> {
  const { number } = await placeDineInByApi(page.request, {
    items: [
      { id: 1133, menu_id: 1010, section_id: 1058, orderId: 1, quantity: 1, orderPrice: 450, orderOptions: [] },
      { id: 1101, menu_id: 1010, section_id: 1050, orderId: 2, quantity: 1, orderPrice: 800, orderOptions: [] },
    ],
  });
  return number;
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

test('the bar bumps its drink, the kitchen its soup, and the order is ready; a recall brings a bump back, even once ready; in English at 390 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await staffSignIn(page, 'kitchen@maple-bistro.example.com');
  await expect(page.getByText('Live: new orders appear by themselves.')).toBeVisible();
  let announced = await listenToAnnouncements(page);
  const number = await placeDrinkAndSoup(page);
  const card = () => page.getByRole('article', { name: new RegExp(`^Order #${number}\\b`) });
  await card()
    .getByRole('button', { name: `Accept order #${number}` })
    .click();
  await expect(
    page.getByRole('region', { name: /^Accepted/ }).getByRole('article', { name: new RegExp(`^Order #${number}\\b`) }),
  ).toBeVisible();

  // The bar's phone: its board shows the drink only, and counts the kitchen's line.
  await page.getByLabel('Station', { exact: true }).selectOption({ label: 'Bar' });
  await expect(card()).toContainText('Fresh lemonade');
  await expect(card()).not.toContainText('Soup of the day');
  await expect(card()).toContainText('+1 at Kitchen');
  await card()
    .getByRole('button', { name: `Bump order #${number} at Bar` })
    .click();
  await announced(`Bar bumped order #${number}.`);
  await expect(card().getByText('(made)')).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/staff-shots/stations-bar-en-390.png', fullPage: true });

  // Recalled (the drink was spilled): it is back to make; bumped again from the keyboard (B).
  await card()
    .getByRole('button', { name: `Recall order #${number} at Bar` })
    .click();
  await expect(card().getByText('(made)')).toHaveCount(0);
  await expect(card()).toHaveAttribute('aria-keyshortcuts', /\bB\b/);
  await card().focus();
  await page.keyboard.press('b');
  await expect(card().getByText('(made)')).toBeVisible();

  // One line at a time: the lemonade's own toggle takes it back, then marks it made again.
  const lemonade = card().getByRole('button', { name: `Fresh lemonade made, order #${number}` });
  await expect(lemonade).toHaveAttribute('aria-pressed', 'true');
  await lemonade.click();
  await announced(`Bar took back Fresh lemonade of order #${number}: not made yet.`);
  await expect(lemonade).toHaveAttribute('aria-pressed', 'false');
  await lemonade.click();
  await announced(`Bar made Fresh lemonade of order #${number}.`);
  await expect(lemonade).toHaveAttribute('aria-pressed', 'true');

  // The station is remembered on this device.
  await page.reload();
  await expect(page.getByLabel('Station', { exact: true })).toHaveValue('bar');
  announced = await listenToAnnouncements(page);

  // The kitchen's phone: the soup, and the drink counted at the bar; its bump finishes the order.
  await page.getByLabel('Station', { exact: true }).selectOption({ label: 'Kitchen' });
  await expect(card()).toContainText('Soup of the day');
  await expect(card()).toContainText('+1 at Bar');
  // Its soup's own toggle: the kitchen's last line made, so the order is ready.
  await card()
    .getByRole('button', { name: `Soup of the day made, order #${number}` })
    .click();
  await announced('every station is done, the order is ready');
  await expect(
    page.getByRole('region', { name: /^Ready/ }).getByRole('article', { name: new RegExp(`^Order #${number}\\b`) }),
  ).toBeVisible();
  // The soup is sent back at the pass: its toggle on the ready card takes it back to the kitchen.
  const soup = card().getByRole('button', { name: `Soup of the day made, order #${number}` });
  await expect(soup).toHaveAttribute('aria-pressed', 'true');
  await expect(card().getByRole('button', { name: `Bump order #${number} at Kitchen` })).toHaveCount(0);
  await soup.click();
  await announced(`Kitchen recalled order #${number}: it is back in the kitchen`);
  await expect(
    page.getByRole('region', { name: /^Preparing/ }).getByRole('article', { name: new RegExp(`^Order #${number}\\b`) }),
  ).toBeVisible();
  await expect(soup).toHaveAttribute('aria-pressed', 'false');
  // Made again: ready again.
  await card()
    .getByRole('button', { name: `Bump order #${number} at Kitchen` })
    .click();
  await expect(
    page.getByRole('region', { name: /^Ready/ }).getByRole('article', { name: new RegExp(`^Order #${number}\\b`) }),
  ).toBeVisible();
  await expect(soup).toHaveAttribute('aria-pressed', 'true');
  await expectNoA11yViolations(page);
  for (const width of [320, 412]) {
    await page.setViewportSize({ width, height: 844 });
    await noSidewaysScroll(page);
  }
  await page.getByLabel('Station', { exact: true }).selectOption({ label: 'All stations' });
});

test('a station bumps and recalls in French at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await staffSignIn(page, 'kitchen@maple-bistro.example.com');
  await expect(page.getByText('Live: new orders appear by themselves.')).toBeVisible();
  await page.getByRole('button', { name: 'Français' }).click();
  const announced = await listenToAnnouncements(page);
  const number = await placeDrinkAndSoup(page);
  const card = () => page.getByRole('article', { name: new RegExp(`^Commande no ${number}\\b`) });
  await card()
    .getByRole('button', { name: `Accepter la commande no ${number}` })
    .click();
  await expect(
    page.getByRole('region', { name: /^Acceptées/ }).getByRole('article', { name: new RegExp(`^Commande no ${number}\\b`) }),
  ).toBeVisible();

  await page.getByLabel('Poste', { exact: true }).selectOption({ label: 'Bar' });
  await expect(card()).toContainText('+1 au poste Cuisine');
  await card()
    .getByRole('button', { name: `Envoyer la commande no ${number} au poste Bar` })
    .click();
  await expect(card().getByText('(prêt)')).toBeVisible();
  await card()
    .getByRole('button', { name: `Rappeler la commande no ${number} au poste Bar` })
    .click();
  await announced(`Le poste Bar a rappelé la commande no ${number}.`);
  await card()
    .getByRole('button', { name: `Envoyer la commande no ${number} au poste Bar` })
    .click();
  await expect(card().getByText('(prêt)')).toBeVisible();

  await page.getByLabel('Poste', { exact: true }).selectOption({ label: 'Cuisine' });
  await card()
    .getByRole('button', { name: `Envoyer la commande no ${number} au poste Cuisine` })
    .click();
  await expect(
    page.getByRole('region', { name: /^Prêtes/ }).getByRole('article', { name: new RegExp(`^Commande no ${number}\\b`) }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/staff-shots/stations-kitchen-fr-390.png', fullPage: true });
  await page.getByLabel('Poste', { exact: true }).selectOption({ label: 'Tous les postes' });
  await page.getByRole('button', { name: 'English' }).click();
});
