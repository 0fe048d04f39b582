/** Dine-in where the restaurant keeps tabs open (allow_open_tab): put this order on a tab, under whose name. */
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/ui/form-fields';
import type { CheckoutForm, FieldErrors, Update } from './checkout-model';

export function TabSection({ id, form, errors, update }: { id: string; form: CheckoutForm; errors: FieldErrors; update: Update }) {
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
            update(
              (current) => ({
                ...current,
                tab: { open, owner: open && current.tab.owner.trim() === '' ? current.contact.full_name : current.tab.owner },
              }),
              'tab_owner',
            );
          }}
        />
        <span>{t('checkout.tab.open')}</span>
      </label>
      {form.tab.open && (
        <TextField
          id={`${id}-tab_owner`}
          required
          marks="required"
          label={t('checkout.tab.owner')}
          autoComplete="name"
          value={form.tab.owner}
          error={errors.tab_owner}
          maxLength={100}
          onChange={(owner) => update((current) => ({ ...current, tab: { ...current.tab, owner } }), 'tab_owner')}
        />
      )}
    </section>
  );
}
