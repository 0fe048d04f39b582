/**
 * A form on the mechanism of use-zod-form.ts, and its fields bound by name. <Form> sends: it checks
 * the values with the form's schema; if a field has a message, focus moves to the first such field in
 * the page's order (its described message is read with it); else `onValid` gets the schema's output.
 * A failure the server names field by field lands on those fields; any other is the form's failure
 * (<FormFailure>, role="alert"). Fields find the form through React Hook Form's context, so a form
 * made of sections (the checkout's contact, delivery and payment) binds each section's fields the same
 * way: `name` is the path in the form's values ("contact.email").
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormProvider, get, useFormState, type FieldErrors, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { isApiError } from '../../../lib/api';
import { fieldError, serverFieldProblems, SERVER_ERROR, type FieldProblem, type MessageKey } from './field-problem';
import { FormMessages } from './form-messages';
import type { FormOutput, FormSchema, ZodForm } from './use-zod-form';

// The fields bound by name are the form's too: its importers (the checkout's sections, the school's
// forms, the account's) take them from here with <Form> (docs/decisions/0092-split-modules-keep-their-names.md).
export { FormSelectField, FormTextField, useFieldProblem, useFormField, type BoundFieldProps } from './bound-fields';

/** The first field with a message, in the page's order (fields carry their name in data-field). */
function focusFirstInvalid(container: HTMLElement | null, invalid: (name: string) => boolean): void {
  const fields = (container ?? document).querySelectorAll<HTMLElement>('[data-field]');
  for (const element of fields) {
    const name = element.dataset.field;
    if (name && invalid(name)) {
      element.focus();
      return;
    }
  }
}

/**
 * Thrown by a form's `onValid` whose request named fields in its own way (a delivery address the
 * server could not place, an e-mail already taken at checkout): the problems land on those fields
 * and focus moves to the first in the page's order, as for any server field error.
 */
export class FieldsRefused extends Error {
  constructor(readonly problems: ReadonlyArray<readonly [string, FieldProblem]>) {
    super('fields refused');
  }
}

type FormElementProps = Omit<React.ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'noValidate' | 'children'>;

export interface FormProps<TSchema extends FormSchema> extends FormElementProps {
  form: ZodForm<TSchema>;
  /** Sends the checked values; a thrown error becomes field messages or the form's failure. */
  onValid: (values: FormOutput<TSchema>) => Promise<unknown> | void;
  /** The request's field (its path less `body.`) for a form field of another name: { phoneNumber: 'phone' }. */
  serverFields?: Readonly<Record<string, string>>;
  /** An API error, by its name, that is one field's message: { ORDER_NOT_FOUND: ['order', 'notification.orderNotFound'] }. */
  errorFields?: Readonly<Record<string, readonly [FieldPath<FieldValues>, MessageKey]>>;
  /** The form's failure for a thrown error (default: the error's message, lib/error-message.ts); null says nothing. */
  failureMessage?: (error: unknown) => string | null | undefined;
  /** Whether the form may be sent at all now (the checkout while it loads); false: nothing is checked or sent. */
  canSend?: () => boolean;
  children: ReactNode;
}

export function Form<TSchema extends FormSchema>({
  form,
  onValid,
  serverFields,
  errorFields,
  failureMessage,
  canSend,
  children,
  ...props
}: FormProps<TSchema>) {
  const { t } = useTranslation();
  const [element, setElement] = useState<HTMLFormElement | null>(null);
  // A second click before the first send has re-rendered (its button disabled) sends nothing more.
  const sending = useRef(false);
  const anyForm = form as unknown as UseFormReturn<FieldValues>;

  /** Lands a thrown error on the fields it names, else as the form's failure. */
  function fail(error: unknown) {
    const named = isApiError(error) && errorFields && Object.hasOwn(errorFields, error.error) ? errorFields[error.error] : undefined;
    const values = anyForm.getValues();
    const problems: ReadonlyArray<readonly [string, FieldProblem]> = named
      ? [[named[0], { key: 'message', name: named[1] }]]
      : error instanceof FieldsRefused
        ? error.problems
        : serverFieldProblems(error, serverFields).filter(([name]) => get(values, name) !== undefined);
    if (problems.length > 0) {
      for (const [name, problem] of problems) anyForm.setError(name, { ...fieldError(problem), type: SERVER_ERROR });
      focusFirstInvalid(element, (name) => problems.some(([named]) => named === name));
      return;
    }
    const message = failureMessage?.(error);
    const text = message === undefined ? errorMessage(t, error) : message;
    if (text !== null) anyForm.setError('root.server', { type: SERVER_ERROR, message: text });
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current || (canSend && !canSend())) return;
    const invalid = form.checkNow();
    if (invalid.size > 0) {
      focusFirstInvalid(element, (name) => invalid.has(name));
      return;
    }
    sending.current = true;
    void form
      .handleSubmit(
        async (values) => {
          try {
            await onValid(values);
          } catch (error) {
            fail(error);
          }
        },
        (errors: FieldErrors) => focusFirstInvalid(element, (name) => Boolean(get(errors, name))),
      )(event)
      .finally(() => {
        sending.current = false;
      });
  };

  return (
    <FormProvider {...form}>
      <FormMessages value={form.messages}>
        <form ref={setElement} noValidate onSubmit={submit} {...props}>
          {children}
        </form>
      </FormMessages>
    </FormProvider>
  );
}

/** The form's failure, announced (role="alert"); nothing while there is none. */
export function FormFailure({ className }: { className?: string }) {
  const { errors } = useFormState();
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <p role="alert" className={className ? `field-error ${className}` : 'field-error'}>
      {message}
    </p>
  );
}

/** Disabled while the form is being sent (or `busy`), with `busyLabel` then where the form has one. */
export function SubmitButton({ children, busy = false, busyLabel }: { children: ReactNode; busy?: boolean; busyLabel?: ReactNode }) {
  const { isSubmitting } = useFormState();
  const sending = isSubmitting || busy;
  return (
    <button type="submit" className="button button--primary" disabled={sending}>
      {sending && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
