/**
 * Issue 30, defect 3: the scheduled-orders list names a delivery's time "Delivery time" (it said
 * "Pickup time"), and an order's detail shows every line it was priced with (a caterer's $35
 * delivery charge, a school meal's subsidy), so that its lines add up to its total, in both languages.
 */
import { expect, test, type Page } from '@playwright/test';
import { schoolBaseURL } from '../playwright.config';
import { expectNoA11yViolations } from './axe';
import { costRows, expectRowsToAddUp, openSignedIn, placeOrder, registerDiner, slotAhead, type PlacedOrder } from './diner-orders';
import { cardToken, SERVER_NOW } from './school-journey';

/** The detail's costs: the region named by its heading. */
const costsOf = (page: Page, name: string) => page.getByRole('region', { name });

async function expectDetailAddsUp(page: Page, order: PlacedOrder, words: { costs: string; total: string }) {
  const rows = await costRows(costsOf(page, words.costs));
  expectRowsToAddUp(rows, words.total, order.costs.totalWithTip);
  return rows;
}

test.describe('a caterer’s delivery', () => {
  // Harbour Catering (tenants/harbour-catering.json): the continental breakfast, $14.50 a person for 10
  // or more, delivered within 25 km of Old Montréal for $35, paid by purchase order.
  const breakfast = { id: 4100, menu_id: 4010, section_id: 4050, orderId: 1, quantity: 11, orderPrice: 15950, orderOptions: [] };

  test('is listed with its delivery time, and its detail shows the delivery charge in lines that add up', async ({ page, request }) => {
    const diner = await registerDiner(request, 'catering-totals');
    const headers = { 'X-Restaurant-Id': 'harbour-catering', Authorization: `Bearer ${diner.token}` };
    const slot = await slotAhead(request, headers, 'catering', [breakfast]);
    const order = await placeOrder(request, diner, 'harbour-catering', {
      type: 'catering',
      data: {
        config: {},
        items: [breakfast],
        costs: {},
        checkout: {
          paymentMethod: 'purchase_order',
          purchaseOrder: 'PO-30',
          pickup: { delivery: true, scheduled: true, dueByDate: slot.date, dueByTime: slot.time },
          delivery: { type: 'default_address', address: '355 Rue Saint-Paul E', postalCode: 'H2Y 1H2' },
          contact: { full_name: 'Pat Diner', email: diner.email, phone_number: '514-555-0101' },
          questions: [{ id: 4920, answers: [0] }],
        },
      },
    });
    expect(order.costs.deliveryCharge.amount).toBe(3500);

    await openSignedIn(page, diner, '/profile/scheduled-orders');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order #${order.number} at Harbour Catering` }) });
    await expect(card.getByRole('term').first()).toHaveText('Delivery time');
    await expect(card.getByText('Pickup time')).toHaveCount(0);
    await expectNoA11yViolations(page);

    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: `Scheduled order #${order.number}` })).toBeVisible();
    const rows = await expectDetailAddsUp(page, order, { costs: 'Costs', total: 'Total' });
    expect(rows).toContainEqual(['Subtotal', 15950]);
    expect(rows).toContainEqual(['Delivery charge', 3500]);
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Commande planifiée #${order.number}` })).toBeVisible();
    await expect(costsOf(page, 'Coûts').getByRole('term').filter({ hasText: 'Frais de livraison' })).toBeVisible();
    const rowsFr = await expectDetailAddsUp(page, order, { costs: 'Coûts', total: 'Total' });
    expect(rowsFr).toContainEqual(['Frais de livraison', 3500]);
    await expect(page.getByRole('term').filter({ hasText: 'Heure de livraison' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Retour aux commandes planifiées' }).click();
    const cardFr = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: `Commande #${order.number} chez Harbour Catering` }) });
    await expect(cardFr.getByRole('term').first()).toHaveText('Heure de livraison');
  });
});

test.describe('a school meal with a subsidy', () => {
  // The school server (playwright.config.ts), its clock at Tuesday 24 November 2026. Thursday 10
  // December is a week-A Thursday (menu 2013): its turkey wrap is a $7.50 meal, half price with a
  // subsidy code; no other journey reads that day's orders.
  test.use({ baseURL: schoolBaseURL });
  const SCHOOL = { slug: 'maple-school', id: 102 };
  const WRAP = {
    id: 2106,
    menu_id: 2013,
    section_id: 2053,
    orderId: 1,
    quantity: 1,
    orderPrice: 750,
    orderOptions: [
      { id: 2512, values: [{ id: 2642, quantity: 1 }] },
      { id: 2513, values: [{ id: 2646, quantity: 1 }] },
    ],
  };

  test('shows the subsidy line, so that subtotal, subsidy and taxes add up to the total', async ({ page, request }) => {
    await page.clock.setFixedTime(SERVER_NOW);
    const diner = await registerDiner(request, 'school-totals');
    const headers = { Authorization: `Bearer ${diner.token}`, 'X-Restaurant-Id': SCHOOL.slug };
    const added = await request.post('/api/auth/students', {
      headers,
      data: {
        firstName: 'Zoe',
        lastName: 'Diner',
        school: 'Maple Grove Public School',
        grade: '2',
        classroom: '102',
        teacher: 'Mr. Dubois',
      },
    });
    expect(added.status(), await added.text()).toBe(200);
    const studentId = ((await added.json()) as { student: { id: number } }).student.id;
    const placed = await request.post('/api/orders/create-k12-order', {
      headers: { ...headers, 'Idempotency-Key': `school-totals-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` },
      data: {
        type: 'school',
        data: {
          rotationalMenuOrders: [{ date: '2026-12-10', orderId: 1, studentId, items: [WRAP] }],
          costs: { subsidyDiscount: { code: 'MAPLE-ASSIST' } },
          checkout: {
            paymentMethod: 'credit_card',
            card: { token: await cardToken(request, SCHOOL) },
            contact: { full_name: 'Pat Diner', email: diner.email, phone_number: '416-555-0142' },
          },
        },
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = ((await placed.json()) as { orders: Array<{ order: PlacedOrder }> }).orders[0]!.order;
    expect(order.costs.subsidyDiscount.amount).toBe(375);

    await openSignedIn(page, diner, '/profile/scheduled-orders');
    await page.getByRole('link', { name: `Order #${order.number} at Maple School Meals` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Scheduled order #${order.number}` })).toBeVisible();
    const rows = await expectDetailAddsUp(page, order, { costs: 'Costs', total: 'Total' });
    expect(rows).toContainEqual(['Subtotal', 750]);
    expect(rows).toContainEqual(['Subsidy', -375]);
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Français' }).click();
    await expect(costsOf(page, 'Coûts').getByRole('term').filter({ hasText: 'Subvention' })).toBeVisible();
    const rowsFr = await expectDetailAddsUp(page, order, { costs: 'Coûts', total: 'Total' });
    expect(rowsFr).toContainEqual(['Subvention', -375]);
    await expectNoA11yViolations(page);
  });
});
