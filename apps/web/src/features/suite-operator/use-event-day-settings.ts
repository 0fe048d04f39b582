import type { ActiveEvent, EventDayPaymentPreference, EventDaySettingsRequest, OperatorEventSuite } from '@servery/contracts/suites';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { updateEventDaySettings } from './operator-api';
import type { SignedInOperator } from './require-operator';

/** A change the operator asked for, waiting for their confirmation. */
export type PendingChange = { kind: 'preference'; preference: EventDayPaymentPreference } | { kind: 'limit'; cents: number | null };

/**
 * One suite's event-day settings as the server has them (suite-settings-screen.tsx): the change
 * waiting for confirmation, and `save`, which sends it and says what was saved or why not.
 */
export function useEventDaySettings(operator: SignedInOperator, slug: string, entry: ActiveEvent, initial: OperatorEventSuite) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useApiClient();
  const [suite, setSuite] = useState(initial);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  const save = async (change: PendingChange) => {
    setPending(null);
    setFailure(null);
    const body: EventDaySettingsRequest =
      change.kind === 'preference' ? { event_day_payment_preference: change.preference } : { tab_limit: change.cents };
    try {
      const answer = await updateEventDaySettings(
        client,
        operator.credentials,
        slug,
        { eventId: entry.event.id, suiteId: suite.suite.id },
        body,
      );
      setSuite(answer.eventSuite);
      setNotice(
        change.kind === 'preference'
          ? t('operator.preferenceSaved')
          : change.cents === null
            ? t('operator.limitRemoved')
            : t('operator.limitSaved', { limit: formatMoney(change.cents, locale) }),
      );
    } catch (error) {
      setFailure(errorMessage(t, error));
    }
  };

  return { suite, pending, setPending, failure, setFailure, notice, save };
}
