import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SchedulingRestaurant } from '@servery/domain/scheduling';
import { json } from '../../testing/api-stub';
import { renderWithProviders } from '../../testing/render-with-providers';
import { CateringLeadTime } from './catering-lead-time';

// A caterer open 7 a.m. to 6 p.m. on weekdays, in Toronto; its menu needs two days' notice and an hour to make.
const CATERER: SchedulingRestaurant = {
  zone: 'America/Toronto',
  hours: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({
    day: day as SchedulingRestaurant['hours'][number]['day'],
    start_time: '07:00',
    end_time: '18:00',
  })),
  holiday_hours: [],
  maxAdvancedOrderDays: 30,
  noTakeoutTimeslot: false,
  orders_paused: false,
};
const MENUS = [{ required_notice: 2880, estimated_prep_time: 60, ordering_interval: 30 }];

function leadNote(now: string, restaurant = CATERER, locale: 'en-CA' | 'fr-CA' = 'en-CA') {
  renderWithProviders(<CateringLeadTime menus={MENUS} now={new Date(now)} restaurant={restaurant} />, { locale, now: new Date(now) });
  return document.querySelector('.cart-lead')?.textContent;
}

describe('CateringLeadTime', () => {
  it.each([
    // Tuesday 1 p.m.: two days and an hour later is Thursday 2 p.m., inside the hours.
    ['2026-12-01T18:00:00Z', '03/12/2026 2:00 PM'],
    // Tuesday 2:50 a.m.: the notice ends Thursday 3:50 a.m., when the caterer is closed; it opens at 7.
    ['2026-12-01T07:50:00Z', '03/12/2026 7:00 AM'],
    // Thursday 5:30 p.m.: the notice ends Saturday evening; closed on the weekend, so Monday at 7.
    ['2026-12-03T22:30:00Z', '07/12/2026 7:00 AM'],
  ])('at %s says the earliest it can be ready is the first time the checkout offers: %s', (now, earliest) => {
    expect(leadNote(now)).toBe(
      `Catering is made to order: it needs 2 days 1 hour of notice. The earliest it can be ready is ${earliest}, if no other order has taken that time: checkout shows the times still open.`,
    );
  });

  it('names no time when none is in reach (orders paused), in French too', () => {
    expect(leadNote('2026-12-01T18:00:00Z', { ...CATERER, orders_paused: true }, 'fr-CA')).toBe(
      'Le traiteur est préparé sur commande : il faut un préavis de 2 jours 1 heure.',
    );
  });
});

describe('CateringLeadTime with a kitchen queue (decision 0131)', () => {
  afterEach(() => vi.unstubAllGlobals());
  // An hour's notice, no preparation: Tuesday 1:10 p.m., so as soon as possible is 2:10 p.m. and the first slot 2:30.
  const SHORT = [{ required_notice: 60, estimated_prep_time: 0, ordering_interval: 30 }];
  const NOW = new Date('2026-12-01T18:10:00Z');

  function stubQueue(minutes: number) {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input), 'http://localhost').pathname === '/api/orders/get-next-order-queue-time'
        ? json(200, { enabled: true, orders_ahead: Math.ceil(minutes / 4), minutes })
        : json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found.' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  const note = (earliest: string) =>
    `Catering is made to order: it needs 1 hour of notice. The earliest it can be ready is ${earliest}, if no other order has taken that time: checkout shows the times still open.`;

  it('waits for the queue as the checkout does: 90 minutes of queue make the first slot, 2:30, the earliest', async () => {
    stubQueue(90);
    const restaurant = { ...CATERER, id: 7, queue: { enabled: true, minutes_per_order: 4 } };
    renderWithProviders(<CateringLeadTime menus={SHORT} now={NOW} restaurant={restaurant} />, { now: NOW });
    await waitFor(() => expect(document.querySelector('.cart-lead')?.textContent).toBe(note('01/12/2026 2:30 PM')));
  });

  it('without a queue, as soon as possible is the notice after now, and nothing is asked of the server', () => {
    const fetchMock = stubQueue(90);
    renderWithProviders(<CateringLeadTime menus={SHORT} now={NOW} restaurant={CATERER} />, { now: NOW });
    expect(document.querySelector('.cart-lead')?.textContent).toBe(note('01/12/2026 2:10 PM'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
