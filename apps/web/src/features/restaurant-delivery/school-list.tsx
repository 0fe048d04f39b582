import {
  MAX_SCHOOL_ENTRIES,
  MAX_SCHOOLS,
  PLACE_MAX_LENGTH,
  SCHOOL_ENTRY_MAX_LENGTH,
  SCHOOL_LISTS,
  type DeliverySettingsForm,
} from '@servery/contracts/settings-delivery-form';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/ui/form/form';
import { NameRows } from './name-rows';
import { RowButtons } from './row-buttons';

/**
 * The schools a K-12 restaurant delivers to (the file's `delivery.schools`, decision 0121): each with
 * its name and its grades, classrooms and teachers, which a parent picks from at checkout and when
 * adding a child. Schools are added, moved up or down and removed like the rows of their lists; a
 * school added takes the focus on its name.
 */
export function SchoolList({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const { control, setFocus } = useFormContext<DeliverySettingsForm>();
  const schools = useFieldArray({ control, name: 'schools' });
  const values = useWatch({ control, name: 'schools' });
  const addButton = useRef<HTMLButtonElement>(null);
  const [announce, setAnnounce] = useState('');
  const [focusNext, setFocusNext] = useState<string | null>(null);
  const count = schools.fields.length;

  useEffect(() => {
    if (!focusNext) return;
    document.getElementById(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const labelOf = (index: number) => t('staffDeliveryPlaces.schools.number', { number: index + 1 });
  const nameOf = (index: number) => values?.[index]?.name.trim() || labelOf(index);

  const move = (from: number, to: number) => {
    const name = nameOf(from);
    schools.move(from, to);
    setAnnounce(t('staffDeliveryPlaces.moved', { name, number: to + 1, count }));
    const atEnd = to === 0 || to === count - 1;
    const way = to < from ? (atEnd ? 'down' : 'up') : atEnd ? 'up' : 'down';
    setFocusNext(`school-${to}-${way}`);
  };

  const remove = (index: number) => {
    schools.remove(index);
    const next = Math.min(index, count - 2);
    if (next >= 0) setFocus(`schools.${next}.name`);
    else addButton.current?.focus();
  };

  return (
    <section className="delivery__schools" aria-labelledby="delivery-schools-title">
      <h3 id="delivery-schools-title">{t('staffDeliveryPlaces.schools.title')}</h3>
      <p className="form-field__hint">{t('staffDeliveryPlaces.schools.hint')}</p>
      {count === 0 && <p className="form-field__hint">{t('staffDeliveryPlaces.schools.none')}</p>}
      {schools.fields.map((school, index) => {
        const label = labelOf(index);
        const name = nameOf(index);
        return (
          <fieldset key={school.id} className="settings__day delivery__school">
            <legend>{label}</legend>
            <FormTextField
              id={`school-${index}-name`}
              field={`schools.${index}.name`}
              label={t('staffDeliveryPlaces.schools.name')}
              maxLength={PLACE_MAX_LENGTH}
            />
            {SCHOOL_LISTS.map((list) => (
              <NameRows
                key={list}
                list={`schools.${index}.${list}`}
                idPrefix={`school-${index}-${list}`}
                title={t(`staffDeliveryPlaces.${list}.title`)}
                none={t(`staffDeliveryPlaces.${list}.none`)}
                rowLabel={(number) => t(`staffDeliveryPlaces.${list}.number`, { number })}
                addLabel={t(`staffDeliveryPlaces.${list}.add`)}
                max={MAX_SCHOOL_ENTRIES}
                maxLength={SCHOOL_ENTRY_MAX_LENGTH}
                canChange={canChange}
              />
            ))}
            {canChange && (
              <RowButtons
                idPrefix="school"
                index={index}
                count={count}
                name={name}
                removeText={t('staffDeliveryPlaces.schools.remove')}
                removeName={name}
                className="button-row"
                onMove={move}
                onRemove={remove}
              />
            )}
          </fieldset>
        );
      })}
      <p aria-live="polite" className="visually-hidden">
        {announce}
      </p>
      {canChange && count < MAX_SCHOOLS && (
        <button
          ref={addButton}
          type="button"
          className="button button--small"
          onClick={() => schools.append({ name: '', grades: [], classrooms: [], teachers: [] }, { focusName: `schools.${count}.name` })}
        >
          {t('staffDeliveryPlaces.schools.add')}
        </button>
      )}
    </section>
  );
}
