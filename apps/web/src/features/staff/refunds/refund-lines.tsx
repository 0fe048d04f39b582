import type { StaffOrder } from '@servery/contracts/staff';
import { refundedUnits } from '@servery/domain/partial-refunds';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';

/** The order's lines, each with the units to give back (none to what is left of it after earlier refunds). */
export function RefundLines({
  order,
  units,
  describedBy,
  onChange,
}: {
  order: StaffOrder;
  units: Record<number, string>;
  describedBy: string | undefined;
  onChange: (lineId: number, value: string) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  const refunded = refundedUnits(order.refunds ?? []);
  return (
    <fieldset aria-describedby={describedBy}>
      <legend>{t('staff.refunds.items')}</legend>
      {order.lines.map((line) => {
        if (line.line_id === undefined) return null;
        const lineId = line.line_id;
        const left = line.quantity - (refunded.get(lineId) ?? 0);
        const inputId = `${id}-line-${lineId}`;
        return (
          <div key={lineId} className="refund-dialog__line">
            <label htmlFor={inputId}>
              {t('staff.refunds.lineLabel', { name: line.name, count: left, amount: formatMoney(line.amount ?? 0, locale) })}
            </label>
            <input
              id={inputId}
              className="text-input refund-dialog__units"
              type="number"
              inputMode="numeric"
              min={0}
              max={left}
              disabled={left <= 0}
              value={units[lineId] ?? ''}
              onChange={(event) => onChange(lineId, event.target.value)}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
