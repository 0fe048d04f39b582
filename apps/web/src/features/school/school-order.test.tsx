import type { Student } from '@servery/contracts/accounts';
import { toPublicRestaurant, type MenusResponse, type PublicRestaurant } from '@servery/contracts/restaurant';
import type { CreateK12OrderResponse, RotationalMenuOrder, RotationalMenusResponse, SetK12CostsResponse } from '@servery/contracts/school';
import { TenantFile, type TenantFileInput } from '@servery/contracts/tenant-file';
import { addDays } from '@servery/domain/school-days';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import mapleSchoolJson from '../../../../../tenants/maple-school.json';
import type { Locale } from '../../i18n/locales';
import { resetSessionStore, signIn } from '../../lib/session';
import { dinerFixture } from '../../testing/account-fixture';
import { json } from '../../testing/api-stub';
import { renderWithProviders } from '../../testing/render-with-providers';
import { costsFixture } from '../../testing/restaurant-fixture';
import { dayCartsStorageKey } from '../../lib/cart-count';
import { RestaurantHeader } from '../../components/restaurant-shell/restaurant-header';
import { SchoolMenu } from './school-menu';

const TENANT = TenantFile.parse(structuredClone(mapleSchoolJson) as unknown as TenantFileInput);
const RESTAURANT: PublicRestaurant = toPublicRestaurant(TENANT);
const MENUS: MenusResponse = { restaurant_id: TENANT.id, version: 1, menu_groups: TENANT.menu_groups };
// Tuesday 24 November 2026, 1 p.m. in Toronto: the cut-off is the start of Friday 27.
const TUESDAY = new Date('2026-11-24T18:00:00Z');
const NEXT_WEEK = '/maple-school?selectedWeek=2026-11-30';

const LEA: Student = {
  id: 31,
  firstName: 'Léa',
  lastName: 'Parent',
  school: 'Maple Grove Public School',
  grade: '2',
  classroom: '102',
  teacher: 'Ms. Chen',
  allergens: ['Egg'],
};
const NOAH: Student = {
  id: 32,
  firstName: 'Noah',
  lastName: 'Parent',
  school: 'Maple Grove Public School',
  grade: '5',
  classroom: '105',
  teacher: 'Ms. Williams',
  allergens: [],
};
const CARD = { paymentCardId: 'card_1', isDefault: true, brand: 'VISA' as const, last4: '4242', expiry: '1230' };

function weekOf(monday: string): RotationalMenusResponse {
  return {
    cutoff: '2026-11-27T05:00:00.000Z',
    zone: 'America/Toronto',
    days: [0, 1, 2, 3, 4].map((offset, index) => {
      const date = addDays(monday, offset);
      return { date, menu_ids: [2010 + index, 2017], orderable: date >= '2026-11-27' };
    }),
  };
}

/** What set-k12-costs answers: each day priced at its lines' own prices, with a 50 % meal subsidy once a code is on the account. */
function priceOf(orders: RotationalMenuOrder[], subsidized: boolean): SetK12CostsResponse {
  const priced = orders.map((order) => {
    const subtotal = order.items.reduce((sum, line) => sum + line.orderPrice, 0);
    const subsidy = subsidized ? Math.round(subtotal / 2) : 0;
    return {
      ...order,
      costs: costsFixture({
        subtotal,
        subtotalDiscounted: subtotal - subsidy,
        taxes: 0,
        tip: { percentageValue: null, amount: 0, type: null },
        subsidyDiscount: {
          type: subsidized ? 'discount' : null,
          chosenAmountToBePaid: null,
          code: subsidized ? 'LUNCH50-2026' : null,
          amount: subsidy,
          baseSubsidizedAmount: subtotal,
        },
        total: subtotal - subsidy,
        totalWithTip: subtotal - subsidy,
        amountDue: subtotal - subsidy,
        lines: [],
      }),
    };
  });
  const sum = (pick: (entry: (typeof priced)[number]) => number) => priced.reduce((total, entry) => total + pick(entry), 0);
  const due = sum((entry) => entry.costs.amountDue);
  return {
    orders: priced,
    total: {
      subtotal: sum((entry) => entry.costs.subtotal),
      subtotalDiscounted: due,
      discount: 0,
      subsidyDiscount: sum((entry) => entry.costs.subsidyDiscount.amount),
      taxes: 0,
      tip: 0,
      total: due,
      totalWithTip: due,
      voucher: 0,
      credits: 0,
      amountDue: due,
      paymentNotRequired: due === 0,
    },
    dropped: [],
    droppedMessage: null,
    rejected: [],
    mealLimits: [],
    cutoff: '2026-11-27T05:00:00.000Z',
  };
}

interface Server {
  subsidyCode: string | null;
  /** False: the saved code no longer counts (the school took it off its list), so nothing is subsidised. */
  subsidyCounts?: boolean;
  students: Student[];
  placeAnswers: Array<() => Response>;
  /** Meals already in open orders, as the server counts them for a signed-in parent. */
  booked?: Array<{ date: string; studentId: number; meals: number }>;
}

