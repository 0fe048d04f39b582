/**
 * The board's live list (use-live-orders.ts) as the stream drives it: a new order is told as new, and
 * an order the server gave a new time (a suite order following its moved event, decision 0130) is told
 * with that time once the reload shows it, never with the time it had.
 */
import type { StaffOrder, StaffOrdersResponse } from '@servery/contracts/staff';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../lib/api';
import { renderWithProviders } from '../../testing/render-with-providers';
import type { StaffCaller } from './staff-api';
import { useLiveOrders } from './use-live-orders';
import { FakeEventSource } from '../../testing/fake-event-source';

const order = (id: string, number: number, pickupTime: string): StaffOrder =>
  ({
    id,
    number,
    status: 'accepted',
    type: 'suite',
    placed_at: '2026-12-10T20:00:00.000Z',
    pickup_time: pickupTime,
    scheduled: true,
    items: [],
    contact: { full_name: 'Sam Owner', email: null, phone_number: null },
    payment: { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, amount: 5000 },
    delivery: null,
    tableNum: null,
    tabOwner: null,
    suite: null,
    payment_captured: false,
    next_statuses: ['preparing'],
    lines: [],
    cancel_reason: null,
    messages: [],
    suite_place: null,
  }) as unknown as StaffOrder;

/** What the server answers GET /api/staff/orders with, changed by each test between events. */
let served: StaffOrder[] = [];
let reads = 0;
const caller: StaffCaller = {
  slug: 'northside-arena',
  credentials: { userId: 7 },
  client: {
    locale: 'en-CA',
    get: async () => {
      reads += 1;
      return { orders: served.map((entry) => ({ ...entry })), now: '2026-12-10T20:00:00.000Z' } as StaffOrdersResponse;
    },
  } as unknown as ApiClient,
} as StaffCaller;

/** What the board told its staff, in order. */
let told: string[] = [];
const changes = {
  onArrival: (arrived: StaffOrder[]) => told.push(`new ${arrived.map((entry) => entry.number).join(',')}`),
  onRetimed: (moved: StaffOrder[]) => told.push(`moved ${moved.map((entry) => `${entry.number}@${entry.pickup_time}`).join(',')}`),
};

function Board() {
  const { orders, fresh, retimed } = useLiveOrders(caller, changes);
  return (
    <ul aria-label="Orders">
      {orders?.map((entry) => (
        <li key={entry.id} data-status={entry.status}>
          #{entry.number} {entry.pickup_time}
          {fresh.has(entry.id) && ' NEW'}
          {retimed.has(entry.id) && ' NEW TIME'}
        </li>
      ))}
    </ul>
  );
}
const SEVEN = '2026-12-11T02:00:00.000Z';
const SEVEN_THIRTY = '2026-12-11T02:30:00.000Z';

async function openBoard() {
  renderWithProviders(<Board />);
  await screen.findByText(`#812 ${SEVEN}`);
  await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
  act(() => FakeEventSource.last?.send('ready'));
  await waitFor(() => expect(reads).toBe(2));
}

const event = (orderId: string, type: string) => ({ id: String(Math.random()), order_id: orderId, type });

describe('the board’s live orders', () => {
  beforeEach(() => {
    FakeEventSource.install();
    told = [];
    reads = 0;
    served = [order('a', 812, SEVEN), order('b', 813, SEVEN)];
  });
  afterEach(() => vi.unstubAllGlobals());

  it('tells an order given a new time, with the new time, and flashes it', async () => {
    await openBoard();
    served = [order('a', 812, SEVEN_THIRTY), order('b', 813, SEVEN)];
    act(() => FakeEventSource.last?.send('order', event('a', 'rescheduled')));
    expect(await screen.findByText(`#812 ${SEVEN_THIRTY} NEW TIME`)).toBeTruthy();
    expect(screen.getByText(`#813 ${SEVEN}`)).toBeTruthy();
    expect(told).toEqual([`moved 812@${SEVEN_THIRTY}`]);
  });

  it('waits for an answer that shows the new time: one read before the move tells nothing', async () => {
    await openBoard();
    // The event came, but the answer still has the old time (it was read before the move committed);
    // another order did change in it, so the board did read a new list.
    served = [order('a', 812, SEVEN), { ...order('b', 813, SEVEN), status: 'preparing' }];
    act(() => FakeEventSource.last?.send('order', event('a', 'rescheduled')));
    await waitFor(() => expect(reads).toBe(3));
    await waitFor(() => expect(screen.getByText(`#813 ${SEVEN}`).dataset.status).toBe('preparing'));
    expect(screen.getByText(`#812 ${SEVEN}`)).toBeTruthy();
    expect(told).toEqual([]);
    // The next reload (any event) shows it: told then, once.
    served = [order('a', 812, SEVEN_THIRTY), order('b', 813, SEVEN)];
    act(() => FakeEventSource.last?.send('order', event('b', 'preparing')));
    expect(await screen.findByText(`#812 ${SEVEN_THIRTY} NEW TIME`)).toBeTruthy();
    served = [...served, order('c', 814, SEVEN)];
    act(() => FakeEventSource.last?.send('order', event('c', 'placed')));
    expect(await screen.findByText(`#814 ${SEVEN} NEW`)).toBeTruthy();
    expect(told).toEqual([`moved 812@${SEVEN_THIRTY}`, 'new 814']);
  });

  it('tells no move for a time that changed without the stream saying so, nor for a new order', async () => {
    await openBoard();
    served = [order('a', 812, SEVEN_THIRTY), order('b', 813, SEVEN), order('c', 814, SEVEN_THIRTY)];
    act(() => FakeEventSource.last?.send('order', event('c', 'placed')));
    expect(await screen.findByText(`#814 ${SEVEN_THIRTY} NEW`)).toBeTruthy();
    expect(screen.getByText(`#812 ${SEVEN_THIRTY}`)).toBeTruthy();
    expect(told).toEqual(['new 814']);
  });
});
