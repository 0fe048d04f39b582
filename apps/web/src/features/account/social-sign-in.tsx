/**
 * Social sign-in buttons (docs/decisions/0012-social-sign-in.md). Only the providers
 * the operator configured are shown; none configured, nothing is rendered.
 *
 * The flow is OpenID Connect's implicit flow: a click sends the browser to the provider with a random
 * state and nonce (kept in sessionStorage for this tab); the provider sends it back to /login with
 * `#id_token=...&state=...`. The state must match, then the token and nonce go to the server, which
 * verifies both, and the login screen finishes the sign-in. The token is removed from the address
 * at once so it stays neither on screen nor in the history.
 */
import type { SocialAuthResponse, SocialProvider, SocialProviderType, SocialProvidersResponse } from '@servery/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { queryKeys } from '../../lib/query-keys';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { useSignInMutation } from '../../lib/session-mutations';
import { useApiClient } from '../../lib/use-api-client';

export const SOCIAL_PENDING_KEY = 'servery.social-sign-in';
/** A sign-in not finished within this time is not accepted on return. */
const PENDING_MAX_AGE_MS = 10 * 60 * 1000;
const SCOPE = 'openid email profile';

interface Pending {
  type: SocialProviderType;
  state: string;
  nonce: string;
  /** The login page's query (redirect, restaurant, ...), given back after the round trip. */
  search: string;
  startedAt: number;
}

export interface SocialSignInProps {
  /** The login screen's finishSignIn: store the session and go where a signed-in user goes. */
  onSignedIn: (response: SocialAuthResponse, options: { registered: boolean }) => void;
  /** How the browser leaves for the provider (tests replace it). */
  redirect?: (url: string) => void;
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function readPending(): Pending | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(SOCIAL_PENDING_KEY);
    globalThis.sessionStorage?.removeItem(SOCIAL_PENDING_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Pending>;
    if (typeof value.state !== 'string' || typeof value.nonce !== 'string' || typeof value.type !== 'string') return null;
    if (typeof value.startedAt !== 'number' || Date.now() - value.startedAt > PENDING_MAX_AGE_MS) return null;
    return { type: value.type, state: value.state, nonce: value.nonce, search: value.search ?? '', startedAt: value.startedAt };
  } catch {
    return null;
  }
}

/** The provider's answer in the fragment, or null when the page was not opened by one. */
function providerAnswer(hash: string): { idToken: string | null; state: string | null; error: string | null } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has('id_token') && !params.has('error')) return null;
  return { idToken: params.get('id_token'), state: params.get('state'), error: params.get('error') };
}

export function authorizationUrl(provider: SocialProvider, origin: string, state: string, nonce: string): string {
  const url = new URL(provider.authorizationEndpoint);
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('response_mode', 'fragment');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', `${origin}${ROUTE_PATHS.Login}`);
  url.searchParams.set('scope', SCOPE);
  url.searchParams.set('state', state);
  url.searchParams.set('nonce', nonce);
  return url.toString();
}

function loginWith(client: ApiClient, type: SocialProviderType, body: { idToken: string; nonce: string }): Promise<SocialAuthResponse> {
  return client.request<SocialAuthResponse>(`/api/auth/login-${type}`, { method: 'POST', body });
}

export function SocialSignIn({ onSignedIn, redirect = (url) => window.location.assign(url) }: SocialSignInProps) {
  const { t } = useTranslation();
  const client = useApiClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The latest finishSignIn: the screen re-renders with the restored query while the call is out.
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
  // The provider's token, exchanged for a session; the answer finishes the sign-in (the login screen's finishSignIn).
  const { mutate: socialLogin } = useSignInMutation({
    mutationFn: ({ type, body }: { type: SocialProviderType; body: { idToken: string; nonce: string } }) => loginWith(client, type, body),
    onSignedIn: (response) => onSignedInRef.current(response, { registered: response.registered }),
  });

  useEffect(() => {
    const answer = providerAnswer(location.hash);
    if (!answer || handledReturn.current) return;
    handledReturn.current = true;
    const pending = readPending();
    // Drop the token from the address first, giving back the query the login page had.
    void navigate({ pathname: location.pathname, search: pending?.search ?? location.search, hash: '' }, { replace: true });
    if (!pending || answer.state === null || answer.state !== pending.state) {
      setFailure(t('account.social.stateMismatch'));
      return;
    }
    if (answer.error !== null || answer.idToken === null) {
      setFailure(t('account.social.cancelled'));
      return;
    }
    setBusy(true);
    socialLogin(
      { type: pending.type, body: { idToken: answer.idToken, nonce: pending.nonce } },
      {
        onError: (error: unknown) => {
          setFailure(errorMessage(t, error));
          setBusy(false);
        },
      },
    );
  }, [location.hash, location.pathname, location.search, navigate, socialLogin, t]);

  function start(provider: SocialProvider) {
    const state = randomToken();
    const nonce = randomToken();
    const pending: Pending = { type: provider.type, state, nonce, search: location.search, startedAt: Date.now() };
    try {
      sessionStorage.setItem(SOCIAL_PENDING_KEY, JSON.stringify(pending));
    } catch {
      // Storage refused (private mode): the return could not be checked, so do not leave.
      setFailure(t('account.social.stateMismatch'));
      return;
    }
    redirect(authorizationUrl(provider, window.location.origin, state, nonce));
  }

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
              <button type="button" className="button" disabled={busy} onClick={() => start(provider)}>
                {t(`account.social.${provider.type}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
