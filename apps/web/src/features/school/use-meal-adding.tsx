/**
 * Adding a meal to a day for the chosen child: its choices in the core's item dialog (drink, side),
 * the child's allergens in what was chosen named and confirmed first, then the day cart's rules
 * (the meals per child and day), each outcome said in a toast.
 */
import type { Student } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { unitPrice, type SelectedGroup } from '@servery/domain/item-selection';
import { allergensFound } from '@servery/domain/school-cart';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../components/ui/toasts';
import { useNow } from '../../lib/clock';
import { errorNameMessage } from '../../lib/error-message';
import { formatDay } from '../../lib/format';
import { localizedText } from '../../lib/localize';
import type { MenuItemEntry } from '../../lib/menu-model';
import { useLocale } from '../../lib/use-locale';
import { itemDialogModule, toOrderOptions, type DayCarts } from '../../ordering';
import { choiceAllergens } from './school-choice';
import { AllergenDialog } from './school-dialogs';
import { studentName } from './school-ordering';

/** A meal's choices (drink, side) in the ordering core's item dialog: its own chunk, fetched with the week (SchoolWeek). */
const ItemDialog = lazy(() => itemDialogModule().then((module) => ({ default: module.ItemDialog })));

interface Choosing {
  entry: MenuItemEntry;
  date: string;
  opener: HTMLElement | null;
}

/** `requestAdd` starts adding `entry` on `date`; `dialogs` are the choices and allergen questions it opens. */
export function useMealAdding({
  restaurant,
  cart,
  chosen,
  signedIn,
  mealsFor,
}: {
  restaurant: PublicRestaurant;
  cart: DayCarts;
  /** The child new meals are for; null: none chosen. */
  chosen: Student | null;
  signedIn: boolean;
  /** The chosen child's meals on a day: already ordered and in the cart. */
  mealsFor: (date: string) => number;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { show } = useToasts();
  const now = useNow();
  const [allergen, setAllergen] = useState<(Choosing & { selection: SelectedGroup[]; found: string[]; student: string }) | null>(null);
  const [choosing, setChoosing] = useState<Choosing | null>(null);

  /**
   * A meal over the child's limit for the day (maxMealsPerCart, counting the meals already ordered) is
   * refused at once, before its choices and allergen questions are asked (issue 30 defect 1).
   */
  function overLimit(entry: MenuItemEntry, date: string): boolean {
    const max = restaurant.maxMealsPerCart;
    if (!chosen || max === null || !entry.item.meal_package || mealsFor(date) < max) return false;
    show(t('school.mealLimit', { student: studentName(chosen), max, day: formatDay(date, locale) }), 'error');
    return true;
  }

  function addNow(entry: MenuItemEntry, date: string, selection: SelectedGroup[]) {
    if (overLimit(entry, date)) return;
    const price = unitPrice(entry.item, selection, now, restaurant.zone);
    const name = localizedText(entry.item, 'name', locale).text;
    if (price === null) {
      show(errorNameMessage(t, 'ITEM_UNAVAILABLE'), 'error');
      return;
    }
    const line = {
      id: entry.item.id,
      menu_id: entry.menu.id,
      section_id: entry.section?.id ?? null,
      quantity: 1,
      orderPrice: price,
      orderOptions: toOrderOptions(selection),
    };
    const result = cart.add({ date, studentId: chosen?.id ?? null }, line);
    const day = formatDay(date, locale);
    if (result.ok) show(t('school.added', { item: name, student: chosen ? studentName(chosen) : '', day }), 'success');
    else if (result.error === 'MAX_MEALS_PER_CART' && chosen)
      show(t('school.mealLimit', { student: studentName(chosen), max: result.limit ?? 0, day }), 'error');
    else show(errorNameMessage(t, result.error), 'error');
  }

  /** After the meal's choices: the child's allergens in what was chosen are named and confirmed first. */
  function proceed(entry: MenuItemEntry, date: string, selection: SelectedGroup[], opener: HTMLElement | null) {
    const found = chosen ? allergensFound(choiceAllergens(entry.item, selection), chosen.allergens) : [];
    if (chosen && found.length > 0) {
      setAllergen({ entry, date, selection, found, student: studentName(chosen), opener });
      return;
    }
    addNow(entry, date, selection);
  }

  function requestAdd(entry: MenuItemEntry, date: string) {
    if (signedIn && !chosen) {
      show(t('school.chooseChildFirst'), 'error');
      document.getElementById('school-ordering-for')?.focus();
      return;
    }
    if (overLimit(entry, date)) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (entry.item.options.length > 0) setChoosing({ entry, date, opener });
    else proceed(entry, date, [], opener);
  }

  const dialogs = (
    <>
      {choosing && (
        <Suspense fallback={null}>
          <ItemDialog
            entry={choosing.entry}
            restaurant={restaurant}
            blockedBy={null}
            variant={{
              title: `${localizedText(choosing.entry.item, 'name', locale).text} · ${formatDay(choosing.date, locale)}`,
              addLabel: chosen ? t('school.addFor', { student: studentName(chosen) }) : t('school.add'),
              cancelLabel: t('school.allergen.cancel'),
              choicesOnly: true,
            }}
            returnFocusTo={choosing.opener}
            onSelect={(choice) => {
              // The school prices and announces the meal itself (addNow), after the allergen question.
              proceed(choosing.entry, choosing.date, choice.options, choosing.opener);
              return { ok: true };
            }}
            onClose={() => setChoosing(null)}
          />
        </Suspense>
      )}
      {allergen && (
        <AllergenDialog
          item={localizedText(allergen.entry.item, 'name', locale).text}
          student={allergen.student}
          allergens={allergen.found}
          returnFocusTo={allergen.opener}
          onConfirm={() => {
            addNow(allergen.entry, allergen.date, allergen.selection);
            setAllergen(null);
          }}
          onClose={() => setAllergen(null)}
        />
      )}
    </>
  );

  return { requestAdd, dialogs };
}
