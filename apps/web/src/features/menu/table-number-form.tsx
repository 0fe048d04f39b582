import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

const TABLE_NUMBER = /^[1-9]\d{0,5}$/;

/**
 * "Enter your table number": goes to the menu with ?tableNum=N. It is a real GET form, so it also
 * works before the page's JavaScript has loaded; once it has, it navigates without a reload.
 */
export function TableNumberForm({ slug, primary = false }: { slug: string; primary?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tableNum = value.trim();
    if (!TABLE_NUMBER.test(tableNum)) {
      setError(true);
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    setError(false);
    void navigate(`/${slug}?tableNum=${tableNum}`);
  };

  return (
    <form className="table-form" method="get" action={`/${slug}`} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-table`} className="table-form__label">
        {t('ordering.tableNumberLabel')}
      </label>
      <div className="table-form__row">
        <input
          id={`${id}-table`}
          className="text-input table-form__input"
          name="tableNum"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className={primary ? 'button button--primary' : 'button'}>
          {t('ordering.tableNumberSubmit')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t('ordering.tableNumberInvalid')}
        </p>
      )}
    </form>
  );
}
