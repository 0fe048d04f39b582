import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActiveEventsResponse } from '@servery/contracts/suites';
import { dinerFixture } from '../../testing/account-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { clearSession, resetSessionStore, signIn, signInOperator } from '../../lib/session';
import { OperatorEventListScreen } from './operator-event-list-screen';
import { SuiteSettingsScreen } from './suite-settings-screen';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

const EVENT = {
  id: 3971,
  name: 'Prairie Lights Holiday Concert',
  localization: { 'fr-CA': { name: 'Concert des Fêtes Lumières des Prairies' } },
  starts_at: '2026-12-12T19:30:00-07:00',
  ends_at: '2026-12-12T22:30:00-07:00',
  pre_order_lock_at: '2026-12-09T23:59:00-07:00',
  image: null,
  menu_ids: [3010],
};
const TAB = { limit: 50000, spent: 0, remaining: 50000, event_day_payment_preference: null, preference_submitted: false };
const SUITE = {
  eventSuiteId: 3982,
  suite: { id: 3950, name: 'Suite 1 — Centre ice', location: 'Level 2' },
  owner: { email: 'owner@example.com', name: 'Olivia Owner' },
  state: 'not_submitted' as const,
  preOrder: null,
  orders: [],
  tab: TAB,
};
const ACTIVE: ActiveEventsResponse = { zone: 'America/Edmonton', events: [{ event: EVENT, suites: [SUITE] }] };

function render(path: string, locale: 'en-CA' | 'fr-CA' = 'en-CA') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/login" element={<h1>Log in</h1>} />
        <Route path="/:restaurantSlug/events" element={<OperatorEventListScreen />} />
        <Route path="/:restaurantSlug/suite-settings" element={<SuiteSettingsScreen />} />
      </Routes>
      <Where />
    </>,
    { path, locale, now: new Date('2026-11-24T18:00:00Z') },
  );
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  resetSessionStore();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('operator screens', () => {
  it('send a visitor and a signed-in diner to the operator login of the venue', async () => {
    clearSession();
    render('/northside-arena/events?suiteOperator=true');
    await waitFor(() => expect(where()).toBe('/login?suiteOperator=true&restaurant=northside-arena'));

    resetSessionStore();
    signIn({ token: 'user-token-000000000000', user: dinerFixture() }, 'login');
    render('/northside-arena/suite-settings?suiteOperator=true&event=3971&suite=3950');
    await waitFor(() =>
      expect(screen.getAllByTestId('where').at(-1)?.textContent).toBe('/login?suiteOperator=true&restaurant=northside-arena'),
    );
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

  it('confirms before submitting the preference, which is then fixed, and the tab limit', async () => {
    signInOperator({ token: 'operator-token-000000000', user: dinerFixture({ id: 8, suiteOperator: true }) });
    let tab: ActiveEventsResponse['events'][number]['suites'][number]['tab'] = { ...TAB };
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.endsWith('/get-active-events'))
          return Response.json({ ...ACTIVE, events: [{ event: EVENT, suites: [{ ...SUITE, tab }] }] });
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
});
