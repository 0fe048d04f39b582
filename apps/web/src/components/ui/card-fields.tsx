/**
 * Typing a new card: number (grouped as it is typed, its type named under it), expiry, CVD and
 * postal code, each with its message. Used by checkout (features/checkout/checkout-payment.tsx) and
 * the account's saved cards (features/account/user-payment-methods-screen.tsx). The number and CVD
 * live only in the caller's state until it sends them to the processor's tokenizer.
 */
import { cardType, digitsOnly, formatCardNumber, formatExpiry, type CardType } from '@servery/domain/card';
import { TextField, type FieldMarks, type FieldProblem } from './form-fields';
import './card-fields.css';

export const CARD_BRAND_NAMES: Readonly<Record<CardType, string>> = { VISA: 'Visa', MC: 'Mastercard', AMEX: 'American Express' };

export type CardField = 'number' | 'expiry_date' | 'cvd' | 'postal_code';
export type CardEntry = Record<CardField, string>;

export interface CardFieldsText {
  number: string;
  expiry: string;
  cvd: string;
  postalCode: string;
  /** Under the postal code, when the form gives an example. */
  postalCodeHint?: string;
  /** "Card type: Visa". */
  cardType: (brand: string) => string;
}

export interface CardFieldsProps {
  /** Ids are `${id}-number`, `${id}-expiry_date`, `${id}-cvd` and `${id}-postal_code`. */
  id: string;
  card: CardEntry;
  errors: Partial<Record<CardField, FieldProblem>>;
  /** The value as it should be kept: the number grouped, the expiry as MM/YY, the CVD digits, the postal code in capitals. */
  onChange: (field: CardField, value: string) => void;
  postalCodeRequired: boolean;
  marks: FieldMarks;
  /** Account forms name their inputs after their ids. */
  named?: boolean;
  text: CardFieldsText;
}

export function CardFields({ id, card, errors, onChange, postalCodeRequired, marks, named = false, text }: CardFieldsProps) {
  const type = cardType(card.number);
  const name = (field: CardField) => (named ? `${id}-${field}` : undefined);
  return (
    <>
      <TextField
        id={`${id}-number`}
        name={name('number')}
        label={text.number}
        inputMode="numeric"
        autoComplete="cc-number"
        value={card.number}
        error={errors.number}
        required
        marks={marks}
        onChange={(value) => onChange('number', formatCardNumber(value))}
        after={
          type ? (
            <p className="form-field__hint" aria-live="polite">
              {text.cardType(CARD_BRAND_NAMES[type])}
            </p>
          ) : null
        }
      />
      <div className="card-fields__row">
        <TextField
          id={`${id}-expiry_date`}
          name={name('expiry_date')}
          label={text.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          value={card.expiry_date}
          error={errors.expiry_date}
          required
          marks={marks}
          maxLength={5}
          onChange={(value) => onChange('expiry_date', formatExpiry(value))}
        />
        <TextField
          id={`${id}-cvd`}
          name={name('cvd')}
          label={text.cvd}
          inputMode="numeric"
          autoComplete="cc-csc"
          value={card.cvd}
          error={errors.cvd}
          required
          marks={marks}
          maxLength={4}
          onChange={(value) => onChange('cvd', digitsOnly(value))}
        />
      </div>
      <TextField
        id={`${id}-postal_code`}
        name={name('postal_code')}
        label={text.postalCode}
        autoComplete="postal-code"
        value={card.postal_code}
        error={errors.postal_code}
        required={postalCodeRequired}
        marks={marks}
        maxLength={10}
        onChange={(value) => onChange('postal_code', value.toUpperCase())}
        after={text.postalCodeHint ? <p className="form-field__hint">{text.postalCodeHint}</p> : null}
      />
    </>
  );
}
