import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatEventDay } from '../../lib/format';
import { renderWithProviders } from '../../testing/render-with-providers';
import { preOrderLocked, SuitePlace } from './suite-menu';

const EVENT = {
  id: 3971,
  name: 'Prairie Lights Holiday Concert',
  localization: { 'fr-CA': { name: 'Concert des Fêtes Lumières des Prairies' } },
  starts_at: '2026-12-13T02:30:00.000Z',
  ends_at: null,
  pre_order_lock_at: '2026-12-10T06:59:00.000Z',
  image: null,
  menu_ids: [3010],
};
const INFO = {
  event: EVENT,
  eventSuite: {
    id: 3983,
    suite: { id: 3952, name: 'Suite 3 — Corner', location: 'Level 2', localization: { 'fr-CA': { name: 'Loge 3 — Coin' } } },
  },
  zone: 'America/Edmonton',
};

describe("a suite's menu", () => {
  it('is locked from the lock instant on, by the clock it is given', () => {
    expect(preOrderLocked(INFO, new Date('2026-12-10T06:58:59.999Z'))).toBe(false);
    expect(preOrderLocked(INFO, new Date('2026-12-10T06:59:00.000Z'))).toBe(true);
  });

  it.each([
    ['en-CA', 'Suite 3 — Corner · Prairie Lights Holiday Concert, '],
    ['fr-CA', 'Loge 3 — Coin · Concert des Fêtes Lumières des Prairies, '],
  ] as const)('names the suite, the event and its day (in the venue’s zone) in %s', (locale, start) => {
    renderWithProviders(<SuitePlace info={INFO} />, { locale });
    // 19:30 on 12 December in Edmonton is already the 13th in UTC.
    expect(formatEventDay(EVENT.starts_at, locale, INFO.zone)).toMatch(/12/);
    expect(screen.getByText(`${start}${formatEventDay(EVENT.starts_at, locale, INFO.zone)}`)).toBeTruthy();
  });
});
