import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useLocale } from '../../lib/use-locale';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import type { StaffCaller } from './staff-api';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The report's CSV of its day, for its own button (`CsvButton`). */
export interface CsvDownload {
  busy: boolean;
  start: () => void;
}

/** The days a report asks for: its day (`?date=`, else the server's today) and, for a period, its last day (`?to=`). */
export interface ReportPeriod {
  date: string | null;
  to: string | null;
}

const dayOf = (value: string | null) => (value && ISO_DAY.test(value) ? value : null);

/**
 * A staff report of one day or, with `toLabel`, of a period (the sales, a school's production list):
 * the days are in the address (`?date=`, else the server's today; `?to=`), chosen with date fields;
 * the report loads with a spinner, says a failure with a retry, and downloads as
 * `<name>-<slug>-<date>.csv` (`<date>_<to>` for a period).
 */
export function DatedReport<T extends { date: string; to?: string }>({
  name,
  caller,
  dayLabel,
  toLabel,
  upToToday = false,
  load,
  loadCsv,
  children,
}: {
  /** The report's name: its fields' ids (`<name>-day`, `<name>-to`), its cache key and its file's name. */
  name: string;
  caller: StaffCaller;
  dayLabel: string;
  /** The label of the period's last day; without it the report is of one day. */
  toLabel?: string;
  /** Without a day in the address, the fields offer no day after the report's (today). */
  upToToday?: boolean;
  load: (period: ReportPeriod, signal: AbortSignal) => Promise<T>;
  loadCsv: (period: { date: string; to: string | null }) => Promise<string>;
  children: (report: T, csv: CsvDownload) => ReactNode;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  const date = dayOf(params.get('date'));
  const to = toLabel ? dayOf(params.get('to')) : null;
  const query = useQuery({
    queryKey: queryKeys.staff.report(name, caller.slug, caller.credentials.userId, locale, date, to),
    queryFn: ({ signal }) => load({ date, to }, signal),
  });
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download(report: T) {
    setFailure(null);
    setDownloading(true);
    const last = report.to && report.to !== report.date ? report.to : null;
    try {
      const csv = await loadCsv({ date: report.date, to: last });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${name}-${caller.slug}-${report.date}${last ? `_${last}` : ''}.csv`;
      link.click();
      // The click has started the download; the URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      setFailure(errorMessage(t, error));
    } finally {
      setDownloading(false);
    }
  }

  const report = query.isSuccess ? query.data : null;
  // Today, as the server answered it for a report asked without a day.
  const latest = upToToday && report && !date ? (report.to ?? report.date) : undefined;
  const choose = (next: ReportPeriod) =>
    setParams(Object.fromEntries(Object.entries(next).filter((entry): entry is [string, string] => entry[1] !== null)), { replace: true });
  return (
    <>
      <div className="staff-sales__day">
        <label className="form-field__label" htmlFor={`${name}-day`}>
          {dayLabel}
        </label>
        <input
          id={`${name}-day`}
          type="date"
          className="text-input"
          value={date ?? report?.date ?? ''}
          max={latest}
          onChange={(event) => {
            const value = event.target.value;
            // A first day after the period's last makes it that one day.
            if (ISO_DAY.test(value)) choose({ date: value, to: to !== null && to < value ? null : to });
          }}
        />
        {toLabel && (
          <>
            <label className="form-field__label" htmlFor={`${name}-to`}>
              {toLabel}
            </label>
            <input
              id={`${name}-to`}
              type="date"
              className="text-input"
              value={to ?? report?.to ?? ''}
              min={date ?? report?.date}
              max={latest}
              onChange={(event) => {
                const value = event.target.value;
                if (ISO_DAY.test(value)) choose({ date: date ?? report?.date ?? null, to: value });
              }}
            />
          </>
        )}
      </div>
      {failure && <p role="alert">{failure}</p>}
      {query.isLoading && <Spinner />}
      {query.isError && (
        <div role="alert">
          <p>{errorMessage(t, query.error)}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('staff.retry')}
          </button>
        </div>
      )}
      {report && children(report, { busy: downloading, start: () => void download(report) })}
    </>
  );
}

export function CsvButton({ csv, label }: { csv: CsvDownload; label: string }) {
  return (
    <div className="button-row">
      <button type="button" className="button" disabled={csv.busy} onClick={csv.start}>
        {label}
      </button>
    </div>
  );
}
