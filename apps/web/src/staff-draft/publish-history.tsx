import type { MenuHistoryEntry, PublishMenuDraftResponse } from '@servery/contracts/staff-menu';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message';
import { queryKeys } from '../lib/query-keys';
import { useLocale } from '../lib/use-locale';
import { getHistory, publishDraft, restoreVersion, type StaffDraft, type StaffDraftCaller } from './draft-api';
import { formatDraftWhen, zoneOfFile } from './draft-when';
import { ConfirmReplaceDraft, draftHasUnpublishedChanges } from './replace-draft-confirm';
import type { StaffDraftState } from './use-staff-draft';

interface Props {
  caller: StaffDraftCaller;
  draft: StaffDraft<unknown>;
  /** What the bar needs of the screen's draft (use-staff-draft.ts): run a change and say what came of it. */
  state: Pick<StaffDraftState<unknown, unknown>, 'busy' | 'run'>;
  canChange: boolean;
}

/**
 * Publish the draft on the revision on screen (the new menu version, or "nothing changed"), and the
 * history of publishes (who, when, how much changed), each of which can be restored as the draft.
 */
export function PublishAndHistory({ caller, draft, state, canChange }: Props) {
  const { t } = useTranslation();
  const [historyOpen, setHistoryOpen] = useState(false);

  function publish() {
    void state.run(
      () => publishDraft(caller, draft.revision),
      (answer) => {
        const published = answer as PublishMenuDraftResponse;
        return published.changed
          ? t('menuEditor.published', { version: published.version })
          : t('menuEditor.publishedNothing', { version: published.version });
      },
      // Published on the revision read: refused when the draft changed since, which is then read again.
      { failure: t('menuEditor.publishConflict'), wayOn: t('menuEditor.publishConflictWayOn') },
    );
  }

  return (
    <section aria-labelledby="menu-publish-title" className="menu-editor__publish">
      <h2 id="menu-publish-title">{t('menuEditor.publishTitle')}</h2>
      {canChange && (
        <div className="button-row">
          <button type="button" className="button button--primary" disabled={state.busy || !draft.draft} onClick={publish}>
            {t('menuEditor.publish')}
          </button>
        </div>
      )}
      {canChange && !draft.draft && <p className="form-field__hint">{t('menuEditor.nothingToPublish')}</p>}
      <details onToggle={(event) => setHistoryOpen(event.currentTarget.open)}>
        <summary>{t('menuEditor.historyTitle')}</summary>
        {historyOpen && <History caller={caller} draft={draft} state={state} canChange={canChange} />}
      </details>
    </section>
  );
}

function History({ caller, draft, state, canChange }: Props) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: queryKeys.staff.menuHistory(caller.slug, caller.credentials.userId),
    queryFn: ({ signal }) => getHistory(caller, signal),
  });
  if (history.isError) return <p role="alert">{errorMessage(t, history.error)}</p>;
  if (!history.data) return <p>{t('menuEditor.loading')}</p>;
  if (history.data.entries.length === 0) return <p>{t('menuEditor.historyEmpty')}</p>;
  return (
    <ul className="staff-list">
      {history.data.entries.map((entry) => (
        <HistoryRow key={entry.version} entry={entry} caller={caller} draft={draft} state={state} canChange={canChange} />
      ))}
    </ul>
  );
}

function HistoryRow({ entry, caller, draft, state, canChange }: Props & { entry: MenuHistoryEntry }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const { added, removed, changed } = entry.summary;
  const when = formatDraftWhen(entry.published_at, locale, zoneOfFile(draft.file));
  const version = t('menuEditor.version', { version: entry.version });

  function restore() {
    void state.run(
      () => restoreVersion(caller, entry.version, draft.revision),
      () => t('menuEditor.restored', { version: entry.version }),
      { failure: t('menuEditor.restoreConflict', { version: entry.version }), wayOn: t('menuEditor.restoreConflictWayOn') },
    );
  }

  return (
    <li className="staff-list__row">
      <div className="staff-list__who">
        <strong>{version}</strong>
        <span>
          {entry.published_by ? t('menuEditor.publishedByAt', { name: entry.published_by.name, when }) : t('menuEditor.savedAt', { when })}
        </span>
        <span>
          {entry.origin === 'tenants_import'
            ? t('menuEditor.historyImported')
            : t('menuEditor.summary', {
                added: t('menuEditor.summaryAdded', { count: added }),
                removed: t('menuEditor.summaryRemoved', { count: removed }),
                changed: t('menuEditor.summaryChanged', { count: changed }),
              })}
        </span>
      </div>
      {canChange && (
        <button
          ref={opener}
          type="button"
          className="button button--small"
          disabled={state.busy}
          // A draft with changes not yet published is asked about first: restoring replaces it whole.
          onClick={() => (draftHasUnpublishedChanges(draft) ? setAsking(true) : restore())}
        >
          {t('menuEditor.restore')}
          <span className="visually-hidden"> {version}</span>
        </button>
      )}
      {canChange && asking && (
        <ConfirmReplaceDraft
          draft={draft}
          title={t('menuEditor.restoreTitle', { version: entry.version })}
          action={t('menuEditor.restoreAction', { version: entry.version })}
          confirm={t('menuEditor.restoreConfirm', { version: entry.version })}
          returnFocusTo={opener.current}
          onConfirm={() => {
            setAsking(false);
            restore();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </li>
  );
}
