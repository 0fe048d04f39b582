import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, resetSessionStore, signIn } from '../lib/session';
import { dinerFixture } from '../testing/account-fixture';
import { renderWithProviders } from '../testing/render-with-providers';
import { RequireEventDaySession } from './require-session';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function render(path: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/login" element={<h1>Log in</h1>} />
        <Route
          path="/:restaurantSlug"
          element={
            <RequireEventDaySession>
              <h1>Menu</h1>
            </RequireEventDaySession>
          }
        />
      </Routes>
      <Where />
    </>,
    { path },
  );
}

beforeEach(() => {
  resetSessionStore();
  window.localStorage.clear();
});

describe('the event-day menu guard', () => {
  it('sends a visitor without a session to /login with only the suiteOperator query', async () => {
    clearSession();
    render('/northside-arena?eventSuite=3987&eventDayOrdering=true&suiteOperator=true');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login?suiteOperator=true'));
    expect(screen.queryByRole('heading', { name: 'Menu' })).toBeNull();
  });

  it('leaves any other menu, and an event-day menu with a session, as they are', async () => {
    clearSession();
    render('/northside-arena?eventSuite=3982');
    expect(await screen.findByRole('heading', { name: 'Menu' })).toBeTruthy();

    resetSessionStore();
    signIn({ token: 'user-token-000000000000', user: dinerFixture() }, 'login');
    render('/northside-arena?eventSuite=3987&eventDayOrdering=true&suiteOperator=true');
    expect((await screen.findAllByRole('heading', { name: 'Menu' })).length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('where').at(-1)?.textContent).toBe(
      '/northside-arena?eventSuite=3987&eventDayOrdering=true&suiteOperator=true',
    );
  });
});
