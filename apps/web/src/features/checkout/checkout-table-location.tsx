/**
 * A generic catering order's table location (the restaurant's generic_table_locations: a room or a
 * table at the event), chosen from the list; the server refuses any other (generic-catering.ts).
 */
import type { TableLocation } from '@servery/domain/generic-catering';
import { SelectField } from '../../components/ui/form-fields';
import { useTranslation } from '../../i18n/i18n-context';
import type { CheckoutForm, FieldErrors, Update } from './checkout-model';

export function TableLocationSection({
  id,
  choices,
  required,
  form,
  errors,
  update,
}: {
  id: string;
  choices: readonly TableLocation[];
  required: boolean;
  form: CheckoutForm;
  errors: FieldErrors;
  update: Update;
}) {
  const { t } = useTranslation();
  const headingId = `${id}-table-location-heading`;
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.tableLocation.title')}
      </h3>
      <SelectField
        id={`${id}-table_location`}
        label={t('checkout.tableLocation.label')}
        placeholder={t('checkout.choose')}
        required={required}
        marks="required"
        value={form.tableLocation}
        error={errors.table_location}
        options={choices}
        onChange={(value) => update((current) => ({ ...current, tableLocation: value }), 'table_location')}
      />
    </section>
  );
}
