import { toPublicRestaurant, type MenusResponse, type PublicRestaurant } from '@servery/contracts/restaurant';
import type { RotationalMenusResponse, SchoolDay } from '@servery/contracts/school';
import { TenantFile, type TenantFileInput } from '@servery/contracts/tenant-file';
import { addDays } from '@servery/domain/school-days';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import mapleSchoolJson from '../../../../../tenants/maple-school.json';
import type { Locale } from '../../i18n/locales';
import { CLOCK_TICK_MS } from '../../lib/clock';
import { resetSessionStore, signIn } from '../../lib/session';
import { dinerFixture } from '../../testing/account-fixture';
import { json } from '../../testing/api-stub';
import { renderWithProviders } from '../../testing/render-with-providers';
import { SchoolMenu } from './school-menu';

function schoolTenant(patch?: (file: Record<string, unknown> & TenantFileInput) => void): TenantFile {
  const raw = structuredClone(mapleSchoolJson) as unknown as Record<string, unknown> & TenantFileInput;
  patch?.(raw);
  return TenantFile.parse(raw);
}

const TENANT = schoolTenant();
const RESTAURANT: PublicRestaurant = toPublicRestaurant(TENANT);
const MENUS: MenusResponse = { restaurant_id: TENANT.id, version: 1, menu_groups: TENANT.menu_groups };

// Tuesday 24 November 2026, 1 p.m. in Toronto: two days ahead is Thursday, so the cut-off is the
// start of Friday 27 and this week is the one shown.
const TUESDAY = new Date('2026-11-24T18:00:00Z');
// Wednesday 25 November: two days ahead is Friday, the next day a Saturday, so the cut-off moves to
// Monday 30 November and so does the week shown.
const WEDNESDAY = new Date('2026-11-25T18:00:00Z');

/** The server's answer for a week: school days Monday to Friday, closed before `firstOpen`. */
function weekOf(monday: string, firstOpen: string, skip: string[] = []): RotationalMenusResponse {
  const days: SchoolDay[] = [0, 1, 2, 3, 4]
    .map((offset) => addDays(monday, offset))
    .filter((date) => !skip.includes(date))
    .map((date, index) => ({ date, menu_ids: [2010 + index, 2017], orderable: date >= firstOpen }));
  return { cutoff: `${firstOpen}T05:00:00.000Z`, zone: 'America/Toronto', days };
}

function stubSchool(answer: (start: string, end: string) => RotationalMenusResponse = (start) => weekOf(start, '2026-11-27')) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/rotational-menus') {
      return json(200, answer(url.searchParams.get('start_date') ?? '', url.searchParams.get('end_date') ?? ''));
    }
    if (url.pathname === `/api/restaurants/${RESTAURANT.id}/menus`) return json(200, MENUS);
    return json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderSchool({
  path = '/maple-school',
  now = TUESDAY,
  locale = 'en-CA',
  restaurant = RESTAURANT,
}: { path?: string; now?: Date; locale?: Locale; restaurant?: PublicRestaurant } = {}) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/login" element={<h1>Log in</h1>} />
        <Route path="/:restaurantSlug" element={<SchoolMenu restaurant={restaurant} />} />
      </Routes>
      <Where />
    </>,
    { path, now, locale },
  );
}

