import type { StaffMe } from '@servery/contracts/staff-team';
import type { StaffArea } from '@servery/domain/staff-roles';
import { useEffect, useMemo, type ReactNode } from 'react';
import { NavLink, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { createApiClient, isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { pathTo } from '../../lib/route-paths';
import { useOperatorSession, useSession, useSessionActions } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
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
/** Two keys of `queryKeys.staff.me` that differ at most in their last part, the language. */
const sameButLocale = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.slice(0, -1).every((part, index) => part === b[index]);

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
  const staffMe = useQuery({
    queryKey: queryKeys.staff.me(slug, caller?.credentials.userId ?? 0, locale),
    queryFn: ({ signal }) => getStaffMe(caller!, signal),
    enabled: caller !== null,
    // The answer is in the page's language; while a switch asks it again, the screen stays as it is
    // (a spinner would unmount it, and a form's unsaved edits with it). Only the same person's answer
    // at the same restaurant stands in: another person's roles are never shown for a moment.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameButLocale(previousQuery.queryKey, queryKeys.staff.me(slug, caller?.credentials.userId ?? 0, locale))
        ? keepPreviousData(previous)
        : undefined,
  });
  const expired = staffMe.isError && isApiError(staffMe.error) && staffMe.error.sessionExpired;
  const { clearSession } = useSessionActions();
  useEffect(() => {
    if (expired) clearSession();
  }, [clearSession, expired]);
  const restaurantName = staffMe.isSuccess ? staffMe.data.restaurant.name : null;
  useDocumentTitle(restaurantName ? `${title} · ${restaurantName}` : title);

  if (session.status === 'unknown' || session.status === 'restoring') return <Spinner />;
  if (!caller || expired) return <StaffSignIn slug={slug} />;
  if (staffMe.isError) {
    const notStaff = isApiError(staffMe.error) && staffMe.error.error === 'STAFF_ONLY';
    return (
      <section className="staff-screen" aria-labelledby="staff-title">
        <h1 id="staff-title">{t('staff.title')}</h1>
        <p role="alert">{notStaff ? t('staff.notStaff') : errorMessage(t, staffMe.error)}</p>
        <div className="button-row">
          {!notStaff && (
            <button type="button" className="button" onClick={() => void staffMe.refetch()}>
              {t('staff.retry')}
            </button>
          )}
          <SignOutButton client={client} />
        </div>
      </section>
    );
  }
  if (!staffMe.isSuccess) return <Spinner />;
  const me = staffMe.data;
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
  const { logOut } = useSessionActions();
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
        {me.areas.includes('menu_view') && <NavLink to={pathTo('StaffMenu', { restaurantSlug: slug })}>{t('staff.nav.menu')}</NavLink>}
        {me.areas.includes('menu_view') && (
          <NavLink to={pathTo('StaffSettings', { restaurantSlug: slug })}>{t('staffSettings.nav')}</NavLink>
        )}
        {me.areas.includes('sales') && <NavLink to={pathTo('StaffSales', { restaurantSlug: slug })}>{t('staff.nav.sales')}</NavLink>}
        {me.areas.includes('gift_cards') && (
          <NavLink to={pathTo('StaffGiftCards', { restaurantSlug: slug })}>{t('staffGiftCards.nav')}</NavLink>
        )}
        {me.areas.includes('team') && <NavLink to={pathTo('StaffTeam', { restaurantSlug: slug })}>{t('staff.nav.team')}</NavLink>}
        {me.areas.includes('integrations') && (
          <NavLink to={pathTo('StaffWebhooks', { restaurantSlug: slug })}>{t('staff.nav.webhooks')}</NavLink>
        )}
        {me.areas.includes('integrations') && (
          <NavLink to={pathTo('StaffPrinter', { restaurantSlug: slug })}>{t('staff.nav.printer')}</NavLink>
        )}
      </nav>
      <SignOutButton client={client} />
    </div>
  );
}
