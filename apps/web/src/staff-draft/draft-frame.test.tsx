/**
 * The draft's frame (draft-frame.tsx) around a screen's forms: a refused change said where the person
 * is (focus on the message, the draft read again), the history's counts and dates in both languages,
 * and the question before a restore replaces a draft with changes not yet published.
 */
import type { MenuDraftConflict, MenuHistoryEntry } from '@servery/contracts/staff-menu';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../i18n/locales';
import { createApiClient } from '../lib/api';
import { json } from '../testing/api-stub';
import { renderWithProviders } from '../testing/render-with-providers';
import type { StaffDraft, StaffDraftCaller } from './draft-api';
import { DraftFrame } from './draft-frame';
import { useStaffDraft } from './use-staff-draft';

const MIA = { name: 'Mia Manager', email: 'manager@maple-bistro.example.com' };

const FILE = {
  name: 'Maple Bistro',
  zone: 'America/Toronto',
  menu_groups: [
    {
      id: 1,
      name: 'Food & drinks',
      menus: [
        {
          id: 10,
          name: 'All-day menu',
          sections: [
            {
              id: 50,
              name: 'Starters',
              items: [
                { id: 1101, name: 'Soup of the day', price: '8.00' },
                { id: 1104, name: 'Crispy calamari', price: '16.00', localization: { 'fr-CA': { name: 'Calmars croustillants' } } },
              ],
            },
          ],
        },
      ],
    },
  ],
};

const draftOf = (fields: Partial<StaffDraft<unknown>> = {}): StaffDraft<unknown> => ({
  draft: false,
  revision: 0,
  file: FILE,
  file_scope: 'whole',
  saved_by: null,
  saved_at: null,
  published_version: 3,
  ...fields,
});

const entry = (version: number, summary: Partial<MenuHistoryEntry['summary']> = {}): MenuHistoryEntry => ({
  version,
  published_by: MIA,
  published_at: '2026-12-02T13:50:00.000Z',
  summary: { added: 0, removed: 0, changed: 1, paths: [], ...summary },
  origin: 'console',
});

const CONFLICT: MenuDraftConflict = {
  revision: 11,
  draft: true,
  saved_by: MIA,
  saved_at: '2026-12-02T14:05:00.000Z',
  compared_with: 'base',
  changed_paths: ['$.menu_groups[0].menus[0].sections[0].items[1].price', '$.hours[0].end_time'],
  changed_count: 2,
};

const conflicted = () => json(409, { code: 409, error: 'MENU_DRAFT_CHANGED', message: 'The draft changed.', draft_conflict: CONFLICT });

/**
 * The server: the draft (`shown` until a change is refused, then `after`), its history, and what a
 * save, a publish and a restore answer.
 */
function server({
  shown,
  after = shown,
  save = () => json(200, { revision: shown.revision + 1, saved_at: '2026-12-02T14:00:00.000Z' }),
  publish = () => json(200, { changed: true, version: 4, summary: { added: 0, removed: 0, changed: 1, paths: [] } }),
  entries = [entry(3), entry(2, { added: 1, changed: 2 })],
}: {
  shown: StaffDraft<unknown>;
  after?: StaffDraft<unknown>;
  save?: () => Response;
  publish?: () => Response;
  entries?: MenuHistoryEntry[];
}) {
  let current = shown;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      calls.push(`${method} ${url.pathname}`);
      if (url.pathname === '/api/staff/menu/draft' && method === 'GET') return json(200, current);
      if (url.pathname === '/api/staff/menu/history') return json(200, { entries, next_before: null });
      let answer: Response;
      if (url.pathname === '/api/staff/menu/draft' && method === 'PUT') answer = save();
      else if (url.pathname === '/api/staff/menu/draft/publish') answer = publish();
      else if (/^\/api\/staff\/menu\/history\/\d+\/restore$/.test(url.pathname))
        answer = json(200, { revision: current.revision + 1, saved_at: '2026-12-02T14:10:00.000Z' });
      else return json(404, { code: 404, error: 'NOT_FOUND', message: 'Not found.' });
      if (!answer.ok) current = after;
      return answer;
    }),
  );
  return calls;
}

const caller: StaffDraftCaller = {
  client: createApiClient({ locale: 'en-CA' }),
  slug: 'maple-bistro',
  credentials: { token: 't', userId: 7 } as StaffDraftCaller['credentials'],
};

/** A screen on the frame: one button far down the page that saves the file as it is. */
function Screen() {
  const state = useStaffDraft<typeof FILE, null>(caller, (details) => ({ fields: [], others: [...details] }));
  return (
    <DraftFrame caller={caller} state={state} canChange title="Menu editor" readOnly="Read only." className="menu-editor">
      {(draft) => (
        <button type="button" onClick={() => void state.save(draft.file, 'Saved.')}>
          Save far below
        </button>
      )}
    </DraftFrame>
  );
}

const show = (locale: Locale = 'en-CA') => renderWithProviders(<Screen />, { locale });

afterEach(() => vi.unstubAllGlobals());

