import type { WebhookEndpoint, WebhookEndpointsResponse } from '@servery/contracts/staff-webhooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useLocale } from '../../lib/use-locale';
import { listWebhookDeliveries, removeWebhook, type StaffCaller } from './staff-api';
import { useWebhookWrite } from './use-staff-write';

/** The restaurant's endpoints (staff-webhooks-screen.tsx): each with its last delivery, its log to show and a removal after a confirmation. */
export function Endpoints({
  data,
  caller,
  onDone,
}: {
  data: WebhookEndpointsResponse;
  caller: StaffCaller;
  onDone: (message: string) => void;
}) {
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

function EndpointRow({ endpoint, caller, onDone }: { endpoint: WebhookEndpoint; caller: StaffCaller; onDone: (message: string) => void }) {
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

/** An endpoint's delivery log: each event sent, its status, attempts and the last answer. */
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
