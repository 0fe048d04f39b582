import type { MenuDraftConflict, MenuEditor } from '@servery/contracts/staff-menu';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format';
import { useLocale } from '../lib/use-locale';
import type { StaffDraft } from './draft-api';
import type { FileProblem } from './use-staff-draft';
import './staff-draft.css';

/** "Saved by Maya Patel on 29 Nov 2026, 18:05" or its parts the server knows. */
function useSavedBy() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (who: MenuEditor, when: string | null) => {
    const at = when ? formatDateTime(when, locale) : null;
    if (who && at) return t('menuEditor.savedByAt', { name: who.name, when: at });
    if (who) return t('menuEditor.savedBy', { name: who.name });
    return at ? t('menuEditor.savedAt', { when: at }) : '';
  };
}

/** Where the draft stands: its revision and who saved it, or none yet; the version diners are served. */
export function DraftStatus({ draft }: { draft: StaffDraft<unknown> }) {
  const { t } = useTranslation();
  const savedBy = useSavedBy();
  return (
    <dl className="menu-editor__status">
      <div>
        <dt>{t('menuEditor.draftLabel')}</dt>
        <dd>
          {draft.draft ? t('menuEditor.draftRevision', { revision: draft.revision }) : t('menuEditor.noDraft')}
          {draft.draft && <> · {savedBy(draft.saved_by, draft.saved_at)}</>}
        </dd>
      </div>
      <div>
        <dt>{t('menuEditor.publishedLabel')}</dt>
        <dd>{t('menuEditor.publishedVersion', { version: draft.published_version })}</dd>
      </div>
    </dl>
  );
}

/** Someone else saved first (409 MENU_DRAFT_CHANGED): who, when, what changed, and the way on. */
export function DraftConflict({ conflict, onReload }: { conflict: MenuDraftConflict; onReload: () => void }) {
  const { t } = useTranslation();
  const savedBy = useSavedBy();
  const more = conflict.changed_count - conflict.changed_paths.length;
  return (
    <section className="notice notice--warning menu-editor__conflict" aria-labelledby="menu-conflict-title">
      <h2 id="menu-conflict-title">{t('menuEditor.conflictTitle')}</h2>
      <p>
        {conflict.draft
          ? t('menuEditor.conflictDraft', { revision: conflict.revision, who: savedBy(conflict.saved_by, conflict.saved_at) })
          : t('menuEditor.conflictPublished', { who: savedBy(conflict.saved_by, conflict.saved_at) })}
      </p>
      <p>
        {conflict.compared_with === 'base'
          ? t('menuEditor.conflictChanged', { count: conflict.changed_count })
          : t('menuEditor.conflictDiffers', { count: conflict.changed_count })}
      </p>
      <ul className="menu-editor__paths">
        {conflict.changed_paths.map((path) => (
          <li key={path}>
            <code>{path}</code>
          </li>
        ))}
        {more > 0 && <li>{t('menuEditor.morePaths', { count: more })}</li>}
      </ul>
      <p>{t('menuEditor.conflictWayOn')}</p>
      <button type="button" className="button button--primary" onClick={onReload}>
        {t('menuEditor.reload')}
      </button>
    </section>
  );
}

/** A refused file's problems that no field on screen shows, each with its path and the file's rule. */
export function FileProblems({ problems }: { problems: FileProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <section className="notice notice--warning" aria-labelledby="menu-problems-title">
      <h2 id="menu-problems-title">{t('menuEditor.problemsTitle', { count: problems.length })}</h2>
      <p>{t('menuEditor.problemsIntro')}</p>
      <ul className="menu-editor__paths">
        {problems.map((problem, index) => (
          <li key={`${problem.path}-${index}`}>
            <code>{problem.path}</code>: <span lang="en">{problem.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
