import type { AccountUser, PaymentMethodSummary } from '@servery/contracts/accounts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dinerFixture } from '../../testing/account-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { getSession, resetSessionStore, SESSION_STORAGE_KEY } from '../../lib/session';
import { nextPathAfterPaymentMethods, UserPaymentMethodsScreen } from './user-payment-methods-screen';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const VISA: PaymentMethodSummary = { paymentCardId: 'pm_visa', isDefault: true, brand: 'VISA', last4: '4242', expiry: '1230' };
const MC: PaymentMethodSummary = { paymentCardId: 'pm_mc', isDefault: false, brand: 'MC', last4: '4444', expiry: '0129' };

const user = (paymentMethods: PaymentMethodSummary[]): AccountUser =>
  dinerFixture({ paymentMethods, credits: { balance: 500, entries: [] } });

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

interface Call {
  url: string;
  method: string;
  body: unknown;
  authorization: string | null;
}

/** A stubbed API: restores the session with `cards`, answers each card call with `answers` in turn. */
function stubApi(cards: PaymentMethodSummary[], answers: Array<(body: unknown) => Response>): Call[] {
  const calls: Call[] = [];
  let next = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.endsWith('/get-salata-user-info')) return json(200, { token: 'secret-token', user: user(cards) });
      const body = init.body ? JSON.parse(String(init.body)) : null;
      calls.push({ url, method: init.method ?? 'GET', body, authorization: new Headers(init.headers).get('Authorization') });
      const answer = answers[next];
      next += 1;
      return answer ? answer(body) : json(500, { code: 500, error: 'INTERNAL', message: 'x' });
    }),
  );
  return calls;
}

function renderScreen(path = '/profile/user-payment-methods', locale: 'en-CA' | 'fr-CA' = 'en-CA') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/profile/user-payment-methods" element={<UserPaymentMethodsScreen />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <Where />
    </>,
    { path, locale },
  );
}

beforeEach(() => {
  resetSessionStore();
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'secret-token', userId: 7 }));
});

