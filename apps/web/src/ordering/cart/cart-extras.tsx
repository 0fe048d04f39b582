import { checkCateringMinimum } from '@servery/domain/cart';
import { useId, type MouseEvent } from 'react';
import { LocalizedText } from '../../components/ui/localized';
import { useTranslation } from 'react-i18next';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { formatMoney, formatPercent } from '../../lib/format';
import { localizedText } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';
import type { Costs } from './cart-api';
import { ItemPrice } from '../../components/ui/item-facts';
import type { MenuItemEntry } from '../../lib/menu-model';

/** Upsell items (upsell_item) not in the cart yet, each with a button that opens its item dialog. */
export function UpsellItems({
  entries,
  now,
  zone,
  onOpen,
}: {
  entries: MenuItemEntry[];
  now: Date;
  zone: string;
  onOpen: (entry: MenuItemEntry, opener: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  if (entries.length === 0) return null;
  return (
    <section className="cart-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="cart-section__title">
        {t('cart.upsell.title')}
      </h3>
      <ul className="upsell-list">
        {entries.map((entry) => {
          const name = localizedText(entry.item, 'name', locale);
          return (
            <li key={`${entry.menu.id}-${entry.item.id}`} className="upsell-list__item">
              <LocalizedText className="upsell-list__name" text={name.text} locale={name.locale} />
              <ItemPrice item={entry.item} now={now} zone={zone} className="upsell-list__price" />
              <button
                type="button"
                className="button button--small"
                aria-haspopup="dialog"
                onClick={(event: MouseEvent<HTMLButtonElement>) => onOpen(entry, event.currentTarget)}
              >
                {t('cart.upsell.add', { name: name.text })}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Take-out: pickup or delivery (checkout.pickup.delivery; delivery adds the restaurant's delivery charge). */
export function TakeoutOptions({
  delivery,
  onChange,
  terms,
  besideDelivery = 'pickup',
}: {
  delivery: boolean;
  onChange: (delivery: boolean) => void;
  /** The restaurant's delivery radius and charge, said before the diner chooses. */
  terms: NonNullable<PublicRestaurant['delivery']>;
  /**
   * The choice offered beside delivery: pickup, or for a generic catering order without pickup
   * (genericCateringShowPickupOption false) being served at one of the table locations, or nothing.
   */
  besideDelivery?: 'pickup' | 'location' | null;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const charge = terms.delivery_charge;
  const chargeText =
    charge === null
      ? t('cart.takeout.noCharge')
      : charge.type === 'dollar'
        ? t('cart.takeout.chargeDollars', { amount: formatMoney(charge.amount, locale) })
        : t('cart.takeout.chargePercent', { percent: formatPercent(charge.value, locale) });
  const radiusText =
    terms.radius_km === null ? '' : t('cart.takeout.radius', { km: new Intl.NumberFormat(locale).format(terms.radius_km) });
  const id = useId();
  return (
    <fieldset className="cart-section cart-takeout">
      <legend className="cart-section__title">
        {besideDelivery === 'pickup'
          ? t('cart.takeout.legend')
          : besideDelivery === 'location'
            ? t('cart.takeout.locationLegend')
            : t('cart.takeout.delivery')}
      </legend>
      <div className="cart-takeout__choices">
        {besideDelivery !== null && (
          <label className="chip">
            <input type="radio" name={`${id}-takeout`} checked={!delivery} onChange={() => onChange(false)} />
            {besideDelivery === 'pickup' ? t('cart.takeout.pickup') : t('cart.takeout.location')}
          </label>
        )}
        <label className="chip">
          <input type="radio" name={`${id}-takeout`} checked={delivery} onChange={() => onChange(true)} />
          {t('cart.takeout.delivery')}
        </label>
      </div>
      <p className="cart-field__hint">{`${radiusText}${chargeText}`}</p>
    </fieldset>
  );
}

/**
 * Catering: "Add $X.XX to reach the $150.00 minimum" while the server's subtotal is below the
 * restaurant's minimum (domain checkCateringMinimum says by how much). Returns whether it blocks.
 */
export function cateringShortfall(costs: Costs | null, minimum: number | null): { missing: number; minimum: number } | null {
  if (!costs || minimum === null) return null;
  const check = checkCateringMinimum(costs.subtotal, minimum);
  return check.ok ? null : { missing: check.missing, minimum: check.minimum };
}

export function CateringMinimum({ shortfall, id }: { shortfall: { missing: number; minimum: number }; id: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <p id={id} className="notice notice--warning cart-catering">
      {t('cart.catering.missing', { missing: formatMoney(shortfall.missing, locale), minimum: formatMoney(shortfall.minimum, locale) })}
    </p>
  );
}

/** The restaurant keeps tabs open (allow_open_tab): said here; who holds the tab is asked at checkout. */
export function OpenTabInfo() {
  const { t } = useTranslation();
  return (
    <div className="notice cart-tab">
      <p className="notice__title">{t('cart.tab.title')}</p>
      <p className="notice__body">{t('cart.tab.message')}</p>
    </div>
  );
}
