import type { MenuImageUploadResponse } from '@servery/contracts/menu-image-schemas';
import { MENU_IMAGE_TYPES } from '@servery/contracts/menu-images';
import type { MenusResponse } from '@servery/contracts/restaurant';
import type {
  MenuDraftResponse,
  MenuHistoryResponse,
  PublishMenuDraftResponse,
  SaveMenuDraftResponse,
} from '@servery/contracts/staff-menu';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';
import type { EditorFile } from './menu-file';

/**
 * The menu editor's calls (apps/api/src/routes/staff-menu/menu-drafts.ts, docs/menu-drafts.md), for one
 * restaurant (its slug) and one signed-in staff member: the staff console's caller, by its shape.
 */
export interface MenuEditorCaller {
  client: ApiClient;
  slug: string;
  credentials: SessionCredentials;
}

const headers = ({ slug, credentials }: MenuEditorCaller) => ({ 'X-Restaurant-Id': slug, ...bearer(credentials) });

/** The draft as the editor reads it: the file typed as far as the editor walks it. */
export type MenuDraft = Omit<MenuDraftResponse, 'file'> & { file: EditorFile };

export const getDraft = (caller: MenuEditorCaller, signal?: AbortSignal) =>
  caller.client.get<MenuDraft>('/api/staff/menu/draft', { headers: headers(caller), ...(signal && { signal }) });

export const saveDraft = (caller: MenuEditorCaller, baseRevision: number, file: EditorFile) =>
  caller.client.request<SaveMenuDraftResponse>('/api/staff/menu/draft', {
    method: 'PUT',
    body: { base_revision: baseRevision, file },
    headers: headers(caller),
  });

export const getPreview = (caller: MenuEditorCaller, signal?: AbortSignal) =>
  caller.client.get<MenusResponse>('/api/staff/menu/draft/preview?type=dine_in&member=false', {
    headers: headers(caller),
    ...(signal && { signal }),
  });

export const publishDraft = (caller: MenuEditorCaller, baseRevision: number) =>
  caller.client.request<PublishMenuDraftResponse>('/api/staff/menu/draft/publish', {
    method: 'POST',
    body: { base_revision: baseRevision },
    headers: headers(caller),
  });

export const getHistory = (caller: MenuEditorCaller, signal?: AbortSignal) =>
  caller.client.get<MenuHistoryResponse>('/api/staff/menu/history?limit=20', { headers: headers(caller), ...(signal && { signal }) });

export const restoreVersion = (caller: MenuEditorCaller, version: number, baseRevision: number) =>
  caller.client.request<SaveMenuDraftResponse>(`/api/staff/menu/history/${version}/restore`, {
    method: 'POST',
    body: { base_revision: baseRevision },
    headers: headers(caller),
  });

/** Uploads a photo as its own bytes; the server decodes it to know what it is, so any other type goes as plain bytes. */
export const uploadImage = (caller: MenuEditorCaller, file: File) =>
  caller.client.request<MenuImageUploadResponse>('/api/staff/menu/images', {
    method: 'POST',
    body: file,
    headers: {
      ...headers(caller),
      'Content-Type': (MENU_IMAGE_TYPES as readonly string[]).includes(file.type) ? file.type : 'application/octet-stream',
    },
  });
