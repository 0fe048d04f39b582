/**
 * A child's standing weekly order: its card (another of the parent's to choose), pause or resume,
 * delete; its pattern per week of the menu cycle, meal by meal (pattern-week.tsx); its coming days,
 * each to skip (or a whole week while one of its days is still to come); what happened to the days
 * already placed or refused.
 */
import type { StandingOrdersResponse, StandingOrderView } from '@servery/contracts/standing-orders';
import { weekCanBeSkipped } from '@servery/domain/standing-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import type { ChildStandingProps } from './child-standing';
import { CardChoice } from './card-choice';
import { PatternWeek } from './pattern-week';
import { deleteStandingOrder, skipStanding, updateStanding } from './standing-api';
import { longDay, mondayOf, weekRange } from './standing-format';
import { StandingHistory } from './standing-history';

type PanelProps = ChildStandingProps & {
  standing: StandingOrderView;
  name: string;
  cycle: StandingOrdersResponse['cycle'];
  menus: StandingOrdersResponse['menus'];
};

export function StandingOrderPanel(props: PanelProps) {
  const { client, credentials, child, standing, name, queryKey, cards, cycle, menus } = props;
  const { t } = useTranslation();
  const { locale } = useLocale();
  const queries = useQueryClient();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queries.invalidateQueries({ queryKey });
  const update = useMutation({
    mutationFn: (body: { paused?: boolean; paymentCardId?: string }) => updateStanding(client, credentials, child.id, body),
    onSuccess: refresh,
  });
  const skip = useMutation({
    mutationFn: (body: { date: string; scope: 'day' | 'week'; skip: boolean }) => skipStanding(client, credentials, child.id, body),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: () => deleteStandingOrder(client, credentials, child.id), onSuccess: refresh });
  const failure = update.error ?? skip.error ?? remove.error;
  const busy = update.isPending || skip.isPending || remove.isPending;
  const weeks = [...new Set(standing.upcoming.map((day) => mondayOf(day.date)))];

  return (
    <section className="standing-order" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('standing.orderTitle', { name })}</h3>
      <p>
        {standing.paused ? t('standing.paused') : t('standing.active')}{' '}
        {standing.card ? t('standing.paidWith', { brand: standing.card.brand, last4: standing.card.last4 }) : t('standingEdit.cardGone')}
      </p>
      <CardChoice cards={cards} standing={standing} busy={busy} onChoose={(paymentCardId) => update.mutate({ paymentCardId })} />
      {cycle.weeks > 1 && <p>{t('standingEdit.cycleLead', { count: cycle.weeks })}</p>}
      {standing.weeks.map((week) => (
        <PatternWeek
          key={week.week}
          client={client}
          credentials={credentials}
          studentId={child.id}
          week={week}
          version={standing.version}
          mealsPerDay={props.mealsPerDay}
          menus={menus.filter((entry) => entry.week === week.week)}
          cycle={cycle}
          queryKey={queryKey}
        />
      ))}
      <div className="button-row">
        <button type="button" className="button" disabled={busy} onClick={() => update.mutate({ paused: !standing.paused })}>
          {standing.paused ? t('standing.resume') : t('standing.pause')}
        </button>
        {confirming ? (
          <>
            <button type="button" className="button button--primary" disabled={busy} onClick={() => remove.mutate()}>
              {t('standing.deleteConfirm')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('standing.keep')}
            </button>
          </>
        ) : (
          <button type="button" className="button" disabled={busy} onClick={() => setConfirming(true)}>
            {t('standing.delete')}
          </button>
        )}
      </div>
      {failure && (
        <p className="inline-error" role="alert">
          {errorMessage(t, failure)}
        </p>
      )}
      <h4>{t('standing.upcomingTitle')}</h4>
      {standing.upcoming.length === 0 ? (
        <p>{t('standing.noUpcoming')}</p>
      ) : (
        weeks.map((monday) => {
          const weekSkipped = standing.skippedWeeks.includes(monday);
          const range = weekRange(monday, locale);
          const days = standing.upcoming.filter((day) => mondayOf(day.date) === monday);
          return (
            <div key={monday} className="standing-upcoming-week">
              <ul className="standing-list">
                {days.map((day) => {
                  const label = longDay(day.date, locale);
                  const daySkipped = standing.skippedDates.includes(day.date);
                  return (
                    <li key={day.date} className="standing-day">
                      <span>
                        {t('standing.dayIs', { day: label })} <strong>{t(`standing.state.${day.state}`)}</strong>
                      </span>
                      {(day.state === 'skipped' && daySkipped) ||
                      day.state === 'due' ||
                      day.state === 'scheduled' ||
                      day.state === 'paused' ? (
                        <button
                          type="button"
                          className="button standing-day__skip"
                          disabled={busy}
                          onClick={() => skip.mutate({ date: day.date, scope: 'day', skip: !daySkipped })}
                        >
                          {daySkipped ? t('standing.unskipDay', { day: label }) : t('standing.skipDay', { day: label })}
                        </button>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              {weekCanBeSkipped(days, weekSkipped) && (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => skip.mutate({ date: monday, scope: 'week', skip: !weekSkipped })}
                >
                  {weekSkipped ? t('standing.unskipWeek', { week: range }) : t('standing.skipWeek', { week: range })}
                </button>
              )}
            </div>
          );
        })
      )}
      <StandingHistory history={standing.history} money={(cents) => formatMoney(cents, locale)} />
    </section>
  );
}
