import type { ItemFile } from '@servery/contracts/tenant-file';
import { displayCalories, priceRange } from '@servery/domain/item-display';
import { parseWordList, type Allergen, type Diet } from '@servery/domain/menu-search';
import { priceAt, promoPriceAt } from '@servery/domain/price-schedule';
import { formatMoney } from '../../lib/format';
import { useTexts } from '../../i18n/texts';

type Range = { min: number; max: number };

/**
 * The item's price now (its price schedule's, if any), or "from–to" when required pricing options
 * change it; nothing when it is not sold at this time. A promo (spec pricing.md 1.2) shows the price
 * the diner pays with the regular one struck through after "was": the promo prices come with the menu
 * (domain price-schedule.ts `promoPriceAt`), never worked out here.
 */
export function ItemPrice({ item, now, zone, className }: { item: ItemFile; now: Date; zone: string; className?: string }) {
  const { t, locale } = useTexts();
  const money = (cents: number) => formatMoney(cents, locale);
  const range = priceRange(item, now, zone);
  if (!range) {
    const paid = promoPriceAt(item, now, zone);
    if (!paid.available) return null;
    const regular = priceAt(item, now, zone);
    const was = regular.available && regular.price !== paid.price ? money(regular.price) : null;
    const shown = money(paid.price);
    return <PriceText className={className} shown={shown} was={was} spoken={was ? t('item.priceWas', { price: shown, was }) : shown} />;
  }
  const regular = priceRange(item, now, zone, 'regular');
  const was = regular && (regular.min !== range.min || regular.max !== range.max) ? regular : null;
  const shownOf = ({ min, max }: Range) => (min === max ? money(min) : `${money(min)}–${money(max)}`);
  const spoken = range.min === range.max ? money(range.min) : t('item.priceRange', { min: money(range.min), max: money(range.max) });
  const spokenWas =
    was && (was.min === was.max ? money(was.min) : t('item.priceRangeInSentence', { min: money(was.min), max: money(was.max) }));
  return (
    <PriceText
      className={className}
      shown={shownOf(range)}
      was={was && shownOf(was)}
      spoken={spokenWas ? t('item.priceWas', { price: spoken, was: spokenWas }) : spoken}
    />
  );
}

/**
 * A price as seen and as heard. Seen: `shown`, then, when a promo lowers it, "was" and the regular
 * price struck through; heard: `spoken`, the same in words ("$10.00, was $12.50"), since a screen
 * reader does not say that text is struck through.
 */
export function PriceText({ shown, was, spoken, className }: { shown: string; was: string | null; spoken: string; className?: string }) {
  const { t } = useTexts();
  if (was === null && spoken === shown) return <span className={className}>{shown}</span>;
  return (
    <span className={className}>
      <span aria-hidden="true">
        {shown}
        {was !== null && (
          <>
            {' '}
            <span className="price-was">
              {t('item.was')} <s>{was}</s>
            </span>
          </>
        )}
      </span>
      <span className="visually-hidden">{spoken}</span>
    </span>
  );
}

export function ItemCalories({ calories, className }: { calories: number | null | undefined; className?: string }) {
  const { t } = useTexts();
  const shown = displayCalories(calories ?? null);
  if (shown === null) return null;
  return <span className={className}>{t('item.calories', { count: shown })}</span>;
}

/** Diet labels ("Vegan") and the allergens an item contains ("Contains: Dairy, Gluten"), in the diner's language. */
export function ItemDietsAndAllergens({ diets, allergens }: { diets: string; allergens: string }) {
  const { t } = useTexts();
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

/**
 * An option value's diets and allergens in one short line ("Vegan · Contains: Gluten, Sesame"),
 * said beside the choice in the item window (option-value.tsx); null when it has none.
 */
export function useChoiceFacts(diets: string | undefined, allergens: string | undefined): string | null {
  const { t } = useTexts();
  const dietList = parseWordList(diets ?? '') as Diet[];
  const allergenList = parseWordList(allergens ?? '') as Allergen[];
  const parts = dietList.map((diet) => t(`diets.${diet}`));
  if (allergenList.length > 0)
    parts.push(t('item.contains', { allergens: allergenList.map((allergen) => t(`allergens.${allergen}`)).join(', ') }));
  return parts.length > 0 ? parts.join(' · ') : null;
}
