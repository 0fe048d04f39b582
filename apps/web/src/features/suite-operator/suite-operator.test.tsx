import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActiveEventsResponse } from '@servery/contracts/suites';
import { dinerFixture } from '../../testing/account-fixture';
import { bistroRestaurant, bistroTenant } from '../../testing/restaurant-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { clearSession, resetSessionStore, signIn, signInOperator } from '../../lib/session';
import { OperatorEventListScreen } from './operator-event-list-screen';
import { OperatorSuiteListScreen } from './operator-suite-list-screen';
import { SuiteSettingsScreen } from './suite-settings-screen';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

const EVENT = {
  id: 3971,
  name: 'Prairie Lights Holiday Concert',
  localization: { 'fr-CA': { name: 'Concert des Fêtes Lumières des Prairies' } },
  starts_at: '2026-12-12T19:30:00-06:00',
  ends_at: '2026-12-12T22:30:00-06:00',
  pre_order_lock_at: '2026-12-09T23:59:00-06:00',
  image: null,
  menu_ids: [3010],
};
const TAB = {
  limit: 50000,
  spent: 0,
  remaining: 50000,
  event_day_payment_preference: null,
  preference_submitted: false,
  closes_at: '2026-12-13T05:30:00.000Z',
  closed: false,
  closed_at: null,
  settlement: null,
};
const SUITE = {
  eventSuiteId: 3982,
  suite: { id: 3950, name: 'Suite 1 — Centre ice', location: 'Level 2' },
  owner: { email: 'owner@example.com', name: 'Olivia Owner' },
  state: 'not_submitted' as const,
  preOrder: null,
  orders: [],
  tab: TAB,
};
/** The same suite as the venue names it in French too (tenants/northside-arena.json). */
const FRENCH_NAMED = { ...SUITE, suite: { ...SUITE.suite, localization: { 'fr-CA': { name: 'Loge 1 — Centre de la glace' } } } };
const ACTIVE: ActiveEventsResponse = { zone: 'America/Edmonton', events: [{ event: EVENT, suites: [SUITE] }] };

