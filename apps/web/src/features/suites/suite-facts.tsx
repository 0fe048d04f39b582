import type { PreOrderState, SuiteEvent, SuiteTab, TabSettlement } from '@servery/contracts/suites';
import type { TFunction } from 'i18next';
import type { Locale } from '../../i18n/locales';
import { LocalizedText } from '../../components/ui/localized';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format';
import { localizedText } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';

/** The event's name in the reader's language (or the base text, marked with its language). */
export function EventName({ event }: { event: SuiteEvent }) {
  const { locale } = useLocale();
  const name = localizedText(event, 'name', locale);
  return <LocalizedText text={name.text} locale={name.locale} />;
}

/**
 * Spec section 4: "modify until {lock}", "locked" or "not submitted", in the words of the operator's
 * badge (suite-operator/operator-parts.tsx): a bare "Not submitted" did not say what was not, and
 * pre-orders closed with none placed (`placed` false; undefined where the page cannot know, a
 * visitor's landing) is said so, not "Locked" as if one were kept.
 */
export function PreOrderStateLine({
  state,
  placed,
  event,
  zone,
}: {
  state: PreOrderState;
  placed?: boolean | undefined;
  event: SuiteEvent;
  zone: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const lock = formatDateTime(event.pre_order_lock_at, locale, zone);
  if (state === 'locked')
    return (
      <p suppressHydrationWarning>
        <span className="suite-state suite-state--locked">{t(placed === false ? 'suites.state.closedNone' : 'suites.state.locked')}</span>{' '}
        {t('suites.lockedSince', { when: lock })}
      </p>
    );
  return (
    <p suppressHydrationWarning>
      <span className="suite-state">{t(state === 'modifiable' ? 'suites.state.modifiable' : 'suites.state.notSubmitted')}</span>{' '}
      {t(state === 'modifiable' ? 'suites.modifyUntil' : 'suites.preOrderUntil', { when: lock })}
    </p>
  );
}

export function EventTimes({ event, zone }: { event: SuiteEvent; zone: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return <p suppressHydrationWarning>{t('suites.eventStarts', { when: formatDateTime(event.starts_at, locale, zone) })}</p>;
}

export function TabLine({ tab }: { tab: SuiteTab }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <>
      <p>
        {tab.limit === null
          ? t('suites.tabNoLimit', { spent: formatMoney(tab.spent, locale) })
          : t('suites.tabRemaining', {
              remaining: formatMoney(tab.remaining ?? 0, locale),
              limit: formatMoney(tab.limit, locale),
            })}
      </p>
      <TabSettlementLine tab={tab} />
    </>
  );
}

/** A closed tab: how it was settled (charged, invoiced, nothing due, waiting for a preference, or a failed charge). */
export function TabSettlementLine({ tab }: { tab: SuiteTab }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (!tab.closed) return null;
  const settlement = tab.settlement;
  if (!settlement) return <p className="suite-settlement">{t('suites.tabClosed')}</p>;
  return (
    <p className={`suite-settlement${settlement.status === 'failed' ? ' suite-settlement--failed' : ''}`}>
      {settlementText(t, locale, settlement)}
    </p>
  );
}

/** "Tab closed: $119.20 charged to VISA ending in 4242.", "Tab closed: invoice INV-3987 for …", … */
export function settlementText(t: TFunction, locale: Locale, settlement: TabSettlement): string {
  const reason = settlement.failure
    ? t(`suites.failure.${settlement.failure}` as 'suites.failure.no_card', { defaultValue: settlement.failure })
    : '';
  return t(`suites.settlement.${settlement.status}`, {
    amount: formatMoney(settlement.amount, locale),
    invoice: settlement.invoice ?? '',
    brand: settlement.card?.brand ?? '',
    last4: settlement.card?.last4 ?? '',
    reason,
  });
}
