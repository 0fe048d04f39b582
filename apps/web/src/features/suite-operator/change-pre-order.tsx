import type { OperatorEventSuite, SuiteEvent } from '@servery/contracts/suites';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useApiClient } from '../../lib/use-api-client';
import { changePreOrder } from './operator-api';
import type { SignedInOperator } from './require-operator';

/**
 * The operator changes a suite's pre-order, before or after the lock: new quantities for its lines (0
 * takes one out) and the reason, which the suite's activity keeps (use-cases/suites/pre-order-change.ts).
 * Folded until opened; `onChanged` hears the suite as it is after.
 */
export function ChangePreOrder({
  operator,
  slug,
  event,
  suite,
  onChanged,
}: {
  operator: SignedInOperator;
  slug: string;
  event: SuiteEvent;
  suite: OperatorEventSuite;
  onChanged: (suite: OperatorEventSuite, orderNumber: number) => void;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const preOrder = suite.preOrder;
  const lines = (preOrder?.lines ?? []).filter((line): line is typeof line & { orderId: number } => line.orderId !== undefined);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reasonMissing, setReasonMissing] = useState(false);
  // One key per change: a retry of the same change after a lost answer is not placed twice.
  const [attempt, setAttempt] = useState(() => crypto.randomUUID());
  if (!preOrder || lines.length === 0) return null;
  const idBase = `change-${suite.eventSuiteId}`;

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setFailure(null);
    if (reason.trim().length < 3) {
      setReasonMissing(true);
      return;
    }
    setReasonMissing(false);
    setBusy(true);
    try {
      const body = {
        lines: lines.map((line) => ({ orderId: line.orderId, quantity: Number(quantities[line.orderId] ?? line.quantity) })),
        reason: reason.trim(),
      };
      const answer = await changePreOrder(
        client,
        operator.credentials,
        slug,
        { eventId: event.id, suiteId: suite.suite.id },
        body,
        attempt,
      );
      setAttempt(crypto.randomUUID());
      setQuantities({});
      setReason('');
      onChanged(answer.eventSuite, answer.orderNumber);
    } catch (error) {
      setFailure(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="operator-change">
      <summary>{t('preOrderChange.open')}</summary>
      <form className="operator-form" onSubmit={(formEvent) => void submit(formEvent)} noValidate>
        <p>{t('preOrderChange.intro', { number: preOrder.number })}</p>
        {lines.map((line) => (
          <div key={line.orderId} className="operator-change__line">
            <label htmlFor={`${idBase}-${line.orderId}`}>{t('preOrderChange.quantityOf', { name: line.name })}</label>
            <input
              id={`${idBase}-${line.orderId}`}
              className="text-input"
              type="number"
              inputMode="numeric"
              min={0}
              max={999}
              value={quantities[line.orderId] ?? String(line.quantity)}
              onChange={(change) => setQuantities({ ...quantities, [line.orderId]: change.target.value })}
            />
          </div>
        ))}
        <label htmlFor={`${idBase}-reason`}>{t('preOrderChange.reason')}</label>
        <textarea
          id={`${idBase}-reason`}
          className="text-input"
          required
          maxLength={300}
          aria-invalid={reasonMissing}
          aria-describedby={reasonMissing ? `${idBase}-reason-error` : undefined}
          value={reason}
          onChange={(change) => setReason(change.target.value)}
        />
        {reasonMissing && (
          <p id={`${idBase}-reason-error`} className="field-error">
            {t('preOrderChange.reasonRequired')}
          </p>
        )}
        {failure && (
          <p role="alert" className="field-error">
            {failure}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('preOrderChange.save')}
          </button>
        </div>
      </form>
    </details>
  );
}
