/** What happened to the days a standing order's job handled: placed (its order and amount) or not, and why. */
import type { StandingPlacementView } from '@servery/contracts/standing-orders';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/use-locale';
import { longDay } from './standing-format';

export function StandingHistory({ history, money }: { history: readonly StandingPlacementView[]; money: (cents: number) => string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <>
      <h4>{t('standing.historyTitle')}</h4>
      {history.length === 0 ? (
        <p>{t('standing.noHistory')}</p>
      ) : (
        <ul className="standing-list">
          {history.map((entry) => {
            const day = longDay(entry.date, locale);
            return (
              <li key={entry.date}>
                {entry.status === 'placed'
                  ? t('standing.placed', { day, number: entry.orderNumber ?? '', amount: money(entry.amount ?? 0) })
                  : entry.status === 'failed'
                    ? t('standing.failed', { day, reason: entry.message ?? '' })
                    : t('standing.placing', { day })}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
