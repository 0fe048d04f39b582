import { DeliverySettingsForm, LABEL_MAX_LENGTH } from '@servery/contracts/settings-delivery-form';
import type { PlaceLeft } from '@servery/domain/school-order';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormSelectField, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import type { StaffDraftCaller } from '../../staff-draft/draft-api';
import { applyDelivery, deliveryFieldOf, deliveryValues, withoutDelivery, type DeliveryFile } from './delivery-file';
import { DeliveryOff } from './delivery-off';
import { MorePlaces } from './more-places';
import { PlaceList } from './place-list';
import { studentsLeft, useStudentPlaces } from './student-places';
import { StudentsLeft } from './students-left';
import './delivery.css';

const FORM_ID = 'delivery-settings';

/** What the settings screen gives each of its forms (apps/web/src/app/settings-route.tsx composes this one in). */
export interface DeliveryFormProps {
  /** Who asks: the form also reads how many students are at each school (student-places.ts). */
  caller: StaffDraftCaller;
  file: DeliveryFile;
  canChange: boolean;
  busy: boolean;
  /** Saves the file in the draft; a refused field lands on the form's field (thrown, as <Form> expects). */
  save: (file: DeliveryFile, notice: string, form: { fieldOf: (path: string) => string | undefined }) => Promise<void>;
}

/**
 * Delivery (the tenant file's `delivery`): its charge, the radius street addresses must be within,
 * the restaurant's own locations and areas (one row each), the schools with their grades, classrooms
 * and teachers and the stadium's sections where the restaurant's kind says they apply (decision 0121),
 * and the labels diners read at checkout in English and French. A restaurant that does not deliver can start to; one that does can stop, after
 * a question that says what diners lose (decision 0111). A save that renames or removes a school,
 * grade, classroom or teacher saved students use is asked about first (students-left.tsx, decision 0121).
 */
export function DeliveryForm({ caller, file, canChange, busy, save }: DeliveryFormProps) {
  const { t } = useTranslation();
  const form = useZodForm(DeliverySettingsForm, { defaultValues: deliveryValues(file) });
  const kind = useWatch({ control: form.control, name: 'charge.kind' });
  const [on, setOn] = useState(file.delivery != null);
  const [asking, setAsking] = useState(false);
  const offButton = useRef<HTMLButtonElement>(null);
  const delivers = file.delivery != null;
  const { setFocus } = form;
  const places = useStudentPlaces(caller, canChange);
  const [left, setLeft] = useState<PlaceLeft[] | null>(null);
  // Set by "Save anyway" for the one submit it makes: the same values, saved without asking again.
  const leaving = useRef(false);
  const submitButton = () => document.querySelector<HTMLButtonElement>(`#${FORM_ID} button[type="submit"]`);
  const offStudents = studentsLeft(places, file, withoutDelivery(file)).reduce((sum, place) => sum + place.students, 0);
  // Turned on: the first of the fields that just appeared takes the focus.
  useEffect(() => {
    if (on && !delivers) setFocus('charge.kind');
  }, [on, delivers, setFocus]);

  return (
    <Form
      form={form}
      id={FORM_ID}
      onValid={async (values) => {
        const next = applyDelivery(file, values);
        const lost = studentsLeft(places, file, next);
        if (lost.length > 0 && !leaving.current) {
          setLeft(lost);
          return;
        }
        leaving.current = false;
        setLeft(null);
        await save(next, t('staffDelivery.saved'), { fieldOf: deliveryFieldOf(values) });
      }}
      failureMessage={() => null}
      aria-labelledby="settings-delivery-title"
      className="settings__form"
    >
      <h2 id="settings-delivery-title">{t('staffDelivery.title')}</h2>
      {!on ? (
        <>
          <p className="form-field__hint">{t('staffDelivery.notDelivering')}</p>
          {canChange && (
            <div className="button-row">
              <button type="button" className="button" onClick={() => setOn(true)}>
                {t('staffDelivery.turnOn')}
              </button>
            </div>
          )}
        </>
      ) : (
        <>
          <p className="form-field__hint">{t('staffDelivery.hint')}</p>
          <fieldset disabled={!canChange} className="settings__fieldset">
            <fieldset className="settings__charge">
              <legend>{t('staffDelivery.charge')}</legend>
              <FormSelectField
                id="delivery-charge-kind"
                field="charge.kind"
                label={t('staffSettings.charges.kind', { charge: t('staffDelivery.charge') })}
                options={[
                  { value: 'none', label: t('staffSettings.charges.none') },
                  { value: 'percentage', label: t('staffSettings.charges.percentage') },
                  { value: 'dollar', label: t('staffSettings.charges.dollar') },
                ]}
              />
              {kind !== 'none' && (
                <FormTextField
                  id="delivery-charge-value"
                  field="charge.value"
                  label={t(kind === 'dollar' ? 'staffSettings.charges.dollarValue' : 'staffSettings.charges.percentValue', {
                    charge: t('staffDelivery.charge'),
                  })}
                  maxLength={10}
                />
              )}
            </fieldset>
            <FormTextField
              id="delivery-radius"
              field="radius"
              label={t('staffDelivery.radius')}
              hint={t('staffDelivery.radiusHint')}
              maxLength={6}
            />
            <PlaceList list="locations" canChange={canChange} />
            <PlaceList list="areas" canChange={canChange} />
            <MorePlaces file={file} canChange={canChange} />
            <fieldset className="settings__group">
              <legend>{t('staffDelivery.labels.title')}</legend>
              <p className="form-field__hint">{t('staffDelivery.labels.hint')}</p>
              {(['location_label', 'areas_label'] as const).map((label) => (
                <div key={label} className="settings__pair">
                  <div lang="en">
                    <FormTextField
                      id={`delivery-${label}-en`}
                      field={`${label}_en`}
                      label={t(`staffDelivery.labels.${label}_en`)}
                      maxLength={LABEL_MAX_LENGTH}
                    />
                  </div>
                  <div lang="fr">
                    <FormTextField
                      id={`delivery-${label}-fr`}
                      field={`${label}_fr`}
                      label={t(`staffDelivery.labels.${label}_fr`)}
                      maxLength={LABEL_MAX_LENGTH}
                    />
                  </div>
                </div>
              ))}
            </fieldset>
          </fieldset>
          {asking && (
            <DeliveryOff
              file={file}
              students={offStudents}
              busy={busy}
              onConfirm={() => void save(withoutDelivery(file), t('staffDelivery.savedOff'), { fieldOf: () => undefined }).catch(() => {})}
              onCancel={() => (setAsking(false), requestAnimationFrame(() => offButton.current?.focus()))}
            />
          )}
          {left && (
            <StudentsLeft
              left={left}
              busy={busy}
              onConfirm={() => {
                leaving.current = true;
                submitButton()?.focus();
                submitButton()?.form?.requestSubmit();
              }}
              onCancel={() => (setLeft(null), requestAnimationFrame(() => submitButton()?.focus()))}
            />
          )}
          <FormFailure />
          {canChange && (
            <div className="button-row">
              <SubmitButton busy={busy} busyLabel={t('staffSettings.saving')}>
                {t('staffDelivery.save')}
              </SubmitButton>
              {delivers && !asking && (
                <button ref={offButton} type="button" className="button" onClick={() => setAsking(true)}>
                  {t('staffDelivery.turnOff')}
                </button>
              )}
            </div>
          )}
        </>
      )}
    </Form>
  );
}