describe('a refused change', () => {
  it('moves the focus to the message, names the places changed as a manager knows them, and reads the draft when asked', async () => {
    server({
      shown: draftOf(),
      after: draftOf({ draft: true, revision: 11, saved_by: MIA, saved_at: CONFLICT.saved_at }),
      save: conflicted,
    });
    show();
    expect(await screen.findByText(/No draft yet/)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Save far below' });
    button.focus();
    fireEvent.click(button);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/your changes were not saved/);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(alert.getAttribute('tabindex')).toBe('-1');

    const conflict = screen.getByRole('region', { name: 'Someone else saved the draft first' });
    const places = within(conflict).getAllByRole('listitem');
    expect(places[0]!.textContent).toBe('Crispy calamari — price$.menu_groups[0].menus[0].sections[0].items[1].price');
    // No named entry on the way: the path says it.
    expect(places[1]!.textContent).toBe('$.hours[0].end_time');
    // What was typed stays on screen until the person loads the draft as it is now (forms are keyed by revision).
    expect(conflict.textContent).toContain('Load the draft as it is now, look at what changed');
    fireEvent.click(within(conflict).getByRole('button', { name: 'Load the draft as it is now' }));
    // The status then says what the draft is now: not "no draft" beside "revision 11".
    expect(await screen.findByText(/^Revision 11/)).toBeTruthy();
    expect(screen.queryByText(/No draft yet/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Publish the draft' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says of a stale publish that the draft changed since it was read, and to review, then publish again', async () => {
    const saved = { saved_by: MIA, saved_at: '2026-12-02T13:55:00.000Z' };
    const calls = server({
      shown: draftOf({ draft: true, revision: 10, ...saved }),
      after: draftOf({ draft: true, revision: 11, ...saved }),
      publish: conflicted,
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish the draft' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The draft changed since you read it (someone saved or published it after you opened it), so it was not published.',
    );
    expect(alert.textContent).not.toMatch(/save again/);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    const conflict = screen.getByRole('region', { name: 'Someone else saved the draft first' });
    expect(conflict.textContent).toContain('review what changed, then publish again.');
    expect(await screen.findByText(/^Revision 11/)).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual(['POST /api/staff/menu/draft/publish']);
  });

  it('leaves the focus where it is when the change succeeds', async () => {
    server({ shown: draftOf() });
    show();
    const button = await screen.findByRole('button', { name: 'Save far below' });
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('the draft status and history', () => {
  it('gives dates with the month in words, and each count its own plural, in English', async () => {
    const imported: MenuHistoryEntry = { ...entry(1, { changed: 0 }), published_by: null, origin: 'tenants_import' };
    server({
      shown: draftOf({ draft: true, revision: 25, saved_by: MIA, saved_at: '2026-12-02T14:08:00.000Z' }),
      entries: [entry(3), entry(2, { added: 1, changed: 2 }), imported],
    });
    show();
    expect((await screen.findByText(/^Revision 25/)).textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Revision 25 · saved by Mia Manager on Dec 2, 2026, 9:08 a.m.',
    );
    fireEvent.click(screen.getByText('History of publishes'));
    expect(await screen.findByText('0 added, 0 removed, 1 changed')).toBeTruthy();
    expect(screen.getByText('1 added, 0 removed, 2 changed')).toBeTruthy();
    // The file the server loaded before any publish from the console: no counts of nothing.
    expect(screen.getByText(/loaded from the restaurant’s file/)).toBeTruthy();
    expect(screen.queryByText('0 added, 0 removed, 0 changed')).toBeNull();
  });

  it('says 0 and 1 in the singular in French', async () => {
    server({ shown: draftOf(), entries: [entry(3), entry(2, { added: 1, changed: 2 })] });
    show('fr-CA');
    fireEvent.click(await screen.findByText('Historique des publications'));
    expect(await screen.findByText('0 ajout, 0 retrait, 1 changement')).toBeTruthy();
    expect(screen.getByText('1 ajout, 0 retrait, 2 changements')).toBeTruthy();
    expect(screen.getAllByText(/publiée par Mia Manager le 2 déc\. 2026, 8 h 50/).length).toBe(2);
  });
});

describe('restoring a version as the draft', () => {
  it('asks first when the draft has changes not yet published, naming what is lost; keeping it sends nothing', async () => {
    const calls = server({ shown: draftOf({ draft: true, revision: 25, saved_by: MIA, saved_at: '2026-12-02T14:08:00.000Z' }) });
    show();
    fireEvent.click(await screen.findByText('History of publishes'));
    const restore = await screen.findByRole('button', { name: 'Restore as the draft Version 3' });
    fireEvent.click(restore);

    const dialog = await screen.findByRole('dialog', { name: 'Restore version 3 as the draft?' });
    expect(dialog.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      'Your draft has changes not yet published (revision 25, saved by Mia Manager on Dec 2, 2026, 9:08 a.m.). Restoring version 3 replaces them.',
    );
    // The safe answer first.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep my draft' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my draft' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.includes('/restore'))).toBe(false);
    expect(document.activeElement).toBe(restore);

    fireEvent.click(restore);
    const again = await screen.findByRole('dialog', { name: 'Restore version 3 as the draft?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Replace my draft with version 3' }));
    expect(await screen.findByText('Version 3 is now the draft. Publish it to serve it to diners.')).toBeTruthy();
    expect(calls).toContain('POST /api/staff/menu/history/3/restore');
  });

  it('restores at once when there is no draft: nothing is lost', async () => {
    const calls = server({ shown: draftOf() });
    show();
    fireEvent.click(await screen.findByText('History of publishes'));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore as the draft Version 2' }));
    expect(await screen.findByText('Version 2 is now the draft. Publish it to serve it to diners.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toContain('POST /api/staff/menu/history/2/restore');
  });

  it('asks in French too', async () => {
    server({ shown: draftOf({ draft: true, revision: 25, saved_by: MIA, saved_at: '2026-12-02T14:08:00.000Z' }) });
    show('fr-CA');
    fireEvent.click(await screen.findByText('Historique des publications'));
    fireEvent.click(await screen.findByRole('button', { name: 'Restaurer comme brouillon Version 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restaurer la version 3 comme brouillon?' });
    expect(dialog.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      'Votre brouillon contient des changements pas encore publiés (révision 25, enregistré par Mia Manager le 2 déc. 2026, 9 h 08). Restaurer la version 3 les remplace.',
    );
  });
});
