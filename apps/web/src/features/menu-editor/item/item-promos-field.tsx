import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { WordBoxes } from './item-facts-fields';
import { promoBoxKey, type PromoTake } from './item-promos-file';

/**
 * The restaurant's item promos as boxes in the item form: checked, the promo comes off this item's
 * price. The promos themselves are made on the settings screen ("Item promos"); a restaurant with
 * none has nothing to show here.
 */
export function ItemPromosField({ id, promos }: { id: string; promos: readonly PromoTake[] }) {
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
      field="promos"
      legend={t('menuEditorItemFields.promos')}
      hint={t('menuEditorItemFields.promosHint')}
      words={[...byKey.keys()]}
      labelOf={label}
    />
  );
}
