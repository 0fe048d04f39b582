import { screen } from '@testing-library/react';
import type { StaffOrder } from '@servery/contracts/staff';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { RefundSummary } from './refund-summary';

const order = (fields: Partial<StaffOrder>): StaffOrder =>
  ({
    id: 'o1',
    number: 12,
    status: 'completed',
    refunds: [],
    refundedAmount: 0,
    refundable: 2133,
    ...fields,
  }) as unknown as StaffOrder;

const REFUND = { id: 'r1', amount: 904, reason: 'Soup was cold', lines: [{ lineId: 1, quantity: 1 }], at: '2026-11-29T18:00:00.000Z' };

describe('an order card’s refunds', () => {
  it('lists each refund and offers "Refund…" to a role that can refund while some of the charge is left', () => {
    const onRefund = vi.fn();
    renderWithProviders(<RefundSummary order={order({ refunds: [REFUND], refundable: 1229 })} onRefund={onRefund} />);
    expect(screen.getByRole('list', { name: 'Refunds of order #12' }).textContent).toBe('Refunded $9.04: Soup was cold');
    screen.getByRole('button', { name: 'Refund part of order #12' }).click();
    expect(onRefund).toHaveBeenCalledOnce();
  });

  it('offers nothing to the kitchen’s role, nor once the charge is all given back; says it in French', () => {
    const { unmount } = renderWithProviders(<RefundSummary order={order({ refunds: [REFUND] })} />, { locale: 'fr-CA' });
    expect(screen.getByRole('list', { name: 'Remboursements de la commande no 12' }).textContent).toMatch(
      /^Remboursé 9,04\s\$ : Soup was cold$/,
    );
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderWithProviders(<RefundSummary order={order({ refundable: 0 })} onRefund={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
