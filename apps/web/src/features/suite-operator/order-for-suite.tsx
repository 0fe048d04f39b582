import { isEventDay } from '@servery/domain/event-suites';
import type { AuthResponse } from '@servery/contracts/accounts';
import type { OperatorEventSuite, SuiteEvent } from '@servery/contracts/suites';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { errorMessage } from '../../lib/error-message';
import { pathTo } from '../../lib/route-paths';
import { useSignInMutation } from '../../lib/session-mutations';
import { rememberLoginAsFrom } from '../../lib/session-storage';
import { useApiClient } from '../../lib/use-api-client';
import { loginAs } from './operator-api';
import { OPERATOR_QUERY, type SignedInOperator } from './require-operator';
import { localizedName } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';

/**
 * On event day, while the suite's tab is open, the operator orders for the suite (login-as): as its
 * owner, or for a guest of the suite who has no account, by name. The session opens with the login-as
 * banner and the menu of the suite's event-day ordering; every order carries the operator's token.
 */
export function OrderForSuite({
  operator,
  slug,
  event,
  zone,
  suite,
  closed,
}: {
  operator: SignedInOperator;
  slug: string;
  event: SuiteEvent;
  zone: string;
  suite: OperatorEventSuite;
  closed: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  const navigate = useNavigate();
  const client = useApiClient();
  const now = useNow();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [guest, setGuest] = useState('');
  const [guestError, setGuestError] = useState<string | null>(null);
  // Login-as: the operator's call opens the guest's session, with the login-as banner.
  const orderAs = useSignInMutation({
    mutationFn: (open: () => Promise<AuthResponse>) => open(),
    onSignedIn: (answer, session) => session.signIn(answer, 'login', { loginAs: true }),
  });
  if (closed || !isEventDay(event, zone, now)) return null;
  const start = async (open: () => Promise<AuthResponse>) => {
    setBusy(true);
    setFailure(null);
    try {
      await orderAs.mutateAsync(open);
      // The login-as banner's way back to this event's suites (features/account/login-as-banner.tsx).
      rememberLoginAsFrom(`${pathTo('OperatorSuiteList', { restaurantSlug: slug, eventId: String(event.id) })}?${OPERATOR_QUERY}`);
      const query = new URLSearchParams({ eventSuite: String(suite.eventSuiteId), eventDayOrdering: 'true', suiteOperator: 'true' });
      void navigate(`${pathTo('Menu', { restaurantSlug: slug })}?${query.toString()}`);
    } catch (error) {
      setFailure(errorMessage(t, error));
      setBusy(false);
    }
  };
  const forGuest = (submitted: FormEvent) => {
    submitted.preventDefault();
    if (guest.trim() === '') {
      setGuestError(t('operator.guestNameRequired'));
      document.getElementById(`${id}-guest`)?.focus();
      return;
    }
    setGuestError(null);
    void start(() => loginAs(client, operator.credentials, slug, suite.eventSuiteId, guest.trim()));
  };
  return (
    <>
      {/* The owner named by the venue has an account (a name) to order as; a guest needs none. */}
      {suite.owner?.name && (
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void start(() => loginAs(client, operator.credentials, slug, suite.eventSuiteId))}
        >
          {t('operator.orderFor', { suite: localizedName(suite.suite, locale) })}
        </button>
      )}
      <form className="operator-guest" onSubmit={forGuest} aria-labelledby={`${id}-guest-title`}>
        <p id={`${id}-guest-title`} className="operator-guest__title">
          {t('operator.orderForGuest')}
        </p>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-guest`}>
            {t('operator.guestName')}
          </label>
          <input
            id={`${id}-guest`}
            className="text-input"
            autoComplete="off"
            maxLength={80}
            value={guest}
            aria-invalid={guestError ? true : undefined}
            aria-describedby={guestError ? `${id}-guest-error` : undefined}
            onChange={(change) => setGuest(change.target.value)}
          />
          {guestError && (
            <p id={`${id}-guest-error`} className="field-error">
              {guestError}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {t('operator.orderForGuestButton')}
        </button>
      </form>
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
    </>
  );
}
