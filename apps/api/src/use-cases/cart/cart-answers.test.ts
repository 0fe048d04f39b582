import { describe, expect, it } from 'vitest';
import type { MenuGroupData } from '@servery/domain/cart-lines';
import type { Restaurant } from '../../db/restaurants-repository';
import { AnswerCache, answerKey } from './cart-answers';

const restaurant = (menuVersion: number) =>
  ({ id: 1, slug: 'r', menuVersion, updatedAt: 'x', settings: { zone: 'America/Toronto' } }) as unknown as Restaurant;
const now = new Date('2026-11-24T17:00:00Z');
const bytes = (text: string) => Buffer.from(text);

describe('AnswerCache', () => {
  it('answers only for the same restaurant object and menu tree', () => {
    const cache = new AnswerCache();
    const basis = { restaurant: restaurant(1), menuGroups: [] as MenuGroupData[], now };
    cache.set('k', '{}', basis, bytes('{"a":1}'));
    expect(cache.get('k', '{}', basis)?.toString()).toBe('{"a":1}');
    expect(cache.get('k', '{}', { ...basis, restaurant: restaurant(2) })).toBeNull();
    // The stale entry is gone, not kept for the old version.
    expect(cache.get('k', '{}', basis)).toBeNull();
    cache.set('k', '{}', basis, bytes('{"a":1}'));
    expect(cache.get('k', '{}', { ...basis, menuGroups: [] })).toBeNull();
  });

  it('answers only the very request text it was kept for, whatever the key', () => {
    const cache = new AnswerCache();
    const basis = { restaurant: restaurant(1), menuGroups: [] as MenuGroupData[], now };
    // 640 characters: the digest reads every tenth one, and these two differ at the fifth.
    const one = `"${'a'.repeat(638)}"`;
    const other = `"${'a'.repeat(4)}b${'a'.repeat(633)}"`;
    expect(answerKey([1], one)).toBe(answerKey([1], other));
    cache.set(answerKey([1], one), one, basis, bytes('1'));
    expect(cache.get(answerKey([1], other), other, basis)).toBeNull();
    expect(cache.get(answerKey([1], one), one, basis)?.toString()).toBe('1');
  });

  it('drops the least recently used answer first when full', () => {
    const cache = new AnswerCache(1_000_000, 2);
    const basis = { restaurant: restaurant(1), menuGroups: [] as MenuGroupData[], now };
    cache.set('a', 'a', basis, bytes('1'));
    cache.set('b', 'b', basis, bytes('2'));
    expect(cache.get('a', 'a', basis)?.toString()).toBe('1');
    cache.set('c', 'c', basis, bytes('3'));
    expect(['a', 'b', 'c'].map((key) => cache.get(key, key, basis)?.toString() ?? null)).toEqual(['1', null, '3']);
    expect(cache.size).toBe(2);
  });

  it('keys a question by all its parts', () => {
    expect(answerKey([1, 'en-CA', ''], '{}')).not.toBe(answerKey([1, 'fr-CA', ''], '{}'));
    expect(answerKey([1, 'en-CA', ''], '{"a":1}')).not.toBe(answerKey([1, 'en-CA', ''], '{"a":2}'));
  });
});
