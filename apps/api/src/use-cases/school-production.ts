/**
 * The school's production list for one date (docs/k12-school-meals.md): the meals and extras of
 * the open school orders, by item and by school, classroom and teacher, as CSV for the kitchen.
 * Item names in the request's language from the published menus ("?" for an item since removed).
 */
import type { Locale } from '@servery/contracts/tenant-file';
import type { MenuGroupData } from '@servery/domain/cart-lines';
import { productionCsv, productionRows } from '@servery/domain/school-order';
import type { Kysely } from 'kysely';
import { loadPublishedMenuTree, type Restaurant } from '../db/restaurants-repository';
import type { Database } from '../db/schema';
import { listSchoolOrdersOn } from '../db/school-orders-repository';
import { schoolSettings } from './get-rotational-menus';
import { menuLookup } from './menu-lookup';
import { storedOrderOf } from './order-view';

const HEADER: Record<Locale, readonly string[]> = {
  'en-CA': ['Date', 'Item', 'School', 'Classroom', 'Teacher', 'Quantity'],
  'fr-CA': ['Date', 'Article', 'École', 'Classe', 'Enseignant', 'Quantité'],
};

export async function schoolProductionCsv(
  db: Kysely<Database>,
  restaurant: Restaurant,
  date: string,
  locale: Locale,
  now: Date,
): Promise<string> {
  schoolSettings(restaurant);
  const orders = await listSchoolOrdersOn(db, restaurant.id, date);
  const tree = await loadPublishedMenuTree(db, restaurant.id, now.toISOString());
  const lookup = menuLookup(tree.menuGroups as unknown as MenuGroupData[]);
  const rows = productionRows(
    orders.map((row) => {
      const stored = storedOrderOf(row);
      const student = stored.school?.student;
      return {
        items: stored.items,
        student: {
          school: student?.school ?? stored.delivery?.school ?? '',
          grade: student?.grade ?? stored.delivery?.grade ?? '',
          classroom: student?.classroom ?? stored.delivery?.classroom ?? '',
          teacher: student?.teacher ?? stored.delivery?.teacher ?? '',
        },
      };
    }),
    (id) => lookup.itemName(id, locale),
  );
  return productionCsv(date, rows, HEADER[locale]);
}
