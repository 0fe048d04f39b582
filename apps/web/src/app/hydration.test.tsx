import type { SsrState } from '@servery/contracts/ssr';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render as renderOnServer } from '../entry-server';
import { saveCart } from '../features/cart/cart-storage';
import { createI18n } from '../i18n/i18n';
import { bistroSsrState, costsFixture } from '../testing/restaurant-fixture';
import { App } from './app';
import { preloadRouteAt } from './routes';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/** Does what the server and main.tsx do: render on the server, put the HTML in the page, hydrate from the same state. */
async function serverRenderThenHydrate(url: string, state: SsrState) {
  const { html } = await renderOnServer(url, state);
  const container = document.createElement('div');
  container.id = 'app';
  container.innerHTML = html;
  document.body.append(container);
  window.history.replaceState(null, '', url);
  const serverHtml = container.innerHTML;

  const recoverable = vi.fn();
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  await preloadRouteAt(window.location.pathname);
  await act(async () => {
    root = hydrateRoot(container, <App i18n={createI18n(state.locale)} ssr={state} url={url} />, { onRecoverableError: recoverable });
  });
  return { container, serverHtml, recoverable, consoleError };
}

describe('hydration', () => {
  it('hydrates the server-rendered menu without a mismatch and without fetching', async () => {
    const fetchSpy = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetchSpy);
    const { recoverable, consoleError } = await serverRenderThenHydrate('/maple-bistro?tableNum=12', bistroSsrState());

    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    // It is live: the item dialog opens.
    fireEvent.click(screen.getByRole('button', { name: 'Maple Burger' }));
    expect(await screen.findByRole('dialog', { name: 'Maple Burger' })).toBeTruthy();
  });

  it('restores a saved cart only after hydrating, so the first render still matches the server’s markup', async () => {
    saveCart(
      localStorage,
      { restaurantId: 101, slug: 'maple-bistro', loggedIn: false, eventSuite: null },
      {
        items: [{ id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] }],
        tip: { kind: 'preset', type: 'percentage', value: '18' },
        discountCode: null,
        voucher: null,
        delivery: false,
        payWhatYouCan: null,
      },
      Date.now(),
    );
    const costs = costsFixture();
    const fetchSpy = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/orders/set-costs'
        ? new Response(JSON.stringify({ costs, items: [], rejected: [] }), { status: 200 })
        : new Response('{}', { status: 500 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const { recoverable, consoleError, serverHtml } = await serverRenderThenHydrate('/maple-bistro?tableNum=12', bistroSsrState());

    expect(serverHtml).not.toContain('View cart');
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'View cart, 2 items, $24.21' })).toBeTruthy();
    expect(fetchSpy.mock.calls.map(([input]) => String(input))).toEqual(['/api/orders/set-costs']);
  });

  it('uses the server’s clock and language for the first render, so time-dependent markup matches', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    // 7 a.m. in Toronto on the server: closed. The browser's own clock (now) is whatever it is.
    const state = bistroSsrState({ locale: 'fr-CA', now: '2026-10-14T11:00:00Z' });
    const { recoverable, consoleError, serverHtml } = await serverRenderThenHydrate('/maple-bistro?tableNum=12', state);
    expect(serverHtml).toContain('Fermé en ce moment');
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(within(document.body).getByRole('button', { name: 'Poutine classique' })).toBeTruthy();
  });

  it('hydrates the landing page and the 404 page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const landing = await serverRenderThenHydrate('/maple-bistro/landing?eventSuite=3982', bistroSsrState({ menus: null }));
    expect(landing.recoverable).not.toHaveBeenCalled();
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';

    const missing = await serverRenderThenHydrate(
      '/nowhere',
      bistroSsrState({ slug: 'nowhere', restaurant: null, menus: null, announcements: null, queue: null }),
    );
    expect(missing.recoverable).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
