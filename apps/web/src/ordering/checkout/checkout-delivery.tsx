/** Where a delivered order goes: the address types the restaurant offers and their fields (checkout-delivery-model.ts). */
import { DELIVERY_DETAIL_MAX } from '@servery/domain/delivery-summary';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../components/ui/form/field';
import { FormSelectField, FormTextField, useFieldProblem } from '../../components/ui/form/form';
import {
  deliveryFields,
  isOptionalDeliveryField,
  type DeliveryField,
  type DeliveryForm,
  type DeliveryOptions,
  type DeliveryType,
} from './checkout-delivery-model';
import type { Update } from './checkout-model';

export function DeliverySection({
  id,
  options,
  form,
  update,
}: {
  id: string;
  options: DeliveryOptions;
  form: DeliveryForm;
  update: Update;
}) {
  const { t } = useTranslation();
  const headingId = `${id}-delivery-heading`;
  const typeError = useFieldProblem('delivery.type');
  const choose = (type: DeliveryType) => update((current) => ({ ...current, delivery: { ...current.delivery, type } }));
  const school = options.schools.find((entry) => entry.name === form.school);

  const field = (name: DeliveryField) => {
    const common = {
      field: `delivery.${name}`,
      id: `${id}-delivery-${name}`,
      required: !isOptionalDeliveryField(form.type, name),
      marks: 'required' as const,
      // Another school has its own grades, classrooms and teachers.
      onChanged:
        name === 'school'
          ? () => update((current) => ({ ...current, delivery: { ...current.delivery, grade: '', classroom: '', teacher: '' } }))
          : undefined,
    };
    switch (name) {
      case 'address':
        return (
          <FormTextField key={name} {...common} label={t('checkout.delivery.address')} autoComplete="street-address" maxLength={300} />
        );
      case 'postalCode':
        return (
          <FormTextField
            key={name}
            {...common}
            label={t('checkout.delivery.postalCode')}
            autoComplete="postal-code"
            maxLength={10}
            format={(value) => value.toUpperCase()}
          />
        );
      case 'location':
        if (form.type === 'custom_location' && options.locations.length > 0) {
          return (
            <FormSelectField
              key={name}
              {...common}
              placeholder={t('checkout.choose')}
              label={t('checkout.delivery.ourLocation')}
              options={options.locations}
            />
          );
        }
        return <FormTextField key={name} {...common} label={options.locationLabel ?? t('checkout.delivery.location')} maxLength={100} />;
      case 'area':
        return (
          <FormSelectField
            key={name}
            {...common}
            placeholder={t('checkout.choose')}
            label={options.areasLabel ?? t('checkout.delivery.area')}
            options={options.areas}
          />
        );
      case 'school':
        return (
          <FormSelectField
            key={name}
            {...common}
            placeholder={t('checkout.choose')}
            label={t('checkout.delivery.school')}
            options={options.schools.map((entry) => entry.name)}
          />
        );
      case 'grade':
      case 'classroom':
      case 'teacher': {
        const list = { grade: school?.grades, classroom: school?.classrooms, teacher: school?.teachers }[name] ?? [];
        return (
          <FormSelectField
            key={name}
            {...common}
            placeholder={t('checkout.choose')}
            label={t(`checkout.delivery.${name}`)}
            options={list}
          />
        );
      }
      case 'section':
        return (
          <FormSelectField
            key={name}
            {...common}
            placeholder={t('checkout.choose')}
            label={t('checkout.delivery.section')}
            options={options.sections}
          />
        );
      case 'student':
        return <FormTextField key={name} {...common} label={t('checkout.delivery.student')} autoComplete="off" maxLength={100} />;
      case 'detail':
        return (
          <FormTextField
            key={name}
            {...common}
            label={t('checkout.delivery.detail')}
            autoComplete="address-line2"
            maxLength={DELIVERY_DETAIL_MAX}
          />
        );
      case 'row':
      case 'seat':
        return <FormTextField key={name} {...common} label={t(`checkout.delivery.${name}`)} maxLength={20} />;
    }
  };

  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.delivery.title')}
      </h3>
      {options.types.length > 1 ? (
        <fieldset
          id={`${id}-delivery-type`}
          data-field="delivery.type"
          tabIndex={-1}
          className="checkout-fieldset"
          aria-describedby={typeError ? `${id}-delivery-type-error` : undefined}
        >
          <legend className="form-field__label">{t('checkout.delivery.type')}</legend>
          {options.types.map((type) => (
            <label key={type} className="checkout-choice">
              <input type="radio" name={`${id}-delivery-type`} checked={form.type === type} onChange={() => choose(type)} />
              <span>{t(`checkout.delivery.types.${type}`)}</span>
            </label>
          ))}
          <FieldError id={`${id}-delivery-type-error`} error={typeError} />
        </fieldset>
      ) : null}
      {deliveryFields(form.type, options, form).map(field)}
    </section>
  );
}
