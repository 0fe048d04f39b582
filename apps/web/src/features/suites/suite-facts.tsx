import type { PreOrderState, SuiteEvent, SuiteTab } from '@servery/contracts/suites';
import { LocalizedText } from '../../components/ui/localized';
import { useTranslation } from '../../i18n/i18n-context';
import { formatDateTime, formatMoney } from '../../lib/format';
import { localizedText } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';

/** The event's name in the reader's language (or the base text, marked with its language). */
export function EventName({ event }: { event: SuiteEvent }) {
  const { locale } = useLocale();
  const name = localizedText(event, 'name', locale);
  return <LocalizedText text={name.text} locale={name.locale} />;
}

/** Spec section 4: "modify until {lock}", "locked" or "not submitted". */
export function PreOrderStateLine({ state, event, zone }: { state: PreOrderState; event: SuiteEvent; zone: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const lock = formatDateTime(event.pre_order_lock_at, locale, zone);
  if (state === 'locked')
    return (
      <p suppressHydrationWarning>
        <span className="suite-state suite-state--locked">{t('suites.state.locked')}</span> {t('suites.lockedSince', { when: lock })}
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
  if (tab.limit === null) return <p>{t('suites.tabNoLimit', { spent: formatMoney(tab.spent, locale) })}</p>;
  return (
    <p>
      {t('suites.tabRemaining', {
        remaining: formatMoney(tab.remaining ?? 0, locale),
        limit: formatMoney(tab.limit, locale),
      })}
    </p>
  );
}
