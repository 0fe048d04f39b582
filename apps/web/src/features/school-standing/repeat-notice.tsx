/** What "repeat this week" put in the cart, what it left out, and the way to review and pay. */
import type { RepeatWeekResponse } from '@servery/contracts/standing-orders';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../lib/use-locale';
import { longDay, weekRange } from './standing-format';

export function RepeatNotice({ answer, menuPath }: { answer: RepeatWeekResponse; menuPath: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (!answer.week || answer.orders.length === 0) {
    return (
      <div className="standing-notice">
        <p>{answer.week ? t('standing.repeatNothing', { week: weekRange(answer.week, locale) }) : t('standing.repeatNoWeek')}</p>
        <LeftOut answer={answer} />
      </div>
    );
  }
  return (
    <div className="standing-notice">
      <p>{t('standing.repeated', { week: weekRange(answer.week, locale), count: answer.orders.length })}</p>
      <LeftOut answer={answer} />
      <Link className="button button--primary" to={`${menuPath}?selectedWeek=${answer.week}`}>
        {t('standing.review')}
      </Link>
    </div>
  );
}

function LeftOut({ answer }: { answer: RepeatWeekResponse }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (answer.leftOut.length === 0) return null;
  return (
    <>
      <p>{t('standing.leftOutTitle')}</p>
      <ul className="standing-list">
        {answer.leftOut.map((entry, index) => (
          <li key={`${entry.date}-${index}`}>
            {t(`standing.leftOut.${entry.reason}`, { item: entry.item, day: longDay(entry.date, locale) })}
          </li>
        ))}
      </ul>
    </>
  );
}
