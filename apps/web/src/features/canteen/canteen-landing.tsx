import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { canteenWeek, type CanteenDay } from '@servery/domain/canteen-week';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServerNow } from '../../lib/clock';
import { formatDate, formatTime } from '../../lib/format';
import { localizedText } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';
import { SubsidyNote } from './subsidy-note';
import './canteen.css';

type Canteen = NonNullable<PublicRestaurant['canteen']>;

/** Where to order a pickup on `date`: this page with the takeout flags, which shows the menu. */
export function orderAheadSearch(date: string): string {
  return `?${new URLSearchParams({ takeout: 'true', takeoutType: 'pickup', takeoutSpecificDates: date }).toString()}`;
}

/**
 * /cantine: the canteen's landing. The employer's subsidy, today's dishes and opening, the week
 * ahead, and a way to order ahead for pickup on each day that is open; the menu and checkout are
 * the restaurant's own (app/cantine-screen.tsx shows them once a day is chosen).
 */
export function CanteenLanding({ restaurant }: { restaurant: PublicRestaurant }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  // The server's day in the canteen's zone, not the browser's: a phone's clock may be a day off, and
  // the server decides what can be ordered by its own (lib/clock.tsx).
  const now = useServerNow();
  const canteen = restaurant.canteen;
  const employer = canteen ? localizedText({ ...canteen, name: canteen.employer }, 'employer', locale).text : restaurant.name;
  const days = canteenWeek(restaurant.hours, restaurant.holiday_hours, now, restaurant.zone);
  const [today, ...later] = days;
  return (
    <div className="canteen">
      <SubsidyNote restaurant={restaurant} employer={employer} />
      {today && (
        <section className="canteen__today" aria-labelledby="canteen-today-title">
          <h2 id="canteen-today-title">{t('canteen.today', { date: dayLabel(today, locale) })}</h2>
          <DayBody day={today} canteen={canteen} zone={restaurant.zone} />
        </section>
      )}
      <section className="canteen__week" aria-labelledby="canteen-week-title">
        <h2 id="canteen-week-title">{t('canteen.week')}</h2>
        <ul className="canteen__days">
          {later.map((day) => (
            <li key={day.date} className="canteen__day">
              <h3 className="canteen__day-name">{dayLabel(day, locale)}</h3>
              <DayBody day={day} canteen={canteen} zone={restaurant.zone} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** "Tuesday 24/11/2026" / "mardi 24/11/2026": the day's date is already the canteen's own. */
function dayLabel(day: CanteenDay, locale: 'en-CA' | 'fr-CA'): string {
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day.date}T12:00:00Z`));
  // French weekdays are lower case ("mardi"); English ones are capitalised already.
  return `${weekday} ${formatDate(`${day.date}T12:00:00Z`, 'UTC')}`;
}

function DayBody({ day, canteen, zone }: { day: CanteenDay; canteen: Canteen | null; zone: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const dishes = canteen?.week[day.weekday] ?? [];
  const label = dayLabel(day, locale);
  if (!day.opens) return <p className="canteen__closed">{t('canteen.closed')}</p>;
  return (
    <>
      <p className="canteen__hours">
        {day.closes
          ? t('canteen.hours', { opens: formatTime(day.opens, locale, zone), closes: formatTime(day.closes, locale, zone) })
          : t('canteen.opensAt', { opens: formatTime(day.opens, locale, zone) })}
      </p>
      {dishes.length > 0 && (
        <ul className="canteen__dishes" aria-label={t('canteen.dishesOf', { day: label })}>
          {dishes.map((dish) => (
            <li key={dish.name}>
              {localizedText(dish, 'name', locale).text}
              {dish.description && <span className="canteen__dish-note"> {localizedText(dish, 'description', locale).text}</span>}
            </li>
          ))}
        </ul>
      )}
      {day.orderable ? (
        <Link className="button button--primary canteen__order" to={{ search: orderAheadSearch(day.date) }}>
          {day.today ? t('canteen.orderToday') : t('canteen.orderAhead')}
          <span className="visually-hidden">, {label}</span>
        </Link>
      ) : (
        <p className="canteen__closed">{t('canteen.closedNow')}</p>
      )}
    </>
  );
}
