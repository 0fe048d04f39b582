import type {
  MenuDraftResponse,
  MenuHistoryResponse,
  PublishMenuDraftResponse,
  SaveMenuDraftResponse,
} from '@servery/contracts/staff-menu';
import type { ApiClient } from '../lib/api';
import { bearer, type SessionCredentials } from '../lib/session';

/**
 * The draft's calls (apps/api/src/routes/staff-menu/menu-drafts.ts, docs/menu-drafts.md), shared by
 * the staff console's screens that change the tenant file (the menu editor, the settings): one draft
 * of the whole file, saved on the revision read, published at once (docs/decisions/0091-whole-file-menu-drafts.md,
 * 0108-restaurant-settings-on-the-menu-draft.md). For one restaurant (its slug) and one signed-in staff member.
 */
export interface StaffDraftCaller {
  client: ApiClient;
  slug: string;
  credentials: SessionCredentials;
}

export const draftHeaders = ({ slug, credentials }: StaffDraftCaller) => ({ 'X-Restaurant-Id': slug, ...bearer(credentials) });

/** The draft as a screen reads it: the file typed as far as that screen walks it. */
export type StaffDraft<TFile> = Omit<MenuDraftResponse, 'file'> & { file: TFile };

export const getDraft = <TFile>(caller: StaffDraftCaller, signal?: AbortSignal) =>
  caller.client.get<StaffDraft<TFile>>('/api/staff/menu/draft', { headers: draftHeaders(caller), ...(signal && { signal }) });

export const saveDraft = (caller: StaffDraftCaller, baseRevision: number, file: unknown) =>
  caller.client.request<SaveMenuDraftResponse>('/api/staff/menu/draft', {
    method: 'PUT',
    body: { base_revision: baseRevision, file },
    headers: draftHeaders(caller),
  });

export const publishDraft = (caller: StaffDraftCaller, baseRevision: number) =>
  caller.client.request<PublishMenuDraftResponse>('/api/staff/menu/draft/publish', {
    method: 'POST',
    body: { base_revision: baseRevision },
    headers: draftHeaders(caller),
  });

export const getHistory = (caller: StaffDraftCaller, signal?: AbortSignal) =>
  caller.client.get<MenuHistoryResponse>('/api/staff/menu/history?limit=20', { headers: draftHeaders(caller), ...(signal && { signal }) });

export const restoreVersion = (caller: StaffDraftCaller, version: number, baseRevision: number) =>
  caller.client.request<SaveMenuDraftResponse>(`/api/staff/menu/history/${version}/restore`, {
    method: 'POST',
    body: { base_revision: baseRevision },
    headers: draftHeaders(caller),
  });
