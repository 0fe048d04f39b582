/**
 * The restaurant's membership program on the menu, in its own words (membership_program: title,
 * tooltip, input type and label, button text, loading message, banner): a member number looked up by
 * POST /api/auth/get-user-membership-promo, which sets the `{slug}-member` cookie on success and
 * removes it on a failed lookup. The menus, the cart's costs and the placed order all read that
 * cookie on the server, so member-only menus and member prices follow it.
 */
import type { MembershipResponse } from '@servery/contracts/cart';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LocalizedText, RestaurantHtml } from '../../components/ui/localized';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../i18n/locales';
import { errorMessage } from '../../lib/error-message';
import { localizedHtml, localizedText } from '../../lib/localize';
import { useApiClient } from '../../lib/use-api-client';
import './membership.css';
import { useLocale } from '../../lib/use-locale';

type Program = NonNullable<PublicRestaurant['membership_program']>;
type ProgramText = 'title' | 'tooltip' | 'input_label' | 'button_text' | 'loading_message' | 'banner_message';

/** The cookie the server sets and reads (apps/api/src/lib/cookies.ts memberCookieName). */
export const memberCookieName = (slug: string) => `${slug}-member`;

/** The member number the cookie holds, or null (read in the browser only; the server render has no cookie jar). */
export function readMemberCookie(slug: string): string | null {
  if (typeof document === 'undefined') return null;
  const name = `${memberCookieName(slug)}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(name));
  const value = entry?.slice(name.length) ?? '';
  return value === '' ? null : decodeURIComponent(value);
}

function clearMemberCookie(slug: string) {
  document.cookie = `${memberCookieName(slug)}=; Path=/; Max-Age=0; SameSite=Lax`;
}

function programText(program: Program, field: ProgramText, locale: Locale): { text: string; locale: Locale } | null {
  const entity = { ...program, name: '' };
  const text = localizedText(entity, field, locale);
  return text.text.trim() === '' ? null : text;
}

/**
 * The member number form, or the member's banner with a way to stop. `onChange` is told the new member
 * (null when none) once the cookie says so, for the menus and the cart to be asked again.
 */
export function Membership({
  restaurant,
  member,
  onChange,
}: {
  restaurant: PublicRestaurant;
  member: string | null;
  onChange: (member: string | null) => void;
}) {
  const program = restaurant.membership_program;
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useApiClient(restaurant.id);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  // The form folds behind one button until asked for: on a phone the box must leave the first dish
  // above the fold (issue 30 defect 8). Opened by the diner, the field takes focus.
  const [open, setOpen] = useState(false);
  const opened = useRef(false);
  useEffect(() => setStatus(null), [locale]);
  useEffect(() => {
    if (open && opened.current) input.current?.focus();
    opened.current = false;
  }, [open]);
  if (!program?.enabled) return null;

  const title = programText(program, 'title', locale);
  const tooltip = programText(program, 'tooltip', locale);
  const label = programText(program, 'input_label', locale)?.text ?? t('membership.label');
  const button = programText(program, 'button_text', locale)?.text ?? t('membership.apply');
  const loading = programText(program, 'loading_message', locale)?.text ?? t('membership.loading');
  const banner = localizedHtml({ ...program, name: '' }, 'banner_message', locale);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const identifier = value.trim();
    if (busy) return;
    if (identifier === '') {
      setError(t('membership.required', { label }));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const found = await client.request<MembershipResponse>('/api/auth/get-user-membership-promo', {
        method: 'POST',
        body: { identifier },
      });
      setValue('');
      setStatus(t('membership.applied', { name: found.firstName }));
      onChange(found.identifier);
    } catch (failure: unknown) {
      // The server removed the cookie with its answer; a member applied before is gone too.
      setError(errorMessage(t, failure));
      if (member !== null) onChange(null);
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const remove = () => {
    clearMemberCookie(restaurant.slug);
    setStatus(t('membership.removed'));
    onChange(null);
  };

  const errorId = `${id}-error`;
  return (
    // Not a named region: a members' menu group of the same name ("Maple Club") is one, and two
    // landmarks with one name cannot be told apart; the heading still leads here.
    <section className="membership notice notice--info">
      <h2 id={`${id}-title`} className="notice__title membership__title">
        {title ? <LocalizedText text={title.text} locale={title.locale} /> : t('membership.title')}
      </h2>
      {tooltip && <LocalizedText as="p" className="notice__body" text={tooltip.text} locale={tooltip.locale} />}
      {member !== null ? (
        <div className="membership__active">
          {banner.text.trim() !== '' ? (
            <RestaurantHtml className="notice__body" html={banner.text} locale={banner.locale} />
          ) : (
            <p className="notice__body">{t('membership.active')}</p>
          )}
          <p className="notice__body">{t('membership.number', { number: member })}</p>
          <button type="button" className="button button--small" onClick={remove}>
            {t('membership.remove')}
          </button>
        </div>
      ) : !open ? (
        <button
          type="button"
          className="button button--small membership__open"
          aria-expanded="false"
          onClick={() => {
            opened.current = true;
            setOpen(true);
          }}
        >
          {label}
        </button>
      ) : (
        <form className="membership__form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy || undefined}>
          <label htmlFor={`${id}-input`} className="cart-field__label">
            {label}
          </label>
          <div className="membership__row">
            <input
              ref={input}
              id={`${id}-input`}
              className="text-input"
              type={program.input_type}
              autoComplete="off"
              value={value}
              aria-invalid={error !== null || undefined}
              aria-describedby={error !== null ? errorId : undefined}
              onChange={(event) => setValue(event.target.value)}
            />
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {button}
            </button>
          </div>
          {error !== null && (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
      <p className="membership__status" aria-live="polite">
        {busy ? loading : status}
      </p>
    </section>
  );
}
