import { describe, expect, it } from 'vitest';
import { deliverySummary } from './delivery-summary';

describe('deliverySummary', () => {
  it.each([
    [{ address: '12 Rue King', postalCode: 'H2X 1Y4' }, '12 Rue King, H2X 1Y4'],
    [{ location: 'Tower B', area: 'Floor 3' }, 'Tower B, Floor 3'],
    [{ location: 'Centre PHI', detail: ' Room 517 ', area: 'North' }, 'Centre PHI, Room 517, North'],
    [{ section: '104', row: 'F', seat: '12' }, '104, F, 12'],
    [{ student: 'Ada', school: 'Maple', grade: '3', classroom: '3B', teacher: 'Ms Roy' }, 'Ada, Maple, 3, 3B, Ms Roy'],
    [{ address: '  ', location: '' }, ''],
    [{}, ''],
  ])('%j reads %s', (parts, text) => {
    expect(deliverySummary(parts)).toBe(text);
  });
});
