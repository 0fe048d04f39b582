/**
 * The one way a form is validated (issue 28, item 3; docs/decisions/0076-forms-on-react-hook-form.md):
 * React Hook Form with the zod resolver over a schema of packages/contracts (src/forms.ts). Every
 * issue's message is a FieldProblem (field-problem.ts), worded by FieldError when it is shown. The
 * form is sent by <Form> (form.tsx), which moves focus to the first field with a message.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { fieldProblemErrorMap, type MessageKey } from './field-problem';

/** A schema whose input is the form's values (strings, booleans, lists) and whose output is what is sent. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;
export type FormInput<TSchema extends FormSchema> = z.input<TSchema>;
export type FormOutput<TSchema extends FormSchema> = z.output<TSchema>;

export interface ZodFormOptions<TSchema extends FormSchema> {
  defaultValues: DefaultValues<FormInput<TSchema>>;
  /** A field's own message, whatever its schema found wrong ("Enter a web address starting with https://"). */
  messages?: Partial<Record<FieldPath<FormInput<TSchema>>, MessageKey>>;
}

export type ZodForm<TSchema extends FormSchema> = UseFormReturn<FormInput<TSchema>, unknown, FormOutput<TSchema>> & {
  messages: Partial<Record<string, MessageKey>>;
  /**
   * Checks the values at once with the same schema and messages as the resolver, and shows the
   * messages it finds: the names of the fields that have one (none: the values are valid). React Hook
   * Form's own send waits a turn for its resolver; this lets <Form> show the messages and move focus
   * in the event that sent the form.
   */
  checkNow: () => Set<string>;
};

export function useZodForm<TSchema extends FormSchema>(schema: TSchema, options: ZodFormOptions<TSchema>): ZodForm<TSchema> {
  const form = useForm<FormInput<TSchema>, unknown, FormOutput<TSchema>>({
    resolver: zodResolver(schema, { error: fieldProblemErrorMap }),
    defaultValues: options.defaultValues,
    // A field's message stays until the next send, as it did in every form before (a message that
    // comes and goes while a card number is half typed helps nobody).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // <Form> focuses the first field with a message in the page's order, not in the order fields registered.
    shouldFocusError: false,
  });
  const checkNow = (): Set<string> => {
    const result = schema.safeParse(form.getValues(), { error: fieldProblemErrorMap });
    form.clearErrors();
    const named = new Set<string>();
    if (result.success) return named;
    const anyForm = form as unknown as UseFormReturn<FieldValues>;
    // The first issue of a field is its message, as the resolver has it.
    for (const issue of result.error.issues) {
      const name = issue.path.join('.');
      if (name === '' || named.has(name)) continue;
      named.add(name);
      anyForm.setError(name, { type: issue.code, message: issue.message });
    }
    return named;
  };
  return { ...form, messages: options.messages ?? {}, checkNow };
}
