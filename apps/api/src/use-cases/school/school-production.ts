/**
 * The school's production list for one date (docs/k12-school-meals.md): the meals and extras of
 * the open school orders, by item and by school, grade, classroom and teacher, for the kitchen's
 * screen and as CSV. Item names in the request's language from the published menus ("?" for an
 * item since removed).
 */
import type { ProductionListResponse } from '@servery/contracts/school';
import type { Locale } from '@servery/contracts/tenant-file';
import { DEFAULT_SCHOOL_ZONE, localDate } from '@servery/domain/school-days';
import { productionCsv, productionRows, productionSummary, type ProductionRow } from '@servery/domain/school-order';
import type { Kysely } from 'kysely';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Database } from '../../kernel/schema';
import { listSchoolOrdersOn } from '../../db/school-orders-repository';
import { schoolSettings } from './get-rotational-menus';
import { publishedMenuLookup } from '../menus/menu-lookup';
import { storedOrderOf } from '../orders/order-view';

const HEADER: Record<Locale, readonly string[]> = {
  'en-CA': ['Date', 'Item', 'School', 'Grade', 'Classroom', 'Teacher', 'Quantity'],
  'fr-CA': ['Date', 'Article', 'École', 'Année', 'Classe', 'Enseignant', 'Quantité'],
};

async function schoolProductionRows(
  db: Kysely<Database>,
  restaurant: Restaurant,
  date: string,
  locale: Locale,
  now: Date,
): Promise<ProductionRow[]> {
  schoolSettings(restaurant);
  const orders = await listSchoolOrdersOn(db, restaurant.id, date);
  const lookup = await publishedMenuLookup(db, restaurant.id, now);
  return productionRows(
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
}

/** The list on the staff screen: each item's total and each class's items (today in the school's zone by default). */
export async function schoolProduction(
  db: Kysely<Database>,
  restaurant: Restaurant,
  date: string | undefined,
  locale: Locale,
  now: Date,
): Promise<ProductionListResponse> {
  const zone = schoolSettings(restaurant).zone || DEFAULT_SCHOOL_ZONE;
  const day = date ?? localDate(now, zone);
  return { date: day, zone, ...productionSummary(await schoolProductionRows(db, restaurant, day, locale, now)) };
}

export async function schoolProductionCsv(
  db: Kysely<Database>,
  restaurant: Restaurant,
  date: string,
  locale: Locale,
  now: Date,
): Promise<string> {
  return productionCsv(date, await schoolProductionRows(db, restaurant, date, locale, now), HEADER[locale]);
}
