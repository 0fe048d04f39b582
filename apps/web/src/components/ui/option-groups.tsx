/**
 * An item's option groups as fieldsets (pricing groups first, sub-options nested): the menu's item
 * dialog (ordering/item/item-dialog.tsx) uses them, for the menu and for a school meal's choices.
 */
import type { TFunction } from 'i18next';
import type { OptionGroupFile, OptionValueFile } from '@servery/contracts/tenant-file';
import { groupLimits, sortOptionGroups, type SelectedGroup, type SelectionIssue } from '@servery/domain/item-selection';
import { priceAt, promoPriceAt, type PriceAt } from '@servery/domain/price-schedule';
import { useId, useState, type ReactNode } from 'react';
import { LocalizedText, RestaurantHtml } from './localized';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../i18n/locales';
import { formatMoney } from '../../lib/format';
import { localizedHtml, localizedText } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';
import { PriceText } from './item-facts';
import { QuantityStepper } from './quantity-stepper';
import './option-groups.css';

export function groupElementId(groupId: number): string {
  return `option-group-${groupId}`;
}

export interface OptionGroupsProps {
  groups: OptionGroupFile[];
  /** The selection at this level (the item's, or a chosen value's sub-options). */
  selected: SelectedGroup[];
  /** groupId, valueId, … of the value these groups hang under; [] for the item's own groups. */
  path: number[];
  /** false when nothing changed (a multiple-choice group already at its limit). */
  onToggle: (path: number[]) => boolean;
  onQuantity: (path: number[], quantity: number) => void;
  issues: ReadonlyMap<number, SelectionIssue[]>;
  now: Date;
  zone: string;
}

/** Option groups in the spec's order (pricing first), each a fieldset; a chosen value's sub-options nest under it. */
export function OptionGroups(props: OptionGroupsProps) {
  return (
    <>
      {sortOptionGroups(props.groups).map((group) => (
        <OptionGroupFieldset key={group.id} group={group} {...props} />
      ))}
    </>
  );
}

