/**
 * A refused tenant file's rules in the words of the person who sent it (the staff console's import and
 * its menu and settings drafts, apps/api/src/use-cases/menus/tenant-file-io.ts): the common rules of
 * the schema (text required or empty, a number too small or too large, a value of the wrong type, one
 * not in its list, an unknown key) in English or French. A rule the file's schema words itself (an
 * option group nested inside itself, a discount code used twice…) keeps its own English words, as
 * `tenants:import` prints them; a negative or malformed amount is worded here too, it is the most
 * common. Parse with `tenantFileErrorMap(locale)`, then word each issue with `tenantFileRule`.
 */
import type { z } from 'zod';
import type { Locale } from './tenant-file';

/** Marks the amount codec's refusal (tenant-file.ts `Money`), which this file words in either language. */
export const AMOUNT_RULE = 'amount';

type Words = { en: string; fr: string };

const say = (locale: Locale, words: Words) => (locale === 'fr-CA' ? words.fr : words.en);

const numberText = (value: unknown, locale: Locale) =>
  typeof value === 'bigint' || typeof value === 'number'
    ? locale === 'fr-CA'
      ? String(value).replace('.', ',')
      : String(value)
    : String(value);

const quoted = (values: readonly unknown[]) => values.map((value) => JSON.stringify(value) ?? String(value)).join(', ');

const EXPECTED: Record<string, Words> = {
  string: { en: 'text', fr: 'du texte' },
  number: { en: 'a number', fr: 'un nombre' },
  int: { en: 'a whole number', fr: 'un nombre entier' },
  boolean: { en: 'true or false', fr: 'true ou false' },
  array: { en: 'a list', fr: 'une liste' },
  object: { en: 'an object', fr: 'un objet' },
  record: { en: 'an object', fr: 'un objet' },
};

type Raw = z.core.$ZodRawIssue;

function tooSmall(issue: Raw & { code: 'too_small' }, locale: Locale): string | undefined {
  const n = Number(issue.minimum);
  const min = numberText(issue.minimum, locale);
  if (issue.origin === 'string') {
    return n <= 1
      ? say(locale, { en: 'must not be empty', fr: 'ne doit pas être vide' })
      : say(locale, { en: `must have at least ${min} characters`, fr: `doit compter au moins ${min} caractères` });
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    return n <= 1
      ? say(locale, { en: 'must have at least one entry', fr: 'doit avoir au moins un élément' })
      : say(locale, { en: `must have at least ${min} entries`, fr: `doit avoir au moins ${min} éléments` });
  }
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
    return issue.inclusive === false
      ? say(locale, { en: `must be more than ${min}`, fr: `doit être supérieur à ${min}` })
      : say(locale, { en: `must be at least ${min}`, fr: `doit être d’au moins ${min}` });
  }
  return undefined;
}

function tooBig(issue: Raw & { code: 'too_big' }, locale: Locale): string | undefined {
  const max = numberText(issue.maximum, locale);
  if (issue.origin === 'string') {
    return say(locale, { en: `must have at most ${max} characters`, fr: `doit compter au plus ${max} caractères` });
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    return say(locale, { en: `must have at most ${max} entries`, fr: `doit avoir au plus ${max} éléments` });
  }
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
    return issue.inclusive === false
      ? say(locale, { en: `must be less than ${max}`, fr: `doit être inférieur à ${max}` })
      : say(locale, { en: `must be at most ${max}`, fr: `doit être d’au plus ${max}` });
  }
  return undefined;
}

/**
 * zod's error map for parsing a tenant file for a person: the common rules in `locale`; undefined
 * (zod's own message) for the rest. A rule the schema words itself never reaches it (zod asks a
 * per-parse map only for issues without their own message).
 */
export function tenantFileErrorMap(locale: Locale): (issue: Raw) => string | undefined {
  return (issue) => {
    switch (issue.code) {
      case 'invalid_type': {
        if (issue.input === undefined) return say(locale, { en: 'is required', fr: 'est obligatoire' });
        const expected = EXPECTED[issue.expected];
        return expected && say(locale, { en: `must be ${expected.en}`, fr: `doit être ${expected.fr}` });
      }
      case 'too_small':
        return tooSmall(issue, locale);
      case 'too_big':
        return tooBig(issue, locale);
      case 'invalid_value':
        return issue.values.length === 1
          ? say(locale, { en: `must be ${quoted(issue.values)}`, fr: `doit être ${quoted(issue.values)}` })
          : say(locale, { en: `must be one of ${quoted(issue.values)}`, fr: `doit être l’une des valeurs ${quoted(issue.values)}` });
      case 'unrecognized_keys':
        return issue.keys.length === 1
          ? say(locale, {
              en: `has an unknown key, ${quoted(issue.keys)}: remove it or correct its spelling`,
              fr: `contient une clé inconnue, ${quoted(issue.keys)} : retirez-la ou corrigez son orthographe`,
            })
          : say(locale, {
              en: `has unknown keys, ${quoted(issue.keys)}: remove them or correct their spelling`,
              fr: `contient des clés inconnues, ${quoted(issue.keys)} : retirez-les ou corrigez leur orthographe`,
            });
      default:
        return undefined;
    }
  };
}

/** One issue of a refused tenant file as the person reads it: the amount's rule in `locale`, else its message. */
export function tenantFileRule(issue: z.core.$ZodIssue, locale: Locale): string {
  if (issue.code === 'custom' && issue.params?.rule === AMOUNT_RULE) {
    const got = JSON.stringify(issue.params.got) ?? String(issue.params.got);
    return say(locale, {
      en: `must be an amount of at least 0 with at most 2 decimals, such as "12.50" (got ${got})`,
      fr: `doit être un montant d’au moins 0 avec au plus 2 décimales, comme "12.50" (reçu : ${got})`,
    });
  }
  return issue.message;
}
