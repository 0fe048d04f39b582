import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canDinerCancel,
  canTransition,
  isOpenStatus,
  isOrderStatus,
  isTerminalStatus,
  needsReason,
  OPEN_STATUSES,
  ORDER_STATUSES,
  recallToKitchen,
  TERMINAL_STATUSES,
  transition,
  TRANSITIONS,
  type OrderStatus,
} from './order-lifecycle';
import { QUEUED_STATUSES } from './queue';

const NOW = new Date('2026-01-14T17:00:00Z');

// Every pair, written out: a change to the table has to change this list too.
const ALLOWED: ReadonlySet<string> = new Set([
  'placed->accepted',
  'placed->cancelled',
  'accepted->preparing',
  'accepted->ready',
  'accepted->cancelled',
  'preparing->ready',
  'preparing->cancelled',
  'ready->completed',
  'completed->refunded',
]);
const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

describe('canTransition', () => {
  it.each(pairs)('%s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(ALLOWED.has(`${from}->${to}`));
  });
});

describe('transition', () => {
  it('moves an order to the new status, stamps it and keeps its other fields', () => {
    const order = { id: 'o-1', total: 2500, status: 'placed' as OrderStatus, statusChangedAt: null };
    const result = transition(order, 'accepted', NOW);
    expect(result).toEqual({ ok: true, order: { id: 'o-1', total: 2500, status: 'accepted', statusChangedAt: NOW } });
    expect(order.status).toBe('placed');
  });

  it.each<[OrderStatus, OrderStatus]>([
    ['placed', 'placed'],
    ['placed', 'ready'],
    ['ready', 'cancelled'],
    ['completed', 'cancelled'],
    ['cancelled', 'placed'],
    ['refunded', 'completed'],
  ])('refuses %s -> %s as a value', (from, to) => {
    expect(transition({ status: from }, to, NOW)).toEqual({ ok: false, error: 'INVALID_TRANSITION' });
  });

  it('walks the happy path', () => {
    let order: { status: OrderStatus; statusChangedAt?: Date | null } = { status: 'placed' };
    for (const next of ['accepted', 'preparing', 'ready', 'completed', 'refunded'] as const) {
      const result = transition(order, next, NOW);
      if (!result.ok) throw new Error(`${order.status} -> ${next} refused`);
      order = result.order;
    }
    expect(order.status).toBe('refunded');
  });
});

describe('recallToKitchen', () => {
  it.each<[OrderStatus, OrderStatus | null]>([
    ['ready', 'preparing'],
    ['placed', null],
    ['accepted', null],
    ['preparing', null],
    ['completed', null],
    ['cancelled', null],
    ['refunded', null],
  ])('%s -> %s', (from, to) => {
    const result = recallToKitchen({ status: from, statusChangedAt: null }, NOW);
    expect(result).toEqual(to ? { ok: true, order: { status: to, statusChangedAt: NOW } } : { ok: false, error: 'INVALID_TRANSITION' });
  });

  it('is no move a card offers: the lifecycle table has no way back from ready', () => {
    expect(canTransition('ready', 'preparing')).toBe(false);
  });
});

describe('statuses', () => {
  it('counts the same open statuses as the kitchen queue', () => {
    expect([...OPEN_STATUSES]).toEqual([...QUEUED_STATUSES]);
  });

  it.each(ORDER_STATUSES.map((status) => [status]))('%s', (status) => {
    expect(isOpenStatus(status)).toBe(['placed', 'accepted', 'preparing'].includes(status));
    expect(isTerminalStatus(status)).toBe((TERMINAL_STATUSES as readonly string[]).includes(status));
    expect(canDinerCancel(status)).toBe(status === 'placed');
    // Ending an order or giving money back asks why; every other move does not.
    expect(needsReason(status)).toBe(status === 'cancelled' || status === 'refunded');
  });

  it('recognises stored statuses', () => {
    expect(ORDER_STATUSES.every(isOrderStatus)).toBe(true);
    expect(['PLACED', 'pending', '', null, 3].some(isOrderStatus)).toBe(false);
  });

  it('lists only known statuses in the table', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const targets of Object.values(TRANSITIONS)) expect(targets.every(isOrderStatus)).toBe(true);
  });
});

describe('lifecycle properties', () => {
  it('never cycles: any run of allowed moves from placed ends in at most 5 steps and never comes back', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (choices) => {
        let status: OrderStatus = 'placed';
        const seen: OrderStatus[] = [status];
        for (const choice of choices) {
          const targets: readonly OrderStatus[] = TRANSITIONS[status];
          const next: OrderStatus | undefined = targets[choice % Math.max(1, targets.length)];
          if (next === undefined) {
            expect(isTerminalStatus(status)).toBe(true);
            break;
          }
          const result = transition({ status }, next, NOW);
          expect(result.ok).toBe(true);
          expect(seen).not.toContain(next);
          seen.push(next);
          status = next;
        }
        expect(seen.length).toBeLessThanOrEqual(6);
      }),
    );
  });

  it('reaches every status from placed, and a terminal status from every status', () => {
    const reachable = (from: OrderStatus): Set<OrderStatus> => {
      const found = new Set<OrderStatus>([from]);
      const stack = [from];
      for (let status = stack.pop(); status !== undefined; status = stack.pop()) {
        for (const next of TRANSITIONS[status]) {
          if (found.has(next)) continue;
          found.add(next);
          stack.push(next);
        }
      }
      return found;
    };
    expect([...reachable('placed')].sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES) expect([...reachable(status)].some(isTerminalStatus)).toBe(true);
  });

  it('agrees with canTransition for any pair and any order', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.constantFrom(...ORDER_STATUSES), fc.string(), (from, to, id) => {
        const result = transition({ id, status: from }, to, NOW);
        expect(result.ok).toBe(canTransition(from, to));
        if (result.ok) expect(result.order).toEqual({ id, status: to, statusChangedAt: NOW });
      }),
    );
  });
});
