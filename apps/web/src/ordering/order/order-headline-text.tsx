/**
 * The order status screen's headline, first line and, for a cancelled or refunded order, what went
 * back to the card, in the diner's language (the cases: order-headline.ts). "Today" is the server's
 * (`useServerNow`: the order's answer says the server's time, checkout-confirmation-screen.tsx adopts it).
 */
import type { OrderView } from '@servery/contracts/orders';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../i18n/locales';
import { useServerNow } from '../../lib/clock';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { handOverOf, moneyBack, orderHeadline, sharedStatus } from './order-headline';

export interface HeadlineText {
  title: string;
  lead: string;
  /** "$12.11 was refunded to VISA ending in 4242." or "Nothing was charged."; null when there is nothing to say. */
  money: string | null;
}

/**
 * The words for these orders (one, or a hub checkout's vendor orders under one headline); null until
 * they are loaded. `withMoney`: one order, whose payment is the diner's whole payment.
 */
export function useOrderHeadline(orders: readonly OrderView[] | null, zone: string, withMoney: boolean): HeadlineText | null {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useServerNow();
  const first = orders?.[0];
  if (!orders || !first) return null;
  const status = sharedStatus(orders.map((order) => order.status));
  const headline = orderHeadline(status, handOverOf(first), new Date(first.placed_at), now, zone);
  const date = headline.placedOn ? placedDay(headline.placedOn, locale, headline.withYear) : '';
  const title =
    headline.title === 'placed' ? t('checkout.confirmation.title') : t(`checkout.confirmation.headline.title.${headline.title}`);
  const lead =
    headline.lead === 'thanks' ? t('checkout.confirmation.thanks') : t(`checkout.confirmation.headline.lead.${headline.lead}`, { date });
  const back = withMoney ? moneyBack(first) : null;
  let money: string | null = null;
  if (withMoney && first.credited) money = t('checkout.confirmation.headline.credited', { amount: formatMoney(first.credited, locale) });
  else if (back === 0) money = t('checkout.confirmation.cancel.nothingCharged');
  else if (back !== null) {
    const { brand, last4 } = first.payment;
    const card = brand && last4 ? t('checkout.confirmation.card', { brand, last4 }) : t('checkout.confirmation.cancel.yourCard');
    money = t('checkout.confirmation.headline.moneyBack', { amount: formatMoney(back, locale), card });
  }
  return { title, lead, money };
}

/** "Monday, October 12" / "lundi 12 octobre", with the year when it is not this year's: a calendar date, whatever the browser's zone. */
function placedDay(day: string, locale: Locale, withYear: boolean): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}
