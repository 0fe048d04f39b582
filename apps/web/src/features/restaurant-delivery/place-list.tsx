import { MAX_PLACES, PLACE_MAX_LENGTH } from '@servery/contracts/settings-delivery-form';
import { useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/ui/form/form';
import type { DeliverySettingsForm } from '@servery/contracts/settings-delivery-form';

interface Props {
  list: 'locations' | 'areas';
  canChange: boolean;
}

/**
 * The restaurant's delivery locations, or its areas: one row per place (the file writes them as one
 * comma-separated text), each added, renamed or removed; diners pick one from a list at checkout.
 * Focus goes to a row added, and after a removal to the row that took its place (else Add).
 */
export function PlaceList({ list, canChange }: Props) {
  const { t } = useTranslation();
  const { control, setFocus } = useFormContext<DeliverySettingsForm>();
  const places = useFieldArray({ control, name: list });
  const addButton = useRef<HTMLButtonElement>(null);
  const words = `staffDelivery.${list}` as const;

  const remove = (index: number) => {
    places.remove(index);
    const next = Math.min(index, places.fields.length - 2);
    if (next >= 0) setFocus(`${list}.${next}.name`);
    else addButton.current?.focus();
  };

  return (
    <fieldset className="settings__group delivery__places">
      <legend>{t(`${words}.title`)}</legend>
      <p className="form-field__hint">{t(`${words}.hint`)}</p>
      {places.fields.length === 0 && <p className="form-field__hint">{t(`${words}.none`)}</p>}
      <ol className="delivery__list">
        {places.fields.map((place, index) => {
          const label = t(`${words}.number`, { number: index + 1 });
          return (
            <li key={place.id} className="delivery__place">
              <FormTextField id={`${list}-${index}`} field={`${list}.${index}.name`} label={label} maxLength={PLACE_MAX_LENGTH} />
              {canChange && (
                <button type="button" className="button button--small" onClick={() => remove(index)}>
                  {t('staffDelivery.remove')}
                  <span className="visually-hidden"> {label}</span>
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {canChange && places.fields.length < MAX_PLACES && (
        <button
          ref={addButton}
          type="button"
          className="button button--small"
          onClick={() => places.append({ name: '' }, { focusName: `${list}.${places.fields.length}.name` })}
        >
          {t(`${words}.add`)}
        </button>
      )}
    </fieldset>
  );
}
