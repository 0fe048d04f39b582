import type { AnnouncementsResponse, MenusResponse, PublicRestaurant, QueueTimeResponse } from '@servery/contracts/restaurant';
import type { OrderType } from '@servery/domain/order-type';
import { vi } from 'vitest';
import { costsFixture } from './restaurant-fixture';
import type { CartItem, NewCartItem, SetCostsBody } from '../ordering/cart/cart-api';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface AddItemBody {
  itemsInCart: CartItem[];
  itemToAdd: NewCartItem;
  type: OrderType;
}

/**
 * The cart calls, each answering a parsed body with a value (sent as 200 JSON) or a Response. The
 * defaults behave like the server for a cart that is never stale: /item appends the line with the
 * next order id (no merging), /set-costs answers costsFixture() with one costs line per cart line,
 * /validate says ok; discount and gift-card lookups find nothing; /scheduling offers nothing (closed, no slot).
 */
export interface OrdersStub {
  item: (body: AddItemBody) => unknown;
  setCosts: (body: SetCostsBody) => unknown;
  validate: (body: { itemsInCart: CartItem[]; type: OrderType }) => unknown;
  discountInfo: (body: { code: string }) => unknown;
  giftCard: (body: { giftCardNumber: string }) => unknown;
  scheduling: (body: { type: OrderType; items: CartItem[] }) => unknown;
}

export function appendItem({ itemsInCart, itemToAdd }: AddItemBody) {
  const orderId = itemsInCart.reduce((max, line) => Math.max(max, line.orderId), 0) + 1;
  return { items: [...itemsInCart, { ...itemToAdd, orderId }], orderId, added: itemToAdd.quantity, capped: false };
}

/** Costs whose lines follow the cart (subtotal = the line's own price): enough for screens that list them. */
export function costsOf(body: SetCostsBody, overrides: Parameters<typeof costsFixture>[0] = {}) {
  return {
    costs: costsFixture({
      lines: body.items.map((line) => ({
        orderId: line.orderId,
        quantity: line.quantity,
        subtotal: line.orderPrice,
        memberDiscount: 0,
        discount: 0,
        subsidyDiscount: 0,
        subtotalDiscounted: line.orderPrice,
        parts: [],
      })),
      ...overrides,
    }),
    items: body.items,
    rejected: [],
  };
}

const notFoundError = (error: string) => json(404, { code: 404, error, message: error });

const DEFAULT_ORDERS: OrdersStub = {
  item: appendItem,
  setCosts: (body) => costsOf(body),
  validate: (body) => ({ ok: true, items: body.itemsInCart }),
  discountInfo: () => notFoundError('DISCOUNT_CODE_NOT_FOUND'),
  giftCard: () => notFoundError('GIFT_CARD_NOT_FOUND'),
  scheduling: () => ({
    zone: 'America/Toronto',
    asap: { available: false, readyAt: null, prepTime: { hours: 0, minutes: 20 }, prepTimeLabel: '20 min', reason: 'CLOSED' },
    timeslots: true,
    interval: 15,
    days: [],
    reason: 'CLOSED',
    labels: { asap: { 'en-CA': 'As soon as possible', 'fr-CA': 'Dès que possible' } },
  }),
};

const ORDER_PATHS: Record<string, keyof OrdersStub> = {
  '/api/orders/item': 'item',
  '/api/orders/set-costs': 'setCosts',
  '/api/orders/validate': 'validate',
  '/api/orders/get-discount-info': 'discountInfo',
  '/api/orders/get-gift-card': 'giftCard',
  '/api/orders/scheduling': 'scheduling',
};

export interface StubApiOptions {
  restaurant: PublicRestaurant;
  menus: (type: string) => MenusResponse | Response;
  announcements?: () => AnnouncementsResponse | Response;
  queue?: () => QueueTimeResponse | Response;
  orders?: Partial<OrdersStub>;
}

/** A stand-in for the API (fetch) serving one restaurant. */
export function stubApi({ restaurant, menus, announcements, queue, orders = {} }: StubApiOptions) {
  const cart: OrdersStub = { ...DEFAULT_ORDERS, ...orders };
  const asResponse = (value: unknown) => (value instanceof Response ? value : json(200, value));
  const notFound = () => json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found.' });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === `/${restaurant.slug}/data.json`) return json(200, restaurant);
    if (url.pathname === `/api/restaurants/${restaurant.id}/menus`) return asResponse(menus(url.searchParams.get('type') ?? ''));
    if (url.pathname === `/api/restaurants/${restaurant.id}/announcements`) return announcements ? asResponse(announcements()) : notFound();
    if (url.pathname === '/api/orders/get-next-order-queue-time') return queue ? asResponse(queue()) : notFound();
    const call = ORDER_PATHS[url.pathname];
    if (call) {
      const body: unknown = JSON.parse(String(init?.body ?? '{}'));
      return asResponse((cart[call] as (body: unknown) => unknown)(body));
    }
    return json(404, { code: 404, error: 'RESTAURANT_NOT_FOUND', message: 'We could not find this restaurant.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function headersOf(fetchMock: ReturnType<typeof stubApi>, path: string): Headers {
  const call = fetchMock.mock.calls.find(([input]) => String(input).startsWith(path));
  return new Headers(call?.[1]?.headers);
}

/** The JSON bodies posted to a path, in order. */
export function postedBodies<T = Record<string, unknown>>(fetchMock: ReturnType<typeof stubApi>, path: string): T[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as T);
}
