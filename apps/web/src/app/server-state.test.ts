import { SSR_STATE_ELEMENT_ID } from '@servery/contracts/ssr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bistroSsrState } from '../testing/restaurant-fixture';
import { readServerState, withRenderedMenus } from './server-state';

const ETAG = '"v1-rendered"';
const rendered = bistroSsrState();
/** The state as the page carries it: the menus left out, named by order type and version. */
const pageState = { ...rendered, menus: null, menusFetch: { type: 'dine_in' as const, etag: ETAG } };

const answer = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('readServerState', () => {
  it('reads the state the server wrote, and nothing from a missing or broken one', () => {
    expect(readServerState()).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${JSON.stringify(pageState)}</script>`;
    expect(readServerState()).toEqual(pageState);
    document.body.innerHTML = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">{"locale":"de-DE","now":"x"}</script>`;
    expect(readServerState()).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">{not json</script>`;
    expect(readServerState()).toBeNull();
  });
});

describe('withRenderedMenus', () => {
  it('fetches the menus the page left out and hydrates when they are the version the server rendered', async () => {
    const fetchSpy = vi.fn(async () => answer(rendered.menus, { headers: { etag: ETAG } }));
    const { state, hydrate } = await withRenderedMenus(pageState, fetchSpy);
    expect(hydrate).toBe(true);
    expect(state).toEqual(rendered);
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/restaurants/101/menus?type=dine_in',
      expect.objectContaining({
        credentials: 'same-origin',
        headers: expect.objectContaining({ 'X-Restaurant-Id': '101' }) as unknown,
      }),
    );
  });

  it('takes a weak ETag for the same version (a proxy that compresses again marks it weak)', async () => {
    const { hydrate } = await withRenderedMenus(pageState, async () => answer(rendered.menus, { headers: { etag: `W/${ETAG}` } }));
    expect(hydrate).toBe(true);
  });

  it('renders afresh with the new menus when they changed since the server rendered', async () => {
    const changed = { ...rendered.menus!, version: rendered.menus!.version + 1 };
    const { state, hydrate } = await withRenderedMenus(pageState, async () => answer(changed, { headers: { etag: '"v2"' } }));
    expect(hydrate).toBe(false);
    expect(state.menus).toEqual(changed);
    expect(state).not.toHaveProperty('menusFetch');
  });

  it('renders afresh without menus when the call fails or does not reach the server', async () => {
    const failed = await withRenderedMenus(pageState, async () => answer({ error: 'X' }, { status: 503 }));
    expect(failed).toEqual({ state: { ...rendered, menus: null }, hydrate: false });
    const offline = await withRenderedMenus(pageState, async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(offline).toEqual({ state: { ...rendered, menus: null }, hydrate: false });
  });

  it('hydrates at once a page that left nothing out (the landing page, a diner still choosing how to order)', async () => {
    const fetchSpy = vi.fn();
    const landing = { ...rendered, menus: null };
    expect(await withRenderedMenus(landing, fetchSpy)).toEqual({ state: landing, hydrate: true });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
