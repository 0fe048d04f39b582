// @vitest-environment node
// The server entry runs in Node: no window, no document. Running its tests without a DOM proves it.
import { describe, expect, it, vi } from 'vitest';
import { pageStatus, render } from './entry-server';
import { bistroSsrState } from './testing/restaurant-fixture';

describe('server render', () => {
  it('renders the menu with the restaurant, its items and banners, without fetching', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    expect(typeof window).toBe('undefined');

    const result = await render('/maple-bistro?tableNum=12', bistroSsrState());
    expect(result.status).toBe(200);
    expect(result.html).toContain('<h1 class="restaurant__name">Maple Bistro — Distillery District</h1>');
    expect(result.html).toContain('Classic poutine');
    expect(result.html).toContain('Drinks at the bar');
    expect(result.html).toContain('$12.50');
    expect(result.html).toContain('Current wait: about 12 minutes');
    expect(result.html).toContain('Sold out');
    // The whole menu, not a Suspense fallback.
    expect(result.html).not.toContain('role="status" class="spinner"');
    expect(result.head).toContain('<title>Maple Bistro — Distillery District</title>');
    expect(result.head).toContain('<link rel="icon" href="/tenant-images/maple-bistro/favicon.svg">');
    expect(result.head).toContain('<meta name="theme-color" content="#8b2e1f">');
    expect(result.head).toMatch(/<style id="servery-theme">html:root\{--color-background:#fff8f0;.*color-scheme:light\}<\/style>/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('renders in French with the state’s locale', async () => {
    const result = await render('/maple-bistro?tableNum=12', bistroSsrState({ locale: 'fr-CA' }));
    expect(result.html).toContain('Poutine classique');
    expect(result.html).toContain('12,50');
    expect(result.html).toContain('Rechercher dans le menu');
  });

  it('renders the choice screen when the address has no ordering flags', async () => {
    const result = await render('/maple-bistro', bistroSsrState({ menus: null }));
    expect(result.status).toBe(200);
    expect(result.html).toContain('How are you ordering?');
    expect(result.html).toContain('href="/maple-bistro?takeout=true"');
  });

  it('renders the landing page of an event suite (its facts load in the browser)', async () => {
    const result = await render('/maple-bistro/landing?eventSuite=3982', bistroSsrState({ menus: null }));
    expect(result.status).toBe(200);
    expect(result.html).toContain('Maple Bistro — Distillery District');
  });

  it('answers 404 with the page-not-found content for an unknown restaurant', async () => {
    const result = await render(
      '/no-such-place',
      bistroSsrState({ slug: 'no-such-place', restaurant: null, menus: null, announcements: null, queue: null }),
    );
    expect(result.status).toBe(404);
    expect(result.html).toContain('Page not found');
    expect(result.head).toBe('<title>Page not found</title>');
  });

  it('escapes what goes into <head>', async () => {
    const state = bistroSsrState();
    if (!state.restaurant) throw new Error('fixture');
    state.restaurant = { ...state.restaurant, display_name: 'Fish </title><script>alert(1)</script> & Co' };
    const result = await render('/maple-bistro?tableNum=12', state);
    expect(result.head).toContain('<title>Fish &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</title>');
  });
});

describe('the status of a page', () => {
  it.each([
    ['/reset-password', true, 200],
    ['/login', true, 200],
    ['/profile/scheduled-orders/42', true, 200],
    ['/maple-bistro', true, 200],
    ['/maple-bistro', false, 404],
    ['/maple-bistro/staff/team', true, 200],
    ['/maple-bistro/no-such-screen', true, 404],
    ['/', true, 404],
    ['/page-not-found', true, 404],
    ['/a/b/c/d', true, 404],
  ] as const)('%s (restaurant found: %s) is %i', (pathname, restaurantFound, status) => {
    expect(pageStatus(pathname, restaurantFound)).toBe(status);
  });
});
