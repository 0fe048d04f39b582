/** The restaurant's own questions (select one or checkboxes, required or not, localised). */
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/use-locale';
import { FieldError } from '../../components/ui/form-fields';
import type { FieldErrors } from './checkout-model';

export function QuestionsSection({
  id,
  questions,
  answers,
  errors,
  onChange,
}: {
  id: string;
  questions: PublicRestaurant['customQuestions'];
  answers: Record<number, number[]>;
  errors: FieldErrors;
  onChange: (questionId: number, answers: number[]) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const headingId = `${id}-questions-heading`;
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.questions.title')}
      </h3>
      {questions.map((question) => {
        const local = locale === 'fr-CA' ? question.localization['fr-CA'] : undefined;
        const text = local?.question || question.question;
        const chosen = answers[question.id] ?? [];
        const field = `question-${question.id}`;
        const error = errors[field];
        return (
          <fieldset
            key={question.id}
            id={`${id}-${field}`}
            tabIndex={-1}
            className="checkout-fieldset"
            // A radiogroup may say required and invalid; a group of checkboxes says it in its legend and message.
            role={question.question_type === 'select_one' ? 'radiogroup' : undefined}
            aria-required={(question.question_type === 'select_one' && question.required) || undefined}
            aria-invalid={(question.question_type === 'select_one' && error !== undefined) || undefined}
            aria-describedby={error ? `${id}-${field}-error` : undefined}
          >
            <legend className="form-field__label">
              {text}
              {question.required && <span className="form-field__mark"> {t('checkout.required')}</span>}
            </legend>
            {question.options.map((option, index) => {
              const label = local?.options[index] || option;
              const checked = chosen.includes(index);
              return (
                <label key={index} className="checkout-choice">
                  <input
                    type={question.question_type === 'select_one' ? 'radio' : 'checkbox'}
                    name={`${id}-${field}`}
                    checked={checked}
                    onChange={() =>
                      onChange(
                        question.id,
                        question.question_type === 'select_one'
                          ? [index]
                          : checked
                            ? chosen.filter((entry) => entry !== index)
                            : [...chosen, index],
                      )
                    }
                  />
                  <span>{label}</span>
                </label>
              );
            })}
            <FieldError id={`${id}-${field}-error`} error={error} />
          </fieldset>
        );
      })}
    </section>
  );
}
