/**
 * A suite order's rows in the confirmation's facts (order-facts.tsx): the suite and the event it is
 * for, and the delivery to the suite at the chosen time (or as soon as possible), where another order
 * says its pickup time (issue 31 defect 5). The names come with the order's answer (GET /api/orders/:id `suitePlace`),
 * since the order keeps only ids.
 */
import type { OrderView } from '@servery/contracts/orders';
import type { OrderSuitePlace } from '@servery/contracts/suites';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatEventDay } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';

export function SuiteOrderRows({ order, place, zone }: { order: OrderView; place: OrderSuitePlace | null; zone: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const suite = order.suite;
  if (!suite) return null;
  const at = suite.deliverAt ?? order.pickup_time;
  const when = at ? formatDateTime(at, locale, zone) : null;
  const preference = suite.deliveryPreference ? t(`checkout.suite.preference.${suite.deliveryPreference}`) : null;
  // An event-day order placed during the event keeps no instant: it comes as soon as it is ready (decision 0130).
  const delivery =
    (preference && when ? t('suites.deliveryAt', { preference, when }) : (preference ?? when)) ??
    (suite.kind === 'event_day' ? t('suites.deliveryAsap') : null);
  return (
    <>
      {place && (
        <>
          <dt>{t('suites.orderPlace')}</dt>
          <dd suppressHydrationWarning>
            {t('suites.place', {
              suite: place.suite[locale],
              event: place.event[locale],
              date: formatEventDay(place.startsAt, locale, zone),
            })}
          </dd>
        </>
      )}
      {delivery && (
        <>
          <dt>{t('suites.deliveryToSuite')}</dt>
          <dd suppressHydrationWarning>{delivery}</dd>
        </>
      )}
    </>
  );
}
