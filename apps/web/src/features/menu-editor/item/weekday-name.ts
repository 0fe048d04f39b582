import { SCHEDULE_DAYS } from '@servery/contracts/forms';
import { useLocale } from '../../../lib/use-locale';

type Day = (typeof SCHEDULE_DAYS)[number];

/** A weekday's name in the person's language ("lundi"), from a week known to start on a Sunday. */
export function useWeekdayName(): (day: Day) => string {
  const { locale } = useLocale();
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return (day) => {
    const name = format.format(new Date(Date.UTC(2026, 10, 29 + SCHEDULE_DAYS.indexOf(day))));
    return name.charAt(0).toUpperCase() + name.slice(1);
  };
}
