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

/**
 * A staff report of one day (the sales, a school's production list): the day is in the address
 * (`?date=`, else the server's today), chosen with a date field; the report loads with a spinner,
 * says a failure with a retry, and downloads as `<name>-<slug>-<date>.csv`.
 */
export function DatedReport<T extends { date: string }>({
  name,
  caller,
  dayLabel,
  upToToday = false,
  load,
  loadCsv,
  children,
}: {
  /** The report's name: its field's id (`<name>-day`), its cache key and its file's name. */
  name: string;
  caller: StaffCaller;
  dayLabel: string;
  /** Without a day in the address, the field offers no day after the report's (today). */
  upToToday?: boolean;
  load: (date: string | null, signal: AbortSignal) => Promise<T>;
  loadCsv: (date: string) => Promise<string>;
  children: (report: T, csv: CsvDownload) => ReactNode;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = asked && ISO_DAY.test(asked) ? asked : null;
  const query = useQuery({
    queryKey: queryKeys.staff.report(name, caller.slug, caller.credentials.userId, locale, date),
    queryFn: ({ signal }) => load(date, signal),
  });
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download(day: string) {
    setFailure(null);
    setDownloading(true);
    try {
      const csv = await loadCsv(day);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${name}-${caller.slug}-${day}.csv`;
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
          max={upToToday && report && !date ? report.date : undefined}
          onChange={(event) => {
            const value = event.target.value;
            if (ISO_DAY.test(value)) setParams({ date: value }, { replace: true });
          }}
        />
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
      {report && children(report, { busy: downloading, start: () => void download(report.date) })}
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
