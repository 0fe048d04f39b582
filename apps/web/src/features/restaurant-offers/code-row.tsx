import { DISCOUNT_CODE_MAX_LENGTH, type DiscountCodesForm } from '@servery/contracts/discount-codes-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField, FormTextField } from '../../components/ui/form/form';
import { foldCode } from './code-uses';

interface Props {
  index: number;
  /** How many orders used each code, by folded code (code-uses.ts); null while unknown. */
  uses: ReadonlyMap<string, number> | null;
  /** Null: it cannot be removed (a role that reads only). */
  onRemove: (() => void) | null;
}

/** One discount code: the code (with how many orders used it), its kind and value, its window in the restaurant's time, its most uses; and its Remove button. */
export function CodeRow({ index, uses, onRemove }: Props) {
  const { t } = useTranslation();
  const name = `codes.${index}` as const;
  const typed = useWatch<DiscountCodesForm, `codes.${number}.code`>({ name: `${name}.code` });
  const type = useWatch<DiscountCodesForm, `codes.${number}.type`>({ name: `${name}.type` });
  const label = typed?.trim() ? t('staffOffers.codes.named', { code: typed.trim() }) : t('staffOffers.codes.number', { number: index + 1 });
  const id = `discount-code-${index}`;
  const used = uses && typed?.trim() ? (uses.get(foldCode(typed)) ?? 0) : null;
  return (
    <fieldset className="offers__code">
      <legend>{label}</legend>
      <FormTextField
        id={`${id}-code`}
        field={`${name}.code`}
        label={t('staffOffers.codes.code', { number: index + 1 })}
        maxLength={DISCOUNT_CODE_MAX_LENGTH + 10}
        autoComplete="off"
        hint={used === null ? undefined : used === 0 ? t('staffOffers.codes.notUsed') : t('staffOffers.codes.used', { count: used })}
      />
      <div className="offers__pair">
        <FormSelectField
          id={`${id}-type`}
          field={`${name}.type`}
          label={t('staffOffers.codes.type', { number: index + 1 })}
          options={[
            { value: 'percentage', label: t('staffOffers.codes.percentage') },
            { value: 'dollar', label: t('staffOffers.codes.dollar') },
          ]}
        />
        <FormTextField
          id={`${id}-value`}
          field={`${name}.value`}
          label={t(type === 'dollar' ? 'staffOffers.codes.dollars' : 'staffOffers.codes.percent', { number: index + 1 })}
          inputMode="decimal"
          maxLength={12}
        />
      </div>
      <div className="offers__pair">
        <FormTextField
          id={`${id}-starts`}
          field={`${name}.starts_at`}
          type="datetime-local"
          label={t('staffOffers.codes.starts', { number: index + 1 })}
        />
        <FormTextField
          id={`${id}-ends`}
          field={`${name}.ends_at`}
          type="datetime-local"
          label={t('staffOffers.codes.ends', { number: index + 1 })}
        />
      </div>
      <FormTextField
        id={`${id}-uses`}
        field={`${name}.max_uses`}
        label={t('staffOffers.codes.uses', { number: index + 1 })}
        hint={t('staffOffers.codes.usesHint')}
        inputMode="numeric"
        maxLength={9}
      />
      {onRemove && (
        <button type="button" className="button button--small" onClick={onRemove}>
          {t('staffOffers.codes.remove')}
          <span className="visually-hidden"> {label}</span>
        </button>
      )}
    </fieldset>
  );
}
