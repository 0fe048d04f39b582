/**
 * What a field says is wrong, and how it gets there from a zod issue or from the server's answer
 * (docs/decisions/0076-forms-on-react-hook-form.md). React Hook Form keeps a field's error as a
 * `{ type, message }` pair of strings; the message of every error this module makes is a
 * `FieldProblem` written as JSON, so it is worded when it is shown, in the language of that moment.
 */
import type { FieldMessageParams } from '@servery/contracts/forms';
import { FIELD_MESSAGE_KEYS, type FieldMessage } from '@servery/domain/card';
import type { ParseKeys } from 'i18next';
import type { FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api';

/** Keys of the catalogue that are whole messages (`t(key)` gives a string), for a form's own words. */
export type MessageKey = ParseKeys<'translation'>;

/**
 * A field's message: one of the spec's field messages (checkout.field.*), a message of the form's own
 * (an i18n key: "this order number is not one of ours"), or the server's text, already in the
 * person's language.
 */
export type FieldProblem = FieldMessage | { key: 'message'; name: MessageKey } | { key: 'server'; text: string };

/** The type of an error the server named (React Hook Form's `setError`). */
export const SERVER_ERROR = 'server';

const encode = (problem: FieldProblem): string => JSON.stringify(problem);

const INVALID: FieldProblem = { key: 'message', name: 'form.invalid' };

function isFieldMessageParams(params: unknown): params is FieldMessageParams {
  return typeof params === 'object' && params !== null && 'fieldMessage' in params;
}

/** A form's own rule that names its message by a key of the catalogue (contracts settings-forms.ts `MessageKeyParams`). */
function isMessageKeyParams(params: unknown): params is { messageKey: MessageKey } {
  return typeof params === 'object' && params !== null && typeof (params as { messageKey?: unknown }).messageKey === 'string';
}

/** The problem a zod issue names: the domain rule's own message, else the one its kind of issue means. */
export function issueProblem(issue: z.core.$ZodRawIssue): FieldProblem {
  if (issue.code === 'custom' && isFieldMessageParams(issue.params)) return issue.params.fieldMessage;
  if (issue.code === 'custom' && isMessageKeyParams(issue.params)) return { key: 'message', name: issue.params.messageKey };
  if (issue.code === 'too_small' && (issue.origin === 'string' || issue.origin === 'array')) {
    return Number(issue.minimum) <= 1 ? { key: 'required' } : { key: 'minLength', params: { length: Number(issue.minimum) } };
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return { key: 'maxLength', params: { length: Number(issue.maximum) } };
  if (issue.code === 'invalid_format' && issue.format === 'email') return { key: 'invalidEmail' };
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null || issue.input === ''))
    return { key: 'required' };
  return INVALID;
}

/** The zod error map the resolver parses with (use-zod-form.ts): every issue's message is its FieldProblem. */
export const fieldProblemErrorMap: z.core.$ZodErrorMap = (issue) => encode(issueProblem(issue));

/** A problem as React Hook Form's `setError` takes it. */
export function fieldError(problem: FieldProblem): { type: string; message: string } {
  return { type: problem.key === 'server' ? SERVER_ERROR : problem.key, message: encode(problem) };
}

function isFieldProblem(value: unknown): value is FieldProblem {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}

/**
 * The problem React Hook Form holds for a field. A message that is not one of ours (a schema's own
 * English text) reads as "check this field", and `override` replaces whatever the issue was.
 */
export function problemOf(error: FieldError | undefined, override?: MessageKey): FieldProblem | undefined {
  if (!error) return undefined;
  if (override && error.type !== SERVER_ERROR) return { key: 'message', name: override };
  try {
    const parsed: unknown = JSON.parse(error.message ?? '');
    if (isFieldProblem(parsed)) return parsed;
  } catch {
    // Not one of ours: said below in words we have.
  }
  return INVALID;
}

const KEYS_WITHOUT_PARAMS = new Set<string>(
  FIELD_MESSAGE_KEYS.filter((key) => !['minLength', 'maxLength', 'mustBeHigherThan', 'mustBeGreaterThan'].includes(key)),
);

/**
 * The fields an API error names (the envelope's `details`, `{ path: 'body.email', message: 'invalidEmail' }`)
 * whose message is one of the spec's field message keys, by the form's field names: `fields` maps the
 * request's path, less its `body.`, to the form's field (the same name when left out). Details the
 * form cannot word are left to the form's failure message.
 */
export function serverFieldProblems(error: unknown, fields: Readonly<Record<string, string>> = {}): Array<[string, FieldProblem]> {
  if (!isApiError(error)) return [];
  return (error.details ?? []).flatMap((detail): Array<[string, FieldProblem]> => {
    const path = detail.path.replace(/^body\./, '');
    const field = Object.hasOwn(fields, path) ? fields[path] : path;
    if (!field || !KEYS_WITHOUT_PARAMS.has(detail.message)) return [];
    return [[field, { key: detail.message } as FieldMessage]];
  });
}
