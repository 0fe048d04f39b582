import { canCloseTab } from '@servery/domain/event-suites';
import type { OperatorEventSuite, SuiteEvent, SuiteTab } from '@servery/contracts/suites';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { errorMessage } from '../../lib/error-message';
import { useApiClient } from '../../lib/use-api-client';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { closeTab } from './operator-api';
import type { SignedInOperator } from './require-operator';
import { localizedName } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';

/**
 * The operator closes a suite's tab before the event's end, once confirmed (from event day on; the
 * server's clock closes it at the end anyway), and it is settled by the suite's payment preference.
 * After a failed charge, the same call charges again. `onClosed` hears the suite as it is after.
 */
export function CloseTab({
  operator,
  slug,
  event,
  zone,
  suite,
  tab,
  onClosed,
}: {
  operator: SignedInOperator;
  slug: string;
  event: SuiteEvent;
  zone: string;
  suite: OperatorEventSuite;
  tab: SuiteTab;
  onClosed: (suite: OperatorEventSuite) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useApiClient();
  const now = useNow();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const retry = tab.closed && tab.settlement?.status === 'failed';
  if (!retry && (tab.closed || !canCloseTab(event, zone, now))) return null;
  const close = async () => {
    setAsking(false);
    setBusy(true);
    setFailure(null);
    try {
      onClosed((await closeTab(client, operator.credentials, slug, { eventId: event.id, suiteId: suite.suite.id })).eventSuite);
    } catch (error) {
      setFailure(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };
  const preference = tab.event_day_payment_preference;
  return (
    <>
      <button type="button" className="button" disabled={busy} onClick={() => (retry ? void close() : setAsking(true))}>
        {retry ? t('operator.chargeAgain') : t('operator.closeTab')}
      </button>
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={t('operator.confirmCloseTitle')}
          question={
            preference
              ? t('operator.confirmClose', {
                  suite: localizedName(suite.suite, locale),
                  preference: t(`operator.preference.${preference}`),
                })
              : t('operator.confirmCloseNoPreference', { suite: localizedName(suite.suite, locale) })
          }
          confirm={t('operator.confirm')}
          onConfirm={() => void close()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
