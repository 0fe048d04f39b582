import type { SelectedGroup } from '@servery/domain/item-selection';

/**
 * What the item dialog produces when the diner adds an item: a selection that passed the spec's
 * option rules. The cart takes it from MenuScreen (cart-model.ts turns it into a cart line).
 */
export interface ItemChoice {
  itemId: number;
  menuId: number;
  sectionId: number | null;
  quantity: number;
  options: SelectedGroup[];
  /** Empty when none (or when the restaurant hides the field). */
  specialInstructions: string;
  /** One item with its options, in cents, at the moment it was chosen. */
  unitPrice: number;
}

/** What became of a choice: taken (the dialog closes), or refused with a message the dialog shows. */
/** A refusal: `message` for the dialog's own error line, `toast` (prefix plus the server's message) for a toast. */
export type ItemChoiceResult = { ok: true } | { ok: false; message: string; toast: string };
