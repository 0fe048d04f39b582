import { QUESTION_MAX_LENGTH, type CustomQuestionsForm } from '@servery/contracts/settings-questions-form';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField, FormTextField } from '../../components/ui/form/form';
import { QuestionChoices } from './question-choices';

interface Props {
  index: number;
  count: number;
  canChange: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

/** One question: its text in English and French, its type, whether diners must answer, its choices; moved and removed. */
export function QuestionFieldset({ index, count, canChange, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  const { register } = useFormContext<CustomQuestionsForm>();
  const label = t('staffSettingsQuestions.number', { number: index + 1 });
  const name = `questions.${index}` as const;
  const id = `question-${index}`;
  return (
    <fieldset className="settings__day questions__question">
      <legend>{label}</legend>
      <div className="settings__pair">
        <div lang="en">
          <FormTextField
            id={`${id}-en`}
            field={`${name}.question_en`}
            label={t('staffSettingsQuestions.questionEn', { question: label })}
            maxLength={QUESTION_MAX_LENGTH + 50}
          />
        </div>
        <div lang="fr">
          <FormTextField
            id={`${id}-fr`}
            field={`${name}.question_fr`}
            label={t('staffSettingsQuestions.questionFr', { question: label })}
            maxLength={QUESTION_MAX_LENGTH + 50}
          />
        </div>
      </div>
      <FormSelectField
        id={`${id}-type`}
        field={`${name}.question_type`}
        label={t('staffSettingsQuestions.type', { question: label })}
        options={[
          { value: 'select_one', label: t('staffSettingsQuestions.selectOne') },
          { value: 'checkbox', label: t('staffSettingsQuestions.checkbox') },
        ]}
      />
      <label className="settings__check">
        <input type="checkbox" {...register(`${name}.required`)} /> {t('staffSettingsQuestions.required')}
        <span className="visually-hidden"> ({label})</span>
      </label>
      <QuestionChoices question={index} questionLabel={label} canChange={canChange} />
      {canChange && (
        <div className="questions__actions">
          {index > 0 && (
            <button id={`${id}-up`} type="button" className="button button--small" onClick={() => onMove(index, index - 1)}>
              {t('staffSettingsQuestions.moveUp')}
              <span className="visually-hidden"> {label}</span>
            </button>
          )}
          {index < count - 1 && (
            <button id={`${id}-down`} type="button" className="button button--small" onClick={() => onMove(index, index + 1)}>
              {t('staffSettingsQuestions.moveDown')}
              <span className="visually-hidden"> {label}</span>
            </button>
          )}
          <button type="button" className="button button--small" onClick={onRemove}>
            {t('staffSettingsQuestions.remove')}
            <span className="visually-hidden"> {label}</span>
          </button>
        </div>
      )}
    </fieldset>
  );
}
