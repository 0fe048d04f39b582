import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { dollarsToCents } from '@servery/domain/money';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorNameMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import type { CartTenders } from './cart-actions';
import { parseDollars } from './cart-tip';
import type { Cart, CodeError } from './use-cart';

function useCodeErrorMessage() {
  const { t } = useTranslation();
  return (error: CodeError | undefined): string | null => {
    if (!error) return null;
    return 'name' in error ? errorNameMessage(t, error.name) : t('cart.giftCard.format');
  };
}

/**
 * Applying a code replaces its form with the code applied, and removing it brings the form back: the
 * focus, on a button that went away, would fall to the page behind the cart's dialog. After either,
 * it goes to what took the button's place (the Remove button, or the code's field); nothing moves it
 * when the cart merely opens with a code applied.
 */
function useFocusAfterSwitch() {
  const switched = useRef(false);
  // Stable: the parts' effects that take the focus run once, when they mount in the other's place.
  return useMemo(
    () => ({
      /** Wraps an apply: marks the switch, undone when the code is refused (the form stays and focuses its field). */
      apply: (onApply: (code: string) => Promise<boolean>) => async (code: string) => {
        switched.current = true;
        const ok = await onApply(code);
        if (!ok) switched.current = false;
        return ok;
      },
      remove: (onRemove: () => void) => () => {
        switched.current = true;
        onRemove();
      },
      /** Called by what mounts in the place of the other: takes the focus if a switch put it there. */
      take: (element: HTMLElement | null) => {
        if (!switched.current || !element) return;
        switched.current = false;
        element.focus();
      },
    }),
    [],
  );
}

type TakeFocus = (element: HTMLElement | null) => void;

interface CodeFormProps {
  label: string;
  applyText: string;
  applyLabel: string;
  error: string | null;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric';
  /** Resolves false when the code was refused: the field then empties itself. */
  onApply: (code: string) => Promise<boolean>;
  takeFocus: TakeFocus;
}

