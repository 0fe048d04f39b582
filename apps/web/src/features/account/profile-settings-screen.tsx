import type { AccountUser, UserSnapshotResponse } from '@servery/contracts/accounts';
import { PreferencesForm as PreferencesFormSchema, SubsidyCodeForm } from '@servery/contracts/forms';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { ROUTE_PATHS } from '../../lib/route-paths';
import {
  bearer,
  isSessionExpired,
  loginPathKeepingQuery,
  useAccountClient,
  useSessionActions,
  type SessionCredentials,
} from '../../lib/session';
import { useSignOutMutation, useUserMutation } from '../../lib/session-mutations';
import { useApiClient } from '../../lib/use-api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { addSubsidyCode, deleteSubsidyCode } from '../../lib/subsidy-code-api';
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

export function ProfileSettingsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.ProfileSettings.title'));
  return <RequireSession>{({ user, credentials }) => <ProfileSettings user={user} credentials={credentials} />}</RequireSession>;
}

function ProfileSettings({ user, credentials }: { user: AccountUser; credentials: SessionCredentials }) {
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
      {slug && restaurant?.subsidies?.is_active && restaurant.subsidies.target_users === 'codes' && (
        <SubsidyCodeSection credentials={credentials} restaurant={slug} />
      )}
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

/** The subsidy code of this restaurant: add one, or delete the one kept (spec section 4, Subsidy code). */
function SubsidyCodeSection({ credentials, restaurant }: { credentials: SessionCredentials; restaurant: string }) {
  const { t } = useTranslation();
  const client = useAccountClient();
  const loadCode = useCallback(
    async (signal: AbortSignal) => {
      const snapshot = await client.request<UserSnapshotResponse>('/api/auth/get-user-snapshot', {
        method: 'POST',
        body: {},
        headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant },
        signal,
      });
      return snapshot.subsidyCode;
    },
    [client, credentials, restaurant],
  );
  const subsidy = useQuery<string | null>({
    queryKey: queryKeys.subsidyCode(restaurant, credentials.userId),
    queryFn: ({ signal }) => loadCode(signal),
  });
  const queryClient = useQueryClient();
  const { getSession } = useSessionActions();
  // The code is part of the user too (the school checkout reads it there): both change together.
  const change = useUserMutation({
    mutationFn: (action: () => Promise<string | null>) => action(),
    user: (next) => {
      const session = getSession();
      return session.status === 'authenticated' ? { ...session.user, subsidyCode: next } : null;
    },
  });
  const form = useZodForm(SubsidyCodeForm, { defaultValues: { code: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const code = subsidy.isSuccess ? subsidy.data : null;

  async function apply(action: () => Promise<string | null>) {
    const next = await change.mutateAsync(action);
    queryClient.setQueryData(queryKeys.subsidyCode(restaurant, credentials.userId), next);
    form.reset();
  }

  async function remove() {
    setFailure(null);
    setBusy(true);
    try {
      await apply(async () => {
        await deleteSubsidyCode(client, credentials, restaurant);
        return null;
      });
    } catch (error) {
      if (!isSessionExpired(error)) setFailure(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account-section" aria-labelledby="subsidy-title">
      <h2 id="subsidy-title">{t('account.profile.subsidyTitle')}</h2>
      {code ? (
        <div className="account-row">
          <p>{t('account.profile.subsidyCurrent', { code })}</p>
          <button type="button" className="button" disabled={busy} onClick={() => void remove()}>
            {t('account.profile.subsidyDelete')}
          </button>
        </div>
      ) : (
        <Form
          form={form}
          className="account-form"
          onValid={({ code: typed }) => apply(() => addSubsidyCode(client, credentials, restaurant, typed))}
          failureMessage={(error) => (isSessionExpired(error) ? null : undefined)}
        >
          <FormTextField field="code" id="profile-subsidy" name="profile-subsidy" label={t('account.profile.subsidyCode')} />
          <FormFailure />
          <div className="button-row">
            <SubmitButton busy={subsidy.isLoading}>{t('account.profile.subsidyAdd')}</SubmitButton>
          </div>
        </Form>
      )}
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
    </section>
  );
}
