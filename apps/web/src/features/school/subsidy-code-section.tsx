import type { UserSnapshotResponse } from '@servery/contracts/accounts';
import { SubsidyCodeForm as SubsidyCodeSchema } from '@servery/contracts/forms';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { errorMessage } from '../../lib/error-message';
import { queryKeys } from '../../lib/query-keys';
import { bearer, isSessionExpired, useAccountClient, useSessionActions, type SessionCredentials } from '../../lib/session';
import { useUserMutation } from '../../lib/session-mutations';
import { addSubsidyCode, deleteSubsidyCode } from './subsidy-code-api';

/**
 * The profile settings' subsidy code at a school that gives subsidies by code: add one, or delete the
 * one kept (spec accounts-and-suites.md section 4, Subsidy code). The app puts it in the profile
 * settings (app/profile-screens.tsx, `restaurantSection` of features/account/profile-settings-screen.tsx).
 */
export function SubsidyCodeSection({
  credentials,
  restaurant: { subsidies },
  slug,
}: {
  credentials: SessionCredentials;
  restaurant: PublicRestaurant;
  slug: string;
}) {
  if (!subsidies?.is_active || subsidies.target_users !== 'codes') return null;
  return <SubsidyCodeForm credentials={credentials} restaurant={slug} />;
}

function SubsidyCodeForm({ credentials, restaurant }: { credentials: SessionCredentials; restaurant: string }) {
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
  const form = useZodForm(SubsidyCodeSchema, { defaultValues: { code: '' } });
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
