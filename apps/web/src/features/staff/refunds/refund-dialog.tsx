import type { PartialRefundPreview, PartialRefundRequest, StaffOrder } from '@servery/contracts/staff';
import { typedDollarsToCents } from '@servery/domain/money';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import type { StaffCaller } from '../staff-api';
import { previewRefund, refundOrder } from './refund-api';
import { RefundLines } from './refund-lines';

type Mode = 'lines' | 'amount';

const newKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `refund-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The request the form stands for now, or null while it names nothing to refund. */
function requestOf(mode: Mode, units: Record<number, string>, amount: string): PartialRefundRequest | null {
  if (mode === 'amount') {
    const cents = typedDollarsToCents(amount);
    return cents && cents > 0 ? { amount: cents } : null;
  }
  const lines = Object.entries(units)
    .map(([id, value]) => ({ line_id: Number(id), quantity: Number(value) }))
    .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);
  return lines.length > 0 ? { lines } : null;
}

/**
 * "Refund…" on a charged order (owners and managers; decision 0103): chosen items with their units,
 * or an amount, and a reason. The amount shown is the server's answer for this choice (POST
 * …/refunds/preview), never a sum made here; the refund itself is sent with one Idempotency-Key per
 * choice, so a second click or a retry gives back nothing twice.
 */
export function RefundDialog({
  caller,
  order,
  returnFocusTo,
  onClose,
  onRefunded,
}: {
  caller: StaffCaller;
  order: StaffOrder;
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
  onRefunded: (order: StaffOrder, amount: number) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  const [mode, setMode] = useState<Mode>('lines');
  const [units, setUnits] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<PartialRefundPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [missing, setMissing] = useState<'choice' | 'reason' | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const request = requestOf(mode, units, amount);
  const signature = JSON.stringify(request);

  // The server's amount for this choice, asked again a moment after each change.
  useEffect(() => {
    setPreview(null);
    setFailure(null);
    const body = JSON.parse(signature) as PartialRefundRequest | null;
    if (!body) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      previewRefund(caller, order.id, body, abort.signal).then(setPreview, (caught: unknown) => {
        if (!abort.signal.aborted) setFailure(errorMessage(t, caught));
      });
    }, 250);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [caller, order.id, signature, t]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missingNow = !request ? 'choice' : reason.trim() === '' ? 'reason' : null;
    setMissing(missingNow);
    if (!request || missingNow) return;
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newKey() };
    setBusy(true);
    setFailure(null);
    try {
      const answer = await refundOrder(caller, order.id, { ...request, reason: reason.trim() }, attempt.current.key);
      onRefunded(answer.order, answer.refund.amount);
    } catch (caught) {
      setFailure(errorMessage(t, caught));
    } finally {
      setBusy(false);
    }
  }

  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <ModalDialog
      title={t('staff.refunds.title', { number: order.number })}
      closeLabel={t('staff.refunds.close')}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      className="refund-dialog"
      onSubmit={(event) => void submit(event)}
      busy={busy}
    >
      <div className="item-dialog__body refund-dialog__body">
        <p>{t('staff.refunds.left', { amount: money(order.refundable ?? 0) })}</p>
        <fieldset>
          <legend>{t('staff.refunds.how')}</legend>
          {(['lines', 'amount'] as const).map((value) => (
            <label key={value} className="refund-dialog__choice">
              <input type="radio" name={`${id}-mode`} value={value} checked={mode === value} onChange={() => setMode(value)} />{' '}
              {t(`staff.refunds.mode.${value}`)}
            </label>
          ))}
        </fieldset>
        {mode === 'lines' ? (
          <RefundLines
            order={order}
            units={units}
            describedBy={missing === 'choice' ? `${id}-choice` : undefined}
            onChange={(lineId, value) => {
              setUnits((current) => ({ ...current, [lineId]: value }));
              setMissing(null);
            }}
          />
        ) : (
          <div className="refund-dialog__line">
            <label htmlFor={`${id}-amount`}>{t('staff.refunds.amount')}</label>
            <input
              id={`${id}-amount`}
              className="text-input"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              aria-describedby={missing === 'choice' ? `${id}-choice` : undefined}
              onChange={(event) => {
                setAmount(event.target.value);
                setMissing(null);
              }}
            />
          </div>
        )}
        {missing === 'choice' && (
          <p id={`${id}-choice`} className="field-error">
            {t(`staff.refunds.missing.${mode}`)}
          </p>
        )}
        <label htmlFor={`${id}-reason`}>{t('staff.refunds.reason')}</label>
        <input
          id={`${id}-reason`}
          className="text-input"
          value={reason}
          maxLength={200}
          aria-invalid={missing === 'reason' || undefined}
          aria-describedby={missing === 'reason' ? `${id}-reason-error` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(null);
          }}
        />
        {missing === 'reason' && (
          <p id={`${id}-reason-error`} className="field-error">
            {t('staff.refunds.missing.reason')}
          </p>
        )}
        <p className="refund-dialog__total" aria-live="polite">
          {preview ? t('staff.refunds.willRefund', { amount: money(preview.amount) }) : request ? t('staff.refunds.computing') : ''}
        </p>
        {failure && <p role="alert">{failure}</p>}
      </div>
      <div className="item-dialog__footer button-row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {preview ? t('staff.refunds.confirmAmount', { amount: money(preview.amount) }) : t('staff.refunds.confirm')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('staff.refunds.keep')}
        </button>
      </div>
    </ModalDialog>
  );
}
