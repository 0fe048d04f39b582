/** Dine-in where the restaurant keeps tabs open (allow_open_tab): put this order on a tab, under whose name. */
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/ui/form/form';
import type { CheckoutForm, Update } from './checkout-model';

export function TabSection({ id, form, update }: { id: string; form: CheckoutForm; update: Update }) {
  const { t } = useTranslation();
  const headingId = `${id}-tab-heading`;
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.tab.title')}
      </h3>
      <label className="checkout-choice">
        <input
          type="checkbox"
          checked={form.tab.open}
          onChange={(event) => {
            const open = event.target.checked;
            // The owner starts as the contact's name; the diner may change it.
            update((current) => ({
              ...current,
              tab: { open, owner: open && current.tab.owner.trim() === '' ? current.contact.full_name : current.tab.owner },
            }));
          }}
        />
        <span>{t('checkout.tab.open')}</span>
      </label>
      {form.tab.open && (
        <FormTextField
          field="tab.owner"
          id={`${id}-tab_owner`}
          required
          marks="required"
          label={t('checkout.tab.owner')}
          autoComplete="name"
          maxLength={100}
        />
      )}
    </section>
  );
}
