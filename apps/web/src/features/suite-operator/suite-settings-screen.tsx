import type { ActiveEvent, EventDayPaymentPreference, OperatorEventSuite } from '@servery/contracts/suites';
import { dollarsToCents } from '@servery/domain/money';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { pathTo } from '../../lib/route-paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useEventDaySettings } from './use-event-day-settings';
import { ActiveEvents, EventName, SuiteStatus } from './operator-parts';
import { OPERATOR_QUERY, RequireOperator, type SignedInOperator } from './require-operator';
import './operator.css';
import { localizedName } from '../../lib/localize';

/**
 * /{slug}/suite-settings?event=…&suite=… (SuiteSettings): one suite's event-day payment preference
 * (charge or invoice, confirmed, fixed once submitted) and tab limit (changed or removed, confirmed).
 */
export function SuiteSettingsScreen() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  useDocumentTitle(t('screens.SuiteSettings.title'));
  return (
    <RequireOperator>
      {(operator, slug) => (
        <section className="operator-screen" aria-labelledby="screen-title">
          <h1 id="screen-title">{t('screens.SuiteSettings.title')}</h1>
          <ActiveEvents operator={operator} slug={slug}>
            {(data) => {
              const entry = data.events.find(({ event }) => String(event.id) === query.get('event'));
              const suite = entry?.suites.find((candidate) => String(candidate.suite.id) === query.get('suite'));
              if (!entry || !suite) return <p>{t('operator.suiteNotFound')}</p>;
              return <Settings operator={operator} slug={slug} entry={entry} initial={suite} />;
            }}
          </ActiveEvents>
          <Link to={`${pathTo('OperatorEventList', { restaurantSlug: slug })}?${OPERATOR_QUERY}`}>{t('operator.backToEvents')}</Link>
        </section>
      )}
    </RequireOperator>
  );
}

function Settings({
  operator,
  slug,
  entry,
  initial,
}: {
  operator: SignedInOperator;
  slug: string;
  entry: ActiveEvent;
  initial: OperatorEventSuite;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  const [preference, setPreference] = useState<EventDayPaymentPreference | null>(initial.tab.event_day_payment_preference);
  const [limitText, setLimitText] = useState(initial.tab.limit === null ? '' : (initial.tab.limit / 100).toFixed(2));
  const [limitError, setLimitError] = useState<string | null>(null);
  const { suite, pending, setPending, failure, setFailure, notice, save } = useEventDaySettings(operator, slug, entry, initial);
  const submitted = suite.tab.preference_submitted;

  const askLimit = () => {
    const cents = dollarsToCents(limitText.replace(/^\$/, '').trim());
    if (limitText.trim() === '' || cents === null || cents < 0) {
      setLimitError(t('operator.limitInvalid'));
      document.getElementById(`${id}-limit`)?.focus();
      return;
    }
    setLimitError(null);
    setPending({ kind: 'limit', cents });
  };

  return (
    <div className="operator-card">
      <h2>
        {localizedName(suite.suite, locale)} · <EventName event={entry.event} />
      </h2>
      <SuiteStatus suite={suite} />

      <form className="operator-form" onSubmit={(event) => event.preventDefault()}>
        <fieldset disabled={submitted}>
          <legend>{t('operator.preferenceTitle')}</legend>
          {(['charge', 'invoice'] as const).map((value) => (
            <label key={value} className="operator-choice">
              <input
                type="radio"
                name={`${id}-preference`}
                value={value}
                checked={preference === value}
                onChange={() => setPreference(value)}
              />
              <span>{t(`operator.preference.${value}`)}</span>
            </label>
          ))}
          {submitted ? (
            <p>{t('operator.preferenceFixed')}</p>
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={() => (preference ? setPending({ kind: 'preference', preference }) : setFailure(t('operator.choosePreference')))}
            >
              {t('operator.submitPreference')}
            </button>
          )}
        </fieldset>

        <fieldset>
          <legend>{t('operator.limitTitle')}</legend>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-limit`}>
              {t('operator.limitLabel')}
            </label>
            <input
              id={`${id}-limit`}
              className="text-input"
              inputMode="decimal"
              value={limitText}
              aria-invalid={limitError ? true : undefined}
              aria-describedby={limitError ? `${id}-limit-error` : undefined}
              onChange={(event) => setLimitText(event.target.value)}
            />
            {limitError && (
              <p id={`${id}-limit-error`} className="field-error">
                {limitError}
              </p>
            )}
          </div>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={askLimit}>
              {t('operator.saveLimit')}
            </button>
            {suite.tab.limit !== null && (
              <button type="button" className="button" onClick={() => setPending({ kind: 'limit', cents: null })}>
                {t('operator.removeLimit')}
              </button>
            )}
          </div>
        </fieldset>
      </form>
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      <p role="status">{notice}</p>

      {pending && (
        <ConfirmDialog
          title={pending.kind === 'preference' ? t('operator.confirmPreferenceTitle') : t('operator.confirmLimitTitle')}
          question={
            pending.kind === 'preference'
              ? t('operator.confirmPreference', {
                  preference: t(`operator.preference.${pending.preference}`),
                  suite: localizedName(suite.suite, locale),
                })
              : pending.cents === null
                ? t('operator.confirmRemoveLimit', { suite: localizedName(suite.suite, locale) })
                : t('operator.confirmLimit', { limit: formatMoney(pending.cents, locale), suite: localizedName(suite.suite, locale) })
          }
          confirm={t('operator.confirm')}
          onConfirm={() => void save(pending)}
          onCancel={() => setPending(null)}
        />
      )}
    </div>
  );
}
