import type { TenantFile } from '@servery/contracts/tenant-file';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageSwitch } from '../../components/ui/language-switch';
import type { Locale } from '../../i18n/locales';
import { clearSession, resetSessionStore, signIn } from '../../lib/session';
import { dinerFixture } from '../../testing/account-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { BISTRO_OPEN_NOW, bistroMenus, bistroRestaurant, bistroTenant, costsFixture } from '../../testing/restaurant-fixture';
import type { CartItem, SetCostsBody } from '../../ordering/cart/cart-api';
import type { CartChoices } from '../../ordering/cart/cart-model';
import { saveCart } from '../../ordering/cart/cart-storage';
import { MenuScreen } from './menu-screen';
import { appendItem, costsOf, json, postedBodies, stubApi, type AddItemBody, type OrdersStub } from '../../testing/api-stub';

function renderMenu(path = '/maple-bistro?tableNum=12', locale: Locale = 'en-CA') {
  return renderWithProviders(
    <>
      <LanguageSwitch />
      <Routes>
        <Route path="/:restaurantSlug" element={<MenuScreen />} />
      </Routes>
    </>,
    { path, locale, now: BISTRO_OPEN_NOW },
  );
}

function stubBistro(orders: Partial<OrdersStub> = {}, tenant: TenantFile = bistroTenant()) {
  return stubApi({
    restaurant: bistroRestaurant(tenant),
    menus: (type) => bistroMenus(type as 'dine_in', tenant, BISTRO_OPEN_NOW),
    orders,
  });
}

const SOUP = { id: 1101, menu_id: 1010, section_id: 1050 };
const BEET_SALAD = { id: 1103, menu_id: 1010, section_id: 1050 };
const line = (item: typeof SOUP, orderId: number, quantity: number, orderPrice: number): CartItem => ({
  ...item,
  orderId,
  quantity,
  orderPrice,
  orderOptions: [],
});

/** A cart saved by an earlier visit (what a reload finds). */
function savedCart(items: CartItem[], extra: Partial<CartChoices> = {}) {
  saveCart(
    localStorage,
    { restaurantId: 101, slug: 'maple-bistro', loggedIn: false, eventSuite: null },
    {
      items,
      tip: { kind: 'preset', type: 'percentage', value: '18' },
      discountCode: null,
      voucher: null,
      delivery: false,
      payWhatYouCan: null,
      ...extra,
    },
    Date.now(),
  );
}

function cleanupAndRender(path: string) {
  cleanup();
  renderMenu(path);
}

async function addFromDialog(name: string, choose: (dialog: HTMLElement) => void = () => {}) {
  fireEvent.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name });
  choose(dialog);
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));
  });
  await waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull());
}

async function openCart(name: RegExp = /^View cart, .+, \$/, title = 'Your cart') {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: title });
}

/** Percentages are written with a no-break space before the sign ("18 %"). */
const pct = (value: number) => `${value}\u00a0%`;

const lastCostsBody = (fetchMock: ReturnType<typeof stubApi>) => postedBodies<SetCostsBody>(fetchMock, '/api/orders/set-costs').at(-1);

