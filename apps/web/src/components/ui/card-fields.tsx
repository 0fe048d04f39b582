/**
 * Typing a new card: number (grouped as it is typed, its type named under it), expiry, CVD and
 * postal code, each with its message, bound to a form on the form mechanism (components/ui/form/). Used
 * by checkout (ordering/checkout/checkout-payment.tsx), the school checkouts and the account's saved
 * cards (features/account/user-payment-methods-screen.tsx). The number and CVD live only in that
 * form's values until it sends them to the processor's tokenizer.
 */
import { cardType, digitsOnly, formatCardNumber, formatExpiry, type CardType } from '@servery/domain/card';
import { TextField, type FieldMarks } from './form/field';
import { useFormField, type BoundFieldProps } from './form/form';
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
  postalCodeRequired: boolean;
  marks: FieldMarks;
  /** Account forms name their inputs after their ids. */
  named?: boolean;
  text: CardFieldsText;
}

/** What is kept of what is typed: the number grouped, the expiry as MM/YY, the CVD digits, the postal code in capitals. */
const SHAPE: Readonly<Record<CardField, (value: string) => string>> = {
  number: formatCardNumber,
  expiry_date: formatExpiry,
  cvd: digitsOnly,
  postal_code: (value) => value.toUpperCase(),
};

type Layout = CardFieldsProps & { bound: Record<CardField, BoundFieldProps> };

function CardFieldsLayout({ id, bound, postalCodeRequired, marks, named = false, text }: Layout) {
  const type = cardType(bound.number.value);
  const name = (field: CardField) => (named ? `${id}-${field}` : undefined);
  const shaped = (field: CardField) => ({ ...bound[field], onChange: (value: string) => bound[field].onChange(SHAPE[field](value)) });
  return (
    <>
      <TextField
        {...shaped('number')}
        id={`${id}-number`}
        name={name('number')}
        label={text.number}
        inputMode="numeric"
        autoComplete="cc-number"
        required
        marks={marks}
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
          {...shaped('expiry_date')}
          id={`${id}-expiry_date`}
          name={name('expiry_date')}
          label={text.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          required
          marks={marks}
          maxLength={5}
        />
        <TextField
          {...shaped('cvd')}
          id={`${id}-cvd`}
          name={name('cvd')}
          label={text.cvd}
          inputMode="numeric"
          autoComplete="cc-csc"
          required
          marks={marks}
          maxLength={4}
        />
      </div>
      <TextField
        {...shaped('postal_code')}
        id={`${id}-postal_code`}
        name={name('postal_code')}
        label={text.postalCode}
        autoComplete="postal-code"
        required={postalCodeRequired}
        marks={marks}
        maxLength={10}
        after={text.postalCodeHint ? <p className="form-field__hint">{text.postalCodeHint}</p> : null}
      />
    </>
  );
}

/**
 * The card's fields in a form on the form mechanism (components/ui/form/), under `path` in its values
 * ({ number, expiry_date, cvd, postal_code }, checked by cardFields in packages/contracts/src/forms.ts).
 */
export function FormCardFields({ path, ...props }: CardFieldsProps & { path: string }) {
  const bound = {
    number: useFormField(`${path}.number`),
    expiry_date: useFormField(`${path}.expiry_date`),
    cvd: useFormField(`${path}.cvd`),
    postal_code: useFormField(`${path}.postal_code`),
  };
  return <CardFieldsLayout {...props} bound={bound} />;
}
