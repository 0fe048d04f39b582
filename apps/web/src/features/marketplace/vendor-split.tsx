/**
 * A hub's cart summary, where its vendors' orders round their taxes and tip on their own (pricing.md;
 * docs/decisions/0085-hub-rounding-explained.md): what rounding per vendor moved from the cart priced
 * as one order, and each vendor's share, so the figures (GST $2.76 on $55.00) add up on screen. The
 * amounts are the server's (`costs.vendorSplit`); nothing is computed here but the text.
 */
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Costs, HubCostSplitProps } from '../../ordering';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import type { Locale } from '../../i18n/locales';
import { vendorName } from './vendor-groups';
import './marketplace.css';

type Split = NonNullable<Costs['vendorSplit']>;

/** A moved sum's name in a sentence: the tax's own label, else the tip, the promo code or the service charge. */
function movedLabel(key: Split['rounding'][number]['key'], costs: Costs, t: TFunction, locale: Locale): string {
  const bracket = costs.taxBrackets.find((entry) => entry.key === key);
  if (bracket) return bracket.label[locale];
  if (key === 'serviceCharge') return costs.serviceCharge.label[locale];
  return key === 'discount' ? t('marketplace.split.discount') : t('marketplace.split.tip');
}

/** "$22.00 + GST $1.10 + tip $3.30 = $26.40": one vendor's order, term by term. */
function shareText(share: Split['vendors'][number], costs: Costs, t: TFunction, locale: Locale): string {
  const money = (cents: number) => formatMoney(cents, locale);
  const terms = [money(share.subtotalDiscounted)];
  if (share.charges > 0) terms.push(`${t('marketplace.split.charges')} ${money(share.charges)}`);
  // Tax-inclusive prices hold their taxes already: they are no term of the sum.
  if (!costs.taxInfo.taxInclusive)
    for (const bracket of share.taxBrackets) {
      const label = costs.taxBrackets.find((entry) => entry.key === bracket.key)?.label[locale] ?? bracket.key;
      terms.push(`${label} ${money(bracket.amount)}`);
    }
  if (share.tip > 0) terms.push(`${t('marketplace.split.tip')} ${money(share.tip)}`);
  const member = share.memberDiscountAfterTax > 0 ? ` − ${t('marketplace.split.member')} ${money(share.memberDiscountAfterTax)}` : '';
  return `${terms.join(' + ')}${member} = ${money(share.totalWithTip)}`;
}

export function VendorSplitNote({ costs, restaurant }: HubCostSplitProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const headingId = useId();
  const split = costs.vendorSplit;
  // Shown only where rounding per vendor moved a figure: elsewhere the summary adds up as it reads.
  if (!split || split.rounding.length === 0) return null;
  const money = (cents: number) => formatMoney(cents, locale);
  const moved = split.rounding
    .map((entry, index) =>
      t(index === 0 ? 'marketplace.split.first' : 'marketplace.split.next', {
        label: movedLabel(entry.key, costs, t, locale),
        split: money(entry.split),
        whole: money(entry.whole),
      }),
    )
    .join(', ');
  return (
    <div role="group" aria-labelledby={headingId} className="vendor-split">
      <h4 id={headingId} className="vendor-split__title">
        {t('marketplace.split.title')}
      </h4>
      <p className="vendor-split__why">{t('marketplace.split.why', { moved })}</p>
      <ul className="vendor-split__list">
        {split.vendors.map((share) => (
          <li key={share.vendorId ?? 'hub'} className="vendor-split__vendor">
            <span className="vendor-split__name">{vendorName(restaurant, share.vendorId, locale)}</span>{' '}
            <span>{shareText(share, costs, t, locale)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
