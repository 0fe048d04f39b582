import { describe, expect, it } from 'vitest';
import { BISTRO_OPEN_NOW, bistroMenus, bistroTenant } from '../../testing/restaurant-fixture';
import type { CartItem } from './cart-api';
import { indexEntries, type CartChoices } from './cart-model';
import {
  CART_TTL_MS,
  cartStorageKey,
  readSavedCart,
  restorableItems,
  restoreCart,
  saveCart,
  type CartOwner,
  type MenuContext,
} from './cart-storage';

const OWNER: CartOwner = { restaurantId: 101, slug: 'maple-bistro', loggedIn: false, eventSuite: null };
const NOW_MS = BISTRO_OPEN_NOW.getTime();

function context(overrides: Partial<MenuContext> = {}): MenuContext {
  return {
    entries: indexEntries(bistroMenus('dine_in', bistroTenant(), BISTRO_OPEN_NOW).menu_groups),
    now: BISTRO_OPEN_NOW,
    zone: 'America/Toronto',
    maxItemsPerCart: 22,
    maxMealsPerCart: null,
    ...overrides,
  };
}

const SOUP = { id: 1101, menu_id: 1010, section_id: 1050 };
const line = (item: Pick<CartItem, 'id' | 'menu_id' | 'section_id'>, orderId: number, quantity: number, unit: number): CartItem => ({
  ...item,
  orderId,
  quantity,
  orderPrice: unit * quantity,
  orderOptions: [],
});

/** A Maple Burger with Swiss, two toppings, and fries with their seasoning and two sauces: options three levels deep. */
function burger(orderId: number): CartItem {
  return {
    id: 1106,
    menu_id: 1010,
    section_id: 1051,
    orderId,
    quantity: 1,
    orderPrice: 3175,
    orderOptions: [
      { id: 1502, values: [{ id: 1608, quantity: 1, adjustedPrice: 0 }] },
      {
        id: 1503,
        values: [
          { id: 1611, quantity: 2, adjustedPrice: 250 },
          { id: 1614, quantity: 1, adjustedPrice: 150 },
        ],
      },
      {
        id: 1507,
        values: [
          {
            id: 1623,
            quantity: 1,
            adjustedPrice: 350,
            options: [
              { id: 1504, values: [{ id: 1619, quantity: 1, adjustedPrice: 300 }] },
              {
                id: 1505,
                values: [
                  { id: 1620, quantity: 1, adjustedPrice: 100 },
                  { id: 1622, quantity: 1, adjustedPrice: 100 },
                ],
              },
            ],
          },
        ],
      },
    ],
    specialInstructions: `No pickles on burger ${orderId}, please — extra napkins and the sauce on the side.`,
  };
}

function choices(items: CartItem[], extra: Partial<CartChoices> = {}): CartChoices {
  return {
    items,
    tip: { kind: 'preset', type: 'percentage', value: '20' },
    discountCode: 'WELCOME10',
    voucher: { code: '6035710000005678', masked: '•••• 5678', balance: 1235 },
    delivery: false,
    payWhatYouCan: null,
    ...extra,
  };
}

