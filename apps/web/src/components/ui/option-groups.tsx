/**
 * An item's option groups as fieldsets (pricing groups first, sub-options nested): the menu's item
 * dialog (ordering/item/item-dialog.tsx) uses them, for the menu and for a school meal's choices.
 */
import type { OptionGroupFile, OptionValueFile } from '@servery/contracts/tenant-file';
import { sortOptionGroups, type SelectedGroup, type SelectionIssue } from '@servery/domain/item-selection';
import { useId, useState } from 'react';
import { LocalizedText, RestaurantHtml } from './localized';
import { useTranslation } from 'react-i18next';
import { localizedHtml, localizedText } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';
import { issueMessage, ruleText } from './option-texts';
import { OptionValue } from './option-value';
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
        {values.map((value) => (
          <OptionValue
            key={value.id}
            value={value}
            group={group}
            kind={kind}
            picked={selectedValue(value.id)}
            total={total}
            groupId={id}
            onToggle={() => toggle([...groupPath, value.id])}
            onQuantity={(next) => onQuantity([...groupPath, value.id], next)}
            now={now}
            zone={zone}
          >
            {nested(value)}
          </OptionValue>
        ))}
      </ul>
    </fieldset>
  );
}
