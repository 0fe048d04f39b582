import { ERRORS } from '@servery/contracts/errors';
import { STAFF_AUDIT_ACTIONS } from '@servery/contracts/staff-team';
import { LOCALES as CONTRACT_LOCALES } from '@servery/contracts/tenant-file';
import { describe, expect, it } from 'vitest';
import en from './en-CA.json';
import fr from './fr-CA.json';
import { LOCALES } from './locales';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1] ?? '').sort();
}

function valueAt(catalogue: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined),
      catalogue,
    );
}

describe('translation catalogues', () => {
  it('en-CA and fr-CA have the same keys, recursively', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });

  it('every message is a non-empty string', () => {
    for (const text of [...leaves(en), ...leaves(fr)]) {
      expect(typeof text).toBe('string');
      expect(String(text).trim()).not.toBe('');
    }
  });

  it('a message uses the same placeholders in both languages', () => {
    for (const key of keysOf(en)) {
      expect(placeholders(String(valueAt(fr, key))), key).toEqual(placeholders(String(valueAt(en, key))));
    }
  });

  it('translates every error name of the API catalogue', () => {
    for (const name of Object.keys(ERRORS)) {
      expect(Object.keys(en.errors), name).toContain(name);
    }
  });

  it('says every change of the staff audit (the team screen lists them)', () => {
    for (const action of STAFF_AUDIT_ACTIONS) expect(Object.keys(en.staff.audit), action).toContain(action);
  });

  it('knows the same locales as the contracts', () => {
    expect([...LOCALES]).toEqual([...CONTRACT_LOCALES]);
  });
});