function stubServer(server: Server) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    switch (url.pathname) {
      case '/api/rotational-menus': {
        const week = weekOf(url.searchParams.get('start_date') ?? '');
        // Signed in with a subsidy code, the server prices the menus' items with it.
        const signedIn = new Headers(init?.headers).get('Authorization') === 'Bearer secret-token';
        const prices = [{ itemId: 2101, menuId: 2010, price: 700, subsidized: signedIn && server.subsidyCode ? 350 : 700 }];
        return json(200, { ...week, prices, ...(signedIn ? { booked: server.booked ?? [] } : {}) });
      }
      case `/api/restaurants/${RESTAURANT.id}/menus`:
        return json(200, MENUS);
      case '/api/auth/get-user-snapshot':
        return json(200, { items: [], students: server.students, subsidyCode: server.subsidyCode, credits: { balance: 0, entries: [] } });
      case '/api/auth/students': {
        const student = { id: 40 + server.students.length, ...(body as Omit<Student, 'id'>) };
        server.students = [...server.students, student];
        return json(201, { student });
      }
      case '/api/auth/add-subsidy-code':
        server.subsidyCode = String(body.code).toUpperCase();
        return json(200, { code: server.subsidyCode });
      case '/api/payment/tokenize':
        return json(200, { token: 'tok_guest_card', brand: 'VISA', last4: '4242' });
      case '/api/orders/set-k12-costs':
        return json(
          200,
          priceOf(body.rotationalMenuOrders as RotationalMenuOrder[], server.subsidyCode !== null && server.subsidyCounts !== false),
        );
      case '/api/orders/create-k12-order': {
        const answer = server.placeAnswers.shift();
        if (answer) return answer();
        const data = body.data as {
          rotationalMenuOrders: RotationalMenuOrder[];
          checkout: { delivery?: { student: string; school: string; grade: string; classroom: string; teacher: string } };
        };
        // A guest's child is named by the checkout's delivery fields.
        const named = data.checkout.delivery;
        const guestChild = named && {
          id: null,
          firstName: named.student.split(' ')[0] ?? '',
          lastName: named.student.split(' ').slice(1).join(' '),
          school: named.school,
          grade: named.grade,
          classroom: named.classroom,
          teacher: named.teacher,
        };
        const priced = priceOf(data.rotationalMenuOrders, server.subsidyCode !== null);
        const placed: CreateK12OrderResponse = {
          checkoutId: '5b0c7a53-4bb7-4c3e-9d3c-2a8c5a3a1f00',
          orders: priced.orders.map((order, index) => {
            const student = [LEA, NOAH, ...server.students].find((entry) => entry.id === order.studentId) ?? guestChild!;
            return {
              date: order.date,
              student: { ...student, id: student.id },
              access_token: `token-${index}`,
              order: {
                id: `order-${index}`,
                number: 100 + index,
                status: 'placed',
                type: 'school',
                placed_at: TUESDAY.toISOString(),
                pickup_time: null,
                scheduled: true,
                items: order.items,
                costs: order.costs,
                contact: { full_name: 'Pat Parent', email: 'parent@example.com', phone_number: null },
                payment: { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, amount: order.costs.amountDue },
                delivery: null,
                tableNum: null,
                tabOwner: null,
              },
            };
          }),
          total: priced.total,
          payment: { method: 'credit_card', brand: 'VISA', last4: '4242', amount: priced.total.amountDue },
          paymentNotRequired: false,
          replayed: false,
        };
        return json(201, placed);
      }
      default:
        return json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found.' });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const callsTo = (fetchMock: ReturnType<typeof stubServer>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderSchool({
  path = NEXT_WEEK,
  locale = 'en-CA',
  restaurant = RESTAURANT,
}: { path?: string; locale?: Locale; restaurant?: PublicRestaurant } = {}) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/login" element={<h1>Log in</h1>} />
        <Route path="/:restaurantSlug" element={<SchoolMenu restaurant={restaurant} />} />
      </Routes>
      <Where />
    </>,
    { path, now: TUESDAY, locale },
  );
}

const day = (name: string) => screen.findByRole('article', { name });

/** A meal's choices (drink, side) open in a dialog with the defaults picked: take them. */
async function takeChoices(addLabel: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: addLabel }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}
const cart = () => screen.getByRole('region', { name: 'Your lunch orders' });

