import { CustomQuestionsForm } from '@servery/contracts/settings-questions-form';
import { TenantFile } from '@servery/contracts/tenant-file';
import { describe, expect, it } from 'vitest';
import { fieldProblemErrorMap, problemOf } from '../../components/ui/form/field-problem';
import { applyQuestions, questionsFieldOf, questionsValues, type FileQuestion } from './questions-file';
import type { SettingsFile } from './settings-file';

const HEAR: FileQuestion = {
  id: 1920,
  question: 'How did you hear about us?',
  options: ['Friends or family', 'Social media'],
  question_type: 'select_one',
  required: true,
  localization: { 'fr-CA': { question: 'Comment nous avez-vous connus?', options: ['Amis ou famille', 'Réseaux sociaux'] } },
};
const PREPARE: FileQuestion = {
  id: 1921,
  question: 'Anything we should prepare?',
  options: ['Cutlery and napkins'],
  question_type: 'checkbox',
  required: false,
  localization: { 'fr-CA': { question: 'Devons-nous prévoir quelque chose?', options: ['Ustensiles et serviettes'] } },
};
const BISTRO: SettingsFile = { zone: 'America/Toronto', customQuestions: [HEAR, PREPARE], menu_groups: [] };

describe('the questions form and the file', () => {
  it.each<[string, SettingsFile]>([
    ['maple-bistro’s two questions, French kept', BISTRO],
    ['no questions', { customQuestions: [] }],
    [
      'a question without French nor `required`',
      { customQuestions: [{ id: 7, question: 'Bag?', options: ['Yes', 'No'], question_type: 'select_one' }] },
    ],
    [
      'an English localization kept beside the French',
      {
        customQuestions: [
          { ...HEAR, localization: { ...HEAR.localization, 'en-CA': { question: 'Heard of us?', options: ['Friends', 'Social'] } } },
        ],
      },
    ],
  ])('gives back the same file, unchanged: %s', (_, file) => {
    expect(applyQuestions(file, questionsValues(file))).toEqual({ ...file, customQuestions: file.customQuestions ?? [] });
  });

  it('reads each question’s English and French side by side', () => {
    expect(questionsValues(BISTRO).questions[0]).toEqual({
      question_id: 1920,
      question_en: 'How did you hear about us?',
      question_fr: 'Comment nous avez-vous connus?',
      question_type: 'select_one',
      required: true,
      choices: [
        { en: 'Friends or family', fr: 'Amis ou famille' },
        { en: 'Social media', fr: 'Réseaux sociaux' },
      ],
    });
  });

  const pack = {
    question_id: 0,
    question_en: ' How should we pack your order? ',
    question_fr: 'Comment emballer votre commande ?',
    question_type: 'select_one' as const,
    required: true,
    choices: [
      { en: 'One bag', fr: 'Un sac' },
      { en: 'Separate bags', fr: 'Des sacs séparés' },
    ],
  };
  it.each<[string, (values: ReturnType<typeof questionsValues>) => void, (file: FileQuestion[]) => void]>([
    [
      'a new question takes the next free id, trimmed, its French in the localization',
      (values) => values.questions.push(pack),
      (questions) =>
        expect(questions[2]).toEqual({
          id: 1922,
          question: 'How should we pack your order?',
          options: ['One bag', 'Separate bags'],
          question_type: 'select_one',
          required: true,
          localization: { 'fr-CA': { question: 'Comment emballer votre commande ?', options: ['Un sac', 'Des sacs séparés'] } },
        }),
    ],
    [
      'reordered: the file’s order is the form’s',
      (values) => values.questions.reverse(),
      (questions) => expect(questions.map((q) => q.id)).toEqual([1921, 1920]),
    ],
    ['one removed', (values) => values.questions.splice(0, 1), (questions) => expect(questions.map((q) => q.id)).toEqual([1921])],
    [
      'a choice added to the checkboxes, in both languages',
      (values) => values.questions[1]!.choices.push({ en: 'High chair', fr: 'Chaise haute' }),
      (questions) =>
        expect(questions[1]).toMatchObject({
          options: ['Cutlery and napkins', 'High chair'],
          localization: { 'fr-CA': { options: ['Ustensiles et serviettes', 'Chaise haute'] } },
        }),
    ],
    [
      'a list turned into checkboxes, not required',
      (values) => Object.assign(values.questions[0]!, { question_type: 'checkbox', required: false }),
      (questions) => expect(questions[0]).toMatchObject({ id: 1920, question_type: 'checkbox', required: false }),
    ],
  ])('%s', (_, change, expected) => {
    const values = questionsValues(BISTRO);
    change(values);
    const file = applyQuestions(BISTRO, values);
    expected(file.customQuestions as FileQuestion[]);
    expect(file.menu_groups).toBe(BISTRO.menu_groups);
    const parsed = TenantFile.safeParse({ id: 1, slug: 'bistro', name: 'Bistro', province: 'ON', tax_rate: {}, ...file });
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('never gives a removed question’s id to a new one', () => {
    const values = questionsValues(BISTRO);
    values.questions.splice(1, 1, pack);
    expect((applyQuestions(BISTRO, values).customQuestions as FileQuestion[]).map((q) => q.id)).toEqual([1920, 1922]);
  });
});

describe('the questions form checks', () => {
  const problems = (change: (question: ReturnType<typeof questionsValues>['questions'][number]) => void) => {
    const values = questionsValues(BISTRO);
    change(values.questions[0]!);
    const result = CustomQuestionsForm.safeParse(values);
    return result.success
      ? []
      : result.error.issues.map((issue) => [issue.path.join('.'), (issue as { params?: { messageKey?: string } }).params?.messageKey]);
  };

  it.each<[string, (question: ReturnType<typeof questionsValues>['questions'][number]) => void, Array<[string, string]>]>([
    ['nothing wrong', () => {}, []],
    ['empty French text', (q) => (q.question_fr = '  '), [['questions.0.question_fr', 'staffSettingsQuestions.error.empty']]],
    [
      'a control character',
      (q) => (q.question_en = 'Bag\u0007?'),
      [['questions.0.question_en', 'staffSettingsQuestions.error.controlCharacters']],
    ],
    [
      'a question too long',
      (q) => (q.question_en = 'a'.repeat(201)),
      [['questions.0.question_en', 'staffSettingsQuestions.error.questionTooLong']],
    ],
    [
      'a choice too long',
      (q) => (q.choices[1]!.fr = 'é'.repeat(101)),
      [['questions.0.choices.1.fr', 'staffSettingsQuestions.error.choiceTooLong']],
    ],
    ['an empty choice', (q) => (q.choices[0]!.en = ''), [['questions.0.choices.0.en', 'staffSettingsQuestions.error.empty']]],
    ['a list with one choice', (q) => q.choices.splice(1), [['questions.0.choice_count', 'staffSettingsQuestions.error.fewChoices']]],
    ['checkboxes with one choice', (q) => Object.assign(q, { question_type: 'checkbox', choices: q.choices.slice(0, 1) }), []],
    [
      'checkboxes with none',
      (q) => Object.assign(q, { question_type: 'checkbox', choices: [] }),
      [['questions.0.choice_count', 'staffSettingsQuestions.error.noChoices']],
    ],
    [
      'the same choice twice, whatever its case',
      (q) => (q.choices[1]!.en = ' friends OR family'),
      [['questions.0.choices.1.en', 'staffSettingsQuestions.error.duplicateChoice']],
    ],
  ])('%s', (_, change, expected) => {
    expect(problems(change)).toEqual(expected);
  });

  it('words its message in the person’s language (a catalogue key, not English text)', () => {
    const values = questionsValues(BISTRO);
    values.questions[0]!.choices.splice(1);
    const issue = CustomQuestionsForm.safeParse(values, { error: fieldProblemErrorMap }).error!.issues[0]!;
    expect(problemOf({ type: issue.code, message: issue.message })).toEqual({
      key: 'message',
      name: 'staffSettingsQuestions.error.fewChoices',
    });
  });

  it.each([
    ['$.customQuestions[1].question', 'questions.1.question_en'],
    ['$.customQuestions[1].options[2]', 'questions.1.choices.2.en'],
    ['$.customQuestions[0].options', 'questions.0.choice_count'],
    ['$.customQuestions[0].localization["fr-CA"].question', 'questions.0.question_fr'],
    ['$.customQuestions[0].localization["fr-CA"].options[1]', 'questions.0.choices.1.fr'],
    ['$.customQuestions[3]', 'questions.3.question_en'],
    ['$.hours[0].day', undefined],
  ])('%s is the field %s', (path, field) => {
    expect(questionsFieldOf(path)).toBe(field);
  });
});
