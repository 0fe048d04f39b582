/**
 * The restaurant settings' "Questions at checkout" form (issue 32 item 2; decision 0108, amended
 * 2026-11-30): the tenant file's `customQuestions` (tenant-file.ts) as a person edits them, English
 * and French side by side. The saved file is checked again by the tenant file's schema; this form
 * says first, in the person's language, what a screen can: empty text, control characters, text too
 * long, a list with fewer than two choices, a choice given twice.
 *
 * A rule's message travels as `params.messageKey`, a key of the web's catalogue (settings-forms.ts).
 */
import { z } from './browser-zod';
import type { MessageKeyParams } from './settings-forms';
import { hasControlCharacters } from './text-input';

/** The longest question and choice the form takes (the diner reads them at checkout, on a phone). */
export const QUESTION_MAX_LENGTH = 200;
export const CHOICE_MAX_LENGTH = 100;
/** The most questions a restaurant asks, and choices a question offers. */
export const MAX_QUESTIONS = 20;
export const MAX_CHOICES = 20;

function issue(ctx: z.core.$RefinementCtx, path: PropertyKey[], messageKey: string) {
  const params: MessageKeyParams = { messageKey };
  ctx.addIssue({ code: 'custom', path, params });
}

/** The text's problem as a catalogue key, or null: empty, control characters, longer than `max`. */
function textProblem(text: string, max: number, tooLong: string): string | null {
  if (text.trim() === '') return 'staffSettingsQuestions.error.empty';
  if (hasControlCharacters(text)) return 'staffSettingsQuestions.error.controlCharacters';
  if (text.trim().length > max) return tooLong;
  return null;
}

/** One choice, in English and French. */
export const QuestionChoiceForm = z.object({ en: z.string(), fr: z.string() });
export type QuestionChoiceForm = z.input<typeof QuestionChoiceForm>;

/**
 * One question. `question_id`: its id in the file (0: a new one, given the next free id when saved).
 * `select_one`: the diner picks one choice from a list (at least two); `checkbox`: the diner ticks
 * any of its choices (at least one). `choice_count` is no value: the path where a list's "fewer than
 * two choices" is said (the choices' group carries it).
 */
export const CustomQuestionForm = z
  .object({
    question_id: z.number().int().nonnegative(),
    question_en: z.string(),
    question_fr: z.string(),
    question_type: z.enum(['select_one', 'checkbox']),
    required: z.boolean(),
    choices: z.array(QuestionChoiceForm).max(MAX_CHOICES),
  })
  .superRefine((question, ctx) => {
    for (const key of ['question_en', 'question_fr'] as const) {
      const problem = textProblem(question[key], QUESTION_MAX_LENGTH, 'staffSettingsQuestions.error.questionTooLong');
      if (problem) issue(ctx, [key], problem);
    }
    const seen = { en: new Set<string>(), fr: new Set<string>() };
    question.choices.forEach((choice, index) => {
      for (const key of ['en', 'fr'] as const) {
        const problem = textProblem(choice[key], CHOICE_MAX_LENGTH, 'staffSettingsQuestions.error.choiceTooLong');
        if (problem) {
          issue(ctx, ['choices', index, key], problem);
          continue;
        }
        const folded = choice[key].trim().toLocaleLowerCase();
        if (seen[key].has(folded)) issue(ctx, ['choices', index, key], 'staffSettingsQuestions.error.duplicateChoice');
        seen[key].add(folded);
      }
    });
    if (question.question_type === 'select_one' && question.choices.length < 2) {
      issue(ctx, ['choice_count'], 'staffSettingsQuestions.error.fewChoices');
    }
    if (question.question_type === 'checkbox' && question.choices.length < 1) {
      issue(ctx, ['choice_count'], 'staffSettingsQuestions.error.noChoices');
    }
  });
export type CustomQuestionForm = z.input<typeof CustomQuestionForm>;

/** The restaurant's questions, in the order diners read them at checkout. */
export const CustomQuestionsForm = z.object({ questions: z.array(CustomQuestionForm).max(MAX_QUESTIONS) });
export type CustomQuestionsForm = z.input<typeof CustomQuestionsForm>;
