import { PromosForm } from '@servery/contracts/item-promos-form';
import { TenantFile } from '@servery/contracts/tenant-file';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OffersFile } from './codes-file';
import { applyPromos, promosFieldOf, promosValues, promoUsers, type FilePromo } from './promos-file';

// maple-bistro's file as it is: its promos, the items, option values and members that name them.
const BISTRO = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../tenants/maple-bistro.json'), 'utf8'),
) as OffersFile;

type Values = ReturnType<typeof promosValues>;

describe('the item promos form and the file', () => {
  it('reads maple-bistro’s four promos, a percentage or an amount each', () => {
    expect(promosValues(BISTRO).promos).toEqual([
      { promo_id: 1901, kind: 'percent', value: '20' },
      { promo_id: 1902, kind: 'amount', value: '1.00' },
      { promo_id: 1903, kind: 'percent', value: '10' },
      { promo_id: 1904, kind: 'amount', value: '0.50' },
    ]);
  });

  it('gives back the same promos, unchanged', () => {
    expect(applyPromos(BISTRO, promosValues(BISTRO)).promos).toEqual(BISTRO.promos);
  });

  it('says what names each promo: items, options (with their item), members', () => {
    const users = promoUsers(BISTRO);
    expect(users.get(1901)).toEqual({ names: ['Classic poutine'], members: 0 });
    expect(users.get(1902)).toEqual({ names: ['Butter tart'], members: 0 });
    expect(users.get(1903)).toEqual({ names: [], members: 2 });
    expect(users.get(1904)?.names).toEqual(['Maple Burger (Avocado)']);
    expect(users.get(1999)).toBeUndefined();
  });

  it.each<[string, (values: Values) => void, (promos: FilePromo[]) => void]>([
    [
      'a new promo takes the next id, its amount with cents',
      (values) => values.promos.push({ promo_id: 0, kind: 'amount', value: '2.5' }),
      (promos) => expect(promos[4]).toEqual({ id: 1905, amount: '2.50' }),
    ],
    [
      'an amount with a decimal comma',
      (values) => (values.promos[3]!.value = '0,75'),
      (promos) => expect(promos[3]).toEqual({ id: 1904, amount: '0.75' }),
    ],
    [
      'a percentage changed',
      (values) => (values.promos[0]!.value = '25'),
      (promos) => expect(promos[0]).toEqual({ id: 1901, percent: '25' }),
    ],
    [
      'an amount made a percentage',
      (values) => Object.assign(values.promos[1]!, { kind: 'percent', value: '15' }),
      (promos) => expect(promos[1]).toEqual({ id: 1902, percent: '15' }),
    ],
  ])('%s', (_, change, expected) => {
    const values = promosValues(BISTRO);
    change(values);
    const file = applyPromos(BISTRO, values);
    expected(file.promos as FilePromo[]);
    expect(file.menu_groups).toBe(BISTRO.menu_groups);
    expect(TenantFile.safeParse(file).error?.issues ?? []).toEqual([]);
  });

  it('never gives a removed promo’s id to a new one', () => {
    const values = promosValues(BISTRO);
    values.promos.splice(3, 1, { promo_id: 0, kind: 'percent', value: '5' });
    expect((applyPromos(BISTRO, values).promos as FilePromo[]).map((promo) => promo.id)).toEqual([1901, 1902, 1903, 1905]);
  });

  it('removing a promo an item names is the file’s refusal, at the item', () => {
    const values = promosValues(BISTRO);
    values.promos.splice(0, 1);
    const issues = TenantFile.safeParse(applyPromos(BISTRO, values)).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(["promo 1901 is not in this file's promos"]);
  });
});

describe('the item promos form checks', () => {
  it.each<[string, Partial<Values['promos'][number]>, string | undefined]>([
    ['nothing wrong', {}, undefined],
    ['a percentage over 100', { value: '101' }, 'staffOffers.error.percentOver'],
    ['a negative amount', { kind: 'amount', value: '-1' }, 'staffOffers.error.negative'],
    ['an amount that does not read', { kind: 'amount', value: '1.50$' }, 'staffOffers.error.dollars'],
    ['an amount with a decimal comma', { kind: 'amount', value: '1,50' }, undefined],
    ['nothing off', { value: '0' }, 'staffOffers.error.zero'],
  ])('%s', (_, change, key) => {
    const values = promosValues(BISTRO);
    Object.assign(values.promos[0]!, change);
    const issues = PromosForm.safeParse(values).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), (issue as { params?: { messageKey?: string } }).params?.messageKey])).toEqual(
      key ? [['promos.0.value', key]] : [],
    );
  });

  it.each([
    ['$.promos[1].percent', 'promos.1.value'],
    ['$.promos[0]', 'promos.0.value'],
    ['$.discount_codes[0].code', undefined],
  ])('%s is the field %s', (where, field) => {
    expect(promosFieldOf(where)).toBe(field);
  });
});
