import type { SsrState } from '@servery/contracts/ssr';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render as renderOnServer } from '../entry-server';
import { saveCart } from '../features/cart/cart-storage';
import { createI18n } from '../i18n/i18n';
import { BISTRO_OPEN_NOW, bistroSsrState, costsFixture } from '../testing/restaurant-fixture';
import { hydrationMismatches } from '../testing/hydration-check';
import { App } from './app';
import { preloadRouteAt } from './routes';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

interface HydrateOptions {
  /** The state the browser hydrates with, when a test makes it differ from the server's. */
  hydrateWith?: SsrState;
  /** Changes the server's HTML before the browser hydrates it. */
  tamper?: (container: HTMLElement) => void;
}

/**
 * Does what the server and main.tsx do: render on the server, put the HTML in the page, hydrate from
 * the same state. `mismatches` lists where the hydration differed from the server's HTML
 * (testing/hydration-check.ts: Preact itself does not say).
 */
async function serverRenderThenHydrate(url: string, state: SsrState, { hydrateWith = state, tamper }: HydrateOptions = {}) {
  const { html } = await renderOnServer(url, state);
  const container = document.createElement('div');
  container.id = 'app';
  container.innerHTML = html;
  document.body.append(container);
  window.history.replaceState(null, '', url);
  const serverHtml = container.innerHTML;
  tamper?.(container);

  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  await preloadRouteAt(window.location.pathname, state.restaurant);
  // Preact hydrates synchronously: the check sees the hydration alone, then act runs what follows it
  // (effects, the saved cart, the live clock).
  const mismatches = hydrationMismatches(container, () => {
    root = hydrateRoot(container, <App i18n={createI18n(hydrateWith.locale)} ssr={hydrateWith} url={url} />);
  });
  await act(async () => {});
  return { container, serverHtml, mismatches, consoleError };
}

describe('hydration', () => {
  it('finds a hydration that differs from the server’s HTML, in text or in an attribute alone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const french = await serverRenderThenHydrate('/maple-bistro?tableNum=12', bistroSsrState(), {
      hydrateWith: bistroSsrState({ locale: 'fr-CA' }),
    });
    expect(french.mismatches).toContainEqual(expect.stringMatching(/^<a> aria-label: server "Cart, 0 items", browser "Panier/));
    // The text: Preact patched it to French, so the markup is no longer the server's.
    expect(french.mismatches).toContainEqual(expect.stringMatching(/^markup differs: /));
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';

    // A label pointing at another id than its field's: Preact would leave it so.
    const relabelled = await serverRenderThenHydrate('/maple-bistro?tableNum=12', bistroSsrState(), {
      tamper: (container) => container.querySelector('label[for]')?.setAttribute('for', 'elsewhere'),
    });
    expect(relabelled.mismatches).toEqual([expect.stringMatching(/^<label> for: server "elsewhere", browser ".+"$/)]);
  });

  it('hydrates the server-rendered menu without a mismatch and without fetching', async () => {
    const fetchSpy = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetchSpy);
    const { mismatches, consoleError } = await serverRenderThenHydrate('/maple-bistro?tableNum=12', bistroSsrState());

    expect(mismatches).toEqual([]);
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
    const { mismatches, consoleError, serverHtml } = await serverRenderThenHydrate('/maple-bistro?tableNum=12', bistroSsrState());

    expect(serverHtml).not.toContain('View cart');
    expect(mismatches).toEqual([]);
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
    const { mismatches, consoleError, serverHtml } = await serverRenderThenHydrate('/maple-bistro?tableNum=12', state);
    expect(serverHtml).toContain('Fermé en ce moment');
    expect(mismatches).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(within(document.body).getByRole('button', { name: 'Poutine classique' })).toBeTruthy();
  });

  it('hydrates the landing page and the 404 page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const landing = await serverRenderThenHydrate('/maple-bistro/landing?eventSuite=3982', bistroSsrState({ menus: null }));
    expect(landing.mismatches).toEqual([]);
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';

    const missing = await serverRenderThenHydrate(
      '/nowhere',
      bistroSsrState({ slug: 'nowhere', restaurant: null, menus: null, announcements: null, queue: null }),
    );
    expect(missing.mismatches).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it.each([
    ['after the menu screen hydrated', true],
    ['before the menu screen’s own task ran', false],
  ])('hydrates a section not reached yet on its first click, and the click opens the item (%s)', async (_when, screenHydrated) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    // The browser's clock in the server's minute: nothing on the page changes after hydrating.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BISTRO_OPEN_NOW);
    // A phone's viewport: the observer never sees the sections below it come near.
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(element: Element) {
          observed.push(element);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const { mismatches } = await serverRenderThenHydrate('/maple-bistro?tableNum=12', bistroSsrState());
    expect(mismatches).toEqual([]);
    // The menu screen hydrates in the tasks after the page's (components/ui/deferred-hydration.tsx);
    // its sections then wait to come near.
    if (screenHydrated) await vi.waitFor(() => expect(observed.length).toBeGreaterThan(10));
    else expect(observed).toEqual([]);

    const card = screen.getByRole('button', { name: 'Cranberry spritz' });
    // Still the server's element, with nothing of the app attached to it (no listener).
    expect(Object.keys(card)).toEqual([]);
    // A click alone (as a screen reader sends it), dispatched by a script: no pointer or focus first.
    const section = card.closest('.menu-section') as HTMLElement;
    const clicked = hydrationMismatches(section, () => fireEvent.click(card));
    expect(clicked).toEqual([]);
    expect(await screen.findByRole('dialog', { name: 'Cranberry spritz' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cranberry spritz' })).toBe(card);
  });

  it('switches the sections not reached yet to French with the rest of the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BISTRO_OPEN_NOW);
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const { mismatches } = await serverRenderThenHydrate('/maple-bistro?tableNum=12', bistroSsrState());
    expect(mismatches).toEqual([]);
    const card = screen.getByRole('button', { name: 'Cranberry spritz' });
    expect(Object.keys(card)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('button', { name: 'Spritz aux canneberges' })).toBe(card);
    const section = card.closest('.menu-section') as HTMLElement;
    expect(section.textContent).not.toContain('Cranberry');
    expect(section.textContent).toContain('7,00');
  });
});
