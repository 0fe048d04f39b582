import { expect, test, type Page } from '@playwright/test';
import { startTicketReceiver, type TicketReceiver } from '../../apps/api/src/test/ticket-receiver';
import { expectNoA11yViolations } from './axe';
import { placeDineInByApi } from './checkout-journey';
import { openPage, staffSignIn } from './ready';

/** Staff signed in on the order board. */
async function boardSignIn(page: Page, email: string) {
  await staffSignIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
}

/** The text of each ticket the printer got that has every one of these lines (other tests' orders print too). */
const printed = (printer: TicketReceiver, ...lines: string[]) =>
  printer.tickets.filter((ticket) => lines.every((line) => ticket.lines.some((each) => each.text === line)));

const noSidewaysScroll = async (page: Page, width: number) => {
  await page.setViewportSize({ width, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
};

test('an owner sets the kitchen printer and test-prints; an order prints by itself; the board sends a reprint; in both languages', async ({
  page,
  request,
}) => {
  // The kitchen printer: a raw TCP receiver on this machine that decodes the ESC/POS it gets.
  const printer = await startTicketReceiver();
  try {
    await boardSignIn(page, 'staff@maple-bistro.example.com');
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Kitchen printer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kitchen printer' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByLabel('Printer address').fill('http://192.168.1.50');
    await page.getByRole('button', { name: 'Save printer' }).click();
    await expect(page.getByText('Enter an IP address or a network name only, without http://, a port or spaces.')).toBeVisible();
    await page.getByLabel('Printer address').fill('127.0.0.1');
    await page.getByLabel('Port').fill(String(printer.port));
    await page.getByLabel('Paper width').selectOption('58');
    await page.getByRole('button', { name: 'Save printer' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Printer saved.' })).toBeVisible();

    await page.getByRole('button', { name: 'Send a test print' }).click();
    await expect.poll(() => printed(printer, 'TEST PRINT', '1 x Crème brûlée', '   - Façon maison').length, { timeout: 10_000 }).toBe(1);
    await expect(page.getByText('Test print · test · printed')).toBeVisible({ timeout: 10_000 });
    await expectNoA11yViolations(page);
    await noSidewaysScroll(page, 320);
    await page.screenshot({ path: '/tmp/staff-shots/printer-en-320.png', fullPage: true });

    // An order placed prints by itself, once.
    const order = await placeDineInByApi(request, { tableNum: '4' });
    await expect.poll(() => printed(printer, `#${order.number}`, 'DINE-IN - TABLE 4').length, { timeout: 10_000 }).toBe(1);
    expect(printed(printer, `#${order.number}`)[0]!.cuts).toBe(1);

    // The board: browser printing stays, the printer is one more button.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Order board' }).click();
    // The board kept its list from before the order (it reads again on the stream's events and every
    // 30 s): a reload shows it now.
    await page.reload();
    const card = page.getByRole('article', { name: new RegExp(`^Order #${order.number}\\b`) });
    await expect(card.getByRole('button', { name: `Print ticket for order #${order.number}` })).toBeVisible();
    await card.getByRole('button', { name: `Send to kitchen printer: order #${order.number}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Ticket for order #${order.number} sent to the kitchen printer.` }),
    ).toBeVisible();
    await expect.poll(() => printed(printer, `#${order.number}`, 'REPRINT').length, { timeout: 10_000 }).toBe(1);
    expect(printed(printer, `#${order.number}`)).toHaveLength(2);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: '/tmp/staff-shots/printer-board-en-390.png', fullPage: true });

    await page.getByRole('button', { name: 'Français' }).click();
    const carte = page.getByRole('article', { name: new RegExp(`^Commande no ${order.number}\\b`) });
    await expect(carte.getByRole('button', { name: `Envoyer à l’imprimante de cuisine : commande no ${order.number}` })).toBeVisible();
    await page.getByRole('navigation', { name: 'Personnel' }).getByRole('link', { name: 'Imprimante de cuisine' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Imprimante de cuisine' })).toBeVisible();
    await expect(page.getByText(`Commande no ${order.number} · réimpression · imprimé`)).toBeVisible();
    await expectNoA11yViolations(page);
    await noSidewaysScroll(page, 320);
    await page.screenshot({ path: '/tmp/staff-shots/printer-fr-320.png', fullPage: true });

    // Who changed the printer and who reprinted is in the team's changes.
    await page.getByRole('navigation', { name: 'Personnel' }).getByRole('link', { name: 'Équipe' }).click();
    await expect(
      page.getByText(`staff@maple-bistro.example.com a réglé l’imprimante de cuisine sur 127.0.0.1:${printer.port}`),
    ).toBeVisible();
    await expect(
      page.getByText(`staff@maple-bistro.example.com a réimprimé le bon de cuisine de la commande #${order.number}`),
    ).toBeVisible();

    // Removed: the other tests' boards have no printer.
    await page.getByRole('navigation', { name: 'Personnel' }).getByRole('link', { name: 'Imprimante de cuisine' }).click();
    await page.getByRole('button', { name: 'Retirer l’imprimante' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imprimante retirée.' })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
  } finally {
    await printer.close();
  }
});

test('the kitchen staff role has no printer settings link and is refused the screen', async ({ page }) => {
  await boardSignIn(page, 'kitchen@maple-bistro.example.com');
  await expect(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Kitchen printer' })).toHaveCount(0);
  await openPage(page, '/maple-bistro/staff/printer');
  await expect(page.getByRole('alert')).toHaveText('Your role on this team does not open this page. An owner can change your role.');
});
