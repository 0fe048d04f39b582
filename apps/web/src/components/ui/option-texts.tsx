/** The words of an item's option groups (option-groups.tsx): a value's price, a group's rule, a selection's issue. */
import type { TFunction } from 'i18next';
import type { OptionGroupFile } from '@servery/contracts/tenant-file';
import { groupLimits, type SelectionIssue } from '@servery/domain/item-selection';
import type { PriceAt } from '@servery/domain/price-schedule';
import type { ReactNode } from 'react';
import type { Locale } from '../../i18n/locales';
import { formatMoney } from '../../lib/format';
import { PriceText } from './item-facts';

type Translate = TFunction;

/** "+$1.50", and after a promo "+$1.50 was +$2.00" (the regular price struck through); nothing for a free value. */
export function optionPrice(t: Translate, paid: number, regular: PriceAt, locale: Locale): ReactNode {
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
