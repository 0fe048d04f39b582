import type { OrderType } from '@servery/domain/order-type';
import type { MenuImageUploadResponse } from '@servery/contracts/menu-image-schemas';
import { MENU_IMAGE_TYPES } from '@servery/contracts/menu-images';
import type { MenusResponse } from '@servery/contracts/restaurant';
import { draftHeaders, type StaffDraft, type StaffDraftCaller } from '../../staff-draft/draft-api';
import type { EditorFile } from './menu-file';

/**
 * The menu editor's own calls (the draft's are shared with the settings: staff-draft/draft-api.ts),
 * for one restaurant (its slug) and one signed-in staff member: the staff console's caller, by its shape.
 */
export type MenuEditorCaller = StaffDraftCaller;

/** The draft as the editor reads it: the file typed as far as the editor walks it. */
export type MenuDraft = StaffDraft<EditorFile>;

export const getPreview = (caller: MenuEditorCaller, type: OrderType, signal?: AbortSignal) =>
  caller.client.get<MenusResponse>(`/api/staff/menu/draft/preview?type=${encodeURIComponent(type)}&member=false`, {
    headers: draftHeaders(caller),
    ...(signal && { signal }),
  });

/** Uploads a photo as its own bytes; the server decodes it to know what it is, so any other type goes as plain bytes. */
export const uploadImage = (caller: MenuEditorCaller, file: File) =>
  caller.client.request<MenuImageUploadResponse>('/api/staff/menu/images', {
    method: 'POST',
    body: file,
    headers: {
      ...draftHeaders(caller),
      'Content-Type': (MENU_IMAGE_TYPES as readonly string[]).includes(file.type) ? file.type : 'application/octet-stream',
    },
  });
