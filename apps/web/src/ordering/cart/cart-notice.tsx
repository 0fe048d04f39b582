import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import type { Cart } from './use-cart';

/** "Fish & chips is sold out and was removed", "Poutine is now $11.80 (was $10.00)": what changed in the cart, as an alert. */
export function CartNoticeAlert({ cart, maxItems }: { cart: Cart; maxItems: number | null }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { notice } = cart;
  if (!notice) return null;
  const messages: string[] = [];
  const nameOf = (key: string | null) => {
    const entry = key === null ? undefined : cart.entries.get(key);
    return entry ? cart.lineName({ id: entry.item.id, menu_id: entry.menu.id, section_id: entry.section?.id ?? null }) : null;
  };
  // Each repriced line by name with its old and new price; one general line for any the menu no longer names.
  const unnamed = notice.repriced.filter(({ key, before, after }) => {
    const name = nameOf(key);
    if (name === null) return true;
    messages.push(t('cart.notice.repriced', { name, before: formatMoney(before, locale), after: formatMoney(after, locale) }));
    return false;
  });
  if (unnamed.length > 0) messages.push(t('cart.notice.pricesChanged'));
  for (const { key, reason } of notice.removed) {
    const name = nameOf(key);
    messages.push(name === null ? t('cart.notice.gone') : t(`cart.notice.${reason}`, { name }));
  }
  if (notice.trimmed && maxItems !== null) messages.push(t('cart.notice.trimmed', { count: maxItems }));
  return (
    <div role="alert" className="notice notice--warning cart-notice">
      <p className="notice__title">{t('cart.notice.title')}</p>
      <ul className="cart-notice__list">
        {messages.map((message, index) => (
          <li key={index}>{message}</li>
        ))}
      </ul>
      <button type="button" className="button button--small" onClick={cart.dismissNotice}>
        {t('cart.notice.dismiss')}
      </button>
    </div>
  );
}

/**
 * "Total updated: $42.10", said politely once the server's new total arrives (not while a request is
 * in flight, and not for the first total of a restored cart). The region stays in the page so that
 * screen readers hear what is written into it.
 */
export function CartTotalAnnouncer({ cart, silent = false }: { cart: Cart; silent?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const total = cart.costsStatus === 'busy' ? undefined : cart.costs?.totalWithTip;
  const previous = useRef<number | null | undefined>(undefined);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (total === undefined) return;
    const before = previous.current;
    previous.current = total;
    if (before !== undefined && before !== total) setMessage(t('cart.summary.totalUpdated', { total: formatMoney(total, locale) }));
  }, [total, t, locale]);
  return (
    <p className="visually-hidden" aria-live="polite">
      {silent ? '' : message}
    </p>
  );
}
