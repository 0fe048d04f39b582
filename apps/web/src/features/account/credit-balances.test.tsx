import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { resetSessionStore, signIn } from '../../lib/session';
import { dinerFixture } from '../../testing/account-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { CreditBalances } from './credit-balances';

const USER = dinerFixture();
const CREDENTIALS = { token: 'secret-token', userId: USER.id };

function answer(restaurants: unknown[]) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify({ restaurants }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const grant = (amount: number, expiresAt: string) => ({ amount, expiresAt, reason: 'scheduled_order_cancelled', orderId: null });
const BISTRO = {
  restaurantId: 101,
  restaurantName: 'Maple Bistro',
  restaurantZone: 'America/Toronto',
  credits: { balance: 2116, entries: [grant(2116, '2027-11-29T16:00:00.000Z')] },
};
const SCHOOL = {
  restaurantId: 102,
  restaurantName: 'Maple School Meals',
  restaurantZone: 'America/Toronto',
  credits: { balance: 1125, entries: [grant(375, '2027-01-02T16:00:00.000Z'), grant(750, '2027-03-04T16:00:00.000Z')] },
};

function renderIn(locale: Locale) {
  return renderWithProviders(<CreditBalances credentials={CREDENTIALS} />, { path: '/profile', locale });
}

beforeEach(() => {
  resetSessionStore();
  signIn({ token: CREDENTIALS.token, user: USER });
});

describe('the profile’s account credit', () => {
  it('lists the balance at each restaurant with its expiry, asked with the session', async () => {
    const fetchMock = answer([BISTRO, SCHOOL]);
    renderIn('en-CA');
    const credit = await screen.findByRole('region', { name: 'Account credit' });
    expect((await within(credit).findAllByRole('term')).map((term) => term.textContent)).toEqual(['Maple Bistro', 'Maple School Meals']);
    const [bistro, school] = within(credit).getAllByRole('definition');
    expect(bistro?.textContent).toBe('$21.16, expires 29/11/2027');
    expect(school?.textContent).toBe('$11.25$3.75 expires 02/01/2027$7.50 expires 04/03/2027');
    expect(within(credit).getByText('Credit is applied to your next orders at the restaurant that gave it.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toContain('/api/auth/credit-balances');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer secret-token');
  });

  it('says when there is none, in French', async () => {
    answer([]);
    renderIn('fr-CA');
    const credit = await screen.findByRole('region', { name: 'Crédit au compte' });
    expect(await within(credit).findByText('Vous n’avez aucun crédit au compte.')).toBeTruthy();
  });
});