describe('adding to the cart', () => {
  it('posts the dialog’s choice as a cart line, then shows the server’s total on the cart button', async () => {
    const fetchMock = stubBistro();
    renderMenu();
    await addFromDialog('Maple Burger', (dialog) => {
      fireEvent.click(within(dialog).getByRole('radio', { name: 'Swiss' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add one Smoked bacon' }));
      fireEvent.click(within(dialog).getByRole('radio', { name: /^Fries/ }));
      fireEvent.click(within(dialog).getByRole('radio', { name: /Maple-chipotle/ }));
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Special instructions' }), { target: { value: ' No pickles ' } });
    });

    expect(postedBodies(fetchMock, '/api/orders/item')).toEqual([
      {
        itemsInCart: [],
        type: 'dine_in',
        itemToAdd: {
          id: 1106,
          menu_id: 1010,
          section_id: 1051,
          quantity: 1,
          // $19.00 + Swiss $0 + bacon $2.50 + fries $3.50 + maple-chipotle $0.50: the dialog's live price.
          orderPrice: 2550,
          orderOptions: [
            { id: 1502, values: [{ id: 1608, quantity: 1 }] },
            { id: 1503, values: [{ id: 1611, quantity: 1 }] },
            { id: 1507, values: [{ id: 1623, quantity: 1, options: [{ id: 1504, values: [{ id: 1618, quantity: 1 }] }] }] },
          ],
          specialInstructions: 'No pickles',
        },
      },
    ]);
    expect(screen.getByText('Added 1 × Maple Burger')).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'View cart, 1 item, $24.21' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(lastCostsBody(fetchMock)).toMatchObject({
      items: [{ id: 1106, orderId: 1, orderPrice: 2550, specialInstructions: 'No pickles' }],
      costs: { tip: { type: 'percentage', value: '18' } },
      type: 'dine_in',
      tableNum: '12',
    });
  });

  it('says when the cart’s maximum capped the addition', async () => {
    stubBistro({ item: (body: AddItemBody) => ({ ...appendItem(body), added: 2, capped: true }) });
    renderMenu();
    await addFromDialog('Soup of the day');
    expect(await screen.findByText('Only 2 added: the cart holds at most 22 items')).toBeTruthy();
  });

  it('a refused quick add is a toast: the localised prefix, then the server’s own message', async () => {
    stubBistro({
      item: () => json(409, { code: 1804, error: 'POS_OUT_OF_STOCK', message: 'Le bar n’a plus de soupe du jour.' }),
    });
    renderMenu('/maple-bistro?tableNum=12', 'fr-CA');
    await screen.findByRole('button', { name: 'Soupe du jour' });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Ajouter Soupe du jour' }));
    });
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Erreur : Le bar n’a plus de soupe du jour.');
    expect(screen.queryByRole('button', { name: /Voir le panier/ })).toBeNull();
  });

  it('keeps the dialog open with the server’s message when the item cannot be added', async () => {
    stubBistro({ item: () => json(409, { code: 400, error: 'MAX_ITEMS_PER_CART', message: 'Full.' }) });
    renderMenu();
    fireEvent.click(await screen.findByRole('button', { name: 'Soup of the day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Soup of the day' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your cart has reached the maximum number of items.');
    expect(screen.queryByRole('button', { name: /View cart/ })).toBeNull();
  });

  /** The add call answers 428 with `serverPrice` for any other price, as the server does for a stale line. */
  const pricedAt = (serverPrice: number) => (body: AddItemBody) =>
    body.itemToAdd.orderPrice === serverPrice
      ? appendItem(body)
      : json(409, {
          code: 428,
          error: 'ITEM_PRICE_CHANGED',
          message: 'Changed.',
          invalid_items: [{ orderId: 1, code: 428, error: 'ITEM_PRICE_CHANGED' }],
          items: [{ ...body.itemToAdd, orderId: 1, orderPrice: serverPrice }],
        });

  it('adds an item with a promo at its promo price from the menu, in one call', async () => {
    // The poutine: 12.50 with 20 % off, as the menu answer's adjustedPrice says.
    const fetchMock = stubBistro({ item: pricedAt(1000) });
    renderMenu();
    await addFromDialog('Classic poutine');
    expect(postedBodies<AddItemBody>(fetchMock, '/api/orders/item').map((body) => body.itemToAdd.orderPrice)).toEqual([1000]);
    expect(await screen.findByRole('button', { name: /^View cart, 1 item/ })).toBeTruthy();
  });

  it('takes the server’s price when the menu changed since it loaded (428 on the line being added)', async () => {
    const fetchMock = stubBistro({ item: pricedAt(900) });
    renderMenu();
    await addFromDialog('Classic poutine');
    expect(postedBodies<AddItemBody>(fetchMock, '/api/orders/item').map((body) => body.itemToAdd.orderPrice)).toEqual([1000, 900]);
    expect(await screen.findByRole('button', { name: /^View cart, 1 item/ })).toBeTruthy();
    expect(screen.queryByText('Prices were updated.')).toBeNull();
  });
});

describe('stale carts', () => {
  it('replaces the cart with the server’s fresh lines and says what changed', async () => {
    const fetchMock = stubBistro({
      setCosts: (body: SetCostsBody) =>
        body.items.some((item) => item.id === BEET_SALAD.id)
          ? json(409, {
              code: 428,
              error: 'ITEM_PRICE_CHANGED',
              message: 'Changed.',
              invalid_items: [
                { orderId: 1, code: 428, error: 'ITEM_PRICE_CHANGED' },
                { orderId: 2, code: 415, error: 'ITEM_SOLD_OUT' },
              ],
              items: [line(SOUP, 1, 2, 1800)],
              costs: costsFixture({ subtotal: 1800, totalWithTip: 2700 }),
            })
          : costsOf(body, { totalWithTip: 2700 }),
    });
    savedCart([line(SOUP, 1, 2, 1600), line(BEET_SALAD, 2, 1, 1500)]);
    renderMenu();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your cart changed');
    // The repriced line by name, with the price the cart held and the server's.
    expect(alert.textContent).toContain('Soup of the day is now $18.00 (was $16.00).');
    expect(alert.textContent).toContain('Roasted beet & goat cheese salad is sold out and was removed.');
    expect(await screen.findByRole('button', { name: 'View cart, 2 items, $27.00' })).toBeTruthy();
    await waitFor(() => expect(lastCostsBody(fetchMock)?.items).toEqual([line(SOUP, 1, 2, 1800)]));

    const cart = await openCart();
    expect(within(cart).getByRole('alert').textContent).toContain('Soup of the day is now $18.00 (was $16.00).');
    fireEvent.click(within(cart).getByRole('button', { name: 'Dismiss' }));
    expect(within(cart).queryByRole('alert')).toBeNull();
  });
  it('reads the menus again when the server reprices a line: the cards show what the cart now charges', async () => {
    // The restaurant publishes a new version while the page is open: the soup goes from $8.00 to $9.00.
    let soupPrice = 800;
    const tenant = bistroTenant();
    const fetchMock = stubApi({
      restaurant: bistroRestaurant(tenant),
      menus: (type) => {
        const menus = bistroMenus(type as 'dine_in', tenant, BISTRO_OPEN_NOW);
        const items = menus.menu_groups.flatMap((group) =>
          group.menus.flatMap((menu) => menu.sections.flatMap((section) => section.items)),
        );
        for (const item of items) if (item.id === SOUP.id) item.price = soupPrice;
        return menus;
      },
      orders: {
        setCosts: (body: SetCostsBody) =>
          body.items.some((item) => item.id === SOUP.id && item.orderPrice !== 900)
            ? json(409, {
                code: 428,
                error: 'ITEM_PRICE_CHANGED',
                message: 'Changed.',
                invalid_items: [{ orderId: 1, code: 428, error: 'ITEM_PRICE_CHANGED' }],
                items: [line(SOUP, 1, 1, 900)],
                costs: costsFixture({ subtotal: 900, totalWithTip: 1100 }),
              })
            : costsOf(body, { totalWithTip: 1100 }),
      },
    });
    renderMenu();
    const soupCard = async () => (await screen.findByRole('button', { name: 'Soup of the day' })).closest('li') as HTMLElement;
    expect((await soupCard()).textContent).toContain('$8.00');
    const menuCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('/menus')).length;
    const before = menuCalls();

    soupPrice = 900;
    await addFromDialog('Soup of the day');
    expect((await screen.findByRole('alert')).textContent).toContain('Soup of the day is now $9.00 (was $8.00).');
    await waitFor(() => expect(menuCalls()).toBe(before + 1));
    await waitFor(async () => expect((await soupCard()).textContent).toContain('$9.00'));
    expect((await soupCard()).textContent).not.toContain('$8.00');
  });
});

describe('the cart screen', () => {
  it('lists lines with their options, edits quantities and removes lines, moving focus sensibly', async () => {
    const fetchMock = stubBistro();
    renderMenu();
    await addFromDialog('Maple Burger', (dialog) => {
      fireEvent.click(within(dialog).getByRole('radio', { name: /^Fries/ }));
      fireEvent.click(within(dialog).getByRole('radio', { name: /Sea salt/ }));
    });
    await addFromDialog('Soup of the day');
    const cart = await openCart();
    expect(document.activeElement).toBe(within(cart).getByRole('button', { name: 'Close the cart' }));

    const burger = within(cart).getByRole('heading', { level: 3, name: 'Maple Burger' }).closest('li') as HTMLElement;
    expect(
      within(burger)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Aged cheddar', 'FriesSea salt', 'Sea salt']);
    expect(within(cart).getByRole('group', { name: 'Quantity of Soup of the day' })).toBeTruthy();

    fireEvent.click(within(cart).getByRole('button', { name: 'Add one Soup of the day' }));
    await waitFor(() =>
      expect(lastCostsBody(fetchMock)?.items.find((item) => item.id === SOUP.id)).toMatchObject({ quantity: 2, orderPrice: 1600 }),
    );

    fireEvent.click(within(cart).getByRole('button', { name: 'Remove Maple Burger from the cart' }));
    expect(within(cart).queryByRole('heading', { name: 'Maple Burger' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(cart).getByRole('button', { name: 'Remove Soup of the day from the cart' })),
    );
    fireEvent.click(within(cart).getByRole('button', { name: 'Remove Soup of the day from the cart' }));
    expect(within(cart).getByText('Your cart is empty. Add something from the menu.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(cart).getByRole('heading', { level: 2, name: 'Your cart' })));
  });

  it('preselects the restaurant’s 18 % tip, and sends the one chosen, none, or an amount of the diner’s own', async () => {
    const fetchMock = stubBistro();
    savedCart([line(SOUP, 1, 2, 1600)]);
    renderMenu();
    const cart = await openCart();
    const tips = within(cart).getByRole('group', { name: 'Tip' });
    expect(
      within(tips)
        .getAllByRole('button')
        .map((button) => [button.textContent, button.getAttribute('aria-pressed')]),
    ).toEqual([
      ['15\u00a0%', 'false'],
      ['18\u00a0%', 'true'],
      ['20\u00a0%', 'false'],
      ['No tip', 'false'],
    ]);

    fireEvent.click(within(tips).getByRole('button', { name: pct(20) }));
    expect(
      within(tips)
        .getByRole('button', { name: pct(20) })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await waitFor(() => expect(lastCostsBody(fetchMock)?.costs.tip).toEqual({ type: 'percentage', value: '20' }));

    fireEvent.click(within(tips).getByRole('button', { name: 'No tip' }));
    await waitFor(() => expect(lastCostsBody(fetchMock)?.costs).toEqual({}));

    const custom = within(cart).getByRole('textbox', { name: 'Another amount (in dollars)' });
    fireEvent.change(custom, { target: { value: 'lots' } });
    fireEvent.click(within(cart).getByRole('button', { name: 'Apply this tip' }));
    expect(within(cart).getByRole('alert').textContent).toBe('Enter an amount such as 5 or 3.50.');
    fireEvent.change(custom, { target: { value: '4,5' } });
    fireEvent.click(within(cart).getByRole('button', { name: 'Apply this tip' }));
    await waitFor(() => expect(lastCostsBody(fetchMock)?.costs.tip).toEqual({ type: 'dollar', value: '4.5' }));
    expect(within(tips).queryAllByRole('button', { pressed: true })).toHaveLength(0);
  });

  it('clears a promo code the server refuses, says why, and prices the cart without it', async () => {
    const fetchMock = stubBistro({
      discountInfo: ({ code }) =>
        code === 'SUMMER25'
          ? json(422, { code: 422, error: 'DISCOUNT_CODE_EXPIRED', message: 'Expired.' })
          : {
              code: 'LAUNCH15',
              type: 'percentage',
              percentageValue: '15',
              amount: null,
              starts_at: null,
              ends_at: null,
              remaining_uses: 1,
            },
      // The last use went between the lookup and the pricing: set-costs leaves it out and says so.
      setCosts: (body) => ({
        ...costsOf(body),
        rejected: body.costs.discount ? [{ field: 'discount', error: 'DISCOUNT_CODE_USED_UP', message: 'Used up.' }] : [],
      }),
    });
    savedCart([line(SOUP, 1, 2, 1600)]);
    renderMenu();
    const cart = await openCart();

    const field = () => within(cart).getByRole('textbox', { name: 'Promo code' });
    fireEvent.change(field(), { target: { value: 'SUMMER25' } });
    await act(async () => {
      fireEvent.click(within(cart).getByRole('button', { name: 'Apply the promo code' }));
    });
    expect(within(cart).getByRole('alert').textContent).toBe('This promo code has expired.');
    expect((field() as HTMLInputElement).value).toBe('');
    expect(field().getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field(), { target: { value: 'launch15' } });
    await act(async () => {
      fireEvent.click(within(cart).getByRole('button', { name: 'Apply the promo code' }));
    });
    expect((await within(cart).findByRole('alert')).textContent).toBe('This promo code has been used up.');
    expect((field() as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(lastCostsBody(fetchMock)?.costs.discount).toBeUndefined());
    expect(postedBodies<SetCostsBody>(fetchMock, '/api/orders/set-costs').some((body) => body.costs.discount?.code === 'LAUNCH15')).toBe(
      true,
    );
  });

  it('applies a gift card with its balance, and says when a number has no funds to use', async () => {
    const fetchMock = stubBistro({
      giftCard: ({ giftCardNumber }) =>
        giftCardNumber === '6035710000009999'
          ? json(404, { code: 404, error: 'GIFT_CARD_NOT_FOUND', message: 'No funds.' })
          : { giftCardNumber: '•••• 5678', balance: 1235 },
    });
    savedCart([line(SOUP, 1, 2, 1600)]);
    renderMenu();
    const cart = await openCart();
    const field = () => within(cart).getByRole('textbox', { name: 'Gift card number' });

    fireEvent.change(field(), { target: { value: '6035 7100 0000 9999' } });
    await act(async () => {
      fireEvent.click(within(cart).getByRole('button', { name: 'Apply the gift card' }));
    });
    expect(within(cart).getByRole('alert').textContent).toBe('This gift card number has no funds to use. Check the number and try again.');
    expect((field() as HTMLInputElement).value).toBe('');

    fireEvent.change(field(), { target: { value: '6035710000005678' } });
    await act(async () => {
      fireEvent.click(within(cart).getByRole('button', { name: 'Apply the gift card' }));
    });
    expect(within(cart).getByText('Gift card •••• 5678: balance $12.35')).toBeTruthy();
    await waitFor(() => expect(lastCostsBody(fetchMock)?.costs.voucher).toEqual({ code: '6035710000005678' }));
    fireEvent.click(within(cart).getByRole('button', { name: 'Remove the gift card •••• 5678' }));
    await waitFor(() => expect(lastCostsBody(fetchMock)?.costs.voucher).toBeUndefined());
  });

  describe('quick add on an item card', () => {
    it('adds one at its default choices without the dialog when no choice is required; never for a required choice', async () => {
      const fetchMock = stubBistro();
      renderMenu();
      const soupCard = (await screen.findByRole('button', { name: 'Soup of the day' })).closest('li') as HTMLElement;
      await act(async () => {
        fireEvent.click(within(soupCard).getByRole('button', { name: 'Add Soup of the day' }));
      });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(await screen.findByRole('button', { name: /^View cart, 1 item/ })).toBeTruthy();
      expect(postedBodies<AddItemBody>(fetchMock, '/api/orders/item').at(-1)?.itemToAdd).toMatchObject({
        id: 1101,
        menu_id: 1010,
        section_id: 1050,
        quantity: 1,
        orderOptions: [],
      });
      // Steak frites asks for a doneness, pizzas a size: only their dialog adds them.
      const steakCard = screen.getByRole('button', { name: 'Steak frites' }).closest('li') as HTMLElement;
      expect(within(steakCard).queryByRole('button', { name: /^Add/ })).toBeNull();
      // A card with optional choices adds it at its defaults.
      const burgerCard = screen.getByRole('button', { name: 'Maple Burger' }).closest('li') as HTMLElement;
      expect(within(burgerCard).getByRole('button', { name: 'Add Maple Burger' })).toBeTruthy();
    });

    it('says it in French, and offers nothing while the page is for viewing only', async () => {
      stubBistro();
      renderMenu('/maple-bistro?tableNum=12', 'fr-CA');
      expect(await screen.findByRole('button', { name: 'Ajouter Soupe du jour' })).toBeTruthy();
      cleanupAndRender('/maple-bistro?viewOnly=true');
      await screen.findByRole('button', { name: 'Soup of the day' });
      expect(screen.queryByRole('button', { name: /^Add / })).toBeNull();
    });
  });

  describe('the summary shows every line that changes the total', () => {
    const COSTS = {
      subtotal: 4150,
      discount: { percentageValue: '10', amount: 415, type: 'percentage' as const, code: 'WELCOME10' },
      subtotalDiscounted: 3735,
      serviceCharge: {
        percentageValue: '18',
        amount: 672,
        type: 'percentage' as const,
        label: { 'en-CA': 'Service charge', 'fr-CA': 'Frais de service' },
      },
      deliveryCharge: { percentageValue: null, amount: 500, type: 'dollar' as const },
      taxBrackets: [
        { key: 'GST' as const, label: { 'en-CA': 'GST', 'fr-CA': 'TPS' }, rate: '0.05', amount: 245 },
        { key: 'QST' as const, label: { 'en-CA': 'QST', 'fr-CA': 'TVQ' }, rate: '0.09975', amount: 489 },
      ],
      taxes: 734,
      total: 5641,
      tip: { percentageValue: '20', amount: 747, type: 'percentage' as const },
      totalWithTip: 6388,
      voucher: { code: '6035710000005678', balance: 1235, amount: 1235 },
      amountDue: 5153,
    };
    const summaryRows = (cart: HTMLElement) =>
      [
        ...within(cart)
          .getByRole('region', { name: /^(Summary|Sommaire)$/ })
          .querySelectorAll(':scope > dl > div'),
      ].map((row) => row.textContent?.replace(/[\u00a0\u202f]/g, ' '));
    /** "$12.34" or "-$4.15" to cents. */
    const cents = (row: string) => Math.round(Number((/(-?)\$([\d,]+\.\d\d)$/.exec(row) ?? []).slice(1).join('').replace(',', '')) * 100);

    it('each tax on its own line when the restaurant splits them, and the lines add up to the total and the amount due', async () => {
      stubBistro(
        { setCosts: (body) => costsOf(body, COSTS) },
        bistroTenant((file) => void (file.showSplitTaxes = true)),
      );
      savedCart([line(SOUP, 1, 2, 1600)]);
      renderMenu();
      const rows = summaryRows(await openCart());
      expect(rows).toEqual([
        'Subtotal$41.50',
        'Promo code WELCOME10 (10 %)-$4.15',
        'Service charge (18 %)$6.72',
        'Delivery charge$5.00',
        'GST 5 %$2.45',
        'QST 9.975 %$4.89',
        'Tip (20 %)$7.47',
        'Total$63.88',
        'Gift card •••• 5678-$12.35',
        'Amount due$51.53',
      ]);
      const [total, , amountDue] = [rows.indexOf('Total$63.88'), 0, rows.length - 1];
      const sum = (from: number, to: number) => rows.slice(from, to).reduce((acc, row) => acc + cents(row ?? ''), 0);
      expect(sum(0, total)).toBe(6388);
      expect(6388 + sum(total + 1, amountDue)).toBe(5153);
    });

    it('one "Taxes" line when the restaurant does not split them; "Why this price?" still shows each', async () => {
      stubBistro(
        { setCosts: (body) => costsOf(body, COSTS) },
        bistroTenant((file) => void (file.showSplitTaxes = false)),
      );
      savedCart([line(SOUP, 1, 2, 1600)]);
      renderMenu('/maple-bistro?tableNum=12', 'fr-CA');
      const cart = await openCart(/^Voir le panier, 2 articles, 63,88/, 'Votre panier');
      const rows = summaryRows(cart);
      expect(rows).toContain('Taxes7,34 $');
      expect(rows.some((row) => row?.startsWith('TPS'))).toBe(false);
      const breakdown = within(cart).getByText('Pourquoi ce prix?').closest('details') as HTMLElement;
      const steps = [...breakdown.querySelectorAll(':scope > dl > div')].map((row) => row.textContent?.replace(/[\u00a0\u202f]/g, ' '));
      expect(steps).toContain('TPS 5 %2,45 $');
      expect(steps).toContain('TVQ 9,975 %4,89 $');
    });
  });

  it('shows why this price, step by step, with each tax bracket labelled in French', async () => {
    stubBistro({
      setCosts: (body) =>
        costsOf(body, {
          subtotal: 4150,
          discount: { percentageValue: '10', amount: 415, type: 'percentage', code: 'WELCOME10' },
          subtotalDiscounted: 3735,
          serviceCharge: {
            percentageValue: '18',
            amount: 672,
            type: 'percentage',
            label: { 'en-CA': 'Service charge', 'fr-CA': 'Frais de service' },
          },
          taxBrackets: [
            { key: 'GST', label: { 'en-CA': 'GST', 'fr-CA': 'TPS' }, rate: '0.05', amount: 220 },
            { key: 'QST', label: { 'en-CA': 'QST', 'fr-CA': 'TVQ' }, rate: '0.09975', amount: 440 },
          ],
          taxes: 660,
          total: 5067,
          tip: { percentageValue: '20', amount: 747, type: 'percentage' },
          totalWithTip: 5814,
          voucher: { code: '6035710000005678', balance: 1235, amount: 1235 },
          amountDue: 4579,
        }),
    });
    savedCart([line(SOUP, 1, 2, 1600)]);
    renderMenu('/maple-bistro?tableNum=12', 'fr-CA');
    const cart = await openCart(/^Voir le panier, 2 articles, 58,14/, 'Votre panier');
    const breakdown = within(cart).getByText('Pourquoi ce prix?').closest('details') as HTMLElement;
    const rows = [...breakdown.querySelectorAll(':scope > dl > div')].map((row) => row.textContent?.replace(/[\u00a0\u202f]/g, ' '));
    expect(rows).toEqual([
      'Sous-total41,50 $',
      'Code promo WELCOME10 (10 %)-4,15 $',
      'Sous-total après réductions37,35 $',
      'Frais de service (18 %)6,72 $',
      'TPS 5 %2,20 $',
      'TVQ 9,975 %4,40 $',
      'Total avant pourboire50,67 $',
      'Pourboire (20 %)7,47 $',
      'Total58,14 $',
      'Carte-cadeau •••• 5678-12,35 $',
      'Montant dû45,79 $',
    ]);
    expect(within(breakdown).getByText('Soupe du jour', { selector: 'p' })).toBeTruthy();
  });

  it('validates the cart before checkout and says why not, or goes on to checkout', async () => {
    let paused = true;
    const fetchMock = stubBistro({
      validate: (body) =>
        paused ? json(409, { code: 419, error: 'ORDERS_PAUSED', message: 'Paused.' }) : { ok: true, items: body.itemsInCart },
    });
    savedCart([line(SOUP, 1, 2, 1600)]);
    renderMenu();
    const cart = await openCart();
    await act(async () => {
      fireEvent.click(within(cart).getByRole('button', { name: 'Continue to checkout' }));
    });
    expect(within(cart).getByRole('alert').textContent).toBe('This restaurant is not taking orders right now.');

    paused = false;
    await act(async () => {
      fireEvent.click(within(cart).getByRole('button', { name: 'Continue to checkout' }));
    });
    expect(postedBodies(fetchMock, '/api/orders/validate').at(-1)).toEqual({ itemsInCart: [line(SOUP, 1, 2, 1600)], type: 'dine_in' });
    // A valid cart goes on to checkout (its own chunk), in place of the cart screen.
    expect(await screen.findByRole('dialog', { name: 'Checkout' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).toBeNull();
  });

  it('offers pickup or delivery for takeout, and sends the choice', async () => {
    const fetchMock = stubBistro();
    savedCart([line({ id: 1149, menu_id: 1012, section_id: 1063 }, 1, 1, 1400)]);
    renderMenu('/maple-bistro?takeout=true');
    const cart = await openCart();
    const options = within(cart).getByRole('group', { name: 'Pickup or delivery' });
    expect((within(options).getByRole('radio', { name: 'Pickup' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(lastCostsBody(fetchMock)).toMatchObject({ type: 'take-out', checkout: { pickup: { delivery: false } } }));
    fireEvent.click(within(options).getByRole('radio', { name: 'Delivery' }));
    await waitFor(() => expect(lastCostsBody(fetchMock)?.checkout).toEqual({ pickup: { delivery: true } }));
  });

  it('offers no pickup for generic catering where the caterer has none: on site at a room, or delivered', async () => {
    const fetchMock = stubBistro(
      {},
      bistroTenant((file) => {
        file.genericCateringShowPickupOption = false;
        file.generic_table_locations = { type: 'custom', locations: 'Salle Champlain:1' };
      }),
    );
    savedCart([line({ id: 1149, menu_id: 1012, section_id: 1063 }, 1, 1, 1400)]);
    renderMenu('/maple-bistro?genericCatering=true');
    const cart = await openCart();
    const options = within(cart).getByRole('group', { name: 'Delivery or on site' });
    expect(within(options).queryByRole('radio', { name: 'Pickup' })).toBeNull();
    expect((within(options).getByRole('radio', { name: 'On site, at a location' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(options).getByRole('radio', { name: 'Delivery' }));
    await waitFor(() =>
      expect(lastCostsBody(fetchMock)).toMatchObject({ type: 'generic_catering', checkout: { pickup: { delivery: true } } }),
    );
  });

  it('delivers a generic catering order where the caterer offers neither pickup nor rooms', async () => {
    const fetchMock = stubBistro(
      {},
      bistroTenant((file) => {
        file.genericCateringShowPickupOption = false;
        file.generic_table_locations = null;
      }),
    );
    savedCart([line({ id: 1149, menu_id: 1012, section_id: 1063 }, 1, 1, 1400)]);
    renderMenu('/maple-bistro?genericCatering=true');
    const cart = await openCart();
    const options = within(cart).getByRole('group', { name: 'Delivery' });
    expect(within(options).queryByRole('radio', { name: 'Pickup' })).toBeNull();
    await waitFor(() => expect((within(options).getByRole('radio', { name: 'Delivery' }) as HTMLInputElement).checked).toBe(true));
    await waitFor(() =>
      expect(lastCostsBody(fetchMock)).toMatchObject({ type: 'generic_catering', checkout: { pickup: { delivery: true } } }),
    );
  });

  it('holds a catering order below the minimum, saying how much is missing', async () => {
    stubBistro(
      { setCosts: (body) => costsOf(body, { subtotal: 1400 }) },
      bistroTenant((file) => {
        file.catering = true;
        file.min_catering_amount = '150.00';
      }),
    );
    savedCart([line({ id: 1149, menu_id: 1012, section_id: 1063 }, 1, 1, 1400)]);
    renderMenu('/maple-bistro?catering=true');
    const cart = await openCart();
    expect(await within(cart).findByText('Add $136.00 to reach the $150.00 minimum.')).toBeTruthy();
    const proceed = within(cart).getByRole('button', { name: 'Continue to checkout' });
    expect(proceed.getAttribute('aria-disabled')).toBe('true');
  });

  it('restores a saved cart after a reload, with its codes and tip', async () => {
    const fetchMock = stubBistro({
      setCosts: (body) =>
        costsOf(
          body,
          body.costs.discount ? { discount: { percentageValue: '10', amount: 160, type: 'percentage', code: 'WELCOME10' } } : {},
        ),
    });
    savedCart([line(SOUP, 1, 2, 1600)], {
      tip: { kind: 'preset', type: 'percentage', value: '20' },
      discountCode: 'WELCOME10',
      voucher: { code: '6035710000005678', masked: '•••• 5678', balance: 1235 },
    });
    renderMenu();
    const cart = await openCart(/^View cart, 2 items/);
    expect(within(cart).getByText('Promo code WELCOME10 applied')).toBeTruthy();
    expect(within(cart).getByText('Gift card •••• 5678: balance $12.35')).toBeTruthy();
    expect(within(cart).getByRole('button', { name: pct(20), pressed: true })).toBeTruthy();
    await waitFor(() =>
      expect(postedBodies<SetCostsBody>(fetchMock, '/api/orders/set-costs')[0]?.costs).toEqual({
        tip: { type: 'percentage', value: '20' },
        discount: { code: 'WELCOME10' },
        voucher: { code: '6035710000005678' },
      }),
    );
  });

  it('says when a valid promo code takes nothing off (no eligible item: alcohol never is)', async () => {
    stubBistro({
      setCosts: (body) =>
        costsOf(body, body.costs.discount ? { discount: { percentageValue: '10', amount: 0, type: 'percentage', code: 'WELCOME10' } } : {}),
    });
    savedCart([line(SOUP, 1, 2, 1600)], { discountCode: 'WELCOME10' });
    renderMenu();
    const cart = await openCart(/^View cart, 2 items/);
    expect(
      await within(cart).findByText(
        'Promo code WELCOME10: nothing in your cart is eligible (alcoholic drinks never are), so it takes nothing off.',
      ),
    ).toBeTruthy();
    expect(within(cart).queryByText('Promo code WELCOME10 applied')).toBeNull();
  });

  it('prices a burst of changes once, and says the new total politely', async () => {
    const fetchMock = stubBistro({
      setCosts: (body) => costsOf(body, { totalWithTip: 1210 * (body.items[0]?.quantity ?? 0) }),
    });
    savedCart([line(SOUP, 1, 1, 800)]);
    renderMenu();
    const cart = await openCart(/^View cart, 1 item, \$12\.10$/);
    await waitFor(() => expect(postedBodies(fetchMock, '/api/orders/set-costs')).toHaveLength(1));

    const more = within(cart).getByRole('button', { name: 'Add one Soup of the day' });
    fireEvent.click(more);
    fireEvent.click(more);
    fireEvent.click(more);
    const summary = within(cart).getByRole('region', { name: 'Summary' });
    expect(summary.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(summary.getAttribute('aria-busy')).toBeNull());
    expect(postedBodies<SetCostsBody>(fetchMock, '/api/orders/set-costs').map((body) => body.items[0]?.quantity)).toEqual([1, 4]);
    const live = () => [...cart.querySelectorAll('p[aria-live="polite"]')].map((region) => region.textContent);
    await waitFor(() => expect(live()).toEqual(['Total updated: $48.40']));
  });

  it('cancels the set-costs request of a cart that changed before it was answered, and shows the new cart’s costs', async () => {
    const served = stubBistro({ setCosts: (body) => costsOf(body, { totalWithTip: 1210 * (body.items[0]?.quantity ?? 0) }) });
    // The request for two soups is never answered: only its cancellation ends it.
    let stale: AbortSignal | null = null;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Partial<SetCostsBody>;
      if (String(input).endsWith('/api/orders/set-costs') && body.items?.[0]?.quantity === 2) {
        const signal = init?.signal ?? null;
        stale = signal;
        return new Promise<Response>((_, reject) =>
          signal?.addEventListener('abort', () => reject(new DOMException('The cart changed', 'AbortError'))),
        );
      }
      return served(input, init);
    });
    vi.stubGlobal('fetch', fetchMock);
    savedCart([line(SOUP, 1, 1, 800)]);
    renderMenu();
    const cart = await openCart(/^View cart, 1 item, \$12\.10$/);
    const more = within(cart).getByRole('button', { name: 'Add one Soup of the day' });
    fireEvent.click(more);
    await waitFor(() => expect(stale).not.toBeNull());
    expect(stale!.aborted).toBe(false);
    fireEvent.click(more);
    expect(stale!.aborted).toBe(true);
    const summary = within(cart).getByRole('region', { name: 'Summary' });
    await waitFor(() => expect(summary.getAttribute('aria-busy')).toBeNull());
    const live = () => [...cart.querySelectorAll('p[aria-live="polite"]')].map((region) => region.textContent);
    await waitFor(() => expect(live()).toEqual(['Total updated: $36.30']));
  });

  it('offers the upsell items not in the cart, each opening its dialog over the cart', async () => {
    const fetchMock = stubBistro();
    savedCart([line({ id: 1116, menu_id: 1010, section_id: 1053 }, 1, 1, 600)]);
    renderMenu();
    const cart = await openCart();
    const upsell = within(cart).getByRole('region', { name: 'You might also like' });
    expect(
      within(upsell)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Add Butter tart', 'Add Fresh lemonade']);
    fireEvent.click(within(upsell).getByRole('button', { name: 'Add Fresh lemonade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fresh lemonade' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fresh lemonade' })).toBeNull());
    expect(postedBodies<AddItemBody>(fetchMock, '/api/orders/item')[0]?.itemsInCart).toHaveLength(1);
    expect(await within(cart).findByRole('heading', { level: 3, name: 'Fresh lemonade' })).toBeTruthy();
    expect(within(upsell).queryByRole('button', { name: 'Add Fresh lemonade' })).toBeNull();
  });

  it.each<[string, { locale: Locale; taxInclusive: boolean; label: string; hint: string; apply: string; chosen: string; open: RegExp }]>([
    [
      'in English, the amount before tax',
      {
        locale: 'en-CA',
        taxInclusive: false,
        label: 'What you’ll pay before tax (in dollars)',
        hint: 'Full price of the eligible items before tax: $16.00. Tax is added to the amount you choose.',
        apply: 'Apply this amount',
        chosen: 'Pay what you can: you chose $10.00 before tax',
        open: /^View cart, .+, \$/,
      },
    ],
    [
      'in French, the amount before tax',
      {
        locale: 'fr-CA',
        taxInclusive: false,
        label: 'Montant que vous paierez avant taxes (en dollars)',
        // Text matchers see the amount's no-break space as a space.
        hint: 'Prix complet des articles admissibles avant taxes : 16,00 $. Les taxes s’ajoutent au montant que vous choisissez.',
        apply: 'Appliquer ce montant',
        chosen: 'Payez selon vos moyens : vous avez choisi 10,00 $ avant taxes',
        open: /^Voir le panier, .+\$$/,
      },
    ],
    [
      'where the prices hold the tax, the amount with it',
      {
        locale: 'en-CA',
        taxInclusive: true,
        label: 'What you’ll pay, tax included (in dollars)',
        hint: 'Full price of the eligible items, tax included: $16.00',
        apply: 'Apply this amount',
        chosen: 'Pay what you can: you chose $10.00, tax included',
        open: /^View cart, .+, \$/,
      },
    ],
  ])('lets the diner pay what they can, and says how tax applies to the amount (%s); shows an open tab', async (_, words) => {
    const taxInfo = { province: 'ON' as const, taxInclusive: words.taxInclusive, rebateApplied: false };
    const fetchMock = stubBistro(
      {
        // The server's answer: the amount chosen is what is left of the eligible items, taxed after (pricing.md 2.3, 4).
        setCosts: (body) => {
          const chosen = body.costs.subsidyDiscount?.chosenAmountToBePaid ?? null;
          return costsOf(body, {
            taxInfo,
            subsidyDiscount: {
              type: 'pay_what_you_can',
              chosenAmountToBePaid: chosen,
              code: null,
              amount: chosen === null ? 0 : 1600 - chosen,
              baseSubsidizedAmount: 1600,
            },
          });
        },
      },
      bistroTenant((file) => {
        file.allow_open_tab = true;
        file.subsidiesEnabled = true;
        file.taxInclusive = words.taxInclusive;
        file.subsidies = { is_active: true, target_users: 'all', target_items: 'all', type: 'pay_what_you_can' };
      }),
    );
    savedCart([line(SOUP, 1, 2, 1600)]);
    renderMenu('/maple-bistro?tableNum=12', words.locale);
    const cart = await openCart(words.open, words.locale === 'en-CA' ? 'Your cart' : 'Votre panier');
    expect(within(cart).getByText(words.locale === 'en-CA' ? 'Open tab' : 'Note ouverte')).toBeTruthy();
    const amount = within(cart).getByRole('textbox', { name: words.label });
    expect(await within(cart).findByText(words.hint)).toBeTruthy();
    expect(amount.getAttribute('aria-describedby')).toBe(within(cart).getByText(words.hint).id);
    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.click(within(cart).getByRole('button', { name: words.apply }));
    await waitFor(() => expect(lastCostsBody(fetchMock)?.costs.subsidyDiscount).toEqual({ chosenAmountToBePaid: 1000 }));
    // The summary says what was chosen, and whether the taxes below are added to it.
    expect(await within(cart).findByText(words.chosen, { selector: '.cost-rows--summary dt' })).toBeTruthy();
  });

  it('has no cart when only viewing the menu', async () => {
    stubBistro();
    savedCart([line(SOUP, 1, 2, 1600)]);
    renderMenu('/maple-bistro?viewOnly=true');
    expect(await screen.findByRole('button', { name: 'Soup of the day' })).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('button', { name: /View cart/ })).toBeNull();
  });
});

describe('a signed-in diner’s cart', () => {
  const DINER = dinerFixture({ credits: { balance: 900, entries: [] } });
  const costsCalls = (fetchMock: ReturnType<typeof stubApi>) =>
    fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === '/api/orders/set-costs');
  const authorizationOf = (call: ReturnType<typeof costsCalls>[number] | undefined) => new Headers(call?.[1]?.headers).get('Authorization');

  afterEach(() => {
    resetSessionStore();
    localStorage.clear();
  });

  it('is priced as theirs, so their credits show in the costs as they will be spent; signing out prices it as a guest’s', async () => {
    signIn({ token: 'session-token', user: DINER }, 'login');
    const fetchMock = stubBistro({
      // The server applies the credits only for a request that carries the diner's session.
      setCosts: (body) => costsOf(body, { credits: { id: 7, balance: 900, amount: 500 }, amountDue: 1633 }),
    });
    savedCart([line(SOUP, 1, 2, 1600)]);
    renderMenu();
    const cart = await openCart();
    const breakdown = within(cart).getByText('Why this price?').closest('details') as HTMLElement;
    await waitFor(() => expect(within(breakdown).getByText('Account credits')).toBeTruthy());
    expect(authorizationOf(costsCalls(fetchMock).at(-1))).toBe('Bearer session-token');

    const before = costsCalls(fetchMock).length;
    act(() => clearSession());
    await waitFor(() => expect(costsCalls(fetchMock).length).toBeGreaterThan(before));
    expect(authorizationOf(costsCalls(fetchMock).at(-1))).toBeNull();
  });
});
