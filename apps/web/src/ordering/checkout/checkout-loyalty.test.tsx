import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../testing/api-stub';
import { bistroRestaurant, bistroTenant } from '../../testing/restaurant-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { LoyaltyStatus } from './checkout-loyalty';

function stubLoyalty() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/auth/get-user-enrolled-program-status') return json(404, { code: 404, error: 'NOT_FOUND', message: '' });
      const { email } = JSON.parse(String(init?.body)) as { email: string };
      calls.push(email);
      return json(200, { userStatus: email === 'loyal.guest@example.com' ? 'enrolled' : 'not_enrolled', program: 'Maple Points' });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the loyalty check on the contact e-mail', () => {
  it('says an enrolled e-mail counts toward its rewards, and asks nothing for a half-typed address', async () => {
    const calls = stubLoyalty();
    const restaurant = bistroRestaurant(bistroTenant());
    function Typing() {
      const [email, setEmail] = useState('loyal.guest@');
      return (
        <>
          <button type="button" onClick={() => setEmail('loyal.guest@example.com')}>
            Finish typing
          </button>
          <LoyaltyStatus restaurant={restaurant} email={email} />
        </>
      );
    }
    renderWithProviders(<Typing />);
    await new Promise((resolve) => setTimeout(resolve, 700));
    fireEvent.click(screen.getByRole('button', { name: 'Finish typing' }));
    expect(await screen.findByText('This e-mail is enrolled in Maple Points: this order counts toward your rewards.')).toBeTruthy();
    expect(calls).toEqual(['loyal.guest@example.com']);
  });

  it('says in French that another e-mail is not enrolled', async () => {
    stubLoyalty();
    renderWithProviders(<LoyaltyStatus restaurant={bistroRestaurant(bistroTenant())} email="dana@example.com" />, { locale: 'fr-CA' });
    expect(await screen.findByText('Ce courriel n’est pas inscrit à Maple Points.')).toBeTruthy();
  });

  it('shows nothing and asks nothing when the restaurant has no loyalty program', async () => {
    const calls = stubLoyalty();
    const restaurant = { ...bistroRestaurant(bistroTenant()), loyalty_program: null };
    const { container } = renderWithProviders(<LoyaltyStatus restaurant={restaurant} email="loyal.guest@example.com" />);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(container.querySelector('.checkout-loyalty')).toBeNull();
    expect(calls).toEqual([]);
  });
});
