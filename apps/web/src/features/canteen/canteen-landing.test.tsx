import { toPublicRestaurant, type PublicRestaurant } from '@servery/contracts/restaurant';
import { TenantFile, type TenantFileInput } from '@servery/contracts/tenant-file';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import cantineJson from '../../../../../tenants/cantine.json';
import type { Locale } from '../../i18n/locales';
import { CLOCK_TICK_MS } from '../../lib/clock';
import { json } from '../../testing/api-stub';
import { renderWithProviders } from '../../testing/render-with-providers';
import { CanteenLanding } from './canteen-landing';
import { useCanteenSlug } from './use-canteen-slug';

const RESTAURANT: PublicRestaurant = toPublicRestaurant(TenantFile.parse(structuredClone(cantineJson) as unknown as TenantFileInput));
// Tuesday 24 November 2026, 1 p.m. in Toronto, the canteen's zone, by the server's clock.
const SERVER_NOW = new Date('2026-11-24T18:00:00Z');
// The phone's clock a day ahead: Wednesday 25 November, 1 p.m. in Toronto.
const BROWSER_NOW = new Date('2026-11-25T18:00:00Z');

/** The browser's clock (Date and the clock's ticks) says `browser`, whatever the server's says. */
function browserClockAt(browser: Date) {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(browser);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const WORDS = {
  'en-CA': {
    tuesday: 'Today, Tuesday 24/11/2026',
    wednesday: 'Today, Wednesday 25/11/2026',
    tuesdayDish: 'Soup: lentil and cumin',
    // jsdom puts a space before the visually hidden day; a browser does not.
    orderToday: /^Order for pickup today ?, Tuesday 24\/11\/2026$/,
  },
  'fr-CA': {
    tuesday: 'Aujourd’hui, mardi 24/11/2026',
    wednesday: 'Aujourd’hui, mercredi 25/11/2026',
    tuesdayDish: 'Soupe : lentilles et cumin',
    orderToday: /^Commander pour emporter aujourd’hui ?, mardi 24\/11\/2026$/,
  },
} as const;

describe('the canteen’s today', () => {
  it.each<[Locale]>([['en-CA'], ['fr-CA']])(
    'is the server’s day in the canteen’s zone on a server-rendered page, though the browser’s clock says another (%s)',
    (locale) => {
      const words = WORDS[locale];
      browserClockAt(BROWSER_NOW);
      renderWithProviders(<CanteenLanding restaurant={RESTAURANT} />, { path: '/cantine', locale, serverNow: SERVER_NOW });
      const today = screen.getByRole('region', { name: words.tuesday });
      expect(within(today).getByText(words.tuesdayDish)).toBeTruthy();
      expect(within(today).getByRole('link', { name: words.orderToday }).getAttribute('href')).toBe(
        '/cantine?takeout=true&takeoutType=pickup&takeoutSpecificDates=2026-11-24',
      );
      // The clock goes live (the browser's minute is not the server's) and ticks: still the server's day.
      act(() => vi.advanceTimersByTime(CLOCK_TICK_MS * 2));
      expect(screen.getByRole('region', { name: words.tuesday })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: words.wednesday })).toBeNull();
    },
  );

  it('moves on at the server’s midnight, not the browser’s', () => {
    // The browser's clock a day behind: Monday 23 November, 1 p.m.
    browserClockAt(new Date('2026-11-23T18:00:00Z'));
    renderWithProviders(<CanteenLanding restaurant={RESTAURANT} />, { path: '/cantine', serverNow: SERVER_NOW });
    expect(screen.getByRole('heading', { name: WORDS['en-CA'].tuesday })).toBeTruthy();
    // Eleven hours on, past midnight in Toronto by the server's clock (Wednesday 00:00), not by the browser's (Tuesday).
    act(() => vi.advanceTimersByTime(11 * 60 * 60 * 1000 + CLOCK_TICK_MS));
    expect(screen.getByRole('heading', { name: WORDS['en-CA'].wednesday })).toBeTruthy();
  });

  it('is the server’s day on a page the server did not render: GET /api/canteen says its clock', async () => {
    browserClockAt(BROWSER_NOW);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname === '/api/canteen'
          ? json(200, { slug: 'cantine', now: SERVER_NOW.toISOString() })
          : json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found' }),
      ),
    );
    function Canteen() {
      const slug = useCanteenSlug();
      return slug.isSuccess ? <CanteenLanding restaurant={RESTAURANT} /> : null;
    }
    renderWithProviders(<Canteen />, { path: '/cantine' });
    expect(await screen.findByRole('heading', { name: WORDS['en-CA'].tuesday })).toBeTruthy();
    act(() => vi.advanceTimersByTime(CLOCK_TICK_MS * 2));
    expect(screen.getByRole('heading', { name: WORDS['en-CA'].tuesday })).toBeTruthy();
  });
});
