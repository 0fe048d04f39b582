import type { SelectedGroup } from '@servery/domain/item-selection';
import type * as ItemSelection from '@servery/domain/item-selection';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../components/ui/toasts';
import { localizedText } from '../../lib/localize';
import type { MenuItemEntry } from '../../lib/menu-model';
import { useLocale } from '../../lib/use-locale';
import type { ItemChoice, ItemChoiceResult, MenuVendors } from '../../ordering';

let selectionModule: Promise<typeof ItemSelection> | null = null;
/**
 * The item's choosing rules (domain item-selection.ts), fetched once (again after a failure): a tap
 * needs them, the menu's first paint does not (the cards' facts are item-display.ts), so they are not
 * on the menu's first load. The item dialog's chunk brings them too; `preloadQuickAdd` fetches them
 * when the browser is idle (menu-chunks.tsx), so a tap rarely waits.
 */
function loadItemSelection(): Promise<typeof ItemSelection> {
  selectionModule ??= import('@servery/domain/item-selection').catch((error: unknown) => {
    selectionModule = null;
    throw error;
  });
  return selectionModule;
}

export function preloadQuickAdd(): void {
  loadItemSelection().catch(() => undefined);
}

/**
 * The card's "Add": one at the default choices, as the dialog would add it untouched; the dialog
 * opens instead when those choices would not pass (a limit, a price the schedule leaves out).
 */
export function useQuickAdd(
  /** Where a choice goes (the cart, or the embedding screen); undefined: nothing can be added. */
  select: ((choice: ItemChoice) => void | Promise<ItemChoiceResult>) | undefined,
  /** A hub vendor that cannot take this item now (features/marketplace/use-menu-vendors.ts); null elsewhere. */
  vendorGate: MenuVendors['gate'],
  /** Opens the item dialog instead, from this opener. */
  openDialog: (entry: MenuItemEntry, opener: HTMLElement) => void,
  now: Date,
  zone: string,
) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { show } = useToasts();
  const addNow = useCallback(
    (
      { containsAlcohol, defaultSelection, unitPrice, validateSelection }: typeof ItemSelection,
      entry: MenuItemEntry,
      opener: HTMLElement,
      chosen: SelectedGroup[] | undefined,
    ) => {
      // "Order again" passes the line's old choices; they must still pass like the defaults would.
      const selection = chosen ?? defaultSelection(entry.item, now, zone);
      const unit = unitPrice(entry.item, selection, now, zone);
      if (
        !select ||
        vendorGate(entry) !== null ||
        unit === null ||
        containsAlcohol(entry.item, selection) ||
        validateSelection(entry.item, selection, now, zone).length > 0
      ) {
        openDialog(entry, opener);
        return;
      }
      const result = select({
        itemId: entry.item.id,
        menuId: entry.menu.id,
        sectionId: entry.section?.id ?? null,
        quantity: 1,
        options: selection,
        specialInstructions: '',
        unitPrice: unit,
      });
      if (!result) {
        show(t('item.added', { quantity: 1, name: localizedText(entry.item, 'name', locale).text }), 'success');
        return;
      }
      void result.then((outcome) => {
        if (!outcome.ok) show(outcome.toast, 'error');
      });
    },
    [now, zone, select, show, t, locale, vendorGate, openDialog],
  );
  return useCallback(
    (entry: MenuItemEntry, opener: HTMLElement, chosen?: SelectedGroup[]) => {
      // A tap before the rules are in waits for them; if they cannot be fetched, the dialog opens
      // instead (its own chunk boundary says why it cannot, menu-chunks.tsx).
      void loadItemSelection().then(
        (rules) => addNow(rules, entry, opener, chosen),
        () => openDialog(entry, opener),
      );
    },
    [addNow, openDialog],
  );
}