describe('UserPaymentMethods', () => {
  it('lists the cards with brand, last four and expiry, the default marked', async () => {
    stubApi([VISA, MC], []);
    renderScreen();
    const visa = await screen.findByRole('radio', { name: /Visa.*ending in.*4242/ });
    expect((visa as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Expires 12/30')).toBeTruthy();
    expect(screen.getByText('Expires 01/29')).toBeTruthy();
    expect(screen.getByText('Default')).toBeTruthy();
  });

  it('adds a card: checks the fields first, then sends them once with the session', async () => {
    const calls = stubApi([VISA], [() => json(200, { user: user([VISA, MC]), paymentMethod: MC })]);
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '5555555555554444' } });
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('5555-5555-5555-4444');
    expect(screen.getByText('Card type: Mastercard')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '0129' } });
    expect((screen.getByLabelText('Expiry (MM/YY)') as HTMLInputElement).value).toBe('01/29');
    fireEvent.change(screen.getByLabelText('Security code (CVD)'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));

    expect((await screen.findByText('Mastercard ending in 4444 is saved.')).getAttribute('role')).toBe('status');
    expect(calls).toEqual([
      {
        url: '/api/auth/payment-method',
        method: 'POST',
        body: {
          card: { number: '5555555555554444', expiry: '0129', cvd: '123', postal_code: '' },
          savingFromCheckout: false,
          isDefault: false,
        },
        authorization: 'Bearer secret-token',
      },
    ]);
    // The new card is listed and chosen; the rest of the session user is kept.
    expect((screen.getByRole('radio', { name: /Mastercard.*4444/ }) as HTMLInputElement).checked).toBe(true);
    const session = getSession();
    expect(session.status === 'authenticated' && session.user.paymentMethods.map((card) => card.last4)).toEqual(['4242', '4444']);
    expect(session.status === 'authenticated' && session.user.credits.balance).toBe(500);
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('shows the server’s refusal and keeps the typed card but not its CVD', async () => {
    stubApi([VISA], [() => json(422, { code: 422, error: 'PAYMENT_METHOD_SAVE_FAILED', message: 'x' })]);
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4000000000000002' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '1230' } });
    fireEvent.change(screen.getByLabelText('Security code (CVD)'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not save this payment method. Please check the card or use another one.',
    );
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000-0000-0000-0002');
    expect((screen.getByLabelText('Security code (CVD)') as HTMLInputElement).value).toBe('');
  });

  it('makes a card the default', async () => {
    const calls = stubApi(
      [VISA, MC],
      [
        () =>
          json(200, {
            user: user([
              { ...MC, isDefault: true },
              { ...VISA, isDefault: false },
            ]),
          }),
      ],
    );
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Make Mastercard ending in 4444 my default card' }));
    expect((await screen.findByText('Mastercard ending in 4444 is now your default card.')).getAttribute('role')).toBe('status');
    expect(calls).toEqual([
      {
        url: '/api/auth/payment-method',
        method: 'PUT',
        body: { paymentCardId: 'pm_mc', isDefault: true },
        authorization: 'Bearer secret-token',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Make Visa ending in 4242 my default card' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make Mastercard ending in 4444 my default card' })).toBeNull();
  });

  it('deletes a card only after the confirmation', async () => {
    const calls = stubApi([VISA, MC], [() => json(200, { user: user([VISA]) })]);
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Mastercard ending in 4444' }));
    const confirm = screen.getByRole('group', { name: 'Delete Mastercard ending in 4444? You can add it again later.' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('group', { name: /You can add it again later/ })).toBeNull();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Mastercard ending in 4444' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByText('Mastercard ending in 4444 is deleted.')).getAttribute('role')).toBe('status');
    expect(calls).toEqual([
      { url: '/api/auth/delete-payment', method: 'POST', body: { paymentCardId: 'pm_mc' }, authorization: 'Bearer secret-token' },
    ]);
    expect(screen.queryByRole('radio', { name: /Mastercard/ })).toBeNull();
  });

  it('needs a chosen card to continue; skip goes on without one', async () => {
    stubApi([], []);
    renderScreen('/profile/user-payment-methods?restaurant=maple-bistro&eventSuite=12');
    expect(await screen.findByText('You have no saved card yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a card, or add one, to continue.');
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/maple-bistro?eventSuite=12'));
  });

  it('continues with the chosen card, making it the default', async () => {
    const calls = stubApi(
      [VISA, MC],
      [
        () =>
          json(200, {
            user: user([
              { ...MC, isDefault: true },
              { ...VISA, isDefault: false },
            ]),
          }),
      ],
    );
    renderScreen('/profile/user-payment-methods?redirect=%2Fprofile');
    fireEvent.click(await screen.findByRole('radio', { name: /Mastercard/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/profile'));
    expect(calls.map((call) => [call.method, call.body])).toEqual([['PUT', { paymentCardId: 'pm_mc', isDefault: true }]]);
  });

  it('speaks French', async () => {
    stubApi([VISA], []);
    renderScreen('/profile/user-payment-methods', 'fr-CA');
    expect(await screen.findByRole('radio', { name: /Visa.*se terminant par.*4242/ })).toBeTruthy();
    expect(screen.getByText('Expire en 12/30')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Supprimer Visa se terminant par 4242' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Passer pour l’instant' })).toBeTruthy();
  });
});

describe('nextPathAfterPaymentMethods', () => {
  it.each([
    ['', '/profile'],
    ['?redirect=%2Fmaple-bistro%2Flanding&eventSuite=3', '/maple-bistro/landing?eventSuite=3'],
    ['?redirect=%2F%2Fevil.example', '/profile'],
    ['?restaurant=maple-bistro', '/maple-bistro'],
    ['?restaurant=profile', '/profile?restaurant=profile'],
  ])('%s -> %s', (search, expected) => {
    expect(nextPathAfterPaymentMethods(search)).toBe(expected);
  });
});
