import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api';
import { json } from '../../../testing/api-stub';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { SuiteActivity } from './suite-activity';

const CREDENTIALS = { token: 'owner-token', userId: 7 };

function closedBy(name: string) {
  return {
    at: '2026-06-01T20:00:00.000Z',
    kind: 'tab_closed',
    by: { role: 'owner', name },
    for: null,
    order: null,
    limit: null,
    preference: null,
    settlement: null,
  };
}

/** get-activity answered by `answer` (called with the number of the request). */
function stubActivity(answer: (call: number) => Response) {
  const calls: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/catering/event-suites/get-activity') return json(404, { code: 404, error: 'NOT_FOUND', message: '' });
    calls.push(JSON.parse(String(init?.body)));
    return answer(calls.length);
  });
  return calls;
}

const client = createApiClient({ locale: 'en-CA' });

/** The activity, with a button standing for a live change of the tab (its version moves). */
function Activity() {
  const [version, setVersion] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setVersion((n) => n + 1)}>
        Tab changed
      </button>
      <SuiteActivity
        client={client}
        credentials={CREDENTIALS}
        restaurant="arena"
        eventSuiteId={41}
        zone="America/Toronto"
        version={version}
      />
    </>
  );
}

describe('a suite’s activity', () => {
  it('is read only once opened, and again when the tab changes, keeping what it shows meanwhile', async () => {
    const calls = stubActivity((call) => json(200, { entries: [closedBy(call === 1 ? 'Ana' : 'Bo')] }));
    const { container } = renderWithProviders(<Activity />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);

    const details = container.querySelector('details') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await screen.findByText(/Ana/)).toBeTruthy();
    expect(calls).toEqual([{ eventSuiteId: 41 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Tab changed' }));
    expect(screen.getByText(/Ana/)).toBeTruthy();
    expect(await screen.findByText(/Bo/)).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('names the venue’s pre-order reminder and to whom it went', async () => {
    const reminder = {
      ...closedBy('Northside Arena'),
      kind: 'pre_order_reminder',
      by: { role: 'venue', name: 'Northside Arena' },
      for: { role: 'owner', name: 'owner@example.com' },
    };
    stubActivity(() => json(200, { entries: [reminder] }));
    const { container } = renderWithProviders(<Activity />);
    const details = container.querySelector('details') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await screen.findByText(/Northside Arena e-mailed owner@example.com a reminder to pre-order before the lock\./)).toBeTruthy();
  });

  it('says why when it cannot be read', async () => {
    stubActivity(() => json(403, { code: 403, error: 'FORBIDDEN', message: 'Not yours.' }));
    const { container } = renderWithProviders(<Activity />);
    const details = container.querySelector('details') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe(''));
  });
});
