import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dinerFixture } from '../../testing/account-fixture';
import { costsFixture } from '../../testing/restaurant-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { resetSessionStore, signIn } from '../../lib/session';
import type { Locale } from '../../i18n/locales';
import { PastReceiptsScreen } from './past-receipts-screen';
import { ScheduledOrderDetailsScreen } from './scheduled-order-details-screen';
import { ScheduledOrdersScreen } from './scheduled-orders-screen';
import { LanguageSwitch } from '../../components/ui/language-switch';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const USER = dinerFixture();

const ORDER = {
  id: 'order-uuid-1',
  number: 42,
  restaurantId: 3,
  restaurantName: 'Maple Bistro',
  status: 'placed',
  orderType: 'take-out',
  total: 2373,
  placedAt: '2026-03-05T15:00:00.000Z',
  pickupTime: '2026-03-06T17:15:00.000Z',
  restaurantZone: 'America/Vancouver',
};

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
function mockFetch(handler: Handler) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string, locale: Locale = 'en-CA') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/login" element={<h1>Log in</h1>} />
        <Route path="/profile/receipts" element={<PastReceiptsScreen />} />
        <Route path="/profile/scheduled-orders" element={<ScheduledOrdersScreen />} />
        <Route path="/profile/scheduled-orders/:orderId" element={<ScheduledOrderDetailsScreen />} />
      </Routes>
      <Where />
    </>,
    { path, locale },
  );
}

beforeEach(() => {
  resetSessionStore();
  signIn({ token: 'secret-token', user: USER });
});

describe('guard', () => {
  // The students' screens are the school's: features/school/students/students-screens.test.tsx.
  it.each(['/profile/receipts', '/profile/scheduled-orders/abc'])(
    'sends a visitor without a session from %s to /login keeping the query',
    async (path) => {
      resetSessionStore();
      mockFetch(() => json(500, {}));
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
      expect(screen.getByTestId('where').textContent).toContain('/login?');
      expect(screen.getByTestId('where').textContent).toContain(`redirect=${encodeURIComponent(path.split('?')[0] ?? '')}`);
    },
  );
});

