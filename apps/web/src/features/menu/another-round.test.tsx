import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { BISTRO_OPEN_NOW, bistroMenus, bistroRestaurant, bistroTenant } from '../../testing/restaurant-fixture';
import { MenuScreen } from './menu-screen';
import { json, stubApi } from '../../testing/api-stub';

const ROUND = '0b6f2f4e-8c7a-4c38-9a55-3f0c7c0c1a11';
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050, orderOptions: [] };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** The menu, with GET /api/orders/another-round/{id} answered by `answer`. */
function renderRound(answer: () => Response) {
  const tenant = bistroTenant();
  const api = stubApi({ restaurant: bistroRestaurant(tenant), menus: (type) => bistroMenus(type as 'dine_in', tenant, BISTRO_OPEN_NOW) });
  const round = vi.fn(answer);
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    new URL(String(input), 'http://localhost').pathname === `/api/orders/another-round/${ROUND}`
      ? Promise.resolve(round())
      : api(input, init),
  );
  renderWithProviders(
    <>
      <Routes>
        <Route path="/:restaurantSlug" element={<MenuScreen />} />
      </Routes>
      <Where />
    </>,
    { path: `/maple-bistro?anotherRoundId=${ROUND}`, now: BISTRO_OPEN_NOW },
  );
  return round;
}

describe('another round', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('puts the last order’s lines in the cart and its table in the address, once', async () => {
    const round = renderRound(() =>
      json(200, {
        items: [{ ...SOUP, orderId: 1, quantity: 2, orderPrice: 1600 }],
        tableInfo: { tableNum: '12', tableArea: null, tableLocation: null },
      }),
    );
    expect(await screen.findByRole('button', { name: /^View cart, 2 items/ })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/maple-bistro?anotherRoundId=${ROUND}&tableNum=12`));
    expect(await screen.findByText('Your last round is in the cart. Check it and order again.')).toBeTruthy();
    expect(round).toHaveBeenCalledTimes(1);
  });

  it('keeps the lines that can still be made and says why the others are gone', async () => {
    renderRound(() =>
      json(404, {
        code: 404,
        error: 'OPTION_NOT_FOUND',
        message: 'An option is gone.',
        items: [{ ...SOUP, orderId: 1, quantity: 1, orderPrice: 800 }],
      }),
    );
    expect(await screen.findByRole('button', { name: /^View cart, 1 item/ })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not rebuild your last round.');
  });

  it('names each line no longer sold, left out of the new cart, until dismissed (issue 30)', async () => {
    renderRound(() =>
      json(409, {
        code: 415,
        error: 'ITEM_SOLD_OUT',
        message: 'An item in your cart is sold out.',
        invalid_items: [
          { orderId: 2, code: 415, error: 'ITEM_SOLD_OUT', name: { 'en-CA': 'Maple Burger', 'fr-CA': 'Burger Maple' } },
          { orderId: 3, code: 404, error: 'OPTION_NOT_FOUND', name: { 'en-CA': 'Poutine', 'fr-CA': 'Poutine' } },
          { orderId: 4, code: 426, error: 'ITEM_UNAVAILABLE', name: null },
        ],
        items: [{ ...SOUP, orderId: 1, quantity: 1, orderPrice: 800 }],
      }),
    );
    expect(await screen.findByRole('button', { name: /^View cart, 1 item/ })).toBeTruthy();
    const notice = (await screen.findByText('Not everything could be ordered again')).closest('[role="alert"]')!;
    expect(notice.textContent).toContain('Maple Burger is sold out and was removed.');
    expect(notice.textContent).toContain('Poutine was removed: some of its choices are no longer offered.');
    expect(notice.textContent).toContain('An item is no longer on the menu and was removed.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Not everything could be ordered again')).toBeNull());
  });
});
