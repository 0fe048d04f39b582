import type { StaffMe } from '@servery/contracts/staff-team';
import type { StaffArea } from '@servery/domain/staff-roles';
import { useEffect, useMemo, type ReactNode } from 'react';
import { NavLink, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { createApiClient, isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { pathTo } from '../../lib/route-paths';
import { clearSession, logOut, useOperatorSession, useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { useResource } from '../../lib/use-resource';
import { getStaffMe, type StaffCaller } from './staff-api';
import { StaffSignIn } from './staff-sign-in';
import './staff.css';

export interface StaffAccess {
  caller: StaffCaller;
  me: StaffMe;
}

/**
 * The frame of every staff screen at /{slug}/staff...: signs the person in (staff sign in like any
 * user), asks the server who they are on this restaurant's team, and shows the screen only to a
 * role that opens its area. A session that ends (code 201) brings the sign-in form back here rather
 * than sending staff to the diner's login.
 */
export function StaffGate({ area, title, children }: { area: StaffArea; title: string; children: (access: StaffAccess) => ReactNode }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const slug = useParams().restaurantSlug ?? '';
  const session = useSession();
  const operator = useOperatorSession();
  const credentials =
    session.status === 'authenticated' ? session.credentials : operator.status === 'authenticated' ? operator.credentials : null;
  // No onSessionExpired: an ended session shows the staff sign-in below, not /login.
  const client = useMemo(() => createApiClient({ locale }), [locale]);
  const caller = useMemo<StaffCaller | null>(() => (credentials ? { client, slug, credentials } : null), [client, slug, credentials]);
  const { state, reload } = useResource(caller ? `${slug}:${caller.credentials.token}:${locale}` : null, (signal) =>
    getStaffMe(caller!, signal),
  );
  const expired = state.status === 'error' && isApiError(state.error) && state.error.sessionExpired;
  useEffect(() => {
    if (expired) clearSession();
  }, [expired]);
  const restaurantName = state.status === 'ready' ? state.data.restaurant.name : null;
  useDocumentTitle(restaurantName ? `${title} · ${restaurantName}` : title);

  if (session.status === 'unknown' || session.status === 'restoring') return <Spinner />;
  if (!caller || expired) return <StaffSignIn slug={slug} />;
  if (state.status === 'error') {
    const notStaff = isApiError(state.error) && state.error.error === 'STAFF_ONLY';
    return (
      <section className="staff-screen" aria-labelledby="staff-title">
        <h1 id="staff-title">{t('staff.title')}</h1>
        <p role="alert">{notStaff ? t('staff.notStaff') : errorMessage(t, state.error)}</p>
        <div className="button-row">
          {!notStaff && (
            <button type="button" className="button" onClick={reload}>
              {t('staff.retry')}
            </button>
          )}
          <SignOutButton client={client} />
        </div>
      </section>
    );
  }
  if (state.status !== 'ready') return <Spinner />;
  const me = state.data;
  return (
    <div className="staff-screen">
      <StaffNav me={me} slug={slug} client={client} />
      {me.areas.includes(area) ? (
        children({ caller, me })
      ) : (
        <section aria-labelledby="staff-title">
          <h1 id="staff-title">{title}</h1>
          <p role="alert">{t('staff.areaNotAllowed')}</p>
        </section>
      )}
    </div>
  );
}

function SignOutButton({ client }: { client: ReturnType<typeof createApiClient> }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button" onClick={() => void logOut(client).catch(() => undefined)}>
      {t('staff.signOut')}
    </button>
  );
}

function StaffNav({ me, slug, client }: { me: StaffMe; slug: string; client: ReturnType<typeof createApiClient> }) {
  const { t } = useTranslation();
  return (
    <div className="staff-bar">
      <p className="staff-bar__who">
        {t('staff.signedInAs', { name: me.user.name, role: t(`staff.roles.${me.role}`), restaurant: me.restaurant.name })}
      </p>
      <nav aria-label={t('staff.navLabel')} className="staff-nav">
        <NavLink end to={pathTo('StaffBoard', { restaurantSlug: slug })}>
          {t('staff.nav.board')}
        </NavLink>
        {me.restaurant.k12 && me.areas.includes('orders') && (
          <NavLink to={pathTo('StaffProduction', { restaurantSlug: slug })}>{t('staff.nav.production')}</NavLink>
        )}
        {me.areas.includes('availability') && (
          <NavLink to={pathTo('StaffAvailability', { restaurantSlug: slug })}>{t('staff.nav.availability')}</NavLink>
        )}
        {me.areas.includes('sales') && <NavLink to={pathTo('StaffSales', { restaurantSlug: slug })}>{t('staff.nav.sales')}</NavLink>}
        {me.areas.includes('team') && <NavLink to={pathTo('StaffTeam', { restaurantSlug: slug })}>{t('staff.nav.team')}</NavLink>}
        {me.areas.includes('integrations') && (
          <NavLink to={pathTo('StaffWebhooks', { restaurantSlug: slug })}>{t('staff.nav.webhooks')}</NavLink>
        )}
      </nav>
      <SignOutButton client={client} />
    </div>
  );
}