/** A code field with its Apply button. A refused code says why (an alert) and the field clears itself. */
function CodeForm({ label, applyText, applyLabel, error, autoComplete = 'off', inputMode = 'text', onApply, takeFocus }: CodeFormProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => takeFocus(input.current), [takeFocus]);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || value.trim() === '') return;
    setBusy(true);
    const ok = await onApply(value);
    setBusy(false);
    setValue('');
    if (!ok) input.current?.focus();
  };

  const errorId = `${id}-error`;
  return (
    <form className="cart-field" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy || undefined}>
      <label htmlFor={`${id}-input`} className="cart-field__label">
        {label}
      </label>
      <div className="cart-field__row">
        <input
          ref={input}
          id={`${id}-input`}
          className="text-input"
          autoComplete={autoComplete}
          inputMode={inputMode}
          value={value}
          aria-invalid={error !== null || undefined}
          aria-describedby={error !== null ? errorId : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="button" aria-label={applyLabel} aria-disabled={busy || undefined}>
          {applyText}
        </button>
      </div>
      {error !== null && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function Applied({
  text,
  removeText,
  removeLabel,
  onRemove,
  takeFocus,
}: {
  text: string;
  removeText: string;
  removeLabel: string;
  onRemove: () => void;
  takeFocus: TakeFocus;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => takeFocus(button.current), [takeFocus]);
  return (
    <div className="cart-applied">
      <p className="cart-applied__text">{text}</p>
      <button ref={button} type="button" className="button button--small" aria-label={removeLabel} onClick={onRemove}>
        {removeText}
      </button>
    </div>
  );
}

/** Promo code: checked with get-discount-info, then priced by set-costs. */
export function PromoCodeField({ cart, tenders }: { cart: Cart; tenders: CartTenders }) {
  const { t } = useTranslation();
  const message = useCodeErrorMessage();
  const focus = useFocusAfterSwitch();
  const code = cart.choices.discountCode;
  // A valid code can take nothing off: no eligible part (alcohol never is, pricing.md section 2). Said,
  // rather than "applied" beside a summary with no discount line.
  const takesNothing = cart.costsStatus !== 'busy' && cart.costs !== null && cart.costs.subtotal > 0 && cart.costs.discount.amount === 0;
  return (
    <div className="cart-tender">
      {code ? (
        <Applied
          text={t(takesNothing ? 'cart.promo.appliedNothing' : 'cart.promo.applied', { code })}
          removeText={t('cart.promo.remove')}
          removeLabel={t('cart.promo.removeLabel', { code })}
          onRemove={focus.remove(tenders.removeDiscountCode)}
          takeFocus={focus.take}
        />
      ) : (
        <CodeForm
          label={t('cart.promo.label')}
          applyText={t('cart.promo.apply')}
          applyLabel={t('cart.promo.applyLabel')}
          error={message(cart.codeErrors.discount)}
          onApply={focus.apply(tenders.applyDiscountCode)}
          takeFocus={focus.take}
        />
      )}
    </div>
  );
}

/** Gift card, as the restaurant names it (voucher title and label): its balance from get-gift-card, then a tender in set-costs. */
export function GiftCardField({
  cart,
  tenders,
  voucher,
}: {
  cart: Cart;
  tenders: CartTenders;
  voucher: NonNullable<PublicRestaurant['voucher']>;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const message = useCodeErrorMessage();
  const focus = useFocusAfterSwitch();
  const applied = cart.choices.voucher;
  const own = voucher.localization?.[locale];
  const label = own?.label ?? (locale === 'en-CA' ? voucher.label : undefined) ?? t('cart.giftCard.label');
  return (
    <div className="cart-tender">
      {applied ? (
        <Applied
          text={t('cart.giftCard.applied', { number: applied.masked, balance: formatMoney(applied.balance, locale) })}
          removeText={t('cart.giftCard.remove')}
          removeLabel={t('cart.giftCard.removeLabel', { number: applied.masked })}
          onRemove={focus.remove(tenders.removeGiftCard)}
          takeFocus={focus.take}
        />
      ) : (
        <CodeForm
          label={label}
          applyText={t('cart.giftCard.apply')}
          applyLabel={t('cart.giftCard.applyLabel')}
          error={message(cart.codeErrors.voucher)}
          inputMode="numeric"
          autoComplete="off"
          onApply={focus.apply(tenders.applyGiftCard)}
          takeFocus={focus.take}
        />
      )}
    </div>
  );
}

/**
 * Pay what you can (subsidies of that type): the amount the diner chooses, sent as
 * subsidyDiscount.chosenAmountToBePaid. The server takes it as what is left of the eligible items
 * before tax (pricing.md 2.3), then taxes it (section 4), so the label says "before tax"; at a
 * tax-inclusive restaurant the prices, and so the amount, already hold the tax.
 */
export function PayWhatYouCanField({ cart, taxInclusive }: { cart: Cart; taxInclusive: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  const message = useCodeErrorMessage();
  const chosen = cart.choices.payWhatYouCan;
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const base = cart.costs?.subsidyDiscount.baseSubsidizedAmount ?? 0;
  const serverError = message(cart.codeErrors.payWhatYouCan);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const dollars = parseDollars(text);
    const cents = dollars === null ? null : dollarsToCents(dollars);
    setInvalid(cents === null);
    if (cents !== null) cart.setPayWhatYouCan(cents);
  };

  let error: ReactNode = null;
  if (invalid) error = t('cart.payWhatYouCan.format');
  else if (serverError) error = serverError;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <section className="cart-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="cart-section__title">
        {t('cart.payWhatYouCan.legend')}
      </h3>
      <form className="cart-field" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-input`} className="cart-field__label">
          {taxInclusive ? t('cart.payWhatYouCan.labelTaxIncluded') : t('cart.payWhatYouCan.label')}
        </label>
        {base > 0 && (
          <p id={hintId} className="cart-field__hint">
            {t(taxInclusive ? 'cart.payWhatYouCan.fullTaxIncluded' : 'cart.payWhatYouCan.full', { amount: formatMoney(base, locale) })}
          </p>
        )}
        <div className="cart-field__row">
          <input
            id={`${id}-input`}
            className="text-input"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            placeholder={chosen === null ? undefined : formatMoney(chosen, locale)}
            aria-invalid={error !== null || undefined}
            aria-describedby={[base > 0 ? hintId : '', error !== null ? errorId : ''].filter(Boolean).join(' ') || undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button" aria-label={t('cart.payWhatYouCan.applyLabel')}>
            {t('cart.payWhatYouCan.apply')}
          </button>
        </div>
        {error !== null && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
