import { MAX_HEAD_COUNT } from '@servery/domain/head-count';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cart } from './use-cart';

/**
 * Catering's "Number of guests" (decision 0116): each per-person line (a boxed lunch, a buffet) is one
 * per guest, so its quantity follows this number; the server derives those quantities again from it.
 * Shown once the cart holds a per-person line. A number being typed is kept as typed until it is a
 * whole number of guests; leaving the field puts back the number in use.
 */
export function HeadCountField({ cart }: { cart: Cart }) {
  const { t } = useTranslation();
  const id = useId();
  const headCount = cart.choices.headCount ?? null;
  const [text, setText] = useState(headCount === null ? '' : String(headCount));
  useEffect(() => setText(headCount === null ? '' : String(headCount)), [headCount]);
  if (!cart.choices.items.some((line) => cart.isPerPerson(line.id))) return null;
  return (
    <div className="cart-section cart-field head-count">
      <label htmlFor={`${id}-guests`} className="cart-field__label">
        {t('cateringHeadCount.label')}
      </label>
      <p id={`${id}-hint`} className="cart-field__hint">
        {t('cateringHeadCount.hint')}
      </p>
      <input
        id={`${id}-guests`}
        className="text-input head-count__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_HEAD_COUNT}
        step={1}
        value={text}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          const count = Number(event.target.value);
          if (Number.isInteger(count) && count >= 1 && count <= MAX_HEAD_COUNT) cart.setHeadCount(count);
        }}
        onBlur={() => setText(headCount === null ? '' : String(headCount))}
      />
    </div>
  );
}
