import { useStaffDraft, type StaffDraftState } from '../../staff-draft/use-staff-draft';
import { uploadImage, type MenuEditorCaller } from './menu-editor-api';
import { fieldsOfProblems, type EditorFile, type OpenForm } from './menu-file';

export type { FieldProblems } from '../../staff-draft/use-staff-draft';

/** The shared draft (staff-draft/use-staff-draft.ts) as the menu editor uses it, with its photo upload. */
export interface MenuDraftState extends StaffDraftState<EditorFile, string | OpenForm> {
  /** Uploads a photo (POST /api/staff/menu/images): the URL for an `image` field; throws the server's refusal. */
  uploadImage: (file: File) => Promise<string>;
}

/**
 * The draft and every change to it (staff-draft/use-staff-draft.ts); a refused save's problems land
 * on the open item's or option group's fields (menu-file.ts `fieldsOfProblems`).
 */
export function useMenuDraft(caller: MenuEditorCaller): MenuDraftState {
  return {
    ...useStaffDraft<EditorFile, string | OpenForm>(caller, fieldsOfProblems),
    uploadImage: async (file) => (await uploadImage(caller, file)).image,
  };
}