const where = () => screen.getByTestId('where').textContent ?? '';
const askedWeeks = (fetchMock: ReturnType<typeof stubSchool>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/rotational-menus')
    .map((url) => `${url.searchParams.get('start_date')}..${url.searchParams.get('end_date')} ${url.searchParams.get('ordering_menus')}`);

beforeEach(() => {
  resetSessionStore();
  signIn({ token: 'secret-token', user: dinerFixture({ email: 'parent@example.com' }) });
});

describe('school menu week', () => {
  it('shows the current week when the cut-off falls in it, asking for every school day, closed ones too', async () => {
    const fetchMock = stubSchool();
    renderSchool();
    expect(await screen.findByRole('heading', { level: 3, name: 'Monday, November 23' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /^Week of/ }).textContent).toMatch(/^Week of Nov 23\s?–\s?27, 2026$/);
    expect(askedWeeks(fetchMock)).toEqual(['2026-11-23..2026-11-27 false']);
    const request = fetchMock.mock.calls.find(([input]) => String(input).includes('rotational-menus'));
    expect(new Headers(request?.[1]?.headers).get('X-Restaurant-Id')).toBe(String(RESTAURANT.id));
  });

  it('moves to the cut-off’s week when it is later than the current one', async () => {
    const fetchMock = stubSchool((start) => weekOf(start, '2026-11-30'));
    renderSchool({ now: WEDNESDAY });
    expect(await screen.findByRole('heading', { level: 3, name: 'Monday, November 30' })).toBeTruthy();
    expect(askedWeeks(fetchMock)).toEqual(['2026-11-30..2026-12-04 false']);
    expect(screen.queryByText('Ordering closed for this day')).toBeNull();
  });

  it('shows the week of the address, from any of its days', async () => {
    const fetchMock = stubSchool();
    renderSchool({ path: '/maple-school?selectedWeek=2026-12-09' });
    expect(await screen.findByRole('heading', { level: 3, name: 'Monday, December 7' })).toBeTruthy();
    expect(askedWeeks(fetchMock)).toEqual(['2026-12-07..2026-12-11 false']);
  });

  it('previous and next week change selectedWeek in the address, keeping the rest of the query', async () => {
    const fetchMock = stubSchool();
    renderSchool({ path: '/maple-school?lang=fr' });
    await screen.findByRole('heading', { level: 3, name: 'Monday, November 23' });

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Monday, November 30' })).toBeTruthy();
    expect(where()).toBe('/maple-school?lang=fr&selectedWeek=2026-11-30');
    // The fetching flag (busy) holds 300 ms past the answer, then the live region says the week is shown.
    expect(screen.getByRole('region', { name: /Week of Nov 30/ }).getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByText(/^Showing the week of Nov 30\s?–\s?Dec 4, 2026$/)).toBeTruthy();
    expect(screen.getByRole('region', { name: /Week of Nov 30/ }).getAttribute('aria-busy')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Monday, November 16' })).toBeTruthy();
    expect(where()).toBe('/maple-school?lang=fr&selectedWeek=2026-11-16');
    expect(askedWeeks(fetchMock)).toContain('2026-11-30..2026-12-04 false');
    expect(askedWeeks(fetchMock)).toContain('2026-11-16..2026-11-20 false');
  });

  it('says a day past the cut-off is closed, and lists each day’s menus with their items and prices', async () => {
    stubSchool();
    renderSchool();
    const monday = await screen.findByRole('article', { name: 'Monday, November 23' });
    expect(within(monday).getByText('Ordering closed for this day')).toBeTruthy();
    expect(monday.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(monday).getByRole('heading', { level: 4, name: 'Pasta day' })).toBeTruthy();
    expect(within(monday).getByText('Spaghetti and turkey meatballs')).toBeTruthy();
    expect(within(monday).getAllByText(/^\$\d+\.\d{2}$/).length).toBeGreaterThan(0);
    const friday = screen.getByRole('article', { name: 'Friday, November 27' });
    expect(within(friday).queryByText('Ordering closed for this day')).toBeNull();
    expect(screen.getAllByText('Ordering closed for this day')).toHaveLength(4);
  });

  it('leaves out days without school and says when a week has none', async () => {
    stubSchool((start) => (start === '2026-11-23' ? weekOf(start, '2026-11-27', ['2026-11-25']) : { ...weekOf(start, start), days: [] }));
    renderSchool();
    await screen.findByRole('heading', { level: 3, name: 'Monday, November 23' });
    expect(screen.queryByRole('heading', { name: 'Wednesday, November 25' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('There are no school days with meals this week.')).toBeTruthy();
  });

  it('speaks French: dates, prices and labels', async () => {
    stubSchool();
    renderSchool({ locale: 'fr-CA' });
    const monday = await screen.findByRole('article', { name: 'lundi 23 novembre' });
    expect(within(monday).getByText('Commandes fermées pour cette journée')).toBeTruthy();
    expect(within(monday).getAllByText(/^\d+,\d{2}\s\$$/).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 2, name: /^Semaine du/ }).textContent).toMatch(/^Semaine du 23\s?–\s?27 nov\. 2026$/);
    expect(screen.getByRole('button', { name: 'Semaine suivante' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Semaine précédente' })).toBeTruthy();
  });
});

describe('school menu week on a phone whose clock is off', () => {
  // The phone's clock a week behind the server's Tuesday 24 November: Tuesday 17 November, 1 p.m. in Toronto.
  const PHONE = new Date('2026-11-17T18:00:00Z');
  afterEach(() => vi.useRealTimers());

  it('opens on the server’s week on a server-rendered page, though the phone says another', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(PHONE);
    const fetchMock = stubSchool();
    renderWithProviders(<SchoolMenu restaurant={RESTAURANT} />, { path: '/maple-school', serverNow: TUESDAY });
    expect(await screen.findByRole('heading', { level: 3, name: 'Monday, November 23' })).toBeTruthy();
    // The clock goes live (the phone's minute is not the server's): still the server's week.
    act(() => vi.advanceTimersByTime(CLOCK_TICK_MS * 2));
    expect(screen.getByRole('heading', { level: 3, name: 'Monday, November 23' })).toBeTruthy();
    expect(askedWeeks(fetchMock)).toEqual(['2026-11-23..2026-11-27 false']);
  });

  it.each<[Locale, string]>([
    ['en-CA', 'Monday, November 23'],
    ['fr-CA', 'lundi 23 novembre'],
  ])(
    'moves to the server’s week once the week’s answer says the server’s time, on a page the server did not render (%s)',
    async (locale, monday) => {
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
      vi.setSystemTime(PHONE);
      const fetchMock = stubSchool((start) => ({ ...weekOf(start, '2026-11-27'), now: TUESDAY.toISOString() }));
      renderWithProviders(<SchoolMenu restaurant={RESTAURANT} />, { path: '/maple-school', locale });
      expect(await screen.findByRole('heading', { level: 3, name: monday })).toBeTruthy();
      // The first week asked went by the phone; the one shown, and asked last, by the server.
      expect(askedWeeks(fetchMock)).toEqual(['2026-11-16..2026-11-20 false', '2026-11-23..2026-11-27 false']);
    },
  );
});

describe('school menu sign-in', () => {
  it('shows a guest the week to read, and signing in to order keeps the week, to come back to it', async () => {
    resetSessionStore();
    stubSchool();
    renderSchool({ path: '/maple-school?selectedWeek=2026-11-30' });
    expect(await screen.findByRole('heading', { level: 3, name: 'Monday, November 30' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add / })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Log in to order' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    const target = new URL(where(), 'http://localhost');
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('selectedWeek')).toBe('2026-11-30');
    expect(target.searchParams.get('redirect')).toBe('/maple-school');
  });

  it('lets a guest see the week when the school does not require login', async () => {
    resetSessionStore();
    stubSchool();
    const open = toPublicRestaurant(schoolTenant((file) => void (file.k12RequiresLogin = false)));
    renderSchool({ restaurant: open });
    expect(await screen.findByRole('heading', { level: 3, name: 'Monday, November 23' })).toBeTruthy();
    expect(where()).toBe('/maple-school');
  });
});
