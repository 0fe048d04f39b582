import type { SchoolCalendarDay } from '@servery/contracts/school';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import type { Locale } from '../../i18n/locales';
import { dayLabel } from './day-text';

const ZONE = 'America/Toronto';
const day = (fields: Partial<SchoolCalendarDay>): SchoolCalendarDay => ({
  date: '2026-12-07',
  state: 'open',
  closes_at: '2026-12-05T05:00:00.000Z',
  opens_at: null,
  meals: 0,
  items: [],
  ...fields,
});

describe('a calendar day’s sentence (its cell’s name)', () => {
  it.each<[string, Locale, Partial<SchoolCalendarDay>, number | null, string]>([
    [
      'open, a meal ordered: counted in the limit, the last minute to order',
      'en-CA',
      { meals: 1 },
      2,
      'Monday, December 7: 1 of 2 meals ordered, order by Friday, December 4, 11:59 PM',
    ],
    [
      'the same in French, in 24-hour time',
      'fr-CA',
      { meals: 1 },
      2,
      'lundi 7 décembre : 1 repas commandé sur 2, commander d’ici le vendredi 4 décembre, 23 h 59',
    ],
    [
      'no limit: the meals alone',
      'en-CA',
      { meals: 2 },
      null,
      'Monday, December 7: 2 meals ordered, order by Friday, December 4, 11:59 PM',
    ],
    ['past its cut-off', 'en-CA', { state: 'ordering_closed' }, 2, 'Monday, December 7: 0 of 2 meals ordered, ordering closed'],
    [
      'not open yet: when it opens',
      'en-CA',
      { state: 'not_open_yet', opens_at: '2026-11-17T05:00:00.000Z' },
      2,
      'Monday, December 7: 0 of 2 meals ordered, ordering opens Tuesday, November 17, 12:00 AM',
    ],
    ['a holiday', 'en-CA', { state: 'school_closed', closes_at: null }, 2, 'Monday, December 7: school closed'],
    ['a weekend, in French', 'fr-CA', { date: '2026-12-12', state: 'weekend', closes_at: null }, 2, 'samedi 12 décembre : fin de semaine'],
    [
      'a holiday that kept a meal ordered before it was added',
      'en-CA',
      { state: 'school_closed', closes_at: null, meals: 1 },
      2,
      'Monday, December 7: 1 of 2 meals ordered, school closed',
    ],
  ])('%s', (_case, locale, fields, max, expected) => {
    expect(dayLabel(createI18n(locale).t, day(fields), max, locale, ZONE)).toBe(expected);
  });
});
