import type { AnnouncementsResponse, MenusResponse, PublicRestaurant, QueueTimeResponse } from '@servery/contracts/restaurant';
import { vi } from 'vitest';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface StubApiOptions {
  restaurant: PublicRestaurant;
  menus: (type: string) => MenusResponse | Response;
  announcements?: () => AnnouncementsResponse | Response;
  queue?: () => QueueTimeResponse | Response;
}

/** A stand-in for the API (fetch) serving one restaurant. */
export function stubApi({ restaurant, menus, announcements, queue }: StubApiOptions) {
  const asResponse = (value: unknown) => (value instanceof Response ? value : json(200, value));
  const notFound = () => json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found.' });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === `/${restaurant.slug}/data.json`) return json(200, restaurant);
    if (url.pathname === `/api/restaurants/${restaurant.id}/menus`) return asResponse(menus(url.searchParams.get('type') ?? ''));
    if (url.pathname === `/api/restaurants/${restaurant.id}/announcements`) return announcements ? asResponse(announcements()) : notFound();
    if (url.pathname === '/api/orders/get-next-order-queue-time') return queue ? asResponse(queue()) : notFound();
    return json(404, { code: 404, error: 'RESTAURANT_NOT_FOUND', message: 'We could not find this restaurant.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function headersOf(fetchMock: ReturnType<typeof stubApi>, path: string): Headers {
  const call = fetchMock.mock.calls.find(([input]) => String(input).startsWith(path));
  return new Headers(call?.[1]?.headers);
}
