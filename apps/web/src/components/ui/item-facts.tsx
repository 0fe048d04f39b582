import type { ItemFile } from '@servery/contracts/tenant-file';
import { displayCalories, priceRange } from '@servery/domain/item-selection';
import { parseWordList, type Allergen, type Diet } from '@servery/domain/menu-search';
import { priceAt } from '@servery/domain/price-schedule';
import { useTranslation } from '../../i18n/i18n-context';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';

/**
 * The item's price now (its price schedule's, if any), or "from–to" when required pricing options
 * change it; nothing when it is not sold at this time.
 */
export function ItemPrice({ item, now, zone, className }: { item: ItemFile; now: Date; zone: string; className?: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const range = priceRange(item, now, zone);
  if (!range) {
    const price = priceAt(item, now, zone);
    return price.available ? <span className={className}>{formatMoney(price.price, locale)}</span> : null;
  }
  if (range.min === range.max) return <span className={className}>{formatMoney(range.min, locale)}</span>;
  const min = formatMoney(range.min, locale);
  const max = formatMoney(range.max, locale);
  return (
    <span className={className}>
      <span aria-hidden="true">{`${min}–${max}`}</span>
      <span className="visually-hidden">{t('item.priceRange', { min, max })}</span>
    </span>
  );
}

export function ItemCalories({ calories, className }: { calories: number | null | undefined; className?: string }) {
  const { t } = useTranslation();
  const shown = displayCalories(calories ?? null);
  if (shown === null) return null;
  return <span className={className}>{t('item.calories', { count: shown })}</span>;
}

/** Diet labels ("Vegan") and the allergens an item contains ("Contains: Dairy, Gluten"), in the diner's language. */
export function ItemDietsAndAllergens({ diets, allergens }: { diets: string; allergens: string }) {
  const { t } = useTranslation();
  const dietList = parseWordList(diets) as Diet[];
  const allergenList = parseWordList(allergens) as Allergen[];
  if (dietList.length === 0 && allergenList.length === 0) return null;
  return (
    <div className="item-tags">
      {dietList.length > 0 && (
        <ul className="item-tags__diets" aria-label={t('item.dietsLabel')}>
          {dietList.map((diet) => (
            <li key={diet} className="tag tag--diet">
              {t(`diets.${diet}`)}
            </li>
          ))}
        </ul>
      )}
      {allergenList.length > 0 && (
        <p className="item-tags__allergens">
          {t('item.contains', { allergens: allergenList.map((allergen) => t(`allergens.${allergen}`)).join(', ') })}
        </p>
      )}
    </div>
  );
}
