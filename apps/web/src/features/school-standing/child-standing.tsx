/**
 * One child's part of the standing screen: the weeks the parent ordered for them, each to repeat
 * (the next open week's day carts filled for review and payment) or to make the standing weekly
 * order (with the card chosen), then the standing order itself (standing-order-panel.tsx).
 */
import type { PaymentMethodSummary, Student } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { RepeatWeekResponse, StandingOrderView, StandingOrdersResponse } from '@servery/contracts/standing-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError, type ApiClient } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { pathTo, ROUTE_PATHS } from '../../lib/route-paths';
import type { SessionCredentials } from '../../lib/session';
import { useLocale } from '../../lib/use-locale';
import { browserStorage, fillDayCarts } from '../../ordering/verticals';
import { RepeatNotice } from './repeat-notice';
import { repeatWeek, saveStandingOrder } from './standing-api';
import { weekRange } from './standing-format';
import { StandingOrderPanel } from './standing-order-panel';

export interface ChildStandingProps {
  restaurant: PublicRestaurant;
  client: ApiClient;
  credentials: SessionCredentials;
  cards: readonly PaymentMethodSummary[];
  child: Student;
  standing: StandingOrderView | null;
  weeks: StandingOrdersResponse['orderedWeeks'];
  cycle: StandingOrdersResponse['cycle'];
  menus: StandingOrdersResponse['menus'];
  mealsPerDay: StandingOrdersResponse['mealsPerDay'];
  queryKey: readonly unknown[];
}

export const childName = (child: Pick<Student, 'firstName' | 'lastName'>) => `${child.firstName} ${child.lastName}`.trim();

export function ChildStanding(props: ChildStandingProps) {
  const { restaurant, client, credentials, cards, child, standing, weeks, cycle, queryKey } = props;
  const { t } = useTranslation();
  const { locale } = useLocale();
  const queries = useQueryClient();
  const id = useId();
  const name = childName(child);
  const [card, setCard] = useState(cards.find((entry) => entry.isDefault)?.paymentCardId ?? cards[0]?.paymentCardId ?? '');
  const [repeated, setRepeated] = useState<RepeatWeekResponse | null>(null);

  const repeat = useMutation({
    mutationFn: (week: string) => repeatWeek(client, credentials, child.id, week),
    onSuccess: (answer) => {
      if (answer.orders.length > 0)
        fillDayCarts(browserStorage(), restaurant.slug, {
          userId: credentials.userId,
          studentId: child.id,
          orders: answer.orders.map((order) => ({ date: order.date, studentId: child.id, items: order.items })),
          nowMs: Date.now(),
        });
      setRepeated(answer);
    },
  });
  const makeStanding = useMutation({
    // From the version this page read: a stale page is refused (STANDING_ORDER_CHANGED) and reloaded.
    mutationFn: (week: string) =>
      saveStandingOrder(client, credentials, child.id, {
        paymentCardId: standing?.card ? standing.paymentCardId : card,
        fromWeek: week,
        ...(standing && { version: standing.version }),
      }),
    onSuccess: () => queries.invalidateQueries({ queryKey }),
    onError: (error) => {
      if (isApiError(error) && error.error === 'STANDING_ORDER_CHANGED') void queries.invalidateQueries({ queryKey });
    },
  });
  const failure = repeat.error ?? makeStanding.error;

  return (
    <section className="standing-child" aria-labelledby={`${id}-name`}>
      <h2 id={`${id}-name`}>{name}</h2>
      <h3>{t('standing.weeksTitle')}</h3>
      {weeks.length === 0 ? (
        <p>{t('standing.noWeeks')}</p>
      ) : (
        <ul className="standing-weeks">
          {weeks.map((week) => {
            const range = weekRange(week.week, locale);
            return (
              <li key={week.week} className="standing-week">
                <p className="standing-week__title">
                  {range} <span className="standing-week__count">{t('standing.days', { count: week.days })}</span>
                  {cycle.weeks > 1 && (
                    <span className="standing-week__count">
                      {' '}
                      · {t('standingEdit.ofCycle', { week: week.rotationWeek, count: cycle.weeks })}
                    </span>
                  )}
                </p>
                <div className="button-row">
                  <button type="button" className="button" disabled={repeat.isPending} onClick={() => repeat.mutate(week.week)}>
                    {t('standing.repeat', { week: range })}
                  </button>
                  {cards.length > 0 && (
                    <button
                      type="button"
                      className="button"
                      disabled={makeStanding.isPending}
                      onClick={() => makeStanding.mutate(week.week)}
                    >
                      {standing
                        ? cycle.weeks > 1
                          ? t('standingEdit.fillWeek', { week: range, cycleWeek: week.rotationWeek })
                          : t('standing.replace', { week: range })
                        : t('standing.makeStanding', { week: range })}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {cards.length === 0 ? (
        <p>
          {t('standing.noCard')} <Link to={ROUTE_PATHS.UserPaymentMethods}>{t('standing.addCard')}</Link>
        </p>
      ) : (
        !standing &&
        weeks.length > 0 && (
          <label className="standing-card">
            <span>{t('standing.payWith')}</span>
            <select className="text-input" value={card} onChange={(event) => setCard(event.target.value)}>
              {cards.map((entry) => (
                <option key={entry.paymentCardId} value={entry.paymentCardId}>
                  {t('standing.card', { brand: entry.brand, last4: entry.last4 })}
                </option>
              ))}
            </select>
          </label>
        )
      )}
      {failure && (
        <p className="inline-error" role="alert">
          {errorMessage(t, failure)}
        </p>
      )}
      <div role="status" className="standing-child__status">
        {repeated && <RepeatNotice answer={repeated} menuPath={pathTo('Menu', { restaurantSlug: restaurant.slug })} />}
      </div>
      {standing && <StandingOrderPanel {...props} standing={standing} name={name} />}
    </section>
  );
}
