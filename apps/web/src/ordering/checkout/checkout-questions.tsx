/** The restaurant's own questions (select one or checkboxes, required or not, localised). */
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/use-locale';
import { FieldError } from '../../components/ui/form/field';
import { useFieldProblem } from '../../components/ui/form/form';

type Question = PublicRestaurant['customQuestions'][number];

export function QuestionsSection({
  id,
  questions,
  answers,
  onChange,
}: {
  id: string;
  questions: PublicRestaurant['customQuestions'];
  answers: Record<string, number[]>;
  onChange: (questionId: number, answers: number[]) => void;
}) {
  const { t } = useTranslation();
  const headingId = `${id}-questions-heading`;
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.questions.title')}
      </h3>
      {questions.map((question) => (
        <QuestionField key={question.id} id={id} question={question} chosen={answers[question.id] ?? []} onChange={onChange} />
      ))}
    </section>
  );
}

/** One question; its message is the form's for `answers.{id}` (packages/contracts/src/forms.ts checkoutForm). */
function QuestionField({
  id,
  question,
  chosen,
  onChange,
}: {
  id: string;
  question: Question;
  chosen: number[];
  onChange: (questionId: number, answers: number[]) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const error = useFieldProblem(`answers.${question.id}`);
  const local = locale === 'fr-CA' ? question.localization['fr-CA'] : undefined;
  const text = local?.question || question.question;
  const field = `question-${question.id}`;
  return (
    <fieldset
      id={`${id}-${field}`}
      data-field={`answers.${question.id}`}
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
}
