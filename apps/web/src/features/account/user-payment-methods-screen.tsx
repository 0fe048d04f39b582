import type { AccountUser } from '@servery/contracts/accounts';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathTo, ROUTE_PATHS } from '../../lib/route-paths';
import { safeRedirect, type SessionCredentials } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { RequireSession } from '../../components/require-session';
import { AddCardForm } from './add-card-form';
import { PaymentMethodList } from './payment-method-list';
import { usePaymentMethodActions } from './use-payment-method-actions';
import './account.css';
import './user-payment-methods.css';

/**
 * UserPaymentMethods (spec accounts-and-suites.md sections 2 and 5: "Add card, skip, set default";
 * "add a payment method or skip; a method must be selected to continue"). The saved cards, each with
 * its brand, last four and expiry; add a card (checked here with card.ts, then by the server, which
 * keeps only the processor's reference), make one the default, delete one after a confirmation.
 * Continue needs a chosen card (it becomes the default); Skip goes on without one.
 */
export function UserPaymentMethodsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.UserPaymentMethods.title'));
  return (
    <RequireSession>
      {({ user, credentials }) => (
        <section className="account-screen payment-methods" aria-labelledby="screen-title">
          <h1 id="screen-title">{t('screens.UserPaymentMethods.title')}</h1>
          <PaymentMethods user={user} credentials={credentials} />
        </section>
      )}
    </RequireSession>
  );
}

const PROFILE_PATHS = new Set<string>(Object.values(ROUTE_PATHS));
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** After this step: the safe `redirect`, else the `restaurant` of the query, else /profile; the rest of the query follows. */
export function nextPathAfterPaymentMethods(search: string): string {
  const query = new URLSearchParams(search);
  const redirect = safeRedirect(query.get('redirect'));
  query.delete('redirect');
  let target: string = ROUTE_PATHS.ProfileSettings;
  const slug = query.get('restaurant')?.trim() ?? '';
  if (redirect) target = redirect;
  else if (SLUG.test(slug) && !PROFILE_PATHS.has(`/${slug}`)) {
    query.delete('restaurant');
    target = pathTo('Menu', { restaurantSlug: slug });
  }
  const rest = query.toString();
  return rest === '' ? target : `${target}${target.includes('?') ? '&' : '?'}${rest}`;
}

function PaymentMethods({ user, credentials }: { user: AccountUser; credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const id = useId();
  const cards = user.paymentMethods;
  const defaultCard = cards.find((card) => card.isDefault) ?? null;
  const [chosen, setChosen] = useState<string | null>(defaultCard?.paymentCardId ?? null);
  const [adding, setAdding] = useState(cards.length === 0);
  const [confirming, setConfirming] = useState<string | null>(null);
  const actions = usePaymentMethodActions(user, credentials);
  const { busy } = actions;
  // A card that was deleted is no longer a choice: fall back to the default.
  const selected = cards.some((card) => card.paymentCardId === chosen) ? chosen : (defaultCard?.paymentCardId ?? null);

  async function goOn() {
    if (selected === null) {
      actions.setFailure(t('paymentMethods.chooseRequired'));
      return;
    }
    const card = cards.find((entry) => entry.paymentCardId === selected);
    if (card && !card.isDefault && !(await actions.makeDefault(card))) return;
    void navigate(nextPathAfterPaymentMethods(search));
  }

  return (
    <div className="payment-methods__body">
      <p className="form-field__hint">{t('paymentMethods.intro')}</p>
      {cards.length === 0 ? (
        <p>{t('paymentMethods.none')}</p>
      ) : (
        <PaymentMethodList
          cards={cards}
          name={`${id}-card`}
          selected={selected}
          busy={busy}
          confirming={confirming}
          onChoose={setChosen}
          onMakeDefault={(card) => void actions.makeDefault(card)}
          onConfirming={setConfirming}
          onDelete={(card) =>
            void actions.remove(card, (next) => {
              setConfirming(null);
              if (next.paymentMethods.length === 0) setAdding(true);
            })
          }
        />
      )}

      {adding ? (
        <AddCardForm
          key={credentials.token}
          showMakeDefault={cards.length > 0}
          busy={busy}
          onCancel={cards.length > 0 ? () => setAdding(false) : null}
          onSave={(form) =>
            actions.add(form, (added) => {
              if (added) setChosen(added.paymentCardId);
              setAdding(false);
            })
          }
        />
      ) : (
        <div className="button-row">
          <button type="button" className="button" onClick={() => setAdding(true)}>
            {t('paymentMethods.add')}
          </button>
        </div>
      )}

      {actions.failure && (
        <p role="alert" className="field-error">
          {actions.failure}
        </p>
      )}
      <p role="status" className="payment-methods__notice">
        {actions.notice}
      </p>
      <div className="button-row payment-methods__footer">
        <button type="button" className="button" disabled={busy} onClick={() => void navigate(nextPathAfterPaymentMethods(search))}>
          {t('paymentMethods.skip')}
        </button>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void goOn()}>
          {t('paymentMethods.continue')}
        </button>
      </div>
    </div>
  );
}