function OptionGroupFieldset({
  group,
  selected,
  path,
  onToggle,
  onQuantity,
  issues,
  now,
  zone,
}: OptionGroupsProps & { group: OptionGroupFile }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  const name = localizedText(group, 'name', locale);
  const description = localizedHtml(group, 'description', locale);
  const chosen = selected.find((entry) => entry.id === group.id);
  const groupPath = [...path, group.id];
  const total = chosen?.values.reduce((sum, value) => sum + value.quantity, 0) ?? 0;
  // A check refused because the group is full says so at once, not only on "Add to order".
  const [refused, setRefused] = useState(false);
  const toggle = (valuePath: number[]) => setRefused(!onToggle(valuePath) && group.limit !== null);
  const ownIssues = issues.get(group.id) ?? [];
  const groupIssues: SelectionIssue[] =
    refused && group.limit !== null && !ownIssues.some((issue) => issue.rule === 'limit')
      ? [...ownIssues, { rule: 'limit', groupId: group.id, limit: group.limit }]
      : ownIssues;
  const ruleId = `${id}-rule`;
  const errorId = `${id}-error`;
  const values = [...group.values].sort((a, b) => a.order - b.order);
  const kind = group.custom_quantities ? 'quantities' : group.allow_multiple_selection ? 'multiple' : 'single';
  const selectedValue = (valueId: number) => chosen?.values.find((value) => value.id === valueId);
  const valueName = (valueId: number | undefined) => {
    const value = values.find((entry) => entry.id === valueId);
    return value ? localizedText(value, 'name', locale).text : '';
  };

  const nested = (value: OptionValueFile) => {
    const picked = selectedValue(value.id);
    if (!picked || value.options.length === 0) return null;
    return (
      <div className="option-group__nested">
        <OptionGroups
          groups={value.options}
          selected={picked.options}
          path={[...groupPath, value.id]}
          onToggle={onToggle}
          onQuantity={onQuantity}
          issues={issues}
          now={now}
          zone={zone}
        />
      </div>
    );
  };

  return (
    <fieldset
      id={groupElementId(group.id)}
      className="option-group"
      tabIndex={-1}
      data-invalid={groupIssues.length > 0 || undefined}
      aria-describedby={groupIssues.length > 0 ? `${ruleId} ${errorId}` : ruleId}
    >
      <legend className="option-group__legend">
        <LocalizedText className="option-group__name" text={name.text} locale={name.locale} />{' '}
        <span id={ruleId} className="option-group__rule">
          {ruleText(t, group)}
        </span>
      </legend>
      <RestaurantHtml className="option-group__description" html={description.text} locale={description.locale} />
      <div id={errorId} aria-live="polite">
        {groupIssues.length > 0 && (
          <ul className="option-group__errors">
            {groupIssues.map((issue, index) => (
              <li key={index} className="field-error">
                {issueMessage(t, issue, valueName('valueId' in issue ? issue.valueId : undefined))}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ul className="option-group__values">
        {kind === 'single' && !group.required && (
          <li className="option-value">
            <label className="option-value__label">
              <input
                type="radio"
                name={`${id}-choice`}
                checked={!chosen || chosen.values.length === 0}
                onChange={() => {
                  const current = chosen?.values[0];
                  if (current) toggle([...groupPath, current.id]);
                }}
              />
              <span className="option-value__name">{t('item.noChoice')}</span>
            </label>
          </li>
        )}
        {values.map((value) => {
          const valueLabel = localizedText(value, 'name', locale);
          const price = promoPriceAt(value, now, zone);
          // Sold out reads like out of its schedule: listed, not choosable (a value picked before stays, to be taken off).
          const open = price.available && !value.sold_out;
          const priceText: ReactNode = value.sold_out
            ? t('item.optionSoldOut')
            : !price.available
              ? t('item.optionUnavailable')
              : optionPrice(t, price.price, priceAt(value, now, zone), locale);
          const picked = selectedValue(value.id);
          const valuePath = [...groupPath, value.id];
          const nameId = `${id}-value-${value.id}`;

          if (kind === 'quantities') {
            const quantity = picked?.quantity ?? 0;
            // The value's own maximum and what is left of the group's limit, whichever comes first.
            const caps: number[] = [];
            if (!open) caps.push(0);
            if (value.max_quantity !== null) caps.push(value.max_quantity);
            if (group.limit !== null) caps.push(quantity + group.limit - total);
            const max = caps.length > 0 ? Math.max(quantity, Math.min(...caps)) : null;
            return (
              <li key={value.id} className="option-value option-value--quantity">
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
                  onChange={(next) => onQuantity(valuePath, next)}
                />
                {nested(value)}
              </li>
            );
          }

          return (
            <li key={value.id} className="option-value">
              <label className="option-value__label">
                <input
                  type={kind === 'single' ? 'radio' : 'checkbox'}
                  name={kind === 'single' ? `${id}-choice` : undefined}
                  checked={picked !== undefined}
                  disabled={!open && picked === undefined}
                  onChange={() => toggle(valuePath)}
                />
                <LocalizedText className="option-value__name" text={valueLabel.text} locale={valueLabel.locale} />
                {priceText && <span className="option-value__price">{priceText}</span>}
              </label>
              {nested(value)}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

type Translate = TFunction;

/** "+$1.50", and after a promo "+$1.50 was +$2.00" (the regular price struck through); nothing for a free value. */
function optionPrice(t: Translate, paid: number, regular: PriceAt, locale: Locale): ReactNode {
  const was = regular.available && regular.price !== paid ? t('item.optionPrice', { price: formatMoney(regular.price, locale) }) : null;
  if (paid === 0 && was === null) return '';
  const shown = t('item.optionPrice', { price: formatMoney(paid, locale) });
  return <PriceText shown={shown} was={was} spoken={was ? t('item.priceWas', { price: shown, was }) : shown} />;
}

/** "Required · Choose 1", "Choose up to 3", "Optional · Up to 200 of each"; a limit that cannot bind is not said (groupLimits). */
export function ruleText(t: Translate, group: OptionGroupFile): string {
  const parts: string[] = [group.required ? t('item.rule.required') : t('item.rule.optional')];
  if (!group.allow_multiple_selection && !group.custom_quantities) {
    parts.push(t('item.rule.chooseOne'));
    return parts.join(' · ');
  }
  const limits = groupLimits(group);
  if (limits.total !== null) parts.push(t(group.custom_quantities ? 'item.rule.upToInAll' : 'item.rule.upTo', { count: limits.total }));
  if (limits.each !== null) parts.push(t('item.rule.upToEach', { count: limits.each }));
  return parts.join(' · ');
}

export function issueMessage(t: Translate, issue: SelectionIssue, valueName: string): string {
  switch (issue.rule) {
    case 'required':
      return t('item.issue.required');
    case 'single':
      return t('item.issue.single');
    case 'limit':
      return t('item.issue.limit', { count: issue.limit });
    case 'max_quantity':
      return valueName
        ? t('item.issue.maxQuantity', { name: valueName, count: issue.max })
        : t('item.issue.maxQuantityAny', { count: issue.max });
    case 'unavailable':
      return valueName ? t('item.issue.unavailable', { name: valueName }) : t('item.issue.unavailableAny');
    case 'sold_out':
      return valueName ? t('item.issue.soldOut', { name: valueName }) : t('item.issue.soldOutAny');
    case 'unknown':
    case 'quantity':
      return t('item.issue.unknown');
  }
}
