/**
 * One week of the school's menu cycle in a standing order (decision 0122): each weekday that week's
 * menus serve, with the meals the order places on it, each to change or remove, and a meal to add
 * from that day's menu. Each change is saved at once for that weekday alone, from the standing order's
 * version this page read: when another tab or window saved first (STANDING_ORDER_CHANGED) the order is
 * reloaded and the message says so, under the day.
 */
import type { StandingLine, StandingOrderView, StandingOrdersResponse, StandingWeekday } from '@servery/contracts/standing-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiClient } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import type { SessionCredentials } from '../../lib/session';
import { MealForm } from './meal-form';
import { saveStandingDay } from './standing-api';
import { WEEKDAYS } from './standing-format';

export interface PatternWeekProps {
  client: ApiClient;
  credentials: SessionCredentials;
  studentId: number;
  week: StandingOrderView['weeks'][number];
  /** The standing order's version as read: each save sends it back. */
  version: number;
  mealsPerDay: StandingOrdersResponse['mealsPerDay'];
  /** That week's menus, per weekday. */
  menus: StandingOrdersResponse['menus'];
  cycle: StandingOrdersResponse['cycle'];
  queryKey: readonly unknown[];
}

type Editing = { weekday: StandingWeekday; index: number | null } | null;

const isConflict = (error: unknown) => isApiError(error) && error.error === 'STANDING_ORDER_CHANGED';

export function PatternWeek({ client, credentials, studentId, week, version, mealsPerDay, menus, cycle, queryKey }: PatternWeekProps) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const id = useId();
  const [editing, setEditing] = useState<Editing>(null);
  const save = useMutation({
    mutationFn: ({ weekday, lines }: { weekday: StandingWeekday; lines: StandingLine[] }) =>
      saveStandingDay(client, credentials, { studentId, week: week.week, weekday }, { lines, version }),
    onSuccess: async () => {
      setEditing(null);
      await queries.invalidateQueries({ queryKey });
    },
    onError: async (error) => {
      if (!isConflict(error)) return;
      // Saved elsewhere first: show the order as it is now (the form would edit what is gone).
      setEditing(null);
      await queries.invalidateQueries({ queryKey });
    },
  });
  // The closed form's Save had the focus: it goes to the message, so a keyboard user is not left nowhere.
  const conflictDay = isConflict(save.error) ? save.variables?.weekday : undefined;
  useEffect(() => {
    if (conflictDay) document.getElementById(`${id}-${conflictDay}-error`)?.focus();
  }, [conflictDay, id, save.submittedAt]);
  const weekdays = WEEKDAYS.filter(
    (weekday) => menus.some((entry) => entry.weekday === weekday) || (week.pattern[weekday]?.length ?? 0) > 0,
  );
  const title =
    cycle.weeks > 1
      ? `${t('standingEdit.cycleWeek', { week: week.week, count: cycle.weeks })}${week.week === cycle.current ? ` ${t('standingEdit.thisWeek')}` : ''}`
      : t('standingEdit.everyWeek');

  return (
    <section className="standing-cycle-week" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{title}</h4>
      <dl className="standing-pattern">
        {weekdays.map((weekday) => {
          const lines = week.pattern[weekday] ?? [];
          const named = week.days.find((day) => day.weekday === weekday)?.lines ?? [];
          const items = menus.find((entry) => entry.weekday === weekday)?.items ?? [];
          const day = t(`standing.weekday.${weekday}`);
          const where = { day: t(`standingEdit.dayInText.${weekday}`), week: week.week };
          const editingHere = editing?.weekday === weekday;
          const saveLines = (next: StandingLine[]) => save.mutate({ weekday, lines: next });
          return (
            <div key={weekday}>
              <dt>{day}</dt>
              <dd>
                {lines.length === 0 ? (
                  <p className="standing-line__none">{t('standingEdit.noLunch')}</p>
                ) : (
                  <ul className="standing-lines">
                    {lines.map((line, index) => {
                      const name = named[index];
                      const label = name
                        ? `${line.quantity > 1 ? `${line.quantity} × ` : ''}${name.name}${name.options.length ? ` (${name.options.join(', ')})` : ''}`
                        : '';
                      return (
                        <li key={`${line.id}-${index}`} className="standing-line">
                          <span>{label}</span>
                          <span className="standing-line__actions">
                            <button
                              type="button"
                              className="button"
                              disabled={save.isPending}
                              aria-label={t('standingEdit.changeLabel', { ...where, item: name?.name ?? '' })}
                              onClick={() => {
                                save.reset();
                                setEditing({ weekday, index });
                              }}
                            >
                              {t('standingEdit.change')}
                            </button>
                            <button
                              type="button"
                              className="button"
                              disabled={save.isPending}
                              aria-label={t('standingEdit.removeLabel', { ...where, item: name?.name ?? '' })}
                              onClick={() => saveLines(lines.filter((_, at) => at !== index))}
                            >
                              {t('standingEdit.remove')}
                            </button>
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                )}
                {editingHere ? (
                  <MealForm
                    legend={editing.index === null ? t('standingEdit.addLegend', where) : t('standingEdit.changeLegend', where)}
                    items={items}
                    line={editing.index === null ? null : (lines[editing.index] ?? null)}
                    otherMeals={lines.reduce(
                      (sum, line, at) =>
                        at !== editing.index && items.some((item) => item.id === line.id && item.meal) ? sum + line.quantity : sum,
                      0,
                    )}
                    mealsPerDay={mealsPerDay}
                    busy={save.isPending}
                    onCancel={() => {
                      save.reset();
                      setEditing(null);
                    }}
                    onSave={(line) =>
                      saveLines(editing.index === null ? [...lines, line] : lines.map((entry, at) => (at === editing.index ? line : entry)))
                    }
                  />
                ) : (
                  items.length > 0 && (
                    <button
                      type="button"
                      className="button"
                      disabled={save.isPending}
                      aria-label={t('standingEdit.addLabel', where)}
                      onClick={() => {
                        save.reset();
                        setEditing({ weekday, index: null });
                      }}
                    >
                      {t('standingEdit.add')}
                    </button>
                  )
                )}
                {save.error && save.variables?.weekday === weekday && (
                  <p id={`${id}-${weekday}-error`} className="inline-error" role="alert" tabIndex={-1}>
                    {errorMessage(t, save.error)}
                  </p>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