describe('past receipts', () => {
  const receipt = { ...ORDER, checkoutId: null, vendorName: null, lines: [], refunded: 0, credited: 0 };

  it('shows each receipt dated in its restaurant’s zone, in the user’s language', async () => {
    mockFetch(() => json(200, { receipts: [receipt] }));
    renderAt('/profile/receipts', 'fr-CA');
    const list = await screen.findByRole('list', { name: 'Reçus antérieurs' });
    expect(within(list).getByRole('heading', { name: 'Maple Bistro' })).toBeTruthy();
    expect(within(list).getByText('42')).toBeTruthy();
    // 15:00 UTC is 07:00 in Vancouver.
    expect(list.querySelector('time')?.textContent).toBe('05/03/2026 7 h 00');
    expect(within(list).getByText('23,73 $')).toBeTruthy();
  });

  it.each([
    ['en-CA', 'Refunded', 'Credited to your account', '$23.73'],
    ['fr-CA', 'Remboursé', 'Crédité à votre compte', '23,73 $'],
  ] as const)('says what a cancelled order gave back, to the card or as credit (%s)', async (locale, refunded, credited, amount) => {
    const cancelled = { ...receipt, status: 'cancelled' };
    mockFetch(() =>
      json(200, {
        receipts: [
          { ...cancelled, id: 'by-restaurant', number: 41, refunded: 2373 },
          { ...cancelled, id: 'for-credit', number: 42, credited: 2373 },
          { ...receipt, id: 'standing', number: 43 },
        ],
      }),
    );
    renderAt('/profile/receipts', locale);
    const cards = await screen.findAllByRole('listitem');
    const facts = (number: number) => {
      const card = cards.find((item) => item.querySelector('dd')?.textContent === String(number))!;
      return Object.fromEntries(
        [...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent?.replace(/\u00a0/g, ' ')]),
      );
    };
    expect(facts(41)[refunded]).toBe(amount);
    expect(facts(41)[credited]).toBeUndefined();
    expect(facts(42)[credited]).toBe(amount);
    expect(facts(42)[refunded]).toBeUndefined();
    expect(facts(43)[refunded]).toBeUndefined();
    expect(facts(43)[credited]).toBeUndefined();
  });

  it('shows a school checkout under its one payment: each day with its child and meals', async () => {
    const day = (id: string, number: number, schoolDate: string, studentName: string, meal: string, total: number) => ({
      ...receipt,
      id,
      number,
      restaurantName: 'Maple School Meals',
      restaurantZone: 'America/Toronto',
      orderType: 'school',
      total,
      schoolDate,
      studentName,
      checkoutId: 'school-checkout',
      lines: [{ name: meal, quantity: 1, options: ['White milk (250 mL)', 'Apple slices'], amount: total }],
    });
    mockFetch(() =>
      json(200, {
        receipts: [
          day('o2', 8, '2026-11-30', 'Noah Parent', 'Beef and bean chili with cornbread', 775),
          day('o1', 7, '2026-11-27', 'Léa Parent', 'Cheese pizza (2 slices)', 700),
          receipt,
        ],
      }),
    );
    renderAt('/profile/receipts');
    const list = await screen.findByRole('list', { name: 'Past receipts' });
    const cards = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('profile-card'));
    expect(cards).toHaveLength(2);
    const school = cards[0]!;
    expect(within(school).getByRole('heading', { level: 2, name: 'Maple School Meals' })).toBeTruthy();
    expect(within(school).getByText('Total of 2 orders, one payment').nextElementSibling?.textContent).toBe('$14.75');
    const orders = within(school).getByRole('list', { name: 'Orders of this payment at Maple School Meals' });
    // In the checkout's own order (its numbers), each day with its child and meal.
    expect(
      within(orders)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Friday, November 27', 'Monday, November 30']);
    const friday = within(orders).getAllByRole('listitem')[0]!;
    expect(within(friday).getByText('Léa Parent')).toBeTruthy();
    expect(within(friday).getByText('Friday, November 27, 2026')).toBeTruthy();
    expect(within(within(friday).getByRole('list', { name: 'Items' })).getByText('1 × Cheese pizza (2 slices)')).toBeTruthy();
    expect(within(friday).getByText('White milk (250 mL), Apple slices')).toBeTruthy();
    expect(within(orders).getByText('Noah Parent')).toBeTruthy();
    // The lone order beside it stays a receipt of its own.
    expect(within(cards[1]!).getByRole('heading', { level: 2, name: 'Maple Bistro' })).toBeTruthy();
  });

  it('shows a marketplace hub checkout as its vendor orders, named, under the one payment, in French', async () => {
    const vendorOrder = (id: string, number: number, vendorName: string, line: string, total: number) => ({
      ...receipt,
      id,
      number,
      restaurantName: 'Market Hall',
      total,
      checkoutId: 'hub-checkout',
      vendorName,
      lines: [{ name: line, quantity: 1, options: [], amount: total }],
    });
    mockFetch(() =>
      json(200, {
        receipts: [
          vendorOrder('k', 13, 'Kits Noodle House', 'Gyozas au porc (6)', 935),
          vendorOrder('t', 12, 'Tidewater Fish & Chips', 'Saumon sauvage et frites', 2420),
        ],
      }),
    );
    renderAt('/profile/receipts', 'fr-CA');
    const list = await screen.findByRole('list', { name: 'Reçus antérieurs' });
    expect(within(list).getByText('Total des 2 commandes, un seul paiement').nextElementSibling?.textContent).toBe('33,55\u00a0$');
    const orders = within(list).getByRole('list', { name: 'Commandes de ce paiement chez Market Hall' });
    expect(
      within(orders)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Tidewater Fish & Chips', 'Kits Noodle House']);
    expect(within(orders).getByText('1 × Saumon sauvage et frites')).toBeTruthy();
    expect(within(orders).getByText('24,20 $', { selector: 'dd' })).toBeTruthy();
  });

  it('has an empty state', async () => {
    mockFetch(() => json(200, { receipts: [] }));
    renderAt('/profile/receipts');
    expect(await screen.findByText('You have no receipts yet.')).toBeTruthy();
  });
});

