import type { CreateWebhookEndpointResponse, WebhookEndpoint, WebhookEndpointsResponse } from '@servery/contracts/staff-webhooks';
import { WebhookForm } from '@servery/contracts/forms';
import { useState } from 'react';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { StaffGate, type StaffAccess } from './staff-access';
import { useStaffWrite } from './use-staff-write';
import { addWebhook, listWebhookDeliveries, listWebhooks, removeWebhook, type StaffCaller } from './staff-api';

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

type Done = (message: string) => void;

/** A change to the endpoints: they and their delivery logs are read again once it succeeds. */
function useWebhookWrite<TAnswer>(caller: StaffCaller) {
  return useStaffWrite<TAnswer>([queryKeys.staff.webhooksOf(caller.slug), queryKeys.staff.webhookDeliveriesAll]);
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

  // The writes read the endpoints and their delivery logs again themselves (useWebhookWrite).
  const done: Done = (message) => setNotice(message);

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

function Endpoints({ data, caller, onDone }: { data: WebhookEndpointsResponse; caller: StaffCaller; onDone: Done }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="endpoints-title">
      <h2 id="endpoints-title">{t('staff.webhooks.endpoints')}</h2>
      {data.endpoints.length === 0 ? (
        <p>{t('staff.webhooks.none')}</p>
      ) : (
        <ul className="staff-list">
          {data.endpoints.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} caller={caller} onDone={onDone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function EndpointRow({ endpoint, caller, onDone }: { endpoint: WebhookEndpoint; caller: StaffCaller; onDone: Done }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const logId = `log-${endpoint.id}`;
  const write = useWebhookWrite(caller);

  async function remove() {
    setBusy(true);
    setFailure(null);
    try {
      await write.mutateAsync(() => removeWebhook(caller, endpoint.id));
      onDone(t('staff.webhooks.removed', { url: endpoint.url }));
    } catch (error) {
      setFailure(errorMessage(t, error));
      setBusy(false);
    }
  }

  return (
    <li className="staff-list__row staff-webhooks__endpoint">
      <div className="staff-list__who">
        <strong className="staff-webhooks__url">{endpoint.url}</strong>
        {endpoint.description && <span>{endpoint.description}</span>}
        <span>
          {endpoint.last_delivery
            ? t('staff.webhooks.lastDelivery', { status: t(`staff.delivery.${endpoint.last_delivery}`) })
            : t('staff.webhooks.noDelivery')}
        </span>
      </div>
      <div className="button-row">
        <button type="button" className="button" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog(!showLog)}>
          {showLog ? t('staff.webhooks.hideLog', { url: endpoint.url }) : t('staff.webhooks.showLog', { url: endpoint.url })}
        </button>
        {confirming ? (
          <div className="button-row" role="group" aria-label={t('staff.webhooks.confirmRemove', { url: endpoint.url })}>
            <span>{t('staff.webhooks.confirmRemove', { url: endpoint.url })}</span>
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void remove()}>
              {t('staff.webhooks.removeYes')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('staff.webhooks.removeNo')}
            </button>
          </div>
        ) : (
          <button type="button" className="button" onClick={() => setConfirming(true)}>
            {t('staff.webhooks.remove', { url: endpoint.url })}
          </button>
        )}
      </div>
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      <div id={logId} hidden={!showLog}>
        {showLog && <DeliveryLog endpointId={endpoint.id} caller={caller} />}
      </div>
    </li>
  );
}

function DeliveryLog({ endpointId, caller }: { endpointId: string; caller: StaffCaller }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const webhooks = useQuery({
    queryKey: queryKeys.staff.webhookDeliveries(endpointId, caller.credentials.userId),
    queryFn: ({ signal }) => listWebhookDeliveries(caller, endpointId, signal),
  });
  if (webhooks.isError) return <p role="alert">{errorMessage(t, webhooks.error)}</p>;
  if (!webhooks.isSuccess) return <Spinner />;
  if (webhooks.data.deliveries.length === 0) return <p>{t('staff.webhooks.logEmpty')}</p>;
  return (
    // Scrolls sideways on a phone, so it takes focus: a keyboard can scroll it too.
    <div className="staff-webhooks__log" tabIndex={0} role="region" aria-label={t('staff.webhooks.log')}>
      <table>
        <caption>{t('staff.webhooks.log')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('staff.webhooks.when')}</th>
            <th scope="col">{t('staff.webhooks.event')}</th>
            <th scope="col">{t('staff.webhooks.status')}</th>
            <th scope="col">{t('staff.webhooks.attempts')}</th>
            <th scope="col">{t('staff.webhooks.result')}</th>
          </tr>
        </thead>
        <tbody>
          {webhooks.data.deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <td>
                <time dateTime={delivery.created_at}>{formatDateTime(delivery.created_at, locale)}</time>
              </td>
              <td>
                {t(`staff.webhooks.events.${delivery.event_type}`)} <code className="staff-webhooks__id">{delivery.event_id}</code>
              </td>
              <td className={delivery.status === 'failed' ? 'staff-card__message--failed' : undefined}>
                {t(`staff.delivery.${delivery.status}`)}
                {delivery.next_attempt_at &&
                  ` (${t('staff.webhooks.nextAttempt', { time: formatDateTime(delivery.next_attempt_at, locale) })})`}
              </td>
              <td>{delivery.attempts}</td>
              <td>{delivery.last_status_code ?? delivery.last_error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

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
