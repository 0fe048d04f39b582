/**
 * One meal of a standing order's weekday, chosen from that day's menu in that week of the cycle (decision
 * 0122): the item and its choices (one value per single-choice group, any for a multiple one; a
 * required group has no "none"). The server checks it again (menu, meals per day, choices).
 */
import type { StandingLine, StandingMenuItem } from '@servery/contracts/standing-orders';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';

interface MealFormProps {
  /** The form's name: the day and week it is for, and whether a meal is added or changed. */
  legend: string;
  items: readonly StandingMenuItem[];
  /** The line changed (its item and choices preselected), or null to add one. */
  line: StandingLine | null;
  busy: boolean;
  onSave: (line: StandingLine) => void;
  onCancel: () => void;
}

type Chosen = Record<number, number[]>;

function chosenOf(line: StandingLine | null, item: StandingMenuItem | undefined): Chosen {
  const chosen: Chosen = {};
  if (!item) return chosen;
  for (const group of item.groups) {
    const fromLine =
      line?.id === item.id ? line.orderOptions.find((entry) => entry.id === group.id)?.values.map((value) => value.id) : undefined;
    chosen[group.id] = fromLine ?? (group.required && !group.multiple && group.values[0] ? [group.values[0].id] : []);
  }
  return chosen;
}

export function MealForm({ legend, items, line, busy, onSave, onCancel }: MealFormProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  const [itemId, setItemId] = useState<number>(line?.id ?? items[0]?.id ?? 0);
  const item = items.find((entry) => entry.id === itemId);
  const [chosen, setChosen] = useState<Chosen>(() => chosenOf(line, item));
  const pick = (next: number) => {
    setItemId(next);
    setChosen(
      chosenOf(
        line,
        items.find((entry) => entry.id === next),
      ),
    );
  };
  const save = () => {
    if (!item) return;
    onSave({
      id: item.id,
      menu_id: item.menuId,
      section_id: item.sectionId,
      quantity: line?.id === item.id ? line.quantity : 1,
      orderOptions: item.groups
        .filter((group) => (chosen[group.id] ?? []).length > 0)
        .map((group) => ({ id: group.id, values: (chosen[group.id] ?? []).map((value) => ({ id: value, quantity: 1 })) })),
    });
  };
  const priced = (name: string, cents: number) =>
    cents > 0 ? t('standingEdit.priced', { name, price: formatMoney(cents, locale) }) : name;

  return (
    <fieldset className="standing-meal-form">
      <legend>{legend}</legend>
      <label className="standing-card" htmlFor={`${id}-item`}>
        {t('standingEdit.item')}
      </label>
      <select id={`${id}-item`} className="text-input" value={itemId} onChange={(event) => pick(Number(event.target.value))}>
        {items.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {priced(entry.name, entry.price)}
          </option>
        ))}
      </select>
      {item?.groups.map((group) =>
        group.multiple ? (
          <fieldset key={group.id} className="standing-meal-form__group">
            <legend>{group.name}</legend>
            {group.values.map((value) => (
              <label key={value.id} className="standing-meal-form__check">
                <input
                  type="checkbox"
                  checked={(chosen[group.id] ?? []).includes(value.id)}
                  onChange={(event) =>
                    setChosen((now) => ({
                      ...now,
                      [group.id]: event.target.checked
                        ? [...(now[group.id] ?? []), value.id]
                        : (now[group.id] ?? []).filter((entry) => entry !== value.id),
                    }))
                  }
                />
                {priced(value.name, value.price)}
              </label>
            ))}
          </fieldset>
        ) : (
          <div key={group.id} className="standing-card">
            <label htmlFor={`${id}-group-${group.id}`}>{group.name}</label>
            <select
              id={`${id}-group-${group.id}`}
              className="text-input"
              value={chosen[group.id]?.[0] ?? ''}
              onChange={(event) => setChosen((now) => ({ ...now, [group.id]: event.target.value ? [Number(event.target.value)] : [] }))}
            >
              {!group.required && <option value="">{t('standingEdit.none')}</option>}
              {group.values.map((value) => (
                <option key={value.id} value={value.id}>
                  {priced(value.name, value.price)}
                </option>
              ))}
            </select>
          </div>
        ),
      )}
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={busy || !item} onClick={save}>
          {t('standingEdit.save')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('standingEdit.cancel')}
        </button>
      </div>
    </fieldset>
  );
}