beforeEach(() => {
  localStorage.clear();
  resetSessionStore();
  signIn({
    token: 'secret-token',
    user: dinerFixture({ email: 'parent@example.com', firstName: 'Pat', lastName: 'Parent', paymentMethods: [CARD] }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** One spaghetti and turkey meatballs (it contains eggs), a school day's meal. */
const SPAGHETTI = { id: 2100, menu_id: 2010, section_id: 2050, orderId: 1, quantity: 1, orderPrice: 750, orderOptions: [] };

/** A guest's school cart saved in this browser: one day (Monday 30 November) of one line, for no child yet. */
function saveGuestDay(line: object) {
  localStorage.setItem(
    dayCartsStorageKey('maple-school'),
    JSON.stringify({
      version: 1,
      userId: null,
      savedAt: Date.now(),
      studentId: null,
      orders: [{ date: '2026-11-30', studentId: null, orderId: 1, items: [line] }],
    }),
  );
}

describe('ordering school meals by day and child', () => {
  it('counts the meals already ordered for a child on a day, and refuses one more before its choices are asked', async () => {
    stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [], booked: [{ date: '2026-11-30', studentId: 32, meals: 2 }] });
    renderSchool();
    const monday = await day('Monday, November 30');
    await within(monday).findAllByRole('button', { name: /for Léa Parent/ });
    expect(within(monday).getByText('Léa Parent: 0 of 2 meals')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Ordering for'), { target: { value: '32' } });
    expect(await within(monday).findByText('Noah Parent: 2 of 2 meals')).toBeTruthy();
    fireEvent.click(within(monday).getByRole('button', { name: 'Add Penne primavera for Noah Parent, Monday, November 30' }));
    expect(await screen.findByText('Noah Parent already has 2 meals on Monday, November 30, the most per school day.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // An extra that is not a meal still goes in.
    fireEvent.click(within(monday).getByRole('button', { name: 'Add Apple for Noah Parent, Monday, November 30' }));
    expect(await screen.findByRole('region', { name: 'For Noah Parent' })).toBeTruthy();
  });

  it('adds a meal to that day’s cart for the chosen child, and caps meals per child and school day', async () => {
    stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [] });
    renderSchool();
    const monday = await day('Monday, November 30');
    // The select shows its first option before the child is chosen: wait for the buttons that name her.
    await within(monday).findAllByRole('button', { name: /for Léa Parent/ });
    // Noah has no allergens: nothing to confirm.
    fireEvent.change(screen.getByLabelText('Ordering for'), { target: { value: '32' } });
    const penne = within(monday).getByRole('button', { name: 'Add Penne primavera for Noah Parent, Monday, November 30' });
    fireEvent.click(penne);
    // The meal's choices come with the restaurant's defaults (white milk, apple slices); the parent may change them.
    const choices = await screen.findByRole('dialog', { name: 'Penne primavera · Monday, November 30' });
    fireEvent.click(within(choices).getByRole('radio', { name: /Apple juice/ }));
    await takeChoices('Add for Noah Parent');
    fireEvent.click(penne);
    await takeChoices('Add for Noah Parent');
    expect(await within(monday).findByText('Noah Parent: 2 of 2 meals')).toBeTruthy();
    // A third meal is refused at once, before its choices are asked (issue 30 defect 1).
    fireEvent.click(penne);
    expect(await screen.findByText('Noah Parent already has 2 meals on Monday, November 30, the most per school day.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Snacks are not meals; another day is another cart.
    fireEvent.click(within(monday).getByRole('button', { name: 'Add Apple for Noah Parent, Monday, November 30' }));
    const tuesday = await day('Tuesday, December 1');
    fireEvent.click(within(tuesday).getByRole('button', { name: 'Add Beef soft tacos for Noah Parent, Tuesday, December 1' }));
    await takeChoices('Add for Noah Parent');

    const noah = within(cart()).getByRole('region', { name: 'For Noah Parent' });
    expect(
      within(noah)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Monday, November 30', 'Tuesday, December 1']);
    // Two lines of penne: the same meal with other choices is another line.
    expect(within(noah).getAllByText('Penne primavera')).toHaveLength(2);
    expect(within(noah).getAllByText('Apple juice (200 mL), Apple slices')).toHaveLength(1);
    expect(within(noah).getAllByText('White milk (250 mL), Apple slices')).toHaveLength(2);
    expect(within(noah).getByText('Apple')).toBeTruthy();
    // The cart is one tap away from anywhere in the week: 2 penne, an apple and tacos.
    const jump = await screen.findByRole('button', { name: 'View your lunch orders: 4 items, $22.50' });
    Element.prototype.scrollIntoView ??= () => {};
    fireEvent.click(jump);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Your lunch orders' }));
    // The days closed by the cut-off (before Friday 27) have no add buttons at all.
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    const closed = await day('Monday, November 23');
    expect(within(closed).queryByRole('button', { name: /^Add/ })).toBeNull();
    expect(within(closed).getByText('Ordering closed for this day')).toBeTruthy();
  });

  it('shows the week’s prices with the parent’s subsidy code', async () => {
    stubServer({ subsidyCode: 'LUNCH50-2026', students: [LEA], placeAnswers: [] });
    renderSchool();
    const monday = await day('Monday, November 30');
    expect(within(monday).getByText('$3.50 with your subsidy, instead of $7.00')).toBeTruthy();
  });

  it('asks before adding an item with one of the child’s allergens, naming it', async () => {
    stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [] });
    renderSchool();
    const monday = await day('Monday, November 30');
    // The select shows its first option before the child is chosen: wait for the buttons that name her.
    await within(monday).findAllByRole('button', { name: /for Léa Parent/ });
    const spaghetti = within(monday).getByRole('button', {
      name: 'Add Spaghetti and turkey meatballs for Léa Parent, Monday, November 30',
    });
    spaghetti.focus();
    fireEvent.click(spaghetti);
    await takeChoices('Add for Léa Parent');
    const dialog = await screen.findByRole('alertdialog', { name: 'Contains an allergen' });
    expect(
      within(dialog).getByText('Spaghetti and turkey meatballs contains Eggs, which Léa Parent is allergic to. Add it anyway?'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Do not add' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(spaghetti);
    expect(within(cart()).queryByText('Spaghetti and turkey meatballs')).toBeNull();

    fireEvent.click(spaghetti);
    await takeChoices('Add for Léa Parent');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Add anyway' }));
    expect(await within(cart()).findByText('Spaghetti and turkey meatballs')).toBeTruthy();
  });

  it('asks in French too', async () => {
    stubServer({ subsidyCode: null, students: [LEA], placeAnswers: [] });
    renderSchool({ locale: 'fr-CA' });
    const monday = await day('lundi 30 novembre');
    // The select shows its first option before the child is chosen: wait for the buttons that name her.
    await within(monday).findAllByRole('button', { name: /pour Léa Parent/ });
    fireEvent.click(within(monday).getByRole('button', { name: /^Ajouter Spaghetti/ }));
    await takeChoices('Ajouter pour Léa Parent');
    const dialog = await screen.findByRole('alertdialog', { name: 'Contient un allergène' });
    expect(within(dialog).getByText(/contient : Œufs\. Léa Parent y est allergique\./)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Ajouter quand même' })).toBeTruthy();
  });

  it('drops the days whose cut-off has passed from a saved cart, saying so', async () => {
    stubServer({ subsidyCode: null, students: [LEA], placeAnswers: [] });
    const line = { id: 2101, menu_id: 2010, section_id: null, orderId: 1, quantity: 1, orderPrice: 700, orderOptions: [] };
    localStorage.setItem(
      dayCartsStorageKey('maple-school'),
      JSON.stringify({
        version: 1,
        userId: 7,
        savedAt: Date.now(),
        studentId: 31,
        orders: [
          { date: '2026-11-26', studentId: 31, orderId: 1, items: [line] },
          { date: '2026-11-30', studentId: 31, orderId: 2, items: [line] },
        ],
      }),
    );
    renderSchool();
    expect(await screen.findByText(/Ordering is now closed for Thursday, November 26: removed from your cart/)).toBeTruthy();
    const lea = await within(cart()).findByRole('region', { name: 'For Léa Parent' });
    expect(
      within(lea)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Monday, November 30']);
  });
});

describe('the week’s cart, by meal, child and day', () => {
  /** Penne on Monday for Léa, and for Noah twice (with other choices the second time): the same meal, three lines. */
  async function fillTwins(locale: Locale) {
    const words =
      locale === 'en-CA'
        ? { monday: 'Monday, November 30', for: (name: string) => `Add Penne primavera for ${name}, Monday, November 30`, take: 'Add for' }
        : {
            monday: 'lundi 30 novembre',
            for: (name: string) => `Ajouter Penne primavera pour ${name}, lundi 30 novembre`,
            take: 'Ajouter pour',
          };
    const monday = await day(words.monday);
    await within(monday).findAllByRole('button', { name: /Léa Parent/ });
    fireEvent.click(within(monday).getByRole('button', { name: words.for('Léa Parent') }));
    await takeChoices(`${words.take} Léa Parent`);
    fireEvent.change(screen.getByLabelText(locale === 'en-CA' ? 'Ordering for' : 'Commande pour'), { target: { value: '32' } });
    const penne = await within(monday).findByRole('button', { name: words.for('Noah Parent') });
    fireEvent.click(penne);
    await takeChoices(`${words.take} Noah Parent`);
    fireEvent.click(penne);
    const choices = await screen.findByRole('dialog');
    fireEvent.click(within(choices).getByRole('radio', { name: /Apple juice|Jus de pomme/ }));
    await takeChoices(`${words.take} Noah Parent`);
  }

  it.each<[Locale, string, string, string[]]>([
    [
      'en-CA',
      'Your lunch orders',
      'Quantity of Penne primavera for Léa Parent, Monday, November 30',
      [
        'Remove one Penne primavera for Léa Parent, Monday, November 30',
        'Add one Penne primavera for Léa Parent, Monday, November 30',
        'Remove one Penne primavera with White milk (250 mL), Apple slices for Noah Parent, Monday, November 30',
        'Add one Penne primavera with White milk (250 mL), Apple slices for Noah Parent, Monday, November 30',
        'Remove one Penne primavera with Apple juice (200 mL), Apple slices for Noah Parent, Monday, November 30',
        'Add one Penne primavera with Apple juice (200 mL), Apple slices for Noah Parent, Monday, November 30',
      ],
    ],
    [
      'fr-CA',
      'Vos commandes de dîners',
      'Quantité de Penne primavera pour Léa Parent, lundi 30 novembre',
      [
        'Retirer un Penne primavera pour Léa Parent, lundi 30 novembre',
        'Ajouter un Penne primavera pour Léa Parent, lundi 30 novembre',
        'Retirer un Penne primavera avec Lait blanc (250 ml), Tranches de pomme pour Noah Parent, lundi 30 novembre',
        'Ajouter un Penne primavera avec Lait blanc (250 ml), Tranches de pomme pour Noah Parent, lundi 30 novembre',
        'Retirer un Penne primavera avec Jus de pomme (200 ml), Tranches de pomme pour Noah Parent, lundi 30 novembre',
        'Ajouter un Penne primavera avec Jus de pomme (200 ml), Tranches de pomme pour Noah Parent, lundi 30 novembre',
      ],
    ],
  ])('names each line’s buttons by its meal, child and day, never twice the same (%s)', async (locale, title, quantity, names) => {
    stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [] });
    renderSchool({ locale });
    await fillTwins(locale);
    const week = screen.getByRole('region', { name: title });
    await waitFor(() => expect(within(week).getAllByRole('group')).toHaveLength(3));
    const steppers = within(week)
      .getAllByRole('group')
      .flatMap((group) => within(group).getAllByRole('button'))
      .map((button) => button.getAttribute('aria-label'));
    expect(steppers).toEqual(names);
    // Each line's quantity is named the same way, and every button of the cart has a name of its own.
    expect(within(week).getByRole('group', { name: quantity })).toBeTruthy();
    const every = within(week)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(new Set(every).size).toBe(every.length);
  });

  it('gives each day’s “Add a student” at checkout a name of its own: which day, and whose meals it takes', async () => {
    stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [] });
    renderSchool();
    await fillTwins('en-CA');
    fireEvent.click(screen.getByRole('button', { name: 'Review and check out' }));
    await screen.findByRole('heading', { level: 2, name: 'Check out' });
    expect(screen.getAllByRole('button', { name: /^Add a student/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Add a student for Monday, November 30, instead of Léa Parent',
      'Add a student for Monday, November 30, instead of Noah Parent',
    ]);
  });
});

describe('the header’s cart link at a school', () => {
  /** The school's screen under the restaurant header, as app/app-layout.tsx frames it. */
  function renderWithHeader(path = NEXT_WEEK) {
    return renderWithProviders(
      <>
        <RestaurantHeader slug="maple-school" cartCount={1} />
        <Routes>
          <Route path="/:restaurantSlug" element={<SchoolMenu restaurant={RESTAURANT} />} />
        </Routes>
        <Where />
      </>,
      { path, now: TUESDAY },
    );
  }

  async function addPenne() {
    const monday = await day('Monday, November 30');
    await within(monday).findAllByRole('button', { name: /for Léa Parent/ });
    fireEvent.click(within(monday).getByRole('button', { name: 'Add Penne primavera for Léa Parent, Monday, November 30' }));
    await takeChoices('Add for Léa Parent');
  }

  it('brings the week’s cart into view and focuses its heading', async () => {
    stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [] });
    const scrolled = vi.fn();
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(scrolled);
    renderWithHeader();
    await addPenne();
    fireEvent.click(screen.getByRole('link', { name: 'Cart, 1 item' }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Your lunch orders' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrolled.mock.contexts).toContain(heading);
    expect(screen.getByTestId('where').textContent).toBe(NEXT_WEEK);
  });

  it('from checkout, goes back to the week and its cart', async () => {
    stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [] });
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    renderWithHeader();
    await addPenne();
    fireEvent.click(screen.getByRole('button', { name: 'Review and check out' }));
    await screen.findByRole('heading', { level: 2, name: 'Check out' });
    expect(screen.getByTestId('where').textContent).toContain('step=checkout');
    fireEvent.click(screen.getByRole('link', { name: 'Cart, 1 item' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Your lunch orders' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByTestId('where').textContent).toBe(NEXT_WEEK);
    expect(screen.queryByRole('heading', { level: 2, name: 'Check out' })).toBeNull();
  });
});

describe('school checkout', () => {
  async function fillCart() {
    const monday = await day('Monday, November 30');
    // The select shows its first option before the child is chosen: wait for the buttons that name her.
    await within(monday).findAllByRole('button', { name: /for Léa Parent/ });
    fireEvent.click(within(monday).getByRole('button', { name: 'Add Penne primavera for Léa Parent, Monday, November 30' }));
    await takeChoices('Add for Léa Parent');
    fireEvent.change(screen.getByLabelText('Ordering for'), { target: { value: '32' } });
    const tuesday = await day('Tuesday, December 1');
    fireEvent.click(within(tuesday).getByRole('button', { name: 'Add Beef soft tacos for Noah Parent, Tuesday, December 1' }));
    await takeChoices('Add for Noah Parent');
    fireEvent.click(screen.getByRole('button', { name: 'Review and check out' }));
    return screen.findByRole('heading', { level: 2, name: 'Check out' });
  }

  it('asks a parent whose account has no phone number for one, and sends it as the orders’ contact', async () => {
    resetSessionStore();
    signIn({
      token: 'secret-token',
      user: dinerFixture({ email: 'parent@example.com', firstName: 'Pat', lastName: 'Parent', phoneNumber: null, paymentMethods: [CARD] }),
    });
    const fetchMock = stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [] });
    renderSchool();
    await fillCart();
    fireEvent.change(screen.getByRole('textbox', { name: 'Subsidy code' }), { target: { value: 'lunch50-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Your subsidy code LUNCH50-2026 is applied to these orders.')).toBeTruthy();
    const place = await screen.findByRole('button', { name: 'Place 2 orders and pay $7.25' });
    fireEvent.click(place);
    const phone = await screen.findByRole('textbox', { name: /^Phone number/ });
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(callsTo(fetchMock, '/api/orders/create-k12-order')).toHaveLength(0);
    fireEvent.change(phone, { target: { value: '416-555-0199' } });
    fireEvent.click(place);
    expect(await screen.findByRole('heading', { level: 2, name: 'Your lunch orders are placed' })).toBeTruthy();
    const body = JSON.parse(String(callsTo(fetchMock, '/api/orders/create-k12-order')[0]?.[1]?.body)) as {
      data: { checkout: { contact: { phone_number: string } } };
    };
    expect(body.data.checkout.contact.phone_number).toMatch(/416.?555.?0199/);
  });

  it('reprices with a subsidy code, places every day with one saved-card payment and one Idempotency-Key across a retry, then confirms', async () => {
    const fetchMock = stubServer({
      subsidyCode: null,
      students: [LEA, NOAH],
      placeAnswers: [() => json(503, { code: 503, error: 'SERVICE_UNAVAILABLE', message: 'Try again.' })],
    });
    renderSchool();
    await fillCart();
    expect(screen.getByTestId('where').textContent).toContain('step=checkout');
    // $7.00 + $7.50, priced by the server.
    expect(await screen.findByRole('button', { name: 'Place 2 orders and pay $14.50' })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Subsidy code' }), { target: { value: 'lunch50-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Place 2 orders and pay $7.25' })).toBeTruthy();
    expect(screen.getByText('Your subsidy code LUNCH50-2026 is applied to these orders.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Visa ending in 4242' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('button', { name: 'Place 2 orders and pay $7.25' }));
    expect(await screen.findByText('The service is unavailable. Please try again shortly.', { exact: false })).toBeTruthy();
    const weeksRead = callsTo(fetchMock, '/api/rotational-menus').length;
    fireEvent.click(screen.getByRole('button', { name: 'Place 2 orders and pay $7.25' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your lunch orders are placed' })).toBeTruthy();
    // The week is read again: the meals just ordered count on it as booked.
    await waitFor(() => expect(callsTo(fetchMock, '/api/rotational-menus').length).toBeGreaterThan(weeksRead));

    const places = callsTo(fetchMock, '/api/orders/create-k12-order');
    expect(places).toHaveLength(2);
    const keys = places.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    const body = JSON.parse(String(places[1]?.[1]?.body)) as {
      data: { rotationalMenuOrders: RotationalMenuOrder[]; checkout: Record<string, unknown> };
    };
    expect(body.data.rotationalMenuOrders.map((order) => [order.date, order.studentId, order.items.map((line) => line.id)])).toEqual([
      ['2026-11-30', 31, [2101]],
      ['2026-12-01', 32, [2102]],
    ]);
    expect(body.data.checkout).toMatchObject({ paymentMethod: 'credit_card', chosenCreditCard: 'card_1' });

    const confirmation = screen.getByRole('region', { name: 'Your lunch orders are placed' });
    const orders = within(confirmation)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('school-confirmation__order'));
    expect(orders.map((order) => order.textContent)).toEqual([
      expect.stringMatching(/Monday, November 30.*For Léa Parent.*Order #100.*1 × Penne primavera/),
      expect.stringMatching(/Tuesday, December 1.*For Noah Parent.*Order #101.*1 × Beef soft tacos/),
    ]);
    expect(within(confirmation).getByText('Paid $7.25 with Visa ending in 4242.')).toBeTruthy();
    expect(within(confirmation).getByRole('link', { name: 'See your scheduled orders' })).toBeTruthy();
    expect(within(confirmation).queryByText(/We e-mailed the receipt/)).toBeNull();
    expect(localStorage.getItem(dayCartsStorageKey('maple-school'))).not.toContain('2101');
  });

  it('says an empty subsidy code and a mistyped new card on their fields, with the focus, and places nothing', async () => {
    const fetchMock = stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [] });
    renderSchool();
    await fillCart();
    const place = await screen.findByRole('button', { name: 'Place 2 orders and pay $14.50' });
    const messageOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const code = screen.getByRole('textbox', { name: 'Subsidy code' });
    expect(document.activeElement).toBe(code);
    expect(messageOf(code)).toBe('This field is required.');

    fireEvent.click(screen.getByRole('radio', { name: 'Use a new card' }));
    fireEvent.change(screen.getByLabelText(/^Card number/), { target: { value: '4242 4242 4242 4241' } });
    fireEvent.change(screen.getByLabelText(/^Expiry/), { target: { value: '12/30' } });
    fireEvent.change(screen.getByLabelText(/^Security code/), { target: { value: '123' } });
    fireEvent.click(place);
    const number = screen.getByLabelText(/^Card number/);
    expect(document.activeElement).toBe(number);
    expect(messageOf(number)).toContain('Enter a valid credit card number.');
    expect(callsTo(fetchMock, '/api/payment/tokenize')).toHaveLength(0);
    expect(callsTo(fetchMock, '/api/orders/create-k12-order')).toHaveLength(0);
  });

  it('says a saved subsidy code is applied only when the server priced it, and otherwise that it does not apply', async () => {
    stubServer({ subsidyCode: 'LUNCH50-2025', subsidyCounts: false, students: [LEA, NOAH], placeAnswers: [] });
    resetSessionStore();
    signIn({
      token: 'secret-token',
      user: dinerFixture({ firstName: 'Pat', lastName: 'Parent', paymentMethods: [CARD], subsidyCode: 'LUNCH50-2025' }),
    });
    renderSchool();
    await fillCart();
    expect(await screen.findByRole('button', { name: 'Place 2 orders and pay $14.50' })).toBeTruthy();
    expect(
      await screen.findByText('Your subsidy code LUNCH50-2025 does not apply to these orders. Remove it, or ask the school about it.'),
    ).toBeTruthy();
    expect(screen.queryByText(/is applied to these orders/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove the subsidy code' })).toBeTruthy();
  });

  it('offers no subsidy code field where no code can count', async () => {
    stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [] });
    const everyone = { ...RESTAURANT, subsidies: { ...RESTAURANT.subsidies!, target_users: 'all' as const } };
    renderSchool({ restaurant: everyone });
    await fillCart();
    expect(await screen.findByRole('button', { name: /^Place 2 orders and pay/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Subsidy code' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Subsidy code' })).toBeNull();
  });

  it('adds a student in a dialog without leaving the checkout and gives them the day', async () => {
    stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [] });
    renderSchool();
    await fillCart();
    const opener = screen.getByRole('button', { name: 'Add a student for Monday, November 30, instead of Léa Parent' });
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add a student' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Mia' } });
    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Parent' } });
    fireEvent.change(within(dialog).getByLabelText('School'), { target: { value: 'Maple Grove Public School' } });
    fireEvent.change(within(dialog).getByLabelText('Grade'), { target: { value: 'K' } });
    fireEvent.change(within(dialog).getByLabelText('Classroom'), { target: { value: '101' } });
    fireEvent.change(within(dialog).getByLabelText('Teacher'), { target: { value: 'Ms. Chen' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Peanuts' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add the student' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('region', { name: 'For Mia Parent' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toContain('step=checkout');
  });

  it.each<[Locale, { child: string; lead: string; line: string; cancel: string; confirm: string; moved: string }]>([
    [
      'en-CA',
      {
        child: 'Child for Monday, November 30: Spaghetti and turkey meatballs',
        lead: 'Léa Parent is allergic to something in the meals of Monday, November 30:',
        line: 'Spaghetti and turkey meatballs contains Eggs',
        cancel: 'Do not move',
        confirm: 'Move anyway',
        moved: 'For Léa Parent',
      },
    ],
    [
      'fr-CA',
      {
        child: 'Enfant pour le lundi 30 novembre : Spaghetti et boulettes de dinde',
        lead: 'Léa Parent est allergique à un ingrédient des repas du lundi 30 novembre :',
        line: 'Spaghetti et boulettes de dinde contient : Œufs',
        cancel: 'Ne pas déplacer',
        confirm: 'Déplacer quand même',
        moved: 'Pour Léa Parent',
      },
    ],
  ])('asks before a guest cart’s day goes to a child allergic to its meal, naming the allergen (%s)', async (locale, words) => {
    stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [] });
    // Filled as a guest (no user), then brought in by the parent who signs in: its day has no child yet.
    saveGuestDay(SPAGHETTI);
    renderSchool({ path: `${NEXT_WEEK}&step=checkout`, locale });
    const child = await screen.findByLabelText(words.child);
    // The saved students load after the cart.
    await within(child).findByRole('option', { name: 'Léa Parent' });
    fireEvent.change(child, { target: { value: String(LEA.id) } });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(words.lead)).toBeTruthy();
    expect(within(dialog).getByRole('listitem').textContent).toBe(words.line);
    fireEvent.click(within(dialog).getByRole('button', { name: words.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Not moved: the day still waits for its child, and focus is back on its choice.
    expect((child as HTMLSelectElement).value).toBe('');
    expect(document.activeElement).toBe(child);
    expect(screen.queryByRole('region', { name: words.moved })).toBeNull();

    fireEvent.change(child, { target: { value: String(LEA.id) } });
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: words.confirm }));
    expect(await screen.findByRole('region', { name: words.moved })).toBeTruthy();
  });

  it.each<[Locale, { lea: string; noah: string }]>([
    [
      'en-CA',
      {
        lea: 'Child for Monday, November 30, now Léa Parent: 2 × Spaghetti and turkey meatballs',
        noah: 'Child for Monday, November 30, now Noah Parent: 2 × Spaghetti and turkey meatballs',
      },
    ],
    [
      'fr-CA',
      {
        lea: 'Enfant pour le lundi 30 novembre, maintenant Léa Parent : 2 × Spaghetti et boulettes de dinde',
        noah: 'Enfant pour le lundi 30 novembre, maintenant Noah Parent : 2 × Spaghetti et boulettes de dinde',
      },
    ],
  ])(
    'names each day’s child picker by its day, its child and its meals, though two children eat the same on one day (%s)',
    async (locale, words) => {
      stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [] });
      // The same two spaghetti on Monday for each child: a picker per child's day, each named apart.
      const twice = { ...SPAGHETTI, quantity: 2, orderPrice: 1500 };
      localStorage.setItem(
        dayCartsStorageKey('maple-school'),
        JSON.stringify({
          version: 1,
          userId: 7,
          savedAt: Date.now(),
          studentId: LEA.id,
          orders: [
            { date: '2026-11-30', studentId: LEA.id, orderId: 1, items: [twice] },
            { date: '2026-11-30', studentId: NOAH.id, orderId: 2, items: [twice] },
          ],
        }),
      );
      renderSchool({ path: `${NEXT_WEEK}&step=checkout`, locale });
      const lea = await screen.findByRole('combobox', { name: words.lea });
      const noah = screen.getByRole('combobox', { name: words.noah });
      expect((lea as HTMLSelectElement).value).toBe(String(LEA.id));
      expect((noah as HTMLSelectElement).value).toBe(String(NOAH.id));
      expect(screen.getAllByRole('combobox')).toHaveLength(2);
    },
  );

  it('moves a day to a child without those allergens at once', async () => {
    stubServer({ subsidyCode: null, students: [LEA, NOAH], placeAnswers: [] });
    saveGuestDay(SPAGHETTI);
    renderSchool({ path: `${NEXT_WEEK}&step=checkout` });
    const child = await screen.findByLabelText('Child for Monday, November 30: Spaghetti and turkey meatballs');
    await within(child).findByRole('option', { name: 'Noah Parent' });
    fireEvent.change(child, { target: { value: String(NOAH.id) } });
    expect(await screen.findByRole('region', { name: 'For Noah Parent' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('sends a guest to /login keeping the week and the checkout step', async () => {
    resetSessionStore();
    stubServer({ subsidyCode: null, students: [], placeAnswers: [] });
    renderSchool({ path: `${NEXT_WEEK}&step=checkout` });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    const target = new URL(screen.getByTestId('where').textContent ?? '', 'http://localhost');
    expect(target.searchParams.get('selectedWeek')).toBe('2026-11-30');
    expect(target.searchParams.get('step')).toBe('checkout');
  });

  it('lets a guest order where the school allows it: the child, the contact and a new card, without an account', async () => {
    resetSessionStore();
    const fetchMock = stubServer({ subsidyCode: null, students: [], placeAnswers: [] });
    const line = { id: 2101, menu_id: 2010, section_id: 2050, orderId: 1, quantity: 1, orderPrice: 700, orderOptions: [] };
    saveGuestDay(line);
    renderSchool({ path: `${NEXT_WEEK}&step=checkout`, restaurant: { ...RESTAURANT, k12RequiresLogin: false } });
    expect(await screen.findByRole('heading', { level: 3, name: 'Who are the meals for?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to use the children and cards saved on your account.' })).toBeTruthy();
    // A subsidy code counts for a signed-in account only: a guest is not offered the field but told to sign in.
    expect(screen.queryByRole('textbox', { name: 'Subsidy code' })).toBeNull();
    // Nothing on an account to keep allergens on: the guest's child form does not ask for them.
    expect(screen.queryByRole('group', { name: 'Allergens' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This field is required.', { selector: '#student-firstName-error' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Mia' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Guest' } });
    fireEvent.change(screen.getByLabelText('School'), { target: { value: 'Maple Grove Public School' } });
    fireEvent.change(screen.getByLabelText('Grade'), { target: { value: 'K' } });
    fireEvent.change(screen.getByLabelText('Classroom'), { target: { value: '101' } });
    fireEvent.change(screen.getByLabelText('Teacher'), { target: { value: 'Ms. Chen' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(await screen.findByText('Mia Guest: Maple Grove Public School, grade K, classroom 101, Ms. Chen.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Subsidy code' })).toBeNull();
    expect(screen.getByText('A subsidy code counts only for a signed-in account.', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to use your subsidy code.' }).getAttribute('href')).toMatch(/^\/login\?/);
    expect(within(screen.getByRole('region', { name: 'For Mia Guest' })).getByText('Penne primavera')).toBeTruthy();
    // The guest's cart is priced by the server without an account.
    await waitFor(() => expect(callsTo(fetchMock, '/api/orders/set-k12-costs').length).toBeGreaterThan(0));
    const [, pricing] = callsTo(fetchMock, '/api/orders/set-k12-costs')[0]!;
    expect(new Headers(pricing?.headers).get('Authorization')).toBeNull();
    await screen.findByRole('button', { name: 'Place the order and pay $7.00' });

    fireEvent.click(screen.getByRole('button', { name: 'Place the order and pay $7.00' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Full name/)));
    expect(callsTo(fetchMock, '/api/orders/create-k12-order')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Full name/), { target: { value: 'Sam Guest' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'sam@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Phone number/), { target: { value: '416-555-0123' } });
    fireEvent.change(screen.getByLabelText(/^Card number/), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText(/^Expiry/), { target: { value: '12/30' } });
    fireEvent.change(screen.getByLabelText(/^Security code/), { target: { value: '123' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place the order and pay $7.00' }));
    });
    await waitFor(() => expect(callsTo(fetchMock, '/api/orders/create-k12-order')).toHaveLength(1));
    const [, placing] = callsTo(fetchMock, '/api/orders/create-k12-order')[0]!;
    expect(new Headers(placing?.headers).get('Authorization')).toBeNull();
    expect(new Headers(placing?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const sent = JSON.parse(String(placing?.body)) as { data: { checkout: Record<string, unknown>; costs: unknown } };
    expect(sent.data.costs).toEqual({});
    expect(sent.data.checkout).toMatchObject({
      paymentMethod: 'credit_card',
      card: { token: 'tok_guest_card' },
      contact: { full_name: 'Sam Guest', email: 'sam@example.com', phone_number: '416-555-0123' },
      delivery: {
        type: 'school',
        student: 'Mia Guest',
        school: 'Maple Grove Public School',
        grade: 'K',
        classroom: '101',
        teacher: 'Ms. Chen',
      },
    });
    expect(await screen.findByText(/Mia Guest/, { selector: '.school-confirmation *' })).toBeTruthy();
    // No account, so no scheduled orders to open: the guest is told where the receipt went.
    const confirmation = screen.getByRole('region', { name: 'Your lunch orders are placed' });
    expect(within(confirmation).getByText('We e-mailed the receipt to sam@example.com. Keep it: it lists each day’s order.')).toBeTruthy();
    expect(within(confirmation).queryByRole('link', { name: 'See your scheduled orders' })).toBeNull();
  });
});
