/**
 * A child's standing weekly order: its pattern and card, pause or resume, delete; its coming days,
 * each to skip (or a whole week); what happened to the days already placed or refused.
 */
import type { StandingOrderView, StandingWeekday } from '@servery/contracts/standing-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import type { ChildStandingProps } from './child-standing';
import { deleteStandingOrder, saveStandingOrder, skipStanding } from './standing-api';
import { longDay, mondayOf, weekRange } from './standing-format';
import { StandingHistory } from './standing-history';

type PanelProps = ChildStandingProps & { standing: StandingOrderView; name: string };

export function StandingOrderPanel({ client, credentials, child, standing, name, queryKey }: PanelProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const queries = useQueryClient();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queries.invalidateQueries({ queryKey });
  const pause = useMutation({
    mutationFn: (paused: boolean) =>
      saveStandingOrder(client, credentials, child.id, { paymentCardId: standing.paymentCardId, pattern: standing.pattern, paused }),
    onSuccess: refresh,
  });
  const skip = useMutation({
    mutationFn: (body: { date: string; scope: 'day' | 'week'; skip: boolean }) => skipStanding(client, credentials, child.id, body),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: () => deleteStandingOrder(client, credentials, child.id), onSuccess: refresh });
  const failure = pause.error ?? skip.error ?? remove.error;
  const busy = pause.isPending || skip.isPending || remove.isPending;
  const weeks = [...new Set(standing.upcoming.map((day) => mondayOf(day.date)))];

  return (
    <section className="standing-order" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('standing.orderTitle', { name })}</h3>
      <p>
        {standing.paused ? t('standing.paused') : t('standing.active')}{' '}
        {standing.card ? t('standing.paidWith', { brand: standing.card.brand, last4: standing.card.last4 }) : t('standing.cardGone')}
      </p>
      <dl className="standing-pattern">
        {standing.days.map((day) => (
          <div key={day.weekday}>
            <dt>{t(`standing.weekday.${day.weekday satisfies StandingWeekday}`)}</dt>
            <dd>
              {day.lines
                .map(
                  (line) =>
                    `${line.quantity > 1 ? `${line.quantity} × ` : ''}${line.name}${line.options.length ? ` (${line.options.join(', ')})` : ''}`,
                )
                .join('; ')}
            </dd>
          </div>
        ))}
      </dl>
      <div className="button-row">
        <button type="button" className="button" disabled={busy} onClick={() => pause.mutate(!standing.paused)}>
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
          return (
            <div key={monday} className="standing-upcoming-week">
              <ul className="standing-list">
                {standing.upcoming
                  .filter((day) => mondayOf(day.date) === monday)
                  .map((day) => {
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
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => skip.mutate({ date: monday, scope: 'week', skip: !weekSkipped })}
              >
                {weekSkipped ? t('standing.unskipWeek', { week: range }) : t('standing.skipWeek', { week: range })}
              </button>
            </div>
          );
        })
      )}
      <StandingHistory history={standing.history} money={(cents) => formatMoney(cents, locale)} />
    </section>
  );
}
