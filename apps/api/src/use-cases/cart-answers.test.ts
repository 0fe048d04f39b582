import { describe, expect, it } from 'vitest';
import type { MenuGroupData } from '@servery/domain/cart-lines';
import type { Restaurant } from '../db/restaurants-repository';
import { AnswerCache, answerKey } from './cart-answers';

const restaurant = (menuVersion: number) =>
  ({ id: 1, slug: 'r', menuVersion, updatedAt: 'x', settings: { zone: 'America/Toronto' } }) as unknown as Restaurant;
const now = new Date('2026-11-24T17:00:00Z');

describe('AnswerCache', () => {
  it('answers only for the same restaurant object and menu tree', () => {
    const cache = new AnswerCache();
    const basis = { restaurant: restaurant(1), menuGroups: [] as MenuGroupData[], now };
    cache.set('k', basis, Buffer.from('{"a":1}'));
    expect(cache.get('k', basis)?.toString()).toBe('{"a":1}');
    expect(cache.get('k', { ...basis, restaurant: restaurant(2) })).toBeNull();
    // The stale entry is gone, not kept for the old version.
    expect(cache.get('k', basis)).toBeNull();
    cache.set('k', basis, Buffer.from('{"a":1}'));
    expect(cache.get('k', { ...basis, menuGroups: [] })).toBeNull();
  });

  it('drops the least recently used answer first when full', () => {
    const cache = new AnswerCache(1_000_000, 2);
    const basis = { restaurant: restaurant(1), menuGroups: [] as MenuGroupData[], now };
    cache.set('a', basis, Buffer.from('1'));
    cache.set('b', basis, Buffer.from('2'));
    expect(cache.get('a', basis)?.toString()).toBe('1');
    cache.set('c', basis, Buffer.from('3'));
    expect(['a', 'b', 'c'].map((key) => cache.get(key, basis)?.toString() ?? null)).toEqual(['1', null, '3']);
    expect(cache.size).toBe(2);
  });

  it('keys a question by all its parts', () => {
    expect(answerKey([1, 'en-CA', '', '{}'])).not.toBe(answerKey([1, 'fr-CA', '', '{}']));
  });
});
