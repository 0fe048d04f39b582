/**
 * The tenant file's `customQuestions` and the "Questions at checkout" form's values
 * (contracts/settings-questions-form.ts), both ways, as pure functions (as settings-file.ts does for
 * the other settings): the form shows each question's English and French, and what it sends changes
 * only `customQuestions`, keeping whatever else a question holds. And back from a refused file's
 * paths to the form's fields.
 */
import type { CustomQuestionForm, CustomQuestionsForm } from '@servery/contracts/settings-questions-form';
import type { SettingsFile } from './settings-file';

interface Translation {
  question: string;
  options: string[];
}

/** A question as the file writes it (tenant-file.ts CustomQuestion). */
export interface FileQuestion {
  id: number;
  question: string;
  options: string[];
  question_type: 'select_one' | 'checkbox';
  required?: boolean;
  localization?: Partial<Record<'en-CA' | 'fr-CA', Translation>>;
  [key: string]: unknown;
}

const questionsOf = (file: SettingsFile): FileQuestion[] => (file.customQuestions as FileQuestion[] | undefined) ?? [];

export function questionsValues(file: SettingsFile): CustomQuestionsForm {
  return {
    questions: questionsOf(file).map((question) => {
      const french = question.localization?.['fr-CA'];
      return {
        question_id: question.id,
        question_en: question.question,
        question_fr: french?.question ?? '',
        question_type: question.question_type,
        required: question.required === true,
        choices: question.options.map((option, index) => ({ en: option, fr: french?.options[index] ?? '' })),
      };
    }),
  };
}

/** The question's localization: its French from the form; another language's kept while it still has one option per choice. */
function localizationOf(before: FileQuestion | undefined, values: CustomQuestionForm): FileQuestion['localization'] | undefined {
  const localization: NonNullable<FileQuestion['localization']> = {};
  const english = before?.localization?.['en-CA'];
  if (english && english.options.length === values.choices.length) localization['en-CA'] = english;
  const french = { question: values.question_fr.trim(), options: values.choices.map((choice) => choice.fr.trim()) };
  if (french.question !== '' || french.options.some((option) => option !== '')) localization['fr-CA'] = french;
  return Object.keys(localization).length > 0 || before?.localization !== undefined ? localization : undefined;
}

/**
 * The file with the form's questions in the form's order. A question keeps its id (and whatever else
 * it holds); a new one takes the next id above every one the file or the form has, so an id is never
 * given again to another question.
 */
export function applyQuestions(file: SettingsFile, values: CustomQuestionsForm): SettingsFile {
  const before = new Map(questionsOf(file).map((question) => [question.id, question]));
  let next = Math.max(0, ...before.keys(), ...values.questions.map((question) => question.question_id)) + 1;
  return {
    ...file,
    customQuestions: values.questions.map((values): FileQuestion => {
      const kept = values.question_id > 0 ? before.get(values.question_id) : undefined;
      const id = values.question_id > 0 ? values.question_id : next++;
      const question: FileQuestion = {
        ...kept,
        id,
        question: values.question_en.trim(),
        options: values.choices.map((choice) => choice.en.trim()),
        question_type: values.question_type,
        required: values.required,
      };
      if (kept && kept.required === undefined && !values.required) delete question.required;
      const localization = localizationOf(kept, values);
      if (localization) question.localization = localization;
      else delete question.localization;
      return question;
    }),
  };
}

const QUESTION_FIELD: ReadonlyArray<[RegExp, (index: string, match: RegExpExecArray) => string]> = [
  [/^\.question$/, (index) => `questions.${index}.question_en`],
  [/^\.options\[(\d+)\]$/, (index, match) => `questions.${index}.choices.${match[1]}.en`],
  [/^\.options$/, (index) => `questions.${index}.choice_count`],
  [/^\.localization\["fr-CA"\]\.question$/, (index) => `questions.${index}.question_fr`],
  [/^\.localization\["fr-CA"\]\.options\[(\d+)\]$/, (index, match) => `questions.${index}.choices.${match[1]}.fr`],
  [/^\.question_type$/, (index) => `questions.${index}.question_type`],
  [/^(\.id|\.localization.*)?$/, (index) => `questions.${index}.question_en`],
];

/** The questions form's field for a refused file's path (`$.customQuestions[1].options[0]`), undefined: not one of its fields. */
export function questionsFieldOf(path: string): string | undefined {
  const question = /^\$\.customQuestions\[(\d+)\](.*)$/.exec(path);
  if (!question) return undefined;
  for (const [pattern, field] of QUESTION_FIELD) {
    const match = pattern.exec(question[2]!);
    if (match) return field(question[1]!, match);
  }
  return `questions.${question[1]}.question_en`;
}
