import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';

/**
 * The employer's subsidy in one plain sentence, from the canteen's own settings (the same ones the
 * cart prices with: packages/domain/src/pricing.ts, rule 4), so the landing never promises more.
 */
export function SubsidyNote({ restaurant, employer }: { restaurant: PublicRestaurant; employer: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const subsidy = restaurant.subsidies;
  if (!restaurant.subsidiesEnabled || !subsidy?.is_active) return null;
  const items = t(`canteen.subsidy.items.${subsidy.target_items}`);
  let text: string;
  // The amount chosen is before tax, taxed like any price (pricing.md 2.3), unless the prices hold the tax.
  if (subsidy.type === 'pay_what_you_can')
    text = t(restaurant.taxInclusive ? 'canteen.subsidy.payWhatYouCanTaxIncluded' : 'canteen.subsidy.payWhatYouCan', { employer });
  else if (subsidy.type === 'fixed_price')
    text = t('canteen.subsidy.fixedPrice', { employer, items, price: formatMoney(subsidy.discount_fixed_price ?? 0, locale) });
  else if (subsidy.discount_percentage !== null)
    text = t('canteen.subsidy.percentage', { employer, items, percent: formatPercent(subsidy.discount_percentage, locale) });
  else text = t('canteen.subsidy.amount', { employer, items, amount: formatMoney(subsidy.discount_amount ?? 0, locale) });
  return (
    <section className="canteen__subsidy" aria-labelledby="canteen-subsidy-title">
      <h2 id="canteen-subsidy-title">{t('canteen.subsidy.title', { employer })}</h2>
      <p>{text}</p>
      {subsidy.target_users === 'codes' && <p>{t('canteen.subsidy.codes')}</p>}
      <p className="canteen__subsidy-small">{t('canteen.subsidy.alcohol')}</p>
    </section>
  );
}
