import { CHOICE_MAX_LENGTH, MAX_CHOICES, type CustomQuestionsForm } from '@servery/contracts/settings-questions-form';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../components/ui/form/field';
import { FormTextField, useFieldProblem } from '../../components/ui/form/form';

interface Props {
  /** The question's place in the form. */
  question: number;
  /** "Question 2": the labels say whose choice a field is. */
  questionLabel: string;
  canChange: boolean;
}

/**
 * A question's choices, each in English and French; added and removed. The group carries the
 * message of a list with fewer than two choices (`choice_count`), and focus moves to it then.
 */
export function QuestionChoices({ question, questionLabel, canChange }: Props) {
  const { t } = useTranslation();
  const { control } = useFormContext<CustomQuestionsForm>();
  const choices = useFieldArray({ control, name: `questions.${question}.choices`, keyName: 'key' });
  const countField = `questions.${question}.choice_count`;
  const error = useFieldProblem(countField);
  const id = `question-${question}-choices`;
  const addId = `${id}-add`;
  return (
    <fieldset
      className="settings__group questions__choices"
      data-field={countField}
      tabIndex={-1}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{t('staffSettingsQuestions.choices', { question: questionLabel })}</legend>
      {choices.fields.map((choice, index) => {
        const label = t('staffSettingsQuestions.choiceOf', { question: questionLabel, number: index + 1 });
        return (
          <div key={choice.key} className="questions__choice">
            <div className="settings__pair">
              <div lang="en">
                <FormTextField
                  id={`${id}-${index}-en`}
                  field={`questions.${question}.choices.${index}.en`}
                  label={t('staffSettingsQuestions.choiceEn', { choice: label })}
                  maxLength={CHOICE_MAX_LENGTH + 50}
                />
              </div>
              <div lang="fr">
                <FormTextField
                  id={`${id}-${index}-fr`}
                  field={`questions.${question}.choices.${index}.fr`}
                  label={t('staffSettingsQuestions.choiceFr', { choice: label })}
                  maxLength={CHOICE_MAX_LENGTH + 50}
                />
              </div>
            </div>
            {canChange && (
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  choices.remove(index);
                  document.getElementById(addId)?.focus();
                }}
              >
                {t('staffSettings.remove')}
                <span className="visually-hidden"> ({label})</span>
              </button>
            )}
          </div>
        );
      })}
      <FieldError id={`${id}-error`} error={error} />
      {canChange && choices.fields.length < MAX_CHOICES && (
        <button
          id={addId}
          type="button"
          className="button button--small"
          onClick={() => choices.append({ en: '', fr: '' }, { focusName: `questions.${question}.choices.${choices.fields.length}.en` })}
        >
          {t('staffSettingsQuestions.addChoice')}
          <span className="visually-hidden"> ({questionLabel})</span>
        </button>
      )}
    </fieldset>
  );
}