describe('scheduled orders', () => {
  const DETAIL = {
    order: { ...ORDER, total: 2421 },
    items: [{ name: 'Soup', quantity: 2, options: ['Large', 'Bread'], amount: 1600 }],
    // $16.00, an 18 % service charge of $2.88, HST $2.45 and an 18 % tip of $2.88: $24.21.
    costs: costsFixture(),
    splitTaxes: true,
    delivery: false,
    cancellable: true,
  };

  it('lists upcoming orders linking to their details', async () => {
    mockFetch(() => json(200, { orders: [ORDER] }));
    renderAt('/profile/scheduled-orders');
    const link = await screen.findByRole('link', { name: 'Order #42 at Maple Bistro' });
    expect(link.getAttribute('href')).toBe('/profile/scheduled-orders/order-uuid-1');
    expect(document.querySelector('time')?.textContent).toBe('06/03/2026 9:15 AM');
  });

  it('names a delivery’s time as a delivery’s, a pickup’s as a pickup’s', async () => {
    mockFetch(() =>
      json(200, {
        orders: [
          { ...ORDER, delivery: false },
          { ...ORDER, id: 'order-uuid-2', number: 43, delivery: true },
        ],
      }),
    );
    renderAt('/profile/scheduled-orders');
    const delivered = (await screen.findByRole('link', { name: 'Order #43 at Maple Bistro' })).closest('li')!;
    expect(within(delivered).getAllByRole('term')[0]?.textContent).toBe('Delivery time');
    const picked = screen.getByRole('link', { name: 'Order #42 at Maple Bistro' }).closest('li')!;
    expect(within(picked).getAllByRole('term')[0]?.textContent).toBe('Pickup time');
  });

  // A meal at half price with a subsidy, no tax, delivered for $35.
  const subsidised = () =>
    costsFixture({
      subtotal: 1450,
      subtotalDiscounted: 725,
      subsidyDiscount: { type: 'discount', chosenAmountToBePaid: null, code: 'MAPLE-ASSIST', amount: 725, baseSubsidizedAmount: 1450 },
      serviceCharge: { percentageValue: null, amount: 0, type: null, label: { 'en-CA': 'Service fee', 'fr-CA': 'Frais de service' } },
      deliveryCharge: { percentageValue: null, amount: 3500, type: 'dollar' },
      taxBrackets: [],
      taxes: 0,
      tip: { percentageValue: null, amount: 0, type: null },
      total: 4225,
      totalWithTip: 4225,
      amountDue: 4225,
    });
  const costRows = (scope: HTMLElement) =>
    within(scope)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`.replace(/\s/g, ' '));

  it('shows every line the order was priced with, adding up to its total', async () => {
    mockFetch(() => json(200, { ...DETAIL, order: { ...ORDER, total: 4225 }, costs: subsidised(), delivery: true }));
    renderAt('/profile/scheduled-orders/order-uuid-1');
    const costs = await screen.findByRole('region', { name: 'Costs' });
    expect(costRows(costs)).toEqual(['Subtotal $14.50', 'Subsidy -$7.25', 'Delivery charge $35.00', 'Total $42.25']);
    expect(screen.getByText('Delivery time')).toBeTruthy();
  });

  it('shows them in French too', async () => {
    mockFetch(() => json(200, { ...DETAIL, order: { ...ORDER, total: 4225 }, costs: subsidised(), delivery: true }));
    renderAt('/profile/scheduled-orders/order-uuid-1', 'fr-CA');
    const costs = await screen.findByRole('region', { name: 'Coûts' });
    expect(costRows(costs)).toEqual(['Sous-total 14,50 $', 'Subvention -7,25 $', 'Frais de livraison 35,00 $', 'Total 42,25 $']);
  });

  it('cancels after confirming, then shows the credit and leaves the order out', async () => {
    let cancelled = false;
    const fetchMock = mockFetch((url) => {
      if (url.includes('/cancel-scheduled-order/')) {
        cancelled = true;
        return json(200, {
          order: { ...ORDER, status: 'cancelled' },
          credit: { amount: 2421, expiresAt: '2027-03-05T15:00:00.000Z', reason: 'scheduled_order_cancelled', orderId: ORDER.id },
        });
      }
      if (url.endsWith('/get-scheduled-orders')) return json(200, { orders: cancelled ? [] : [ORDER] });
      return json(200, DETAIL);
    });
    renderAt('/profile/scheduled-orders/order-uuid-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scheduled order #42' })).toBeTruthy();
    expect(screen.getByText('2 × Soup')).toBeTruthy();
    expect(screen.getByText('Large, Bread')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this order' }));
    expect(fetchMock.mock.calls.some(([url]) => url.includes('/cancel-scheduled-order/'))).toBe(false);
    expect(screen.getByText(/Its total of \$24.21 will be credited/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    const notice = await screen.findByText('$24.21 credited to your account, expires 05/03/2027.');
    expect(notice.getAttribute('role')).toBe('status');
    expect(await screen.findByText('You have no upcoming orders.')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/profile/scheduled-orders');
  });

  it('a 443 answer removes the order from the list, saying it can no longer be cancelled', async () => {
    mockFetch((url) => {
      if (url.includes('/cancel-scheduled-order/'))
        return json(409, { code: 443, error: 'SCHEDULED_ORDER_NOT_CANCELLABLE', message: 'server text' });
      // The list was read before the cut-off passed: it still has the order, the screen leaves it out.
      if (url.endsWith('/get-scheduled-orders')) return json(200, { orders: [ORDER] });
      return json(200, DETAIL);
    });
    renderAt('/profile/scheduled-orders/order-uuid-1', 'fr-CA');
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler cette commande' }));
    fireEvent.click(screen.getByRole('button', { name: 'Oui, annuler la commande' }));
    expect(await screen.findByText('Cette commande ne peut plus être annulée.')).toBeTruthy();
    expect(await screen.findByText('Vous n’avez aucune commande à venir.')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/profile/scheduled-orders');
  });

  it('shows a school order’s day and child in the list and its meals in the details', async () => {
    const SCHOOL = {
      ...ORDER,
      id: 'school-1',
      number: 7,
      restaurantName: 'Maple School Meals',
      orderType: 'school',
      restaurantZone: 'America/Toronto',
      schoolDate: '2026-12-01',
      studentName: 'Léa Parent',
    };
    mockFetch((url) =>
      url.endsWith('/get-scheduled-orders')
        ? json(200, { orders: [SCHOOL] })
        : json(200, { ...DETAIL, order: SCHOOL, items: [{ name: 'Penne primavera', quantity: 1, options: [], amount: 700 }] }),
    );
    renderAt('/profile/scheduled-orders');
    const card = (await screen.findByRole('link', { name: 'Order #7 at Maple School Meals' })).closest('li')!;
    expect(within(card).getByText('School day')).toBeTruthy();
    expect(within(card).getByText('Tuesday, December 1, 2026')).toBeTruthy();
    expect(within(card).getByText('Léa Parent')).toBeTruthy();
    expect(await within(card).findByText('1 × Penne primavera')).toBeTruthy();
    fireEvent.click(within(card).getByRole('link'));
    expect(await screen.findByText('1 × Penne primavera')).toBeTruthy();
    expect(screen.getByText('Child')).toBeTruthy();
  });

  it('names a school order’s meals again in the language the diner switches to', async () => {
    const SCHOOL = {
      ...ORDER,
      id: 'school-2',
      number: 8,
      restaurantName: 'Maple School Meals',
      orderType: 'school',
      restaurantZone: 'America/Toronto',
      schoolDate: '2026-12-01',
      studentName: 'Léa Parent',
    };
    mockFetch((url, init) => {
      if (url.endsWith('/get-scheduled-orders')) return json(200, { orders: [SCHOOL] });
      const french = new Headers(init.headers).get('Accept-Language') === 'fr-CA';
      const name = french ? 'Tacos souples au bœuf' : 'Beef soft tacos';
      return json(200, { ...DETAIL, order: SCHOOL, items: [{ name, quantity: 1, options: [], amount: 750 }] });
    });
    renderWithProviders(
      <>
        <LanguageSwitch />
        <Routes>
          <Route path="/profile/scheduled-orders" element={<ScheduledOrdersScreen />} />
          <Route path="/profile/scheduled-orders/:orderId" element={<ScheduledOrderDetailsScreen />} />
        </Routes>
      </>,
      { path: '/profile/scheduled-orders', locale: 'en-CA' },
    );
    const list = await screen.findByRole('list', { name: 'Scheduled orders' });
    expect(await within(list).findByText('1 × Beef soft tacos')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(await within(list).findByText('1 × Tacos souples au bœuf')).toBeTruthy();
    fireEvent.click(within(list).getByRole('link'));
    expect(await screen.findByText('1 × Tacos souples au bœuf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('1 × Beef soft tacos')).toBeTruthy();
  });

  it('says so when the order is not the user’s', async () => {
    mockFetch(() => json(404, { code: 404, error: 'ORDER_NOT_FOUND', message: 'x' }));
    renderAt('/profile/scheduled-orders/someone-else');
    expect((await screen.findByRole('alert')).textContent).toBe('We could not find this order.');
  });
});
