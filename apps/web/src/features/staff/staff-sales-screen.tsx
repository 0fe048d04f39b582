import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { CsvButton, DatedReport } from './dated-report';
import { SalesChart, type ChartBar } from './sales-chart';
import { StaffGate, type StaffAccess } from './staff-access';
import { getSales, getSalesCsv } from './staff-api';

/**
 * /{slug}/staff/sales?date=&to=: a day's or a period's sales from the stored orders, with charts by
 * day and by hour and the CSV (owners and managers).
 */
export function StaffSalesScreen() {
  const { t } = useTranslation();
  return (
    <StaffGate area="sales" title={t('staff.sales.title')}>
      {(access) => <Sales access={access} />}
    </StaffGate>
  );
}

function Sales({ access }: { access: StaffAccess }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { caller } = access;
  const money = (cents: number) => formatMoney(cents, locale);
  // What is taken off reads as negative; nothing taken off reads as zero, not minus zero.
  const minus = (cents: number) => (cents === 0 ? money(0) : money(-cents));
  return (
    <section aria-labelledby="staff-title" className="staff-sales">
      <h1 id="staff-title">{t('staff.sales.title')}</h1>
      <DatedReport
        name="sales"
        caller={caller}
        dayLabel={t('staff.sales.from')}
        toLabel={t('staff.sales.to')}
        upToToday
        load={(period, signal) => getSales(caller, period, signal)}
        loadCsv={(period) => getSalesCsv(caller, period)}
      >
        {(sales, csv) => (
          <>
            <section aria-labelledby="sales-totals-title">
              <h2 id="sales-totals-title">
                {sales.to === sales.date
                  ? t('staff.sales.totals', { date: longDay(sales.date, locale) })
                  : t('staff.sales.totalsPeriod', { from: longDay(sales.date, locale), to: longDay(sales.to, locale) })}
              </h2>
              {sales.vendor && <p>{t('staff.sales.vendorLead', { vendor: sales.vendor.name })}</p>}
              <dl className="staff-sales__lines">
                <Line label={t('staff.sales.orders')} value={String(sales.orders)} />
                <Line label={t('staff.sales.items')} value={String(sales.items)} />
                <Line label={t('staff.sales.subtotal')} value={money(sales.subtotal)} />
                <Line label={t('staff.sales.discounts')} value={minus(sales.discounts)} />
                <Line label={t('staff.sales.serviceCharges')} value={money(sales.serviceCharges)} />
                <Line label={t('staff.sales.deliveryCharges')} value={money(sales.deliveryCharges)} />
                {sales.taxes.map((tax) => (
                  <Line key={tax.key} label={tax.label} value={money(tax.amount)} />
                ))}
                <Line label={t('staff.sales.tips')} value={money(sales.tips)} />
                <Line label={t('staff.sales.total')} value={money(sales.total)} strong />
                {sales.tenders.map((tender) => (
                  <Line key={tender.tender} label={tenderName(tender.tender, t)} value={money(tender.amount)} />
                ))}
                <Line label={t('staff.sales.refunds', { count: sales.refunds.orders })} value={minus(sales.refunds.amount)} />
                <Line label={t('staff.sales.net')} value={money(sales.net)} strong />
                <Line label={t('staff.sales.cancelled', { count: sales.cancelled.orders })} value={money(sales.cancelled.amount)} />
                {sales.credited.orders > 0 && (
                  <Line label={t('staff.sales.credited', { count: sales.credited.orders })} value={money(sales.credited.amount)} />
                )}
              </dl>
            </section>
            <CountTable
              id="sales-by-type"
              title={t('staff.sales.byType')}
              head={t('staff.sales.type')}
              rows={sales.byType.map((entry) => ({ key: entry.type, name: t(`staff.types.${entry.type}`, entry.type), ...entry }))}
              money={money}
            />
            <CountTable
              id="sales-by-hour"
              title={t('staff.sales.byHour')}
              head={t('staff.sales.hour')}
              chart={everyHour(sales.byHour)}
              rows={sales.byHour.map((entry) => ({ key: String(entry.hour), name: hourName(entry.hour), ...entry }))}
              money={money}
            />
            {sales.byDay.length > 1 && (
              <CountTable
                id="sales-by-day"
                title={t('staff.sales.byDay')}
                head={t('staff.sales.day')}
                chart={sales.byDay.map((entry) => ({ key: entry.date, label: shortDay(entry.date, locale), ...entry }))}
                rows={sales.byDay.map((entry) => ({ key: entry.date, name: longDay(entry.date, locale), ...entry }))}
                money={money}
              />
            )}
            <CsvButton csv={csv} label={t('staff.sales.download')} />
          </>
        )}
      </DatedReport>
    </section>
  );
}

const hourName = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Every hour of the day, those without a sale at zero: the chart's axis. */
function everyHour(byHour: ReadonlyArray<{ hour: number; orders: number; amount: number }>): ChartBar[] {
  const sold = new Map(byHour.map((entry) => [entry.hour, entry]));
  return Array.from({ length: 24 }, (_, hour) => ({ key: String(hour), label: hourName(hour), orders: 0, amount: 0, ...sold.get(hour) }));
}

/** "Nov 24" / "24 nov.": a day under a bar. */
function shortDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** "January 5, 2026" / "5 janvier 2026": the calendar day itself, whatever the browser's zone. */
function longDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

function tenderName(tender: string, t: TFunction): string {
  if (tender.startsWith('payment:')) return t(`checkout.payment.methods.${tender.slice('payment:'.length)}`, tender);
  return t(`staff.sales.tenders.${tender}`, tender);
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'staff-sales__line staff-sales__line--total' : 'staff-sales__line'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function CountTable({
  id,
  title,
  head,
  chart,
  rows,
  money,
}: {
  id: string;
  title: string;
  head: string;
  /** Bars above the table, when the figures read better as a shape (hours, days). */
  chart?: ChartBar[];
  rows: Array<{ key: string; name: string; orders: number; amount: number }>;
  money: (cents: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {chart && rows.length > 0 && <SalesChart title={title} bars={chart} money={money} />}
      {rows.length === 0 ? (
        <p>{t('staff.sales.none')}</p>
      ) : (
        <table className="staff-sales__table">
          <thead>
            <tr>
              <th scope="col">{head}</th>
              <th scope="col">{t('staff.sales.orders')}</th>
              <th scope="col">{t('staff.sales.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                <td>{row.orders}</td>
                <td>{money(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
