import type { SchoolDay } from '@servery/contracts/school';
import type { ReactNode } from 'react';
import { ItemPrice } from '../../components/ui/item-facts';
import { LocalizedText, RestaurantHtml } from '../../components/ui/localized';
import { useTranslation } from '../../i18n/i18n-context';
import { useNow } from '../../lib/clock';
import { localizedHtml, localizedText } from '../../lib/localize';
import type { MenuItemEntry, MenuView } from '../../lib/menu-model';
import { useLocale } from '../../lib/use-locale';
import { formatSchoolDay } from './school-week';

interface SchoolDayCardProps {
  day: SchoolDay;
  /** The rotation's menus that day, in the rotation's order. */
  menus: MenuView[];
  zone: string;
  /**
   * The day's own controls, at the foot of the card: where adding items to this date's cart goes
   * once school orders go through the order pipeline.
   */
  actions?: ReactNode;
}

/** One school day: its date as a heading, "ordering closed" past the cut-off, and its menus' items. */
export function SchoolDayCard({ day, menus, zone, actions }: SchoolDayCardProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const headingId = `school-day-${day.date}`;
  const closedId = `${headingId}-closed`;
  return (
    <li className={`school-day${day.orderable ? '' : ' school-day--closed'}`}>
      <article aria-labelledby={headingId} aria-describedby={day.orderable ? undefined : closedId}>
        <h3 id={headingId} className="school-day__date">
          {formatSchoolDay(day.date, locale)}
        </h3>
        {!day.orderable && (
          <p id={closedId} className="school-day__closed">
            {t('school.closed')}
          </p>
        )}
        {menus.map((view) => (
          <SchoolDayMenu key={view.menu.id} view={view} zone={zone} />
        ))}
        {actions && <div className="school-day__actions">{actions}</div>}
      </article>
    </li>
  );
}

function SchoolDayMenu({ view, zone }: { view: MenuView; zone: string }) {
  const { locale } = useLocale();
  const name = localizedText(view.menu, 'name', locale);
  const entries = view.sections.flatMap((section) => section.entries);
  return (
    <div className="school-day__menu">
      <LocalizedText as="h4" className="school-day__menu-name" text={name.text} locale={name.locale} />
      <ul className="school-items">
        {entries.map((entry) => (
          <SchoolItem key={entry.item.id} entry={entry} zone={zone} />
        ))}
      </ul>
    </div>
  );
}

function SchoolItem({ entry, zone }: { entry: MenuItemEntry; zone: string }) {
  const { locale } = useLocale();
  const now = useNow();
  const name = localizedText(entry.item, 'name', locale);
  const description = localizedHtml(entry.item, 'description', locale);
  return (
    <li className="school-item">
      <p className="school-item__head">
        <LocalizedText className="school-item__name" text={name.text} locale={name.locale} />
        <ItemPrice item={entry.item} now={now} zone={zone} className="school-item__price" />
      </p>
      <RestaurantHtml className="school-item__description" html={description.text} locale={description.locale} />
    </li>
  );
}
