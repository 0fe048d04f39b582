import type { MenuDraftConflict, MenuEditor } from '@servery/contracts/staff-menu';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../lib/use-locale';
import type { StaffDraft } from './draft-api';
import { formatDraftWhen, zoneOfFile } from './draft-when';
import { readablePath } from './file-problems';
import type { FileProblem } from './use-staff-draft';
import './staff-draft.css';

/** "saved by Maya Patel on Nov 29, 2026, 6:05 p.m." or its parts the server knows, in the zone of the restaurant's `file`. */
export function useSavedBy(file: unknown) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const zone = zoneOfFile(file);
  return (who: MenuEditor, when: string | null) => {
    const at = when ? formatDraftWhen(when, locale, zone) : null;
    if (who && at) return t('menuEditor.savedByAt', { name: who.name, when: at });
    if (who) return t('menuEditor.savedBy', { name: who.name });
    return at ? t('menuEditor.savedAt', { when: at }) : '';
  };
}

/** Where the draft stands: its revision and who saved it, or none yet; the version diners are served. */
export function DraftStatus({ draft }: { draft: StaffDraft<unknown> }) {
  const { t } = useTranslation();
  const savedBy = useSavedBy(draft.file);
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

/**
 * A file's path as a manager knows it, read against the draft on screen ("Crispy calamari — price";
 * French names in French); the path itself where no named entry is on its way ("$.hours[2].end_time").
 */
export function usePathText(file: unknown): (path: string) => string | null {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (path) => {
    const readable = file === undefined ? null : readablePath(path, file, locale);
    if (!readable) return null;
    if (!readable.field) return readable.name;
    let field: string;
    if ('raw' in readable.field) field = readable.field.raw;
    else {
      const { key, locale: language } = readable.field;
      const label = t(`menuEditor.pathField.${key}` as 'menuEditor.pathField.name', { defaultValue: '' }) || key.replaceAll('_', ' ');
      field = language
        ? t(`menuEditor.pathFieldIn.${language}` as 'menuEditor.pathFieldIn.fr-CA', {
            field: label,
            defaultValue: `${label} (${language})`,
          })
        : label;
    }
    return t('menuEditor.pathReadable', { name: readable.name, field });
  };
}

/** A path as a manager knows it (then `children`), then the path itself, smaller: what the file and the import command name. */
function PathText({ path, text, children }: { path: string; text: string | null; children?: ReactNode }) {
  return (
    <>
      {text ?? <code>{path}</code>}
      {children}
      {text && <code className="menu-editor__path">{path}</code>}
    </>
  );
}

/**
 * Someone else saved first (409 MENU_DRAFT_CHANGED): who, when, what changed, and the way on
 * (`wayOn`: a refused publish's or restore's; else make the change again). `file`: the draft as read
 * again since, to name the places changed.
 */
export function DraftConflict({
  conflict,
  wayOn = null,
  file,
  onReload,
}: {
  conflict: MenuDraftConflict;
  wayOn?: string | null;
  file?: unknown;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const savedBy = useSavedBy(file);
  const pathText = usePathText(file);
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
            <PathText path={path} text={pathText(path)} />
          </li>
        ))}
        {more > 0 && <li>{t('menuEditor.morePaths', { count: more })}</li>}
      </ul>
      <p>{wayOn ?? t('menuEditor.conflictWayOn')}</p>
      <button type="button" className="button button--primary" onClick={onReload}>
        {t('menuEditor.reload')}
      </button>
    </section>
  );
}

/** A refused file's problems that no field on screen shows, each with where it is (`file`: the file refused) and the file's rule. */
export function FileProblems({ problems, file }: { problems: FileProblem[]; file?: unknown }) {
  const { t } = useTranslation();
  const pathText = usePathText(file);
  if (problems.length === 0) return null;
  return (
    <section className="notice notice--warning" aria-labelledby="menu-problems-title">
      <h2 id="menu-problems-title">{t('menuEditor.problemsTitle', { count: problems.length })}</h2>
      <p>{t('menuEditor.problemsIntro')}</p>
      <ul className="menu-editor__paths">
        {problems.map((problem, index) => (
          <li key={`${problem.path}-${index}`}>
            <PathText path={problem.path} text={pathText(problem.path)}>
              : <span lang="en">{problem.message}</span>
            </PathText>
          </li>
        ))}
      </ul>
    </section>
  );
}
