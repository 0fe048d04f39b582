/**
 * One meal of a standing order's weekday, chosen from that day's menu in that week of the cycle (decision
 * 0122): the item, its choices with the nested ones a chosen value brings (choice-groups.tsx), and how
 * many, from 1 to what the day's meal limit leaves beside its other meals (domain `lineQuantityLimit`).
 * The server checks it again (menu, meals per day, choices at every level).
 */
import type { StandingLine, StandingMenuItem } from '@servery/contracts/standing-orders';
import { lineQuantityLimit } from '@servery/domain/standing-orders';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { ChoiceGroups, chosenOf, orderOptionsOf, type Chosen } from './choice-groups';

interface MealFormProps {
  /** The form's name: the day and week it is for, and whether a meal is added or changed. */
  legend: string;
  items: readonly StandingMenuItem[];
  /** The line changed (its item, choices and quantity preselected), or null to add one. */
  line: StandingLine | null;
  /** The meals of the day's other lines (their quantities), and the school's meals per child and day. */
  otherMeals: number;
  mealsPerDay: number | null;
  busy: boolean;
  onSave: (line: StandingLine) => void;
  onCancel: () => void;
}

/** The most of one line the contract takes (contracts/cart.ts CartItem.quantity). */
const MOST = 999;

export function MealForm({ legend, items, line, otherMeals, mealsPerDay, busy, onSave, onCancel }: MealFormProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  const [itemId, setItemId] = useState<number>(line?.id ?? items[0]?.id ?? 0);
  const item = items.find((entry) => entry.id === itemId);
  const [chosen, setChosen] = useState<Chosen>(() => chosenOf(item?.groups ?? [], line?.id === item?.id ? line?.orderOptions : undefined));
  const [quantity, setQuantity] = useState(String(line?.quantity ?? 1));
  const limit = lineQuantityLimit({ meal: item?.meal ?? false, otherMeals, maxMeals: mealsPerDay });
  const pick = (next: number) => {
    const entry = items.find((candidate) => candidate.id === next);
    setItemId(next);
    setChosen(chosenOf(entry?.groups ?? [], line?.id === next ? line.orderOptions : undefined));
  };
  const save = () => {
    if (!item) return;
    // A quantity over the day's limit is sent as typed: the server says why it is refused.
    const count = Math.min(MOST, Math.max(1, Math.trunc(Number(quantity)) || 1));
    onSave({
      id: item.id,
      menu_id: item.menuId,
      section_id: item.sectionId,
      quantity: count,
      orderOptions: orderOptionsOf(item.groups, chosen),
    });
  };
  const priced = (name: string, cents: number) =>
    cents > 0 ? t('standingEdit.priced', { name, price: formatMoney(cents, locale) }) : name;
  const limited = item?.meal === true && mealsPerDay !== null;

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
      {item && (
        <ChoiceGroups
          groups={item.groups}
          chosen={chosen}
          onChange={(groupId, values) => setChosen((now) => ({ ...now, [groupId]: values }))}
          idPrefix={id}
          priced={priced}
        />
      )}
      <div className="standing-card">
        <label htmlFor={`${id}-quantity`}>{t('standingEdit.quantity')}</label>
        <input
          id={`${id}-quantity`}
          className="text-input standing-meal-form__quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, limit)}
          step={1}
          value={quantity}
          aria-describedby={limited ? `${id}-quantity-hint` : undefined}
          onChange={(event) => setQuantity(event.target.value)}
        />
        {limited && (
          <p id={`${id}-quantity-hint`} className="standing-meal-form__hint">
            {/* A full day says so, rather than "at most 0" (the server refuses the save all the same). */}
            {limit === 0 ? t('standingEdit.dayFull', { count: mealsPerDay ?? 0 }) : t('standingEdit.quantityHint', { most: limit })}
          </p>
        )}
      </div>
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
