import type { SsrState } from '@servery/contracts/ssr';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render as renderOnServer } from '../entry-server';
import { saveCart } from '../ordering/cart/cart-storage';
import { createI18n } from '../i18n/i18n';
import { BISTRO_OPEN_NOW, bistroSsrState, costsFixture } from '../testing/restaurant-fixture';
import { EMPTY, type SessionSnapshot } from '../lib/session-state';
import { ambientQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { dinerFixture } from '../testing/account-fixture';
import { App } from './app';
import { preloadRouteAt } from './routes';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let root: Root | null = null;
afterEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

interface HydrateOptions {
  /** The state the browser hydrates with, when a test makes it differ from the server's. */
  hydrateWith?: SsrState;
  /**
   * false: hydrates as main.tsx does (in a transition, React's scheduler yielding between parts) and
   * returns at once, before React has hydrated anything; true (default): inside act, all of it.
   */
  settle?: boolean;
}

/**
 * Does what the server and main.tsx do: render on the server, put the HTML in the page, hydrate from
 * the same state. `recoverable` is React's onRecoverableError: a hydration mismatch calls it.
 */
async function serverRenderThenHydrate(url: string, state: SsrState, { hydrateWith = state, settle = true }: HydrateOptions = {}) {
  const { html } = await renderOnServer(url, state);
  const container = document.createElement('div');
  container.id = 'app';
  container.innerHTML = html;
  document.body.append(container);
  window.history.replaceState(null, '', url);
  const serverHtml = container.innerHTML;

  const recoverable = vi.fn();
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  await preloadRouteAt(window.location.pathname, state.restaurant);
  const app = <App i18n={createI18n(hydrateWith.locale)} ssr={hydrateWith} url={url} />;
  if (settle) {
    await act(async () => {
      root = hydrateRoot(container, app, { onRecoverableError: recoverable });
    });
  } else {
    // React's own scheduler, not act's queue: what a browser does.
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    startTransition(() => {
      root = hydrateRoot(container, app, { onRecoverableError: recoverable });
    });
  }
  return { container, serverHtml, recoverable, consoleError };
}

/** React keeps its fiber on each element it hydrated; the server's elements carry nothing. */
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__react'));

describe('hydration', () => {
  it('fails on a hydration that differs from the server’s HTML: React reports the mismatch', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    // A planted mismatch: the server rendered English, the browser hydrates in French.
    const french = await serverRenderThenHydrate('/maple-bistro?tableNum=12', bistroSsrState(), {
      hydrateWith: bistroSsrState({ locale: 'fr-CA' }),
    });
    expect(french.recoverable).toHaveBeenCalled();
    const [error] = french.recoverable.mock.calls[0] as [Error];
    expect(error.message).toMatch(/hydrat/i);
  });

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

  it('renders signed out while hydrating though the session was restored first, then shows the account', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    // The restore came back before React hydrated this part (a lazily loaded screen, a slow phone):
    // the session is already in the page's cache when hydration starts.
    const session: SessionSnapshot = {
      ...EMPTY,
      user: { status: 'authenticated', credentials: { token: 'kept', userId: 7 }, user: dinerFixture() },
    };
    ambientQueryClient().setQueryData(queryKeys.session, session);
    const { recoverable, consoleError, serverHtml } = await serverRenderThenHydrate('/maple-bistro?tableNum=12', bistroSsrState());
    expect(serverHtml).toContain('Log in');
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(await screen.findByRole('link', { name: 'Account' })).toBeTruthy();
    ambientQueryClient().removeQueries({ queryKey: queryKeys.session });
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

  it('hydrates first the section a click reaches before React got to it, and the click opens the item', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    // The browser's clock in the server's minute: nothing on the page changes after hydrating.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BISTRO_OPEN_NOW);
    const { recoverable } = await serverRenderThenHydrate('/maple-bistro?tableNum=12', bistroSsrState(), { settle: false });

    const card = screen.getByRole('button', { name: 'Cranberry spritz' });
    // Still the server's element: React has not reached it (nor the page around it).
    expect(isHydrated(card)).toBe(false);
    // A click alone (as a screen reader sends it), dispatched by a script: no pointer or focus first.
    fireEvent.click(card);
    expect(isHydrated(card)).toBe(true);
    expect(await screen.findByRole('dialog', { name: 'Cranberry spritz' })).toBeTruthy();
    // The server's element was hydrated, not replaced.
    expect(screen.getByRole('button', { name: 'Cranberry spritz' })).toBe(card);
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('switches the sections not hydrated yet to French with the rest of the page, keeping the server’s elements', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BISTRO_OPEN_NOW);
    const { recoverable } = await serverRenderThenHydrate('/maple-bistro?tableNum=12', bistroSsrState(), { settle: false });
    const card = screen.getByRole('button', { name: 'Cranberry spritz' });
    expect(isHydrated(card)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('button', { name: 'Spritz aux canneberges' })).toBe(card);
    const section = card.closest('.menu-section') as HTMLElement;
    expect(section.textContent).not.toContain('Cranberry');
    expect(section.textContent).toContain('7,00');
    expect(recoverable).not.toHaveBeenCalled();
  });
});
