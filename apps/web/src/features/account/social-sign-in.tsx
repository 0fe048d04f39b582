/**
 * Social sign-in buttons (docs/decisions/0117-social-sign-in-code-flow.md). Only the providers the
 * operator configured are shown; none configured, nothing is rendered.
 *
 * The server runs OpenID Connect's authorization-code flow with PKCE: a button is a link to
 * `/api/auth/social/{type}/start` with this page's address to come back to. The server comes back to
 * this screen with `socialSignIn=1` once the session has started (in HttpOnly cookies), and the screen
 * takes it as a login answer (`POST /api/auth/social/session`) to finish the sign-in like any other;
 * or with `socialError=<error name>`, which is said here. Either is dropped from the address at once.
 */
import type { SocialAuthResponse, SocialProvider, SocialProvidersResponse } from '@servery/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { queryKeys } from '../../lib/query-keys';
import { useSignInMutation } from '../../lib/session-mutations';
import { useApiClient } from '../../lib/use-api-client';
import { restaurantForLogin } from './post-login';

/** The failures the server names on its way back; any other name reads as the generic one. */
const RETURN_ERRORS = new Set([
  'SOCIAL_PROVIDER_UNAVAILABLE',
  'SOCIAL_TOKEN_INVALID',
  'SOCIAL_EMAIL_UNVERIFIED',
  'SOCIAL_EMAIL_TAKEN',
  'SOCIAL_PROVIDER_FAILED',
  'SOCIAL_SIGN_IN_EXPIRED',
  'SOCIAL_SIGN_IN_CANCELLED',
]);

export interface SocialSignInProps {
  /** The login screen's finishSignIn: store the session and go where a signed-in user goes. */
  onSignedIn: (response: SocialAuthResponse, options: { registered: boolean }) => void;
}

/** Where a provider's button starts: the server's start, told to come back to this page (without our own markers). */
export function startAddress(type: SocialProvider['type'], pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete('socialSignIn');
  query.delete('socialError');
  const rest = query.toString();
  const start = new URLSearchParams({ returnTo: `${pathname}${rest ? `?${rest}` : ''}` });
  const restaurant = restaurantForLogin(search);
  if (restaurant) start.set('restaurant', restaurant);
  return `/api/auth/social/${type}/start?${start.toString()}`;
}

export function SocialSignIn({ onSignedIn }: SocialSignInProps) {
  const { t } = useTranslation();
  const client = useApiClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The latest finishSignIn: the screen re-renders with the cleaned query while the call is out.
  const onSignedInRef = useRef(onSignedIn);
  const handledReturn = useRef(false);

  useEffect(() => {
    onSignedInRef.current = onSignedIn;
  }, [onSignedIn]);

  // Without the list (still loading, or failed) there are simply no social buttons; e-mail and password still work.
  const providersQuery = useQuery({
    queryKey: queryKeys.socialProviders,
    queryFn: ({ signal }) => client.get<SocialProvidersResponse>('/api/auth/social-providers', { signal }),
  });
  const providers: SocialProvider[] = Array.isArray(providersQuery.data?.providers) ? providersQuery.data.providers : [];
  const { mutate: takeSession } = useSignInMutation({
    mutationFn: (restaurant: string | null) =>
      client.request<SocialAuthResponse>('/api/auth/social/session', {
        method: 'POST',
        body: {},
        ...(restaurant ? { headers: { 'X-Restaurant-Id': restaurant } } : {}),
      }),
    onSignedIn: (response) => onSignedInRef.current(response, { registered: response.registered }),
  });

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const signedIn = query.get('socialSignIn');
    const error = query.get('socialError');
    if ((signedIn === null && error === null) || handledReturn.current) return;
    handledReturn.current = true;
    query.delete('socialSignIn');
    query.delete('socialError');
    const rest = query.toString();
    void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true });
    if (error !== null) {
      setFailure(RETURN_ERRORS.has(error) ? t(`errors.${error}` as 'errors.SOCIAL_TOKEN_INVALID') : t('account.social.failed'));
      return;
    }
    setBusy(true);
    takeSession(restaurantForLogin(rest), {
      onError: (failed: unknown) => {
        setFailure(errorMessage(t, failed));
        setBusy(false);
      },
    });
  }, [location.hash, location.pathname, location.search, navigate, takeSession, t]);

  if (providers.length === 0 && !busy && failure === null) return null;

  return (
    <section className="account-form" aria-labelledby="social-sign-in-title">
      <h2 id="social-sign-in-title">{t('account.social.heading')}</h2>
      {busy && <p role="status">{t('account.social.signingIn')}</p>}
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      {providers.length > 0 && (
        <ul className="account-links">
          {providers.map((provider) => (
            <li key={provider.type}>
              <a
                className="button"
                href={startAddress(provider.type, location.pathname, location.search)}
                aria-disabled={busy || undefined}
                onClick={(event) => {
                  if (busy) event.preventDefault();
                }}
              >
                {t(`account.social.${provider.type}`)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
