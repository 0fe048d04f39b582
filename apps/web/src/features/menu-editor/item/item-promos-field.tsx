import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { WordBoxes } from './item-facts-fields';
import { promoBoxKey, type PromoTake } from './item-promos-file';

/**
 * The restaurant's item promos as boxes in the item form: checked, the promo comes off this item's
 * price (or an option value's: the group form's choice at `at`, "values.2.", with its own `hint`).
 * The promos themselves are made on the settings screen ("Item promos"); a restaurant with none has
 * nothing to show here.
 */
export function ItemPromosField({ id, promos, at = '', hint }: { id: string; promos: readonly PromoTake[]; at?: string; hint?: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (promos.length === 0) return null;
  const byKey = new Map(promos.map((promo) => [promoBoxKey(promo.id), promo]));
  const label = (key: string) => {
    const promo = byKey.get(key)!;
    if ('percent' in promo) {
      const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 5 }).format(Number(promo.percent) / 100);
      return t('menuEditorItemFields.promoOff', { id: promo.id, off: percent });
    }
    return t('menuEditorItemFields.promoOff', { id: promo.id, off: formatMoney(promo.cents, locale) });
  };
  return (
    <WordBoxes
      id={`${id}-promos`}
      field={`${at}promos`}
      legend={t('menuEditorItemFields.promos')}
      hint={hint ?? t('menuEditorItemFields.promosHint')}
      words={[...byKey.keys()]}
      labelOf={label}
    />
  );
}