describe('cart persistence', () => {
  it('keeps a full cart of 22 lines with nested options, its codes and tip, through a save and a restore', () => {
    const items = Array.from({ length: 22 }, (_, index) => burger(index + 1));
    saveCart(localStorage, OWNER, choices(items), NOW_MS);
    const text = localStorage.getItem(cartStorageKey('maple-bistro')) ?? '';
    // Why not the spec's cookie: a browser keeps about 4 KB per cookie, and this cart is several times that.
    expect(text.length).toBeGreaterThan(4096 * 3);

    const outcome = restoreCart(localStorage, OWNER, context(), NOW_MS + 60_000);
    expect(outcome).toEqual({ status: 'restored', choices: choices(items), notice: null });
  });

  it('forgets a cart once it is half a day old', () => {
    saveCart(localStorage, OWNER, choices([line(SOUP, 1, 2, 800)]), NOW_MS);
    expect(restoreCart(localStorage, OWNER, context(), NOW_MS + CART_TTL_MS - 1).status).toBe('restored');
    expect(restoreCart(localStorage, OWNER, context(), NOW_MS + CART_TTL_MS)).toEqual({ status: 'discarded', reason: 'expired' });
    expect(localStorage.getItem(cartStorageKey('maple-bistro'))).toBeNull();
  });

  it('empties a cart saved for another restaurant, a sign-in that may not see it, another event suite or another person ordered for', () => {
    const SIGNED_IN = { loggedIn: true, userId: 7 };
    // [whose cart was saved, who opens the page, what happens]
    const cases: Array<[Partial<CartOwner>, Partial<CartOwner>, string]> = [
      [{}, { restaurantId: 102 }, 'restaurant'],
      // A signed-in diner's cart never comes back for a guest (a sign-out, or a sign-in ended on the server)...
      [SIGNED_IN, {}, 'login'],
      // ...nor for another diner signed in on the same browser.
      [SIGNED_IN, { loggedIn: true, userId: 8 }, 'login'],
      // A cart saved signed in before carts named their diner: whose it was is unknown.
      [{ loggedIn: true }, SIGNED_IN, 'login'],
      [{}, { eventSuite: 'suite-12' }, 'event_suite'],
      // In login-as, the operator orders for the suite's owner, then for a guest: a fresh cart.
      [{}, { actingFor: '3987:Sam Guest' }, 'login'],
    ];
    for (const [saved, opener, reason] of cases) {
      saveCart(localStorage, { ...OWNER, ...saved }, choices([line(SOUP, 1, 1, 800)]), NOW_MS);
      expect(restoreCart(localStorage, { ...OWNER, ...opener }, context(), NOW_MS)).toEqual({ status: 'discarded', reason });
      expect(localStorage.getItem(cartStorageKey('maple-bistro'))).toBeNull();
    }
  });

  it('follows a guest into a sign-in, and comes back for the same signed-in diner', () => {
    const cases: Array<[Partial<CartOwner>, Partial<CartOwner>]> = [
      [{}, { loggedIn: true, userId: 7 }],
      [
        { loggedIn: true, userId: 7 },
        { loggedIn: true, userId: 7 },
      ],
    ];
    for (const [saved, opener] of cases) {
      saveCart(localStorage, { ...OWNER, ...saved }, choices([line(SOUP, 1, 1, 800)]), NOW_MS);
      expect(restoreCart(localStorage, { ...OWNER, ...opener }, context(), NOW_MS).status).toBe('restored');
    }
  });

  it('restores a cart of the same event suite', () => {
    const suite = { ...OWNER, eventSuite: 'suite-12' };
    saveCart(localStorage, suite, choices([line(SOUP, 1, 1, 800)]), NOW_MS);
    expect(restoreCart(localStorage, suite, context(), NOW_MS).status).toBe('restored');
  });

  it('drops what is not a saved cart, and says there is none when nothing was saved', () => {
    expect(restoreCart(localStorage, OWNER, context(), NOW_MS)).toEqual({ status: 'none' });
    localStorage.setItem(cartStorageKey('maple-bistro'), '{"version":1,"items":"nope"');
    expect(restoreCart(localStorage, OWNER, context(), NOW_MS)).toEqual({ status: 'discarded', reason: 'invalid' });
    localStorage.setItem(cartStorageKey('maple-bistro'), JSON.stringify({ version: 1, items: [{ id: -1 }] }));
    expect(readSavedCart(localStorage, 'maple-bistro')).toBeNull();
  });

  it('forgets an emptied cart instead of saving it', () => {
    saveCart(localStorage, OWNER, choices([line(SOUP, 1, 1, 800)]), NOW_MS);
    saveCart(localStorage, OWNER, choices([], { discountCode: null, voucher: null }), NOW_MS);
    expect(localStorage.getItem(cartStorageKey('maple-bistro'))).toBeNull();
  });

  it('drops lines whose item is gone, sold out, unavailable or in a member-only menu without a valid member', () => {
    const items = [
      line(SOUP, 1, 1, 800),
      line({ id: 1111, menu_id: 1010, section_id: 1051 }, 2, 1, 2100), // Fish & chips: sold out
      line({ id: 1127, menu_id: 1010, section_id: 1056 }, 3, 1, 3600), // in a sold-out section
      line({ id: 1105, menu_id: 1010, section_id: 1050 }, 4, 1, 2600), // unavailable
      line({ id: 1153, menu_id: 1013, section_id: 1065 }, 5, 1, 1700), // member-only menu, no member
      line({ id: 9999, menu_id: 1010, section_id: 1050 }, 6, 1, 100), // no longer on the menu
    ];
    const { items: kept, notice } = restorableItems(items, context());
    expect(kept.map((entry) => entry.orderId)).toEqual([1]);
    expect(notice).toEqual({
      repriced: [],
      trimmed: false,
      removed: [
        { key: '1010:1051:1111', reason: 'sold_out' },
        { key: '1010:1056:1127', reason: 'sold_out' },
        { key: '1010:1050:1105', reason: 'unavailable' },
        { key: null, reason: 'unavailable' },
        { key: null, reason: 'unavailable' },
      ],
    });
  });

  it('keeps a member-only line when the menus in hand hold the member menu (a valid member)', () => {
    const tenant = bistroTenant();
    const memberGroup = tenant.menu_groups.find((group) => group.menus.some((menu) => menu.member_only));
    const groups = [...bistroMenus('dine_in', tenant, BISTRO_OPEN_NOW).menu_groups, ...(memberGroup ? [memberGroup] : [])];
    const club = line({ id: 1153, menu_id: 1013, section_id: 1065 }, 1, 1, 1700);
    expect(restorableItems([club], context({ entries: indexEntries(groups) })).items).toEqual([club]);
  });

  it('trims quantities to the cart’s maximum, line by line, prices in proportion', () => {
    const items = [line(SOUP, 1, 10, 800), { ...burger(2), quantity: 10, orderPrice: 31750 }, line(SOUP, 3, 5, 800)];
    const { items: kept, notice } = restorableItems(items, context());
    expect(kept.map((entry) => [entry.orderId, entry.quantity, entry.orderPrice])).toEqual([
      [1, 10, 8000],
      [2, 10, 31750],
      [3, 2, 1600],
    ]);
    expect(kept[1]?.specialInstructions).toContain('No pickles');
    expect(notice).toEqual({ repriced: [], removed: [], trimmed: true });
  });

  it('trims meal packages to the maximum of meals', () => {
    const tenant = bistroTenant((file) => {
      const soup = file.menu_groups?.[0]?.menus?.[0]?.sections?.[0]?.items?.[1];
      if (soup) soup.meal_package = true;
    });
    const entries = indexEntries(bistroMenus('dine_in', tenant, BISTRO_OPEN_NOW).menu_groups);
    const { items } = restorableItems([line(SOUP, 1, 5, 800)], context({ entries, maxMealsPerCart: 3 }));
    expect(items.map((entry) => entry.quantity)).toEqual([3]);
  });
});
