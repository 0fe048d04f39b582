import type { AccountUser } from '@servery/contracts/accounts';
import { PreferencesForm as PreferencesFormSchema } from '@servery/contracts/forms';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useState, type ComponentType } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { isSessionExpired, loginPathKeepingQuery, useAccountClient, type SessionCredentials } from '../../lib/session';
import { useSignOutMutation, useUserMutation } from '../../lib/session-mutations';
import { useApiClient } from '../../lib/use-api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { editUser, fetchAccountRestaurant } from './account-api';
import { Form, FormFailure, FormSelectField, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { accountName, restaurantForLogin } from './post-login';
import { RequireSession } from '../../components/require-session';
import { AccountPrivacySection } from './account-privacy';
import { CreditBalances } from './credit-balances';
import './account.css';

/** The tips offered as a default, in percent (the spec's sample tips and a few around them). */
export const DEFAULT_TIP_CHOICES = [0, 10, 15, 18, 20, 25] as const;

/** What a vertical adds to the profile settings for the restaurant they were opened for. */
export interface RestaurantSectionProps {
  credentials: SessionCredentials;
  restaurant: PublicRestaurant;
  /** The restaurant's slug, as the `restaurant` query names it. */
  slug: string;
}

/**
 * /profile. `restaurantSection`: a vertical's own part for the restaurant the profile was opened for,
 * after the preferences (the school's subsidy code, features/school/subsidy-code-section.tsx), given
 * by the app (app/profile-screens.tsx) since features never import each other.
 */
export function ProfileSettingsScreen({
  restaurantSection,
  signInSection,
}: {
  restaurantSection?: ComponentType<RestaurantSectionProps>;
  /** The account's sign-in providers (features/linked-sign-in), given by the app. */
  signInSection?: ComponentType<{ credentials: SessionCredentials }>;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.ProfileSettings.title'));
  return (
    <RequireSession>
      {({ user, credentials }) => (
        <ProfileSettings user={user} credentials={credentials} RestaurantSection={restaurantSection} SignInSection={signInSection} />
      )}
    </RequireSession>
  );
}

function ProfileSettings({
  user,
  credentials,
  RestaurantSection,
  SignInSection,
}: {
  user: AccountUser;
  credentials: SessionCredentials;
  RestaurantSection: ComponentType<RestaurantSectionProps> | undefined;
  SignInSection: ComponentType<{ credentials: SessionCredentials }> | undefined;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [busy, setBusy] = useState(false);
  const slug = restaurantForLogin(search);
  const { data: restaurant = null } = useQuery<PublicRestaurant>({
    queryKey: queryKeys.accountRestaurant(slug),
    queryFn: ({ signal }) => fetchAccountRestaurant(client, slug ?? '', signal),
    enabled: slug !== null,
  });

  const signOut = useSignOutMutation();

  async function logout() {
    setBusy(true);
    try {
      await signOut.mutateAsync();
    } catch {
      // A failed logout still cleared the local session (logOut did) and goes to /login.
    }
    void navigate(loginPathKeepingQuery(search), { replace: true });
  }

  const links: Array<[string, string]> = [
    [ROUTE_PATHS.UserInformation, t('screens.UserInformation.title')],
    [ROUTE_PATHS.UserPaymentMethods, t('screens.UserPaymentMethods.title')],
    [ROUTE_PATHS.EventList, t('screens.EventList.title')],
    [ROUTE_PATHS.PastReceipts, t('screens.PastReceipts.title')],
    [ROUTE_PATHS.ScheduledOrders, t('screens.ScheduledOrders.title')],
    [ROUTE_PATHS.Students, t('screens.Students.title')],
  ];

  return (
    <section className="account-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('screens.ProfileSettings.title')}</h1>
      <p>{t('account.profile.signedInAs', { name: accountName(user) })}</p>
      <nav aria-label={t('account.profile.sections')}>
        <ul className="account-links">
          {links.map(([path, label]) => (
            <li key={path}>
              <Link to={`${path}${search}`}>{label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <CreditBalances credentials={credentials} />
      <PreferencesForm user={user} credentials={credentials} restaurant={slug} />
      {RestaurantSection && slug && restaurant && <RestaurantSection credentials={credentials} restaurant={restaurant} slug={slug} />}
      <section className="account-section" aria-labelledby="support-title">
        <h2 id="support-title">{t('account.profile.supportTitle')}</h2>
        {restaurant?.supportEmail ? (
          <p>
            {t('account.profile.supportIntro')} <a href={`mailto:${restaurant.supportEmail}`}>{restaurant.supportEmail}</a>
          </p>
        ) : (
          <p>{t('account.profile.supportUnknown')}</p>
        )}
      </section>
      {SignInSection && <SignInSection credentials={credentials} />}
      <AccountPrivacySection user={user} credentials={credentials} />
      <div className="button-row">
        <button type="button" className="button" disabled={busy} onClick={() => void logout()}>
          {t('account.profile.logout')}
        </button>
      </div>
    </section>
  );
}

/** Default tip and promo code, kept on the account (edit-user). */
function PreferencesForm({
  user,
  credentials,
  restaurant,
}: {
  user: AccountUser;
  credentials: SessionCredentials;
  restaurant: string | null;
}) {
  const { t } = useTranslation();
  const client = useAccountClient();
  const form = useZodForm(PreferencesFormSchema, {
    defaultValues: { tip: user.defaultTipPercent == null ? '' : String(user.defaultTipPercent), promoCode: user.promoCode ?? '' },
  });
  const [saved, setSaved] = useState(false);
  const save = useUserMutation({
    mutationFn: (body: Parameters<typeof editUser>[2]) => editUser(client, credentials, body, restaurant),
    user: (answer) => answer.user,
  });
  const tipChoices: number[] = [...DEFAULT_TIP_CHOICES];
  if (user.defaultTipPercent != null && !tipChoices.includes(user.defaultTipPercent)) tipChoices.push(user.defaultTipPercent);

  async function keep({ tip, promoCode }: { tip: number | null; promoCode: string | null }) {
    setSaved(false);
    await save.mutateAsync({ defaultTipPercent: tip, promoCode });
    setSaved(true);
  }

  return (
    <section className="account-section" aria-labelledby="preferences-title">
      <h2 id="preferences-title">{t('account.profile.preferencesTitle')}</h2>
      <Form form={form} className="account-form" onValid={keep} failureMessage={(error) => (isSessionExpired(error) ? null : undefined)}>
        <FormSelectField
          field="tip"
          id="profile-tip"
          label={t('account.profile.defaultTip')}
          placeholder={t('account.profile.defaultTipNone')}
          options={tipChoices.map((value) => ({ value: String(value), label: t('account.profile.tipPercent', { value }) }))}
        />
        <FormTextField
          field="promoCode"
          id="profile-promo"
          name="profile-promo"
          label={t('account.profile.promoCode')}
          hint={t('account.profile.promoCodeHint')}
        />
        <FormFailure />
        <p role="status">{saved ? t('account.profile.saved') : ''}</p>
        <div className="button-row">
          <SubmitButton>{t('account.profile.savePreferences')}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
