import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../lib/route-paths';

type Shared = 'idle' | 'copied' | 'failed';

/**
 * An event suite's link for its guests: the landing (/{slug}/landing) with the value the server
 * sealed (`OwnerEventSuite.link`: it cannot be forged or altered, decision 0025), to open, copy or
 * hand to the phone's share sheet where the browser has one. The address is shown too, selectable,
 * for a browser that refuses the clipboard.
 */
export function GuestLink({ restaurant, link, eventSuiteId }: { restaurant: string; link: string; eventSuiteId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const path = `${pathTo('Landing', { restaurantSlug: restaurant })}?${new URLSearchParams({ eventSuite: link }).toString()}`;
  // The page's own origin, known once in the browser (the server renders the path alone).
  const [origin, setOrigin] = useState('');
  const [canShare, setCanShare] = useState(false);
  useEffect(() => {
    setOrigin(window.location.origin);
    setCanShare(typeof navigator.share === 'function');
  }, []);
  const [shared, setShared] = useState<Shared>('idle');
  const url = `${origin}${path}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setShared('copied');
    } catch {
      setShared('failed');
      document.getElementById(`${id}-url`)?.focus();
    }
  };
  const share = async () => {
    try {
      await navigator.share({ url });
    } catch {
      // Dismissed by the owner, or refused by the browser: the link is still here to copy.
    }
  };

  return (
    <div className="suite-link">
      <label className="form-field__label" htmlFor={`${id}-url`}>
        {t('suites.guestLink')}
      </label>
      <input
        id={`${id}-url`}
        className="text-input suite-link__url"
        readOnly
        value={url}
        aria-describedby={`${id}-note`}
        data-event-suite={eventSuiteId}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p id={`${id}-note`} className="suite-link__note">
        {t('suites.guestLinkNote')}
      </p>
      <div className="suite-card__actions">
        <Link className="button" to={path}>
          {t('suites.openLink')}
        </Link>
        <button type="button" className="button" onClick={() => void copy()}>
          {t('suites.copyLink')}
        </button>
        {canShare && (
          <button type="button" className="button" onClick={() => void share()}>
            {t('suites.shareLink')}
          </button>
        )}
      </div>
      <p role="status" className={shared === 'failed' ? 'field-error' : undefined}>
        {shared === 'copied' ? t('suites.linkCopied') : shared === 'failed' ? t('suites.copyFailed') : ''}
      </p>
    </div>
  );
}
