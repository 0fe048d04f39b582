/**
 * An item's choice groups in the standing meal form (meal-form.tsx), nested ones too: a value with
 * groups of its own (a dip for the carrot sticks) offers them once it is chosen, under it, with the
 * same rules (a single choice is a list, a required one has no "none"; a multiple one is checkboxes).
 * The choices are kept by group id (ids are unique in a menu), so a value taken back and chosen again
 * finds its nested choices as they were; only the chosen values' groups are sent. The server checks
 * them like the checkout (domain cart-lines.ts `validateSelection`).
 */
import type { CartOptionGroupWire } from '@servery/contracts/cart';
import type { StandingChoiceGroup } from '@servery/contracts/standing-orders';
import { useTranslation } from 'react-i18next';

/** The values chosen per group id. */
export type Chosen = Record<number, number[]>;

/** The choices a form starts with: a line's (nested ones too), else a required single group's first value. */
export function chosenOf(groups: readonly StandingChoiceGroup[], fromLine: readonly CartOptionGroupWire[] | undefined): Chosen {
  const chosen: Chosen = {};
  const walk = (level: readonly StandingChoiceGroup[], line: readonly CartOptionGroupWire[] | undefined) => {
    for (const group of level) {
      const picked = line?.find((entry) => entry.id === group.id)?.values;
      chosen[group.id] = picked
        ? picked.map((value) => value.id)
        : group.required && !group.multiple && group.values[0]
          ? [group.values[0].id]
          : [];
      for (const value of group.values) walk(value.groups, picked?.find((entry) => entry.id === value.id)?.options);
    }
  };
  walk(groups, fromLine);
  return chosen;
}

/** The line's choices as the cart writes them: each chosen value with its own chosen groups inside. */
export function orderOptionsOf(groups: readonly StandingChoiceGroup[], chosen: Chosen): CartOptionGroupWire[] {
  return groups.flatMap((group) => {
    const values = group.values.filter((value) => (chosen[group.id] ?? []).includes(value.id));
    if (values.length === 0) return [];
    return [
      {
        id: group.id,
        values: values.map((value) => {
          const nested = orderOptionsOf(value.groups, chosen);
          return { id: value.id, quantity: 1, ...(nested.length > 0 && { options: nested }) };
        }),
      },
    ];
  });
}

interface ChoiceGroupsProps {
  groups: readonly StandingChoiceGroup[];
  chosen: Chosen;
  onChange: (groupId: number, values: number[]) => void;
  /** A unique prefix for the controls' ids. */
  idPrefix: string;
  priced: (name: string, cents: number) => string;
}

export function ChoiceGroups({ groups, chosen, onChange, idPrefix, priced }: ChoiceGroupsProps) {
  const { t } = useTranslation();
  return groups.map((group) => {
    const picked = chosen[group.id] ?? [];
    const nested = group.values.filter((value) => picked.includes(value.id) && value.groups.length > 0);
    return (
      <div key={group.id} className="standing-meal-form__choice">
        {group.multiple ? (
          <fieldset className="standing-meal-form__group">
            <legend>{group.name}</legend>
            {group.values.map((value) => (
              <label key={value.id} className="standing-meal-form__check">
                <input
                  type="checkbox"
                  checked={picked.includes(value.id)}
                  onChange={(event) =>
                    onChange(group.id, event.target.checked ? [...picked, value.id] : picked.filter((entry) => entry !== value.id))
                  }
                />
                {priced(value.name, value.price)}
              </label>
            ))}
          </fieldset>
        ) : (
          <div className="standing-card">
            <label htmlFor={`${idPrefix}-group-${group.id}`}>{group.name}</label>
            <select
              id={`${idPrefix}-group-${group.id}`}
              className="text-input"
              value={picked[0] ?? ''}
              onChange={(event) => onChange(group.id, event.target.value ? [Number(event.target.value)] : [])}
            >
              {!group.required && <option value="">{t('standingEdit.none')}</option>}
              {group.values.map((value) => (
                <option key={value.id} value={value.id}>
                  {priced(value.name, value.price)}
                </option>
              ))}
            </select>
          </div>
        )}
        {nested.map((value) => (
          <fieldset key={value.id} className="standing-meal-form__group standing-meal-form__nested">
            <legend>{t('standingEdit.chosenWith', { value: value.name })}</legend>
            <ChoiceGroups groups={value.groups} chosen={chosen} onChange={onChange} idPrefix={idPrefix} priced={priced} />
          </fieldset>
        ))}
      </div>
    );
  });
}
