/**
 * The profile's sign-in providers (docs/decisions/0124-social-link-and-form-post.md): each provider
 * offered here, "Connected" (with Disconnect) or not (with Connect). Connect asks the server for the
 * provider's address (the code flow bound to this session) and goes there; the server comes back to
 * the profile with `socialLinked={type}` or `socialError=<error name>`, said here and then dropped
 * from the address. Disconnect is refused by the server when it would leave no way to sign in.
 * Nothing is shown when no provider is offered.
 */
import type { SocialLink, SocialProviderType } from '@servery/contracts/accounts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage, errorNameMessage } from '../../lib/error-message';
import { isSessionExpired, useAccountClient, type SessionCredentials } from '../../lib/session';
import { browser, fetchSocialLinks, socialLinksKey, startLink, unlink } from './linked-sign-in-api';
import './linked-sign-in.css';

/** The failures the server may name on its way back to the profile; another name reads as the generic one. */
const RETURN_ERRORS = new Set([
  'SOCIAL_IDENTITY_LINKED_ELSEWHERE',
  'SOCIAL_LINK_SIGNED_OUT',
  'SOCIAL_PROVIDER_UNAVAILABLE',
  'SOCIAL_TOKEN_INVALID',
  'SOCIAL_PROVIDER_FAILED',
  'SOCIAL_SIGN_IN_EXPIRED',
  'SOCIAL_SIGN_IN_CANCELLED',
]);

type Notice = { kind: 'status' | 'alert'; text: string } | null;

export function LinkedProvidersSection({ credentials }: { credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const client = useAccountClient();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<SocialProviderType | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const handledReturn = useRef(false);
  const links = useQuery({
    queryKey: socialLinksKey(credentials.userId),
    queryFn: ({ signal }) => fetchSocialLinks(client, credentials, signal),
  });
  const name = (type: SocialProviderType) => t(`socialLinks.providers.${type}`);

  // Back from the provider: say what happened, then drop our markers from the address.
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const linked = query.get('socialLinked');
    const error = query.get('socialError');
    if ((linked === null && error === null) || handledReturn.current) return;
    handledReturn.current = true;
    query.delete('socialLinked');
    query.delete('socialError');
    const rest = query.toString();
    void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true });
    if (error !== null) {
      setNotice({ kind: 'alert', text: RETURN_ERRORS.has(error) ? errorNameMessage(t, error) : t('socialLinks.failed') });
    } else if (linked !== null) {
      const known = ['google', 'facebook', 'apple', 'test'].includes(linked);
      setNotice({ kind: 'status', text: t('socialLinks.linked', { provider: known ? name(linked as SocialProviderType) : linked }) });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the way back
  }, [location.search]);

  async function connect(type: SocialProviderType) {
    setBusy(type);
    setNotice(null);
    try {
      const query = new URLSearchParams(location.search);
      query.delete('socialLinked');
      query.delete('socialError');
      const rest = query.toString();
      const { authorizationUrl } = await startLink(client, credentials, type, `${location.pathname}${rest ? `?${rest}` : ''}`);
      browser.go(authorizationUrl);
    } catch (error) {
      if (!isSessionExpired(error)) setNotice({ kind: 'alert', text: errorMessage(t, error) });
      setBusy(null);
    }
  }

  async function disconnect(type: SocialProviderType) {
    setBusy(type);
    setNotice(null);
    try {
      const answer = await unlink(client, credentials, type);
      queryClient.setQueryData(socialLinksKey(credentials.userId), answer);
      setNotice({ kind: 'status', text: t('socialLinks.unlinked', { provider: name(type) }) });
    } catch (error) {
      if (!isSessionExpired(error)) setNotice({ kind: 'alert', text: errorMessage(t, error) });
    } finally {
      setBusy(null);
    }
  }

  const offered: SocialLink[] = links.data?.links ?? [];
  if (offered.length === 0 && notice === null) return null;

  return (
    <section className="account-section" aria-labelledby="social-links-title">
      <h2 id="social-links-title">{t('socialLinks.title')}</h2>
      <p>{t('socialLinks.intro')}</p>
      <p role="status" className="social-links__status">
        {notice?.kind === 'status' ? notice.text : ''}
      </p>
      {notice?.kind === 'alert' && (
        <p role="alert" className="inline-error">
          {notice.text}
        </p>
      )}
      {offered.length > 0 && (
        <ul className="social-links">
          {offered.map((link) => (
            <li key={link.type} className="social-links__row">
              <span className="social-links__name">{name(link.type)}</span>
              {link.connected ? (
                <>
                  <span className="social-links__state">{t('socialLinks.connected')}</span>
                  <button
                    type="button"
                    className="button"
                    disabled={busy !== null}
                    aria-label={t('socialLinks.disconnectLabel', { provider: name(link.type) })}
                    onClick={() => void disconnect(link.type)}
                  >
                    {t('socialLinks.disconnect')}
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="button"
                  disabled={busy !== null}
                  aria-label={t('socialLinks.connectLabel', { provider: name(link.type) })}
                  onClick={() => void connect(link.type)}
                >
                  {t('socialLinks.connect')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
