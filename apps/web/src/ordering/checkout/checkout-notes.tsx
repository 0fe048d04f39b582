/**
 * Special instructions for a takeout, delivery or catering order (pickup.notes), with the characters
 * left (spec ordering.md section 5); not offered where the restaurant sets hide_takeout_special_instructions.
 */
import { useTranslation } from 'react-i18next';

/** The contract's limit for pickup.notes (contracts orders.ts OrderCheckout). */
const NOTES_MAX = 500;

export function TakeoutNotes({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const fieldId = `${id}-takeout-notes`;
  return (
    <section className="cart-section checkout-section" aria-labelledby={`${fieldId}-heading`}>
      <h3 id={`${fieldId}-heading`} className="cart-section__title">
        <label htmlFor={fieldId}>{t('checkout.notes.label')}</label>
      </h3>
      <textarea
        id={fieldId}
        className="text-input checkout-notes"
        rows={3}
        maxLength={NOTES_MAX}
        value={value}
        aria-describedby={`${fieldId}-counter`}
        onChange={(event) => onChange(event.target.value.slice(0, NOTES_MAX))}
      />
      <p id={`${fieldId}-counter`} className="checkout-hint">
        {t('item.charactersLeft', { count: NOTES_MAX - value.length })}
      </p>
    </section>
  );
}
