import type { CreateWebhookEndpointResponse } from '@servery/contracts/staff-webhooks';
import { WebhookForm } from '@servery/contracts/forms';
import { useState } from 'react';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useLocale } from '../../lib/use-locale';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { StaffGate, type StaffAccess } from './staff-access';
import { useWebhookWrite } from './use-staff-write';
import { addWebhook, listWebhooks, type StaffCaller } from './staff-api';
import { Endpoints } from './webhook-endpoints';

/**
 * /{slug}/staff/webhooks: the restaurant's webhook endpoints (owners and managers): add one (its
 * signing key shown once), remove one, read its delivery log. The signature scheme is in the README.
 */
export function StaffWebhooksScreen() {
  const { t } = useTranslation();
  return (
    <StaffGate area="integrations" title={t('staff.webhooks.title')}>
      {(access) => <Webhooks access={access} />}
    </StaffGate>
  );
}

function Webhooks({ access }: { access: StaffAccess }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { caller } = access;
  const webhooks = useQuery({
    queryKey: queryKeys.staff.webhooks(caller.slug, caller.credentials.userId, locale),
    queryFn: ({ signal }) => listWebhooks(caller, signal),
  });
  const [notice, setNotice] = useState('');
  const [created, setCreated] = useState<CreateWebhookEndpointResponse | null>(null);

  // The writes read the endpoints and their delivery logs again themselves (useWebhookWrite, use-staff-write.ts).
  const done = (message: string) => setNotice(message);

  return (
    <section aria-labelledby="staff-title" className="staff-webhooks">
      <h1 id="staff-title">{t('staff.webhooks.title')}</h1>
      {webhooks.isSuccess && (
        <p>{t('staff.webhooks.intro', { events: webhooks.data.events.map((event) => t(`staff.webhooks.events.${event}`)).join(', ') })}</p>
      )}
      <p role="status" className="staff-notice">
        {notice}
      </p>
      {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
      {webhooks.isError && <p role="alert">{errorMessage(t, webhooks.error)}</p>}
      {webhooks.isLoading && <Spinner />}
      {webhooks.isSuccess && <Endpoints data={webhooks.data} caller={caller} onDone={done} />}
      <AddForm
        caller={caller}
        onAdded={(answer) => {
          setCreated(answer);
          done(t('staff.webhooks.added'));
        }}
      />
    </section>
  );
}

/** The signing key, once: it is not stored anywhere the screen can read it again. */
function NewSecret({ created, onDone }: { created: CreateWebhookEndpointResponse; onDone: () => void }) {
  const { t } = useTranslation();
  const id = `secret-${created.endpoint.id}`;
  return (
    <div className="staff-webhooks__secret">
      <label htmlFor={id}>{t('staff.webhooks.secretLabel', { url: created.endpoint.url })}</label>
      <input id={id} className="text-input" readOnly value={created.secret} onFocus={(event) => event.target.select()} />
      <div className="button-row">
        <button type="button" className="button" onClick={onDone}>
          {t('staff.webhooks.secretDone')}
        </button>
      </div>
    </div>
  );
}

/** A new endpoint: its address and what it is for. */
function AddForm({ caller, onAdded }: { caller: StaffCaller; onAdded: (answer: CreateWebhookEndpointResponse) => void }) {
  const { t } = useTranslation();
  const form = useZodForm(WebhookForm, { defaultValues: { url: '', description: '' }, messages: { url: 'staff.webhooks.badUrl' } });
  const write = useWebhookWrite<CreateWebhookEndpointResponse>(caller);

  async function add({ url, description }: { url: string; description: string | undefined }) {
    const answer = await write.mutateAsync(() => addWebhook(caller, { url, ...(description && { description }) }));
    form.reset();
    onAdded(answer);
  }

  return (
    <section aria-labelledby="add-webhook-title">
      <h2 id="add-webhook-title">{t('staff.webhooks.addTitle')}</h2>
      <Form form={form} className="account-form" aria-labelledby="add-webhook-title" onValid={add}>
        <FormTextField field="url" id="webhook-url" label={t('staff.webhooks.url')} maxLength={2000} />
        <FormTextField field="description" id="webhook-description" label={t('staff.webhooks.description')} maxLength={100} />
        <FormFailure />
        <div className="button-row">
          <SubmitButton>{t('staff.webhooks.add')}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
