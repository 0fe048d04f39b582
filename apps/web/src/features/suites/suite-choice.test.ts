import { SuitesInfo } from '@servery/contracts/suites';
import { describe, expect, it } from 'vitest';
import { preOrderTab, suiteChoiceOf, suitesInfoOf } from './suite-choice';

const ZONE = 'America/Edmonton';

describe('a suite pre-order at checkout', () => {
  it.each([
    ['nothing yet: before the event, no notes', null, { preference: 'before_event', time: '', notes: '' }],
    [
      'a pre-order at half-time',
      { delivery_preference: 'half_time' as const, deliver_at: '2026-12-13T03:00:00.000Z', notes: 'Nut-free' },
      { preference: 'half_time', time: '', notes: 'Nut-free' },
    ],
    [
      'a pre-order at a chosen time: that wall time in the venue',
      { delivery_preference: 'custom' as const, deliver_at: '2026-12-13T02:15:00.000Z', notes: '' },
      { preference: 'custom', time: '2026-12-12T20:15', notes: '' },
    ],
  ])('starts from %s', (_case, preOrder, expected) => {
    expect(suiteChoiceOf(preOrder, ZONE)).toEqual(expected);
  });

  it("sends the spec's suitesInfo (deliveryTime, notes, tabLimit), which the server reads back as chosen", () => {
    const custom = suitesInfoOf({ preference: 'custom', time: '2026-12-12T20:15', notes: ' Gluten-free ' }, ZONE, 50000);
    expect(custom).toEqual({
      deliveryPreference: 'custom',
      deliveryTime: '2026-12-13T02:15:00.000Z',
      notes: 'Gluten-free',
      tabLimit: 50000,
    });
    expect(SuitesInfo.parse(custom)).toEqual(custom);
    const halfTime = suitesInfoOf({ preference: 'half_time', time: '', notes: '' }, ZONE, null);
    expect(SuitesInfo.parse(halfTime)).toEqual({ deliveryPreference: 'half_time', deliveryTime: null, notes: '', tabLimit: null });
    expect(suitesInfoOf({ preference: 'custom', time: '', notes: '' }, ZONE, null).deliveryTime).toBeNull();
  });

  it('counts what a change may take: the current pre-order leaves the tab first', () => {
    const tab = { limit: 50000, spent: 30000 };
    expect(preOrderTab({ ...tab } as never, 0)).toEqual({ limit: 50000, available: 20000 });
    expect(preOrderTab({ ...tab } as never, 30000)).toEqual({ limit: 50000, available: 50000 });
    expect(preOrderTab({ limit: null, spent: 9000 } as never, 0)).toEqual({ limit: null, available: null });
    expect(preOrderTab({ limit: 1000, spent: 5000 } as never, 0)).toEqual({ limit: 1000, available: 0 });
  });
});
