import { describe, expect, it } from 'vitest';
import { posOrderType, type PosIntegration } from './pos-order-type';

const both: PosIntegration = { dine_in_type: 'Dine In - Online', takeout_type: 'Takeout - Online' };

describe('posOrderType', () => {
  it.each<[string, PosIntegration | null | undefined, string, string | null]>([
    ['a dine-in order', both, 'dine_in', 'Dine In - Online'],
    ['a takeout order (pickup or delivery)', both, 'take-out', 'Takeout - Online'],
    ['a school order has no integration type', both, 'school', null],
    ['a catering order has none', both, 'catering', null],
    ['a generic catering order has none', both, 'generic_catering', null],
    ['a restaurant without an integration', undefined, 'dine_in', null],
    ['a restaurant with an empty integration', {}, 'take-out', null],
    ['only the dine-in type set: a takeout has none', { dine_in_type: 'Dine In' }, 'take-out', null],
    ['a blank type is none', { dine_in_type: '  ' }, 'dine_in', null],
    ['spaces around a type are not sent', { takeout_type: ' Pickup ' }, 'take-out', 'Pickup'],
  ])('%s', (_case, integration, orderType, expected) => {
    expect(posOrderType(integration, orderType)).toBe(expected);
  });
});
