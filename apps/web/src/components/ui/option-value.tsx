import type { TFunction } from 'i18next';
import type { OptionGroupFile, OptionValueFile } from '@servery/contracts/tenant-file';
import type { SelectedValue } from '@servery/domain/item-selection';
import { priceAt, promoPriceAt, type PriceAt } from '@servery/domain/price-schedule';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../i18n/locales';
import { localizedText } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';
import { useChoiceFacts } from './item-facts';
import { LocalizedText } from './localized';
import { optionPrice } from './option-texts';
import { QuantityStepper } from './quantity-stepper';

export interface OptionValueProps {
  value: OptionValueFile;
  group: OptionGroupFile;
  /** How the group is chosen from: one value, several, or a quantity of each. */
  kind: 'single' | 'multiple' | 'quantities';
  /** The value as chosen; undefined while it is not. */
  picked: SelectedValue | undefined;
  /** How many the group holds in all (its limit counts them). */
  total: number;
  /** The group fieldset's id: the values' names and the radios' name derive from it. */
  groupId: string;
  onToggle: () => void;
  onQuantity: (quantity: number) => void;
  now: Date;
  zone: string;
  /** The chosen value's sub-options, nested under it. */
  children: ReactNode;
}

/** One value of an option group (option-groups.tsx): its name and price, and its radio, check box or quantity. */
export function OptionValue({ value, group, kind, picked, total, groupId, onToggle, onQuantity, now, zone, children }: OptionValueProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const valueLabel = localizedText(value, 'name', locale);
  const price = promoPriceAt(value, now, zone);
  // Sold out reads like out of its schedule: listed, not choosable (a value picked before stays, to be taken off).
  const open = price.available && !value.sold_out;
  const priceText = valuePriceText(t, value, price, now, zone, locale);
  const nameId = `${groupId}-value-${value.id}`;
  // What a diner with a diet or an allergy must know before choosing (set in the menu editor's option form).
  const facts = useChoiceFacts(value.diets, value.allergens);
  const factsId = `${nameId}-facts`;

  if (kind === 'quantities') {
    const quantity = picked?.quantity ?? 0;
    // The value's own maximum and what is left of the group's limit, whichever comes first.
    const caps: number[] = [];
    if (!open) caps.push(0);
    if (value.max_quantity !== null) caps.push(value.max_quantity);
    if (group.limit !== null) caps.push(quantity + group.limit - total);
    const max = caps.length > 0 ? Math.max(quantity, Math.min(...caps)) : null;
    return (
      <li className="option-value option-value--quantity">
        <span className="option-value__label" id={nameId}>
          <LocalizedText className="option-value__name" text={valueLabel.text} locale={valueLabel.locale} />
          {priceText && <span className="option-value__price">{priceText}</span>}
        </span>
        <QuantityStepper
          decreaseLabel={t('item.decrease', { name: valueLabel.text })}
          increaseLabel={t('item.increase', { name: valueLabel.text })}
          value={quantity}
          min={0}
          max={max}
          labelledBy={nameId}
          onChange={onQuantity}
        />
        {/* Under the row, outside the name the stepper is labelled by. */}
        {facts && (
          <span className="option-value__facts" id={factsId}>
            {facts}
          </span>
        )}
        {children}
      </li>
    );
  }

  return (
    <li className="option-value">
      <label className="option-value__label">
        <input
          type={kind === 'single' ? 'radio' : 'checkbox'}
          name={kind === 'single' ? `${groupId}-choice` : undefined}
          checked={picked !== undefined}
          disabled={!open && picked === undefined}
          onChange={onToggle}
          aria-describedby={facts ? factsId : undefined}
        />
        <LocalizedText className="option-value__name" text={valueLabel.text} locale={valueLabel.locale} />
        {priceText && <span className="option-value__price">{priceText}</span>}
      </label>
      {facts && (
        <p className="option-value__facts" id={factsId}>
          {facts}
        </p>
      )}
      {children}
    </li>
  );
}

/** What stands beside a value: sold out, unavailable now, or its price (nothing for a free one). */
function valuePriceText(t: TFunction, value: OptionValueFile, price: PriceAt, now: Date, zone: string, locale: Locale): ReactNode {
  if (value.sold_out) return t('item.optionSoldOut');
  if (!price.available) return t('item.optionUnavailable');
  return optionPrice(t, price.price, priceAt(value, now, zone), locale);
}
