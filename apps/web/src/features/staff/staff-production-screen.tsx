import type { ProductionListResponse } from '@servery/contracts/school';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../i18n/i18n-context';
import { errorMessage } from '../../lib/error-message';
import { useLocale } from '../../lib/use-locale';
import { useResource } from '../../lib/use-resource';
import { StaffGate, type StaffAccess } from './staff-access';
import { getProduction, getProductionCsv } from './staff-api';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /{slug}/staff/production?date=: a school's production list for one day (the kitchen's staff and
 * up): each item's total, to cook, then each class's items, to pack (school, grade, classroom,
 * teacher), with the same list as CSV (GET /api/staff/school/production and production.csv).
 */
export function StaffProductionScreen() {
  const { t } = useTranslation();
  return (
    <StaffGate area="orders" title={t('staff.production.title')}>
      {(access) => <Production access={access} />}
    </StaffGate>
  );
}

function Production({ access }: { access: StaffAccess }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { caller, me } = access;
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = asked && ISO_DAY.test(asked) ? asked : null;
  const school = me.restaurant.k12;
  const { state, reload } = useResource(
    school ? `production:${caller.slug}:${caller.credentials.token}:${locale}:${date ?? 'today'}` : null,
    (signal) => getProduction(caller, date, signal),
  );
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download(list: ProductionListResponse) {
    setFailure(null);
    setDownloading(true);
    try {
      const csv = await getProductionCsv(caller, list.date);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `production-${caller.slug}-${list.date}.csv`;
      link.click();
      // The click has started the download; the URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      setFailure(errorMessage(t, error));
    } finally {
      setDownloading(false);
    }
  }

  const list = state.status === 'ready' ? state.data : null;
  return (
    <section aria-labelledby="staff-title" className="staff-production">
      <h1 id="staff-title">{t('staff.production.title')}</h1>
      {!school ? (
        <p>{t('staff.production.notSchool')}</p>
      ) : (
        <>
          <div className="staff-sales__day">
            <label className="form-field__label" htmlFor="production-day">
              {t('staff.production.day')}
            </label>
            <input
              id="production-day"
              type="date"
              className="text-input"
              value={date ?? list?.date ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                if (ISO_DAY.test(value)) setParams({ date: value }, { replace: true });
              }}
            />
          </div>
          {failure && <p role="alert">{failure}</p>}
          {state.status === 'loading' && <Spinner />}
          {state.status === 'error' && (
            <div role="alert">
              <p>{errorMessage(t, state.error)}</p>
              <button type="button" className="button" onClick={reload}>
                {t('staff.retry')}
              </button>
            </div>
          )}
          {list && <ProductionList list={list} downloading={downloading} onDownload={() => void download(list)} />}
        </>
      )}
    </section>
  );
}

function ProductionList({ list, downloading, onDownload }: { list: ProductionListResponse; downloading: boolean; onDownload: () => void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const day = longDay(list.date, locale);
  if (list.total === 0) return <p>{t('staff.production.nothing', { date: day })}</p>;
  return (
    <>
      <p>{t('staff.production.summary', { count: list.total, date: day })}</p>
      <section aria-labelledby="production-items-title">
        <h2 id="production-items-title">{t('staff.production.byItem')}</h2>
        <CountTable rows={list.items} total={list.total} />
      </section>
      <section aria-labelledby="production-classes-title">
        <h2 id="production-classes-title">{t('staff.production.byClass')}</h2>
        <ul className="staff-production__classes">
          {list.classes.map((entry, index) => (
            <li key={`${entry.school}|${entry.grade}|${entry.classroom}|${entry.teacher}`}>
              <section aria-labelledby={`production-class-${index}`} className="staff-production__class">
                <h3 id={`production-class-${index}`}>
                  {t('staff.production.class', { classroom: entry.classroom, teacher: entry.teacher })}
                </h3>
                <p className="staff-production__where">{t('staff.production.classOf', { school: entry.school, grade: entry.grade })}</p>
                <CountTable rows={entry.items} total={entry.total} />
              </section>
            </li>
          ))}
        </ul>
      </section>
      <div className="button-row">
        <button type="button" className="button" disabled={downloading} onClick={onDownload}>
          {t('staff.production.download')}
        </button>
      </div>
    </>
  );
}

/** Items and how many, with their total on the last line. */
function CountTable({ rows, total }: { rows: ProductionListResponse['items']; total: number }) {
  const { t } = useTranslation();
  return (
    <table className="staff-sales__table staff-production__table">
      <thead>
        <tr>
          <th scope="col">{t('staff.production.item')}</th>
          <th scope="col">{t('staff.production.quantity')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.item}>
            <th scope="row">{row.item}</th>
            <td>{row.quantity}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('staff.production.total')}</th>
          <td>{total}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** "Thursday, December 3, 2026" / "jeudi 3 décembre 2026": the calendar day itself, whatever the browser's zone. */
function longDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
