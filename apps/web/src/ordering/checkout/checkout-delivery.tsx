/** Where a delivered order goes: the address types the restaurant offers and their fields (checkout-delivery-model.ts). */
import { useTranslation } from 'react-i18next';
import { FieldError, SelectField, TextField } from '../../components/ui/form-fields';
import {
  deliveryFields,
  isOptionalDeliveryField,
  type DeliveryField,
  type DeliveryForm,
  type DeliveryOptions,
  type DeliveryType,
} from './checkout-delivery-model';
import type { FieldErrors, Update } from './checkout-model';

/** The order fields appear in: the first one with an error gets focus. */
export function deliveryFieldOrder(form: DeliveryForm, options: DeliveryOptions): string[] {
  return ['delivery-type', ...deliveryFields(form.type, options, form).map((field) => `delivery-${field}`)];
}

export function DeliverySection({
  id,
  options,
  form,
  errors,
  update,
}: {
  id: string;
  options: DeliveryOptions;
  form: DeliveryForm;
  errors: FieldErrors;
  update: Update;
}) {
  const { t } = useTranslation();
  const headingId = `${id}-delivery-heading`;
  const set = (field: DeliveryField, value: string) =>
    update(
      (current) => ({
        ...current,
        delivery: {
          ...current.delivery,
          [field]: value,
          // Another school has its own grades, classrooms and teachers.
          ...(field === 'school' ? { grade: '', classroom: '', teacher: '' } : {}),
        },
      }),
      `delivery-${field}`,
    );
  const choose = (type: DeliveryType) => update((current) => ({ ...current, delivery: { ...current.delivery, type } }), 'delivery-type');
  const school = options.schools.find((entry) => entry.name === form.school);

  const field = (name: DeliveryField) => {
    const fieldId = `${id}-delivery-${name}`;
    const error = errors[`delivery-${name}`];
    const required = !isOptionalDeliveryField(form.type, name);
    const common = {
      id: fieldId,
      value: form[name],
      error,
      required,
      marks: 'required' as const,
      onChange: (value: string) => set(name, value),
    };
    switch (name) {
      case 'address':
        return <TextField key={name} {...common} label={t('checkout.delivery.address')} autoComplete="street-address" maxLength={300} />;
      case 'postalCode':
        return (
          <TextField
            key={name}
            {...common}
            label={t('checkout.delivery.postalCode')}
            autoComplete="postal-code"
            maxLength={10}
            onChange={(value) => set(name, value.toUpperCase())}
          />
        );
      case 'location':
        if (form.type === 'custom_location' && options.locations.length > 0) {
          return (
            <SelectField
              key={name}
              {...common}
              placeholder={t('checkout.choose')}
              label={t('checkout.delivery.ourLocation')}
              options={options.locations}
            />
          );
        }
        return <TextField key={name} {...common} label={options.locationLabel ?? t('checkout.delivery.location')} maxLength={100} />;
      case 'area':
        return (
          <SelectField
            key={name}
            {...common}
            placeholder={t('checkout.choose')}
            label={options.areasLabel ?? t('checkout.delivery.area')}
            options={options.areas}
          />
        );
      case 'school':
        return (
          <SelectField
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
          <SelectField key={name} {...common} placeholder={t('checkout.choose')} label={t(`checkout.delivery.${name}`)} options={list} />
        );
      }
      case 'section':
        return (
          <SelectField
            key={name}
            {...common}
            placeholder={t('checkout.choose')}
            label={t('checkout.delivery.section')}
            options={options.sections}
          />
        );
      case 'student':
        return <TextField key={name} {...common} label={t('checkout.delivery.student')} autoComplete="off" maxLength={100} />;
      case 'row':
      case 'seat':
        return <TextField key={name} {...common} label={t(`checkout.delivery.${name}`)} maxLength={20} />;
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
          tabIndex={-1}
          className="checkout-fieldset"
          aria-describedby={errors['delivery-type'] ? `${id}-delivery-type-error` : undefined}
        >
          <legend className="form-field__label">{t('checkout.delivery.type')}</legend>
          {options.types.map((type) => (
            <label key={type} className="checkout-choice">
              <input type="radio" name={`${id}-delivery-type`} checked={form.type === type} onChange={() => choose(type)} />
              <span>{t(`checkout.delivery.types.${type}`)}</span>
            </label>
          ))}
          <FieldError id={`${id}-delivery-type-error`} error={errors['delivery-type']} />
        </fieldset>
      ) : null}
      {deliveryFields(form.type, options, form).map(field)}
    </section>
  );
}
