import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { dollarsToCents } from '@servery/domain/money';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import type { TipChoice } from './cart-model';

/** "5", "3.50" or "3,50" (French) to "3.50"-style decimal text; null when it is not an amount in dollars and cents. */
export function parseDollars(text: string): string | null {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return match[2] === undefined ? (match[1] ?? null) : `${match[1]}.${match[2]}`;
}

/**
 * The restaurant's tip presets (tipConfig.default_values: "15 %", "18 %", "20 %", or dollar amounts)
 * as toggle buttons with the configured one preselected, "No tip", and an amount of the diner's own.
 */
export function TipChooser({
  tipConfig,
  tip,
  onChange,
}: {
  tipConfig: NonNullable<PublicRestaurant['tipConfig']>;
  tip: TipChoice;
  onChange: (tip: TipChoice) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  const [custom, setCustom] = useState(tip.kind === 'custom' ? tip.value : '');
  const [invalid, setInvalid] = useState(false);
  const title = tipConfig.localization?.[locale]?.total_summary_title ?? tipConfig.total_summary_title ?? t('cart.tip.legend');
  const presetLabel = (value: string) =>
    tipConfig.type === 'percentage' ? formatPercent(value, locale) : formatMoney(dollarsToCents(value) ?? 0, locale);

  const applyCustom = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = parseDollars(custom);
    setInvalid(value === null);
    if (value !== null) onChange({ kind: 'custom', value });
  };

  const errorId = `${id}-error`;
  return (
    <section className="cart-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="cart-section__title">
        {title}
      </h3>
      <div className="tip-choices" role="group" aria-labelledby={`${id}-title`}>
        {tipConfig.default_values.map((value) => (
          <button
            key={value}
            type="button"
            className="chip tip-choices__button"
            aria-pressed={tip.kind === 'preset' && tip.value === value}
            onClick={() => onChange({ kind: 'preset', type: tipConfig.type, value })}
          >
            {presetLabel(value)}
          </button>
        ))}
        <button
          type="button"
          className="chip tip-choices__button"
          aria-pressed={tip.kind === 'none'}
          onClick={() => onChange({ kind: 'none' })}
        >
          {t('cart.tip.none')}
        </button>
      </div>
      <form className="cart-field" onSubmit={applyCustom} noValidate>
        <label htmlFor={`${id}-custom`} className="cart-field__label">
          {t('cart.tip.custom')}
        </label>
        <div className="cart-field__row">
          <input
            id={`${id}-custom`}
            className="text-input"
            inputMode="decimal"
            autoComplete="off"
            value={custom}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(event) => setCustom(event.target.value)}
          />
          <button type="submit" className="button" aria-label={t('cart.tip.applyLabel')}>
            {t('cart.tip.apply')}
          </button>
        </div>
        {invalid && (
          <p id={errorId} className="field-error" role="alert">
            {t('cart.tip.format')}
          </p>
        )}
      </form>
    </section>
  );
}
