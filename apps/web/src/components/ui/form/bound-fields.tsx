/**
 * A form's fields bound by name (form.tsx): a text field's or select's value, message and focus, and
 * the message of any other field, by its path in the form's values ("contact.email").
 */
import { useContext } from 'react';
import { get, useController, useFormContext, useFormState, type FieldError } from 'react-hook-form';
import { SelectField, TextField, type SelectFieldProps, type TextFieldProps } from './field';
import { problemOf, type FieldProblem } from './field-problem';
import { FormMessages } from './form-messages';

interface FieldShaping {
  /** Shapes what is typed before it is kept (a phone number's dashes, a postal code's capitals). */
  format?: ((value: string) => string) | undefined;
  /** After a change is kept, with the value before it (a new school clears the grade it had). */
  onChanged?: ((value: string, previous: string) => void) | undefined;
}

/** What a text field or select takes from the form for the field at `name` (its path in the form's values). */
export type BoundFieldProps = Required<Pick<TextFieldProps, 'value' | 'onChange'>> &
  Pick<TextFieldProps, 'error' | 'inputRef' | 'onBlur' | 'field'>;

/** A field's value, message and focus, bound by its path in the form's values (FormTextField, the card's fields). */
export function useFormField(name: string, { format, onChanged }: FieldShaping = {}): BoundFieldProps {
  const { control } = useFormContext();
  const messages = useContext(FormMessages);
  const { field, fieldState } = useController({ name, control });
  const value = String(field.value ?? '');
  return {
    field: name,
    value,
    error: problemOf(fieldState.error, messages[name]),
    inputRef: field.ref,
    onBlur: field.onBlur,
    onChange: (typed: string) => {
      const next = format ? format(typed) : typed;
      field.onChange(next);
      onChanged?.(next, value);
    },
  };
}

/**
 * The message of a field that is not a text field or select (a group of radios or checkboxes: its
 * element carries `data-field={name}` and `tabIndex={-1}` so that focus can move to it).
 */
export function useFieldProblem(name: string): FieldProblem | undefined {
  const { errors } = useFormState({ name });
  const messages = useContext(FormMessages);
  return problemOf(get(errors, name) as FieldError | undefined, messages[name]);
}

type Bound<TProps> = Omit<TProps, keyof BoundFieldProps> &
  FieldShaping & {
    /** The field's path in the form's values. */
    field: string;
  };

export function FormTextField({ field, format, onChanged, ...props }: Bound<TextFieldProps>) {
  return <TextField {...props} {...useFormField(field, { format, onChanged })} />;
}

export function FormSelectField({ field, format, onChanged, ...props }: Bound<SelectFieldProps>) {
  return <SelectField {...props} {...useFormField(field, { format, onChanged })} />;
}
