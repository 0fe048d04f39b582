/**
 * The tenant file's item `promos` and the "Item promos" form's values (contracts/item-promos-form.ts),
 * both ways, as pure functions (decision 0110); what names each promo (menu items, option values,
 * members), so that a promo still named is not removed; and back from a refused file's paths to the
 * form's fields.
 */
import { decimalValue } from '@servery/contracts/discount-codes-form';
import type { PromosForm } from '@servery/contracts/item-promos-form';
import type { OffersFile } from './codes-file';

/** A promo as the file writes it (tenant-file.ts Promo): a percentage or an amount in dollars off. */
export interface FilePromo {
  id: number;
  percent?: string | number;
  amount?: string | number;
}

interface Named {
  name?: string;
  promos?: number[];
  options?: Array<{ values?: Named[] }>;
}
interface Group {
  menus?: Array<{ sections?: Array<{ items?: Named[] }> }>;
}

const promosOf = (file: OffersFile): FilePromo[] => (Array.isArray(file.promos) ? (file.promos as FilePromo[]) : []);

export function promosValues(file: OffersFile): PromosForm {
  return {
    promos: promosOf(file).map((promo) =>
      promo.percent !== undefined
        ? { promo_id: promo.id, kind: 'percent' as const, value: String(promo.percent) }
        : { promo_id: promo.id, kind: 'amount' as const, value: String(promo.amount ?? '') },
    ),
  };
}

/** Who names each promo: items and option values by name ("Classic poutine", "Maple Burger (Avocado)"), and how many members. */
export interface PromoUsers {
  names: string[];
  members: number;
}

export function promoUsers(file: OffersFile): ReadonlyMap<number, PromoUsers> {
  const users = new Map<number, PromoUsers>();
  const of = (id: number) => users.get(id) ?? users.set(id, { names: [], members: 0 }).get(id)!;
  const walk = (entity: Named, name: string) => {
    for (const id of entity.promos ?? []) if (!of(id).names.includes(name)) of(id).names.push(name);
    for (const group of entity.options ?? []) for (const value of group.values ?? []) walk(value, `${name} (${value.name ?? ''})`);
  };
  const groups = Array.isArray(file.menu_groups) ? (file.menu_groups as Group[]) : [];
  for (const group of groups)
    for (const menu of group.menus ?? [])
      for (const section of menu.sections ?? []) for (const item of section.items ?? []) walk(item, item.name ?? '');
  const members = (file.membership_program as { members?: Array<{ promos?: number[] }> } | null | undefined)?.members ?? [];
  for (const member of members) for (const id of new Set(member.promos ?? [])) of(id).members += 1;
  return users;
}

const decimal = (text: string) => String(decimalValue(text));

/** The file with the form's promos: a promo keeps its id; a new one takes the next id above every one the file or the form has. */
export function applyPromos(file: OffersFile, values: PromosForm): OffersFile {
  const before = new Map(promosOf(file).map((promo) => [promo.id, promo]));
  let next = Math.max(0, ...before.keys(), ...values.promos.map((promo) => promo.promo_id)) + 1;
  return {
    ...file,
    promos: values.promos.map((promo): FilePromo => {
      const id = promo.promo_id > 0 ? promo.promo_id : next++;
      const kept = before.get(id)?.[promo.kind];
      const typed = promo.kind === 'amount' ? decimalValue(promo.value).toFixed(2) : decimal(promo.value);
      const value = kept !== undefined && decimal(String(kept)) === decimal(promo.value) ? String(kept) : typed;
      return promo.kind === 'percent' ? { id, percent: value } : { id, amount: value };
    }),
  };
}

/** The promos form's field for a refused file's path (`$.promos[1].percent`); undefined: not one of its fields. */
export function promosFieldOf(path: string): string | undefined {
  const match = /^\$\.promos\[(\d+)\]/.exec(path);
  return match ? `promos.${match[1]}.value` : undefined;
}
