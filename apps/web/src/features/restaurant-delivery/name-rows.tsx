import type { DeliverySettingsForm } from '@servery/contracts/settings-delivery-form';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/ui/form/form';
import { RowButtons } from './row-buttons';

interface Props {
  /** The rows' path in the form: `sections`, `schools.0.classrooms`. */
  list: 'sections' | `schools.${number}.${'grades' | 'classrooms' | 'teachers'}`;
  /** What the ids of its fields and buttons start with (unique on the page). */
  idPrefix: string;
  title: string;
  hint?: string;
  none: string;
  /** A row's label ("Classroom 2 of Maple Grove"). */
  rowLabel: (number: number) => string;
  addLabel: string;
  max: number;
  maxLength: number;
  canChange: boolean;
}

/**
 * A comma list of the file as rows (a school's grades, classrooms or teachers; the stadium's
 * sections): each added, renamed, moved up or down, or removed, by keyboard as by pointer. The
 * checkout's select lists them in this order. Focus follows: a row added takes it; a moved row's
 * same button at its new place (its other one at an end), with a polite announcement; after a
 * removal, the row that took its place (else the one before, else Add).
 */
export function NameRows({ list, idPrefix, title, hint, none, rowLabel, addLabel, max, maxLength, canChange }: Props) {
  const { t } = useTranslation();
  const { control, setFocus } = useFormContext<DeliverySettingsForm>();
  const rows = useFieldArray({ control, name: list });
  const values = useWatch({ control, name: list }) as Array<{ name: string }> | undefined;
  const addButton = useRef<HTMLButtonElement>(null);
  const [announce, setAnnounce] = useState('');
  const [focusNext, setFocusNext] = useState<string | null>(null);
  const count = rows.fields.length;

  useEffect(() => {
    if (!focusNext) return;
    document.getElementById(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const nameOf = (index: number) => values?.[index]?.name.trim() || rowLabel(index + 1);

  const move = (from: number, to: number) => {
    const name = nameOf(from);
    rows.move(from, to);
    setAnnounce(t('staffDeliveryPlaces.moved', { name, number: to + 1, count }));
    const atEnd = to === 0 || to === count - 1;
    const way = to < from ? (atEnd ? 'down' : 'up') : atEnd ? 'up' : 'down';
    setFocusNext(`${idPrefix}-${to}-${way}`);
  };

  const remove = (index: number) => {
    rows.remove(index);
    const next = Math.min(index, count - 2);
    if (next >= 0) setFocus(`${list}.${next}.name`);
    else addButton.current?.focus();
  };

  return (
    <fieldset className="settings__group delivery__places">
      <legend>{title}</legend>
      {hint && <p className="form-field__hint">{hint}</p>}
      {count === 0 && <p className="form-field__hint">{none}</p>}
      <ol className="delivery__list">
        {rows.fields.map((row, index) => {
          const label = rowLabel(index + 1);
          const name = nameOf(index);
          return (
            <li key={row.id} className="delivery__place">
              <FormTextField id={`${idPrefix}-${index}`} field={`${list}.${index}.name`} label={label} maxLength={maxLength} />
              {canChange && (
                <RowButtons
                  idPrefix={idPrefix}
                  index={index}
                  count={count}
                  name={name}
                  removeText={t('staffDelivery.remove')}
                  removeName={label}
                  className="delivery__row-buttons"
                  onMove={move}
                  onRemove={remove}
                />
              )}
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="visually-hidden">
        {announce}
      </p>
      {canChange && count < max && (
        <button
          ref={addButton}
          type="button"
          className="button button--small"
          onClick={() => rows.append({ name: '' }, { focusName: `${list}.${count}.name` })}
        >
          {addLabel}
        </button>
      )}
    </fieldset>
  );
}