function render(path: string, locale: 'en-CA' | 'fr-CA' = 'en-CA', now = new Date('2026-11-24T18:00:00Z')) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/login" element={<h1>Log in</h1>} />
        <Route path="/:restaurantSlug/events" element={<OperatorEventListScreen />} />
        <Route path="/:restaurantSlug/suite-settings" element={<SuiteSettingsScreen />} />
        <Route path="/:restaurantSlug/events/:eventId" element={<OperatorSuiteListScreen />} />
        <Route path="/:restaurantSlug" element={<h1>Menu</h1>} />
      </Routes>
      <Where />
    </>,
    { path, locale, now },
  );
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  resetSessionStore();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('operator screens', () => {
  it('send a visitor and a signed-in diner to the operator login of the venue, saying why', async () => {
    clearSession();
    render('/northside-arena/events?suiteOperator=true');
    await waitFor(() => expect(where()).toBe('/login?suiteOperator=true&restaurant=northside-arena&reason=operator'));

    resetSessionStore();
    signIn({ token: 'user-token-000000000000', user: dinerFixture() }, 'login');
    render('/northside-arena/suite-settings?suiteOperator=true&event=3971&suite=3950');
    await waitFor(() =>
      expect(screen.getAllByTestId('where').at(-1)?.textContent).toBe(
        '/login?suiteOperator=true&restaurant=northside-arena&reason=operator',
      ),
    );
  });

  it('tell an operator of another venue they are not assigned here, with the way to their own, without asking the server', async () => {
    const fetch = vi.fn(async () => Response.json(ACTIVE));
    vi.stubGlobal('fetch', fetch);
    signInOperator({
      token: 'operator-token-000000000',
      user: dinerFixture({ id: 9, suiteOperator: true, operatorVenues: ['other-arena'] }),
    });
    render('/northside-arena/events?suiteOperator=true');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'User not assigned to this suite: your operator account does not work at this venue.',
    );
    expect(where()).toBe('/northside-arena/events?suiteOperator=true');
    expect(screen.getByRole('link', { name: 'Your events at other-arena' }).getAttribute('href')).toBe(
      '/other-arena/events?suiteOperator=true',
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('get-active-events'), expect.anything());
  });

  it('list the active events of the venue, each leading to its suites', async () => {
    signInOperator({ token: 'operator-token-000000000', user: dinerFixture({ id: 8, suiteOperator: true }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(ACTIVE)),
    );
    render('/northside-arena/events?suiteOperator=true');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Prairie Lights Holiday Concert' })).closest('li') as HTMLElement;
    expect(within(card).getByText('1 suite')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'See the suites' }).getAttribute('href')).toBe(
      '/northside-arena/events/3971?suiteOperator=true',
    );
  });

  it("are in the venue's theme, with its logo, as its diners' screens are", async () => {
    signInOperator({ token: 'operator-token-000000000', user: dinerFixture({ id: 8, suiteOperator: true }) });
    const venue = bistroRestaurant(
      bistroTenant((file) => {
        file.slug = 'northside-arena';
        file.name = 'Northside Arena';
        file.display_name = 'Northside Arena';
        file.theme = { ...(file.theme as object), type: 'dark', primary_color: '#f4a300', logo: '/tenant-images/northside-arena/logo.svg' };
      }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.endsWith('/northside-arena/data.json') ? Response.json(venue) : Response.json(ACTIVE))),
    );
    document.documentElement.removeAttribute('style');
    render('/northside-arena/events?suiteOperator=true');
    expect(await screen.findByRole('img', { name: /Northside Arena/ })).toBeTruthy();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#f4a300');
  });

  it('confirms before submitting the preference, which is then fixed, and the tab limit', async () => {
    signInOperator({ token: 'operator-token-000000000', user: dinerFixture({ id: 8, suiteOperator: true }) });
    let tab: ActiveEventsResponse['events'][number]['suites'][number]['tab'] = { ...TAB };
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.endsWith('/get-active-events'))
          return Response.json({ ...ACTIVE, events: [{ event: EVENT, suites: [{ ...SUITE, tab }] }] });
        // The venue's data for its theme and logo (require-operator.tsx): not the calls under test.
        if (url.endsWith('/data.json')) return Response.json({}, { status: 404 });
        const body = JSON.parse(String(init.body)) as { event_day_payment_preference?: 'charge' | 'invoice'; tab_limit?: number | null };
        bodies.push(body);
        if (body.event_day_payment_preference)
          tab = { ...tab, event_day_payment_preference: body.event_day_payment_preference, preference_submitted: true };
        if (body.tab_limit !== undefined) tab = { ...tab, limit: body.tab_limit, remaining: body.tab_limit };
        return Response.json({ eventSuite: { ...SUITE, tab } });
      }),
    );
    render('/northside-arena/suite-settings?suiteOperator=true&event=3971&suite=3950');
    fireEvent.click(await screen.findByRole('radio', { name: 'Invoice the owner' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit the payment preference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit the payment preference?' });
    expect(dialog.textContent).toContain('Invoice the owner for Suite 1 — Centre ice. Once submitted it cannot be changed.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodies).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit the payment preference' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, confirm' }));
    expect(await screen.findByText('The payment preference is submitted.')).toBeTruthy();
    expect(bodies).toEqual([{ event_day_payment_preference: 'invoice' }]);
    expect(screen.getByText('Submitted: it cannot be changed.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: "Charge the owner's card" }).matches(':disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText('Limit in dollars'), { target: { value: '250.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the tab limit' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Change the tab limit?' })).getByRole('button', { name: 'Yes, confirm' }),
    );
    expect(await screen.findByText('The tab limit is now $250.50.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the tab limit' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Change the tab limit?' })).getByRole('button', { name: 'Yes, confirm' }),
    );
    expect(await screen.findByText('The tab limit is removed.')).toBeTruthy();
    expect(bodies.slice(1)).toEqual([{ tab_limit: 25050 }, { tab_limit: null }]);
  });

  it.each([
    ['en-CA', 'No pre-order yet', "Event-day payment: Charge the owner's card (submitted)", 'No pre-order (closed)', 'Locked'],
    [
      'fr-CA',
      'Aucune précommande pour l’instant',
      'Paiement le jour de l’événement : Débiter la carte du propriétaire (soumis)',
      'Aucune précommande (délai passé)',
      'Verrouillée',
    ],
  ] as const)(
    'in %s, the settings name what is submitted: the payment preference, not a pre-order the suite has not placed',
    async (locale, noPreOrder, payment, closedNone, locked) => {
      signInOperator({ token: 'operator-token-000000000', user: dinerFixture({ id: 8, suiteOperator: true }) });
      const submitted = { ...TAB, event_day_payment_preference: 'charge' as const, preference_submitted: true };
      const preOrder = { id: 'order-1', number: 12, total: 16500, lines: [] };
      const suites = [
        { ...SUITE, tab: submitted },
        { ...SUITE, eventSuiteId: 3983, suite: { ...SUITE.suite, id: 3951, name: 'Suite 2' }, state: 'locked' as const, tab: submitted },
        {
          ...SUITE,
          eventSuiteId: 3984,
          suite: { ...SUITE.suite, id: 3952, name: 'Suite 3' },
          state: 'locked' as const,
          preOrder,
          tab: submitted,
        },
      ];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) =>
          url.endsWith('/get-active-events')
            ? Response.json({ ...ACTIVE, events: [{ event: EVENT, suites }] })
            : Response.json({}, { status: 404 }),
        ),
      );
      const view = render('/northside-arena/suite-settings?suiteOperator=true&event=3971&suite=3950', locale);
      expect(await screen.findByText(noPreOrder)).toBeTruthy();
      expect(screen.getByText(payment)).toBeTruthy();
      expect(screen.queryByText(/Not submitted|Non soumise/)).toBeNull();
      view.unmount();
      // On the suites of the event: closed with none placed is not "Locked" as if one were kept.
      render('/northside-arena/events/3971?suiteOperator=true', locale);
      const second = (await screen.findByRole('heading', { name: 'Suite 2' })).closest('li')!;
      expect(within(second as HTMLElement).getByText(closedNone)).toBeTruthy();
      const third = screen.getByRole('heading', { name: 'Suite 3' }).closest('li')!;
      expect(within(third as HTMLElement).getByText(locked)).toBeTruthy();
    },
  );

  it('on event day orders for the owner or for a guest by name, and closes the tab once confirmed', async () => {
    signInOperator({ token: 'operator-token-000000000', user: dinerFixture({ id: 8, suiteOperator: true }) });
    const calls: Array<{ url: string; body: unknown }> = [];
    const settled = {
      ...TAB,
      spent: 11920,
      remaining: 38080,
      event_day_payment_preference: 'invoice' as const,
      closed: true,
      closed_at: '2026-12-13T04:00:00.000Z',
      settlement: {
        status: 'invoiced' as const,
        amount: 11920,
        invoice: 'INV-3982',
        card: null,
        failure: null,
        settled_at: '2026-12-13T04:00:00.000Z',
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
        if (url.endsWith('/get-active-events')) return Response.json(ACTIVE);
        if (url.endsWith('/close-tab')) return Response.json({ eventSuite: { ...SUITE, tab: settled } });
        if (url.endsWith('/login-as'))
          return Response.json({
            token: 'login-as-token-0000000000',
            user: dinerFixture({ id: 8, firstName: 'Sam', lastName: 'Guest', email: '' }),
          });
        return Response.json({}, { status: 404 });
      }),
    );
    render('/northside-arena/events/3971?suiteOperator=true', 'en-CA', new Date('2026-12-12T20:00:00-06:00'));
    const card = (await screen.findByRole('heading', { level: 2, name: 'Suite 1 — Centre ice' })).closest('li') as HTMLElement;
    expect(within(card).getByRole('button', { name: 'Order for Suite 1 — Centre ice' })).toBeTruthy();

    // A guest needs a name.
    fireEvent.click(within(card).getByRole('button', { name: 'Order for this guest' }));
    expect(await within(card).findByText('Enter the guest’s name.')).toBeTruthy();
    expect(calls.filter((call) => call.url.endsWith('/login-as'))).toEqual([]);

    // Closing asks first; Cancel changes nothing.
    fireEvent.click(within(card).getByRole('button', { name: 'Close the tab' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the tab?' });
    expect(dialog.textContent).toContain('Close the tab of Suite 1 — Centre ice: no more orders can go on it.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.url.endsWith('/close-tab'))).toEqual([]);
    fireEvent.click(within(card).getByRole('button', { name: 'Close the tab' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Close the tab?' })).getByRole('button', { name: 'Yes, confirm' }));
    expect(await within(card).findByText('Tab closed: invoice INV-3982 for $119.20, sent by e-mail.')).toBeTruthy();
    expect(within(card).getByText('The tab of Suite 1 — Centre ice is closed.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Close the tab' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Order for this guest' })).toBeNull();
    expect(calls.find((call) => call.url.endsWith('/close-tab'))?.url).toBe('/api/catering/events/3971/event-suites/3950/close-tab');
  });

  it('orders for a guest by name: the login-as session opens and the menu of event-day ordering follows', async () => {
    signInOperator({ token: 'operator-token-000000000', user: dinerFixture({ id: 8, suiteOperator: true }) });
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.endsWith('/get-active-events')) return Response.json({ ...ACTIVE, events: [{ event: EVENT, suites: [FRENCH_NAMED] }] });
        if (url.endsWith('/data.json')) return Response.json({}, { status: 404 });
        bodies.push(JSON.parse(String(init.body)));
        return Response.json({
          token: 'login-as-token-0000000000',
          user: dinerFixture({ id: 8, firstName: 'Sam', lastName: 'Guest', email: '' }),
        });
      }),
    );
    render('/northside-arena/events/3971?suiteOperator=true', 'fr-CA', new Date('2026-12-12T20:00:00-06:00'));
    // The suite by the venue's French name (tenant file `localization`), on its card and its order button.
    const card = (await screen.findByRole('heading', { level: 2, name: 'Loge 1 — Centre de la glace' })).closest('li') as HTMLElement;
    expect(within(card).getByRole('button', { name: 'Commander pour Loge 1 — Centre de la glace' })).toBeTruthy();
    expect(screen.queryByText(/Suite 1/)).toBeNull();
    fireEvent.change(await screen.findByLabelText('Nom de la personne invitée'), { target: { value: ' Sam Guest ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Commander pour cette personne' }));
    await waitFor(() => expect(where()).toBe('/northside-arena?eventSuite=3982&eventDayOrdering=true&suiteOperator=true'));
    expect(bodies).toEqual([{ eventSuiteId: 3982, guestName: 'Sam Guest' }]);
  });
});
