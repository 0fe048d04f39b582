import type { ManifestItem, SuiteManifestResponse } from '@servery/contracts/suites';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { EventName, StartsLine } from './operator-parts';

type ManifestGroup = SuiteManifestResponse['groups'][number];

/** The manifest as the kitchen and the runners read it, on screen and on paper. */
export function ManifestView({ manifest }: { manifest: SuiteManifestResponse }) {
  const { t } = useTranslation();
  return (
    <div className="manifest__body">
      <p className="manifest__event">
        <EventName event={manifest.event} />
      </p>
      <StartsLine event={manifest.event} zone={manifest.zone} />
      {manifest.groups.length === 0 ? (
        <p>{t('suiteManifest.empty', { count: manifest.suitesAtEvent })}</p>
      ) : (
        <>
          <p>
            {t('suiteManifest.summary', { count: manifest.suitesAtEvent, suites: manifest.suites })}{' '}
            {t('suiteManifest.items', { count: manifest.quantity })}
          </p>
          <section aria-labelledby="manifest-totals" className="manifest__group">
            <h2 id="manifest-totals">{t('suiteManifest.totals')}</h2>
            <ItemTable rows={manifest.totals} total={manifest.quantity} caption={t('suiteManifest.totals')} />
          </section>
          {manifest.groups.map((group, index) => (
            <Group key={`${group.preference}-${group.at}`} group={group} index={index} zone={manifest.zone} />
          ))}
        </>
      )}
    </div>
  );
}

function Group({ group, index, zone }: { group: ManifestGroup; index: number; zone: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const titleId = `manifest-group-${index}`;
  const when = t('suiteManifest.when', {
    preference: t(`suiteManifest.preference.${group.preference}`),
    time: formatTime(group.at, locale, zone),
  });
  return (
    <section aria-labelledby={titleId} className="manifest__group">
      <h2 id={titleId}>{when}</h2>
      <h3>{t('suiteManifest.production')}</h3>
      <ItemTable rows={group.production} total={group.quantity} caption={t('suiteManifest.productionAt', { when })} />
      <h3>{t('suiteManifest.delivery')}</h3>
      <ul className="manifest__deliveries">
        {group.deliveries.map((delivery) => (
          <li key={`${delivery.suite.id}-${delivery.orderNumber}`} className="manifest__delivery">
            <h4>{delivery.suite.name}</h4>
            <p>{t('suiteManifest.where', { location: delivery.suite.location, number: delivery.orderNumber })}</p>
            <ul>
              {delivery.lines.map((line) => (
                <li key={line.itemId}>{t('suiteManifest.line', { quantity: line.quantity, name: line.name })}</li>
              ))}
            </ul>
            {delivery.notes && <p className="manifest__notes">{t('suiteManifest.notes', { notes: delivery.notes })}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Items and how many, with their total on the last line. */
function ItemTable({ rows, total, caption }: { rows: ManifestItem[]; total: number; caption: string }) {
  const { t } = useTranslation();
  return (
    <table className="manifest__table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('suiteManifest.item')}</th>
          <th scope="col">{t('suiteManifest.quantity')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.itemId}>
            <th scope="row">{row.name}</th>
            <td>{row.quantity}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('suiteManifest.total')}</th>
          <td>{total}</td>
        </tr>
      </tfoot>
    </table>
  );
}
