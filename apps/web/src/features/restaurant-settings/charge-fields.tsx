import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField, FormTextField } from '../../components/ui/form/form';

/** A charge: none, a percentage or a dollar amount, and its figure (the Delivery form has its own, features/restaurant-delivery). */
export function ChargeFields({ name, label, disabled = false }: { name: 'service_charge'; label: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const kind = useWatch({ control: useFormContext().control, name: `${name}.kind` }) as string;
  return (
    <fieldset className="settings__charge" disabled={disabled}>
      <legend>{label}</legend>
      <FormSelectField
        id={`${name}-kind`}
        field={`${name}.kind`}
        label={t('staffSettings.charges.kind', { charge: label })}
        options={[
          { value: 'none', label: t('staffSettings.charges.none') },
          { value: 'percentage', label: t('staffSettings.charges.percentage') },
          { value: 'dollar', label: t('staffSettings.charges.dollar') },
        ]}
      />
      {kind !== 'none' && (
        <FormTextField
          id={`${name}-value`}
          field={`${name}.value`}
          label={
            kind === 'dollar'
              ? t('staffSettings.charges.dollarValue', { charge: label })
              : t('staffSettings.charges.percentValue', { charge: label })
          }
          inputMode="text"
          maxLength={10}
        />
      )}
    </fieldset>
  );
}
