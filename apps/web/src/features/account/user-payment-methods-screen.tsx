import type { AccountUser, PaymentMethodSummary } from '@servery/contracts/accounts';
import { savedCardForm, type SavedCardForm } from '@servery/contracts/forms';
import { digitsOnly, formatExpiry } from '@servery/domain/card';
import { useEffect, useId, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { CARD_BRAND_NAMES, FormCardFields } from '../../components/ui/card-fields';
import { Form, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { pathTo, ROUTE_PATHS } from '../../lib/route-paths';
import { isSessionExpired, safeRedirect, useAccountClient, type SessionCredentials } from '../../lib/session';
import { useUserMutation } from '../../lib/session-mutations';
import { useDocumentTitle } from '../../lib/use-document-title';
import { addPaymentMethod, deletePaymentMethod, setDefaultPaymentMethod } from './payment-methods-api';
import { RequireSession } from '../../components/require-session';
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

const EMPTY_FORM: SavedCardForm = { card: { number: '', expiry_date: '', cvd: '', postal_code: '' }, makeDefault: false };

function PaymentMethods({ user, credentials }: { user: AccountUser; credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const client = useAccountClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const id = useId();
  const cards = user.paymentMethods;
  const defaultCard = cards.find((card) => card.isDefault) ?? null;
  const [chosen, setChosen] = useState<string | null>(defaultCard?.paymentCardId ?? null);
  const [adding, setAdding] = useState(cards.length === 0);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // A card that was deleted is no longer a choice: fall back to the default.
  const selected = cards.some((card) => card.paymentCardId === chosen) ? chosen : (defaultCard?.paymentCardId ?? null);

  const name = (card: PaymentMethodSummary) => t('paymentMethods.cardName', { brand: CARD_BRAND_NAMES[card.brand], last4: card.last4 });

  // A card added, removed or made the default: the session's user gets the new cards, and the
  // checkout (reason 'payment-methods') resets its payment info.
  const cardChange = useUserMutation({
    mutationFn: (action: () => Promise<{ user: AccountUser }>) => action(),
    // These calls change the cards only: the rest of the session user (per-restaurant credits, students) stays.
    user: (answer) => ({ ...user, paymentMethods: answer.user.paymentMethods }),
    reason: 'payment-methods',
  });

  async function run(action: () => Promise<{ user: AccountUser }>, done: (user: AccountUser) => void): Promise<boolean> {
    setBusy(true);
    setFailure(null);
    setNotice('');
    try {
      const answer = await cardChange.mutateAsync(action);
      done({ ...user, paymentMethods: answer.user.paymentMethods });
      return true;
    } catch (error) {
      // An expired session already went to /login.
      if (!isSessionExpired(error)) setFailure(errorMessage(t, error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const makeDefault = (card: PaymentMethodSummary) =>
    run(
      () => setDefaultPaymentMethod(client, credentials, card.paymentCardId),
      () => setNotice(t('paymentMethods.defaultSet', { card: name(card) })),
    );

  const remove = (card: PaymentMethodSummary) =>
    run(
      () => deletePaymentMethod(client, credentials, card.paymentCardId),
      (next) => {
        setConfirming(null);
        setNotice(t('paymentMethods.deleted', { card: name(card) }));
        if (next.paymentMethods.length === 0) setAdding(true);
      },
    );

  async function goOn() {
    if (selected === null) {
      setFailure(t('paymentMethods.chooseRequired'));
      return;
    }
    const card = cards.find((entry) => entry.paymentCardId === selected);
    if (card && !card.isDefault && !(await makeDefault(card))) return;
    void navigate(nextPathAfterPaymentMethods(search));
  }

  return (
    <div className="payment-methods__body">
      <p className="form-field__hint">{t('paymentMethods.intro')}</p>
      {cards.length === 0 ? (
        <p>{t('paymentMethods.none')}</p>
      ) : (
        <fieldset className="payment-methods__list">
          <legend className="form-field__label">{t('paymentMethods.choose')}</legend>
          <ul className="payment-methods__cards">
            {cards.map((card) => (
              <li key={card.paymentCardId} className="payment-methods__card">
                <label className="payment-methods__choice">
                  <input
                    type="radio"
                    name={`${id}-card`}
                    checked={selected === card.paymentCardId}
                    onChange={() => setChosen(card.paymentCardId)}
                  />
                  <span className="payment-methods__card-text">
                    <span className="payment-methods__card-name">
                      {CARD_BRAND_NAMES[card.brand]} <span aria-hidden="true">•••• </span>
                      <span className="visually-hidden">{t('paymentMethods.endingIn')} </span>
                      {card.last4}
                    </span>
                    <span>{t('paymentMethods.expires', { expiry: formatExpiry(card.expiry) })}</span>
                    {card.isDefault && <span className="payment-methods__badge">{t('paymentMethods.default')}</span>}
                  </span>
                </label>
                <div className="button-row">
                  {!card.isDefault && (
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      aria-label={t('paymentMethods.setDefaultLabel', { card: name(card) })}
                      onClick={() => void makeDefault(card)}
                    >
                      {t('paymentMethods.setDefault')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    aria-label={t('paymentMethods.deleteLabel', { card: name(card) })}
                    aria-expanded={confirming === card.paymentCardId}
                    onClick={() => setConfirming(confirming === card.paymentCardId ? null : card.paymentCardId)}
                  >
                    {t('paymentMethods.delete')}
                  </button>
                </div>
                {confirming === card.paymentCardId && (
                  <ConfirmDelete
                    question={t('paymentMethods.confirmDelete', { card: name(card) })}
                    busy={busy}
                    onConfirm={() => void remove(card)}
                    onCancel={() => setConfirming(null)}
                  />
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      )}

      {adding ? (
        <AddCardForm
          key={credentials.token}
          showMakeDefault={cards.length > 0}
          busy={busy}
          onCancel={cards.length > 0 ? () => setAdding(false) : null}
          onSave={(form) =>
            run(
              () =>
                addPaymentMethod(
                  client,
                  credentials,
                  {
                    number: digitsOnly(form.card.number),
                    expiry: digitsOnly(form.card.expiry_date),
                    cvd: form.card.cvd,
                    postal_code: form.card.postal_code,
                  },
                  form.makeDefault,
                ),
              (next) => {
                const added = next.paymentMethods.find((card) => !cards.some((old) => old.paymentCardId === card.paymentCardId));
                if (added) {
                  setChosen(added.paymentCardId);
                  setNotice(t('paymentMethods.added', { card: name(added) }));
                }
                setAdding(false);
              },
            )
          }
        />
      ) : (
        <div className="button-row">
          <button type="button" className="button" onClick={() => setAdding(true)}>
            {t('paymentMethods.add')}
          </button>
        </div>
      )}

      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      <p role="status" className="payment-methods__notice">
        {notice}
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

function ConfirmDelete({
  question,
  busy,
  onConfirm,
  onCancel,
}: {
  question: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div role="group" aria-label={question} className="payment-methods__confirm">
      <p>{question}</p>
      <div className="button-row">
        <button ref={confirm} type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
          {t('paymentMethods.confirm')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('paymentMethods.keep')}
        </button>
      </div>
    </div>
  );
}

function AddCardForm({
  showMakeDefault,
  busy,
  onCancel,
  onSave,
}: {
  showMakeDefault: boolean;
  busy: boolean;
  onCancel: (() => void) | null;
  onSave: (form: SavedCardForm) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [schema] = useState(() => savedCardForm({ now: () => new Date() }));
  const form = useZodForm(schema, { defaultValues: EMPTY_FORM });

  async function save(values: SavedCardForm) {
    // The number and CVD leave the page only in this call, and the form forgets them either way.
    const saved = await onSave(values);
    if (saved) form.reset(EMPTY_FORM);
    else form.setValue('card.cvd', '');
  }

  return (
    <Form form={form} className="account-form payment-methods__form" aria-labelledby={`${id}-title`} onValid={save}>
      <h2 id={`${id}-title`}>{t('paymentMethods.addTitle')}</h2>
      <FormCardFields
        id={id}
        path="card"
        postalCodeRequired={false}
        marks="optional"
        named
        text={{
          number: t('paymentMethods.cardNumber'),
          expiry: t('paymentMethods.expiry'),
          cvd: t('paymentMethods.cvd'),
          postalCode: t('paymentMethods.postalCode'),
          postalCodeHint: t('paymentMethods.postalCodeHint'),
          cardType: (type) => t('paymentMethods.cardType', { type }),
        }}
      />
      {showMakeDefault && <MakeDefaultChoice />}
      <div className="button-row">
        <SubmitButton busy={busy} busyLabel={t('paymentMethods.saving')}>
          {t('paymentMethods.save')}
        </SubmitButton>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t('paymentMethods.cancel')}
          </button>
        )}
      </div>
    </Form>
  );
}

function MakeDefaultChoice() {
  const { t } = useTranslation();
  const { field } = useController<SavedCardForm, 'makeDefault'>({ name: 'makeDefault' });
  return (
    <label className="payment-methods__check">
      <input type="checkbox" checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
      <span>{t('paymentMethods.makeDefault')}</span>
    </label>
  );
}
