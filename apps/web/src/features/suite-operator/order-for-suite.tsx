import { isEventDay } from '@servery/domain/event-suites';
import type { OperatorEventSuite, SuiteEvent } from '@servery/contracts/suites';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/i18n-context';
import { useNow } from '../../lib/clock';
import { errorMessage } from '../../lib/error-message';
import { pathTo } from '../../lib/route-paths';
import { signIn } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import { loginAsOwner } from './operator-api';
import type { SignedInOperator } from './require-operator';

/**
 * On event day, the operator orders for the suite as its owner (login-as): the owner's session opens
 * with the login-as banner and the menu of the suite's event-day ordering.
 */
export function OrderForSuite({
  operator,
  slug,
  event,
  zone,
  suite,
}: {
  operator: SignedInOperator;
  slug: string;
  event: SuiteEvent;
  zone: string;
  suite: OperatorEventSuite;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useApiClient();
  const now = useNow();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!suite.owner || !isEventDay(event, zone, now)) return null;
  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await loginAsOwner(client, operator.credentials, slug, suite.eventSuiteId);
      signIn(answer, 'login', { loginAs: true });
      const query = new URLSearchParams({ eventSuite: String(suite.eventSuiteId), eventDayOrdering: 'true', suiteOperator: 'true' });
      void navigate(`${pathTo('Menu', { restaurantSlug: slug })}?${query.toString()}`);
    } catch (error) {
      setFailure(errorMessage(t, error));
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void start()}>
        {t('operator.orderFor', { suite: suite.suite.name })}
      </button>
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
    </>
  );
}
