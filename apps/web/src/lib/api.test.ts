import { describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, NETWORK_ERROR, createApiClient } from './api';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function headersOf(fetchMock: Mock<typeof fetch>, call = 0): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
}

describe('api client', () => {
  it('sends Accept-Language, and X-Restaurant-Id once the restaurant is known', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, { ok: true }));
    const client = createApiClient({ locale: 'fr-CA', fetch: fetchMock });

    await expect(client.get('/maple-bistro/data.json')).resolves.toEqual({ ok: true });
    expect(headersOf(fetchMock).get('Accept-Language')).toBe('fr-CA');
    expect(headersOf(fetchMock).has('X-Restaurant-Id')).toBe(false);

    await client.withRestaurant(12).get('/api/restaurants/12/menus?type=dine_in');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/restaurants/12/menus?type=dine_in');
    expect(headersOf(fetchMock, 1).get('X-Restaurant-Id')).toBe('12');
    expect(headersOf(fetchMock, 1).get('Accept-Language')).toBe('fr-CA');
  });

  it('sends a body as JSON', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    await createApiClient({ locale: 'en-CA', fetch: fetchMock }).request('/api/things', { method: 'POST', body: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(headersOf(fetchMock).get('Content-Type')).toBe('application/json');
  });

  it('parses the error envelope into an ApiError', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse(404, { code: 404, error: 'RESTAURANT_NOT_FOUND', message: 'Nous n’avons pas trouvé ce restaurant.' }),
    );
    const error = await createApiClient({ locale: 'fr-CA', fetch: fetchMock })
      .get('/nope/data.json')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 404,
      error: 'RESTAURANT_NOT_FOUND',
      message: 'Nous n’avons pas trouvé ce restaurant.',
      sessionExpired: false,
    });
  });

  it('keeps a stale cart’s lines, fresh items and costs from the envelope', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse(409, {
        code: 428,
        error: 'ITEM_PRICE_CHANGED',
        message: 'A price in your cart has changed.',
        invalid_items: [{ orderId: 1, code: 428, error: 'ITEM_PRICE_CHANGED' }],
        items: [{ id: 1101, orderId: 1, orderPrice: 1600 }],
        costs: { subtotal: 1600 },
      }),
    );
    const error = await createApiClient({ locale: 'en-CA', fetch: fetchMock })
      .request('/api/orders/set-costs', { method: 'POST', body: {} })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 409,
      code: 428,
      invalidItems: [{ orderId: 1, code: 428, error: 'ITEM_PRICE_CHANGED' }],
      items: [{ id: 1101, orderId: 1, orderPrice: 1600 }],
      costs: { subtotal: 1600 },
    });
  });

  it('exposes code 201 as an expired session and tells the listener', async () => {
    const onSessionExpired = vi.fn();
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse(401, { code: 201, error: 'SESSION_EXPIRED', message: 'Your session has expired.' }),
    );
    const error = await createApiClient({ locale: 'en-CA', fetch: fetchMock, onSessionExpired })
      .get('/api/me')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 201, sessionExpired: true });
    expect(onSessionExpired).toHaveBeenCalledWith(error);
  });

  it('does not take an HTTP 201 Created for an expired session', async () => {
    const onSessionExpired = vi.fn();
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(201, { id: 1 }));
    await expect(
      createApiClient({ locale: 'en-CA', fetch: fetchMock, onSessionExpired }).request('/api/orders', { method: 'POST', body: {} }),
    ).resolves.toEqual({ id: 1 });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('gives a usable error for a body that is not an envelope', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await createApiClient({ locale: 'en-CA', fetch: fetchMock })
      .get('/api/x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 502, error: 'INTERNAL', message: 'Bad Gateway' });
  });

  it('reports a request that never reached the server as NETWORK_ERROR', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await createApiClient({ locale: 'en-CA', fetch: fetchMock })
      .get('/api/x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 0, error: NETWORK_ERROR });
  });

  it('lets an abort through untouched', async () => {
    const abort = new DOMException('Aborted', 'AbortError');
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw abort;
    });
    await expect(createApiClient({ locale: 'en-CA', fetch: fetchMock }).get('/api/x')).rejects.toBe(abort);
  });
});
