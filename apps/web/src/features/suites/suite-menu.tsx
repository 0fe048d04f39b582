/**
 * The suite's word on its menu (ordering/plugins.tsx `SuiteMenu`): a pre-order whose event has
 * locked says so above the menu and takes nothing more (issue 31 defect 2: a direct `?eventSuite=`
 * link to a locked event looked open until Place order refused), and the cart names the suite and
 * the event it is for (defect 5) and what is left on the suite's tab, saying so when the cart would go
 * over it (suite-cart-tab.tsx).
 */
import type { MinimalEventInfo } from '@servery/contracts/suites';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { formatDateTime, formatEventDay } from '../../lib/format';
import { localizedName, localizedText } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';
import type { EventSuiteView, SuiteMenu, SuiteMenuCart } from '../../ordering';
import { SuiteCartTab } from './suite-cart-tab';

const NO_SUITE: SuiteMenu = { locked: false, notice: null, place: null };

/**
 * Whether a pre-order for the event can no longer be placed or changed: its lock has passed by the
 * app's clock (lib/clock.tsx), so a screen left open across the lock turns too. The owner's view
 * (`state`) is not read: it is the server's word at loading time, and Place order asks the server anyway.
 */
export function preOrderLocked(info: Pick<MinimalEventInfo, 'event'>, now: Date): boolean {
  return now.getTime() >= Date.parse(info.event.pre_order_lock_at);
}

export function useSuiteMenu(suite: EventSuiteView | null, eventDay: boolean, cart: SuiteMenuCart): SuiteMenu {
  const now = useNow();
  if (!suite) return NO_SUITE;
  // Event-day orders go on the tab whatever the pre-order lock says.
  const locked = !eventDay && preOrderLocked(suite.info, now);
  return {
    locked,
    notice: locked ? <SuiteLockNotice info={suite.info} /> : null,
    place: (
      <>
        <SuitePlace info={suite.info} />
        {/* Mounted with the cart screen: the tab is asked each time the cart opens. */}
        <SuiteCartTab restaurantId={cart.restaurantId} suite={suite} total={cart.total} />
      </>
    ),
  };
}

function SuiteLockNotice({ info }: { info: MinimalEventInfo }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <div className="notice notice--warning" role="status">
      <p suppressHydrationWarning>{t('suites.lockNotice', { when: formatDateTime(info.event.pre_order_lock_at, locale, info.zone) })}</p>
    </div>
  );
}

/** "Suite 12 · Lions vs Rangers, Sat, Dec 5": the suite and the event an order is for. */
export function SuitePlace({ info }: { info: Pick<MinimalEventInfo, 'event' | 'eventSuite' | 'zone'> }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <p className="suite-place" suppressHydrationWarning>
      {t('suites.place', {
        suite: localizedName(info.eventSuite.suite, locale),
        event: localizedText(info.event, 'name', locale).text,
        date: formatEventDay(info.event.starts_at, locale, info.zone),
      })}
    </p>
  );
}
