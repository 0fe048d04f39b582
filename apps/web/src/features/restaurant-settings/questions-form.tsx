import { CustomQuestionsForm, MAX_QUESTIONS } from '@servery/contracts/settings-questions-form';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { QuestionFieldset } from './question-fieldset';
import { applyQuestions, questionsFieldOf, questionsValues } from './questions-file';
import type { SettingsFile } from './settings-file';
import { useSettingsSave, type SettingsDraftState } from './settings-save';
import './questions.css';

interface Props {
  file: SettingsFile;
  state: SettingsDraftState;
  canChange: boolean;
}

const NEW_QUESTION = {
  question_id: 0,
  question_en: '',
  question_fr: '',
  question_type: 'select_one' as const,
  required: false,
  choices: [
    { en: '', fr: '' },
    { en: '', fr: '' },
  ],
};

/**
 * The restaurant's questions diners answer at checkout (the tenant file's `customQuestions`): each
 * one's English and French text, one choice from a list or checkboxes, required or not, and its
 * choices in both languages; added, reordered (up and down buttons, focus kept on the moved
 * question's button), removed. Saving puts them in the draft; a text the form refuses is the field's
 * message, in the person's language.
 */
export function QuestionsForm({ file, state, canChange }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(CustomQuestionsForm, { defaultValues: questionsValues(file) });
  const save = useSettingsSave(state);
  const questions = useFieldArray({ control: form.control, name: 'questions', keyName: 'key' });
  const addButton = useRef<HTMLButtonElement>(null);
  const [announce, setAnnounce] = useState('');
  const [focusNext, setFocusNext] = useState<string | null>(null);

  useEffect(() => {
    if (!focusNext) return;
    const target = document.getElementById(focusNext) as HTMLButtonElement | null;
    (target && !target.disabled ? target : addButton.current)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const move = (from: number, to: number) => {
    questions.move(from, to);
    setAnnounce(t('staffSettingsQuestions.moved', { number: to + 1 }));
    const otherWay = to < from ? 'down' : 'up';
    const sameWay = to < from ? 'up' : 'down';
    const atEnd = to === 0 || to === questions.fields.length - 1;
    setFocusNext(`question-${to}-${atEnd ? otherWay : sameWay}`);
  };

  return (
    <Form
      form={form}
      onValid={(values) => save(applyQuestions(file, values), t('staffSettingsQuestions.saved'), { fieldOf: questionsFieldOf })}
      failureMessage={() => null}
      aria-labelledby="settings-questions-title"
      className="settings__form"
    >
      <h2 id="settings-questions-title">{t('staffSettingsQuestions.title')}</h2>
      <p className="form-field__hint">{t('staffSettingsQuestions.hint')}</p>
      <fieldset disabled={!canChange} className="settings__fieldset">
        {questions.fields.length === 0 && <p className="form-field__hint">{t('staffSettingsQuestions.none')}</p>}
        <ol className="questions__list">
          {questions.fields.map((question, index) => (
            <li key={`${question.key}-${index}`}>
              <QuestionFieldset
                index={index}
                count={questions.fields.length}
                canChange={canChange}
                onMove={move}
                onRemove={() => {
                  questions.remove(index);
                  setAnnounce(t('staffSettingsQuestions.removed', { number: index + 1 }));
                  addButton.current?.focus();
                }}
              />
            </li>
          ))}
        </ol>
        {canChange && questions.fields.length < MAX_QUESTIONS && (
          <button
            ref={addButton}
            type="button"
            className="button button--small"
            onClick={() =>
              questions.append(structuredClone(NEW_QUESTION), { focusName: `questions.${questions.fields.length}.question_en` })
            }
          >
            {t('staffSettingsQuestions.add')}
          </button>
        )}
      </fieldset>
      <p role="status" className="visually-hidden">
        {announce}
      </p>
      <FormFailure />
      {canChange && (
        <div className="button-row">
          <SubmitButton busy={state.busy} busyLabel={t('staffSettings.saving')}>
            {t('staffSettingsQuestions.save')}
          </SubmitButton>
        </div>
      )}
    </Form>
  );
}
