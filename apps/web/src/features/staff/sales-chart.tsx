import { useTranslation } from 'react-i18next';

export interface ChartBar {
  key: string;
  /** Under the bar (only every few are written, so they never overlap). */
  label: string;
  /** Integer cents. */
  amount: number;
  orders: number;
}

/** At most this many labels under the bars: each has room for "23:00" or "24 nov." at 320 px. */
const MAX_LABELS = 4;

/**
 * The sales screen's bar chart (by day of a period, by hour of the day): a CSS grid of bars that
 * takes its column's width, so it never scrolls sideways at 320 px and its labels keep the page's
 * text size. A screen reader hears its title and highest bar; the figures themselves are in the table
 * that follows it (staff-sales-screen.tsx), the way to read them by keyboard. No chart library: a few
 * boxes (a library would be the screen's largest part).
 */
export function SalesChart({ title, bars, money }: { title: string; bars: readonly ChartBar[]; money: (cents: number) => string }) {
  const { t } = useTranslation();
  if (bars.length === 0) return null;
  const highest = bars.reduce((top, bar) => (bar.amount > top.amount ? bar : top), bars[0]!);
  const labelEvery = Math.ceil(bars.length / MAX_LABELS);
  const summary =
    highest.amount > 0
      ? t('staff.sales.chartSummary', { title, amount: money(highest.amount), label: highest.label })
      : t('staff.sales.chartEmpty', { title });
  const columns = { gridTemplateColumns: `repeat(${bars.length}, minmax(0, 1fr))` };
  return (
    <div className="sales-chart" role="img" aria-label={summary}>
      <div className="sales-chart__bars" style={columns}>
        {bars.map((bar) => (
          <div
            key={bar.key}
            className={bar === highest && bar.amount > 0 ? 'sales-chart__bar sales-chart__bar--top' : 'sales-chart__bar'}
            // A sale shows, however small beside the highest.
            style={{ blockSize: highest.amount > 0 && bar.amount > 0 ? `max(2px, ${(bar.amount / highest.amount) * 100}%)` : 0 }}
            title={`${bar.label}: ${money(bar.amount)} (${t('staff.sales.chartOrders', { count: bar.orders })})`}
          />
        ))}
      </div>
      <div className="sales-chart__labels" style={columns}>
        {bars.map((bar, index) =>
          index % labelEvery === 0 ? (
            <span
              key={bar.key}
              className="sales-chart__label"
              style={{ gridColumn: `${index + 1} / span ${Math.min(labelEvery, bars.length - index)}` }}
            >
              {bar.label}
            </span>
          ) : null,
        )}
      </div>
    </div>
  );
}
