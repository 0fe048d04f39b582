import type { StaffGiftCard } from '@servery/contracts/staff-gift-cards';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api';
import { json } from '../../testing/api-stub';
import { renderWithProviders } from '../../testing/render-with-providers';
import { GiftCardsScreen } from './gift-cards-screen';

const NUMBER = '7123456789012348';

const card = (overrides: Partial<StaffGiftCard> = {}): StaffGiftCard => ({
  number: '•••• 2348',
  last_four: '2348',
  issued_amount: 2500,
  balance: 2500,
  source: 'staff',
  issued_at: '2026-11-30T15:00:00.000Z',
  issued_by: 'Mia Manager',
  recipient: 'Zoé',
  note: null,
  updated_at: '2026-11-30T15:00:00.000Z',
  ...overrides,
});

/** The server: the list, and issues (the first `failures` of them lost on the way, as a dropped connection). */
function server({ failures = 0 } = {}) {
  const cards: StaffGiftCard[] = [
    card({ last_four: '5678', number: '•••• 5678', source: 'file', issued_by: null, recipient: null, balance: 1235, issued_amount: 1235 }),
  ];
  const issues: Array<{ body: unknown; key: string | null }> = [];
  let lost = failures;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.endsWith('/api/staff/gift-cards') && init.method === 'POST') {
        issues.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') });
        if (lost > 0) {
          lost -= 1;
          throw new TypeError('Failed to fetch');
        }
        const issued = card({ recipient: 'Zoé' });
        cards.unshift(issued);
        return json(200, { card: issued, full_number: NUMBER, replayed: false });
      }
      return json(200, { cards, max_amount: 100_000 });
    }),
  );
  return { issues };
}

const caller = { client: createApiClient({ locale: 'en-CA' }), slug: 'maple-bistro', credentials: { token: 't', userId: 7 } };

afterEach(() => vi.unstubAllGlobals());

describe('GiftCardsScreen', () => {
  it('refuses an amount over $1,000, issues a $25 card, shows its number once, then lists it', async () => {
    const { issues } = server();
    renderWithProviders(<GiftCardsScreen caller={caller} />);
    expect(await screen.findByText('Card •••• 5678')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue the card' }));
    expect(await screen.findByText('Enter an amount from $0.01 to $1,000.00.')).toBeTruthy();
    expect(issues).toEqual([]);

    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '25,00 $' } });
    fireEvent.change(screen.getByLabelText('For (optional)'), { target: { value: ' Zoé ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue the card' }));
    expect(await screen.findByRole('heading', { name: 'New gift card of $25.00' })).toBeTruthy();
    expect(screen.getByText('Write the number down now.')).toBeTruthy();
    expect((screen.getByLabelText('Card number', { selector: '#new-gift-card-number' }) as HTMLInputElement).value).toBe(
      '7123 4567 8901 2348',
    );
    expect(issues).toEqual([{ body: { amount: 2500, recipient: 'Zoé' }, key: expect.stringMatching(/.{8,}/) }]);

    fireEvent.click(screen.getByRole('button', { name: 'Done, I wrote it down' }));
    await waitFor(() => expect(screen.queryByDisplayValue('7123 4567 8901 2348')).toBeNull());
    expect(await screen.findByText('Card •••• 2348')).toBeTruthy();
    expect(screen.getByText('$25.00 left of $25.00')).toBeTruthy();
    expect(document.body.textContent).not.toContain(NUMBER);
  });

  it('sends a lost issue again with the same key, so the server makes one card', async () => {
    const { issues } = server({ failures: 1 });
    renderWithProviders(<GiftCardsScreen caller={caller} />);
    await screen.findByText('Card •••• 5678');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue the card' }));
    await waitFor(() => expect(issues).toHaveLength(1));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Issue the card' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Issue the card' }));
    expect(await screen.findByRole('heading', { name: 'New gift card of $25.00' })).toBeTruthy();
    expect(issues).toHaveLength(2);
    expect(issues[1]!.key).toBe(issues[0]!.key);
  });
});
