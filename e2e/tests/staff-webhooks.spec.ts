import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { placeDineInByApi } from './checkout-journey';
import { openPage, staffSignIn } from './ready';

/** Staff signed in on the order board. */
async function boardSignIn(page: Page, email: string) {
  await staffSignIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
}

test("an owner adds a webhook endpoint, a receiver gets the new order's event signed with the key shown once, and the log shows it", async ({
  page,
  request,
}) => {
  // The point of sale: a receiver on this machine that records what arrives.
  const hits: Array<{ eventId: string; timestamp: string; signature: string; body: string }> = [];
  const receiver = http.createServer((incoming, answer) => {
    let body = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (body += chunk));
    incoming.on('end', () => {
      hits.push({
        eventId: String(incoming.headers['servery-event-id']),
        timestamp: String(incoming.headers['servery-timestamp']),
        signature: String(incoming.headers['servery-signature']),
        body,
      });
      answer.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/servery`;

  try {
    await boardSignIn(page, 'staff@maple-bistro.example.com');
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Add the endpoint' }).click();
    await expect(page.getByText('Enter a web address that starts with https:// or http://.')).toBeVisible();
    await page.getByLabel('URL (https://…)').fill(url);
    await page.getByLabel('Description (optional)').fill('Kitchen display');
    await page.getByRole('button', { name: 'Add the endpoint' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Endpoint added.' })).toBeVisible();
    const secret = await page.getByLabel(`Signing key for ${url}`).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: '/tmp/staff-shots/webhooks-secret-en-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByLabel(`Signing key for ${url}`)).toHaveCount(0);
    // Shown once: a reload lists the endpoint, never its key.
    await page.reload();
    await expect(page.getByText(url, { exact: true })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    const order = await placeDineInByApi(request, { tableNum: '4' });
    // Other journeys place the bistro's orders at the same time, and each reaches this endpoint too: find this one's.
    type OrderEvent = { id: string; type: string; data: { order_id: string; order_number: number } };
    const ours = () => hits.find((candidate) => (JSON.parse(candidate.body) as OrderEvent).data?.order_id === order.id);
    await expect.poll(() => ours() !== undefined, { timeout: 10_000 }).toBe(true);
    const hit = ours()!;
    const event = JSON.parse(hit.body) as OrderEvent;
    expect(event).toMatchObject({ type: 'order.placed', data: { order_id: order.id, order_number: order.number } });
    expect(hit.eventId).toBe(event.id);
    const expected = `sha256=${createHmac('sha256', secret).update(`${hit.timestamp}.${hit.body}`).digest('hex')}`;
    expect(timingSafeEqual(Buffer.from(expected), Buffer.from(hit.signature))).toBe(true);

    await page.reload();
    await expect(page.getByText('Last delivery: sent')).toBeVisible();
    await page.getByRole('button', { name: `Delivery log of ${url}` }).click();
    const log = page.getByRole('table', { name: 'Delivery log' });
    const row = log.getByRole('row').filter({ hasText: event.id });
    await expect(row).toContainText('placed');
    await expect(row).toContainText('sent');
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.screenshot({ path: '/tmp/staff-shots/webhooks-log-en-320.png', fullPage: true });

    // The board shows where the order's receipt stands (no SMTP relay here: queued in the outbox).
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Order board' }).click();
    const card = page.getByRole('article', { name: new RegExp(`^Order #${order.number}\\b`) });
    await expect(card).toContainText('Messages: E-mail: queued');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('article', { name: new RegExp(`^Commande no ${order.number}\\b`) })).toContainText(
      'Messages : Courriel : en attente',
    );
    await page.getByRole('navigation', { name: 'Personnel' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('Dernier envoi : envoyé')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.screenshot({ path: '/tmp/staff-shots/webhooks-fr-320.png', fullPage: true });
    await page.getByRole('button', { name: `Supprimer ${url}` }).click();
    await page.getByRole('button', { name: 'Oui, supprimer' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${url} a été supprimé.` })).toBeVisible();
    await expect(page.getByText('Aucun point de terminaison pour l’instant.')).toBeVisible();
    // Who pointed the restaurant's orders where, and when, is in the team's changes.
    await page.getByRole('navigation', { name: 'Personnel' }).getByRole('link', { name: 'Équipe' }).click();
    const changes = page.getByRole('list').filter({ hasText: url });
    await expect(changes.getByText(`staff@maple-bistro.example.com a supprimé le point de terminaison webhook ${url}`)).toBeVisible();
    await expect(changes.getByText(`staff@maple-bistro.example.com a ajouté le point de terminaison webhook ${url}`)).toBeVisible();
    await page.screenshot({ path: '/tmp/staff-shots/team-webhook-audit-fr-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'English' }).click();
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test('the kitchen staff role has no webhooks link and is refused the screen', async ({ page }) => {
  await boardSignIn(page, 'kitchen@maple-bistro.example.com');
  await expect(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
  await openPage(page, '/maple-bistro/staff/webhooks');
  await expect(page.getByRole('alert')).toHaveText('Your role on this team does not open this page. An owner can change your role.');
});
