import type { RotationalItemPrice, SchoolDay } from '@servery/contracts/school';
import { formatDay, formatMoney } from '../../lib/format';
import type { ReactNode } from 'react';
import { ItemDietsAndAllergens, ItemPrice } from '../../components/ui/item-facts';
import { LocalizedText, RestaurantHtml } from '../../components/ui/localized';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { localizedHtml, localizedText } from '../../lib/localize';
import type { MenuItemEntry, MenuView } from '../../lib/menu-model';
import { useLocale } from '../../lib/use-locale';

/** Ordering on an open day: for whom, how many meals they have that day, and the add action. */
export interface DayOrdering {
  /** The child new meals are for; null: none chosen (adding asks for one). */
  studentName: string | null;
  meals: number;
  /** maxMealsPerCart: meals per child and school day; null: no limit. */
  maxMeals: number | null;
  onAdd: (entry: MenuItemEntry) => void;
}

interface SchoolDayCardProps {
  day: SchoolDay;
  /** The rotation's menus that day, in the rotation's order. */
  menus: MenuView[];
  zone: string;
  /** Absent: the week is only shown (or the day is closed). */
  ordering?: DayOrdering | undefined;
  /** The server's prices for the diner, by `${menuId}:${itemId}` (with their subsidy); absent: the menu's. */
  prices?: ReadonlyMap<string, RotationalItemPrice> | undefined;
  /** The day's own controls, at the foot of the card. */
  actions?: ReactNode;
}

/** One school day: its date as a heading, "ordering closed" past the cut-off, and its menus' items. */
export function SchoolDayCard({ day, menus, zone, ordering, prices, actions }: SchoolDayCardProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const headingId = `school-day-${day.date}`;
  const closedId = `${headingId}-closed`;
  const dayName = formatDay(day.date, locale);
  const open = day.orderable && ordering ? { ...ordering, dayName } : undefined;
  return (
    <li className={`school-day${day.orderable ? '' : ' school-day--closed'}`}>
      <article aria-labelledby={headingId} aria-describedby={day.orderable ? undefined : closedId}>
        <h3 id={headingId} className="school-day__date">
          {dayName}
        </h3>
        {!day.orderable && (
          <p id={closedId} className="school-day__closed">
            {t('school.closed')}
          </p>
        )}
        {open?.studentName && open.maxMeals !== null && (
          <p className="school-day__meals">{t('school.meals', { student: open.studentName, count: open.meals, max: open.maxMeals })}</p>
        )}
        {menus.map((view) => (
          <SchoolDayMenu key={view.menu.id} view={view} zone={zone} ordering={open} prices={prices} />
        ))}
        {actions && <div className="school-day__actions">{actions}</div>}
      </article>
    </li>
  );
}

type OpenDay = DayOrdering & { dayName: string };

function SchoolDayMenu({
  view,
  zone,
  ordering,
  prices,
}: {
  view: MenuView;
  zone: string;
  ordering: OpenDay | undefined;
  prices: SchoolDayCardProps['prices'];
}) {
  const { locale } = useLocale();
  const name = localizedText(view.menu, 'name', locale);
  const entries = view.sections.flatMap((section) => section.entries);
  return (
    <div className="school-day__menu">
      <LocalizedText as="h4" className="school-day__menu-name" text={name.text} locale={name.locale} />
      <ul className="school-items">
        {entries.map((entry) => (
          <SchoolItem
            key={entry.item.id}
            entry={entry}
            zone={zone}
            ordering={ordering}
            price={prices?.get(`${view.menu.id}:${entry.item.id}`)}
          />
        ))}
      </ul>
    </div>
  );
}

function SchoolItem({
  entry,
  zone,
  ordering,
  price,
}: {
  entry: MenuItemEntry;
  zone: string;
  ordering: OpenDay | undefined;
  price: RotationalItemPrice | undefined;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useNow();
  const name = localizedText(entry.item, 'name', locale);
  const description = localizedHtml(entry.item, 'description', locale);
  return (
    <li className="school-item">
      <p className="school-item__head">
        <LocalizedText className="school-item__name" text={name.text} locale={name.locale} />
        {price && price.subsidized !== price.price ? (
          <span className="school-item__price">
            <s aria-hidden="true">{formatMoney(price.price, locale)}</s>{' '}
            <span aria-hidden="true">{formatMoney(price.subsidized, locale)}</span>
            <span className="visually-hidden">
              {t('school.subsidizedPrice', { price: formatMoney(price.subsidized, locale), was: formatMoney(price.price, locale) })}
            </span>
          </span>
        ) : (
          <ItemPrice item={entry.item} now={now} zone={zone} className="school-item__price" />
        )}
      </p>
      <RestaurantHtml className="school-item__description" html={description.text} locale={description.locale} />
      <ItemDietsAndAllergens diets={entry.item.diets ?? ''} allergens={entry.item.allergens ?? ''} />
      {ordering && (
        <button
          type="button"
          className="button school-item__add"
          aria-label={
            ordering.studentName
              ? t('school.addNamed', { item: name.text, student: ordering.studentName, day: ordering.dayName })
              : t('school.addItem', { item: name.text, day: ordering.dayName })
          }
          onClick={() => ordering.onAdd(entry)}
        >
          {t('school.add')}
        </button>
      )}
    </li>
  );
}
