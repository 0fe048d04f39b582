import type { i18n as I18n } from 'i18next';

/**
 * What the app gives react-i18next's provider: the instance itself, seen through an object with no
 * properties of its own but, when given, the language React renders in. react-i18next copies the
 * instance it is given for every component that calls useTranslation (every property descriptor,
 * about 70 on an i18next instance, whose methods are bound as own properties): that was most of the
 * server's time rendering a 300-item menu. The copy of this view has one or two to copy and reads
 * everything else from the instance.
 *
 * The language: the hook translates in `i18n.language`, which changes on the instance as soon as the
 * language does. React hydrates a part of the page it had not reached (a menu section) in the
 * render that precedes the switch's, and it must read the server's language there or the part would
 * not match its HTML and would be rendered again from scratch; the provider's state, which gives
 * this view, is that language in that render.
 */
export function i18nForReact(instance: I18n, language?: string): I18n {
  const own: PropertyDescriptorMap = { getFixedT: { value: keptFixedT(instance), enumerable: true } };
  if (language !== undefined) own.language = { value: language, enumerable: true };
  return Object.create(instance, own) as I18n;
}

/**
 * What `t` answered for a key alone (no options), per instance and per language, namespace and key
 * prefix: i18next copies its whole options object on every call, about 8 µs each on this machine,
 * and the 300-item menu makes some 1,900 calls per server render, most of them a key alone
 * (docs/decisions/0055-react-i18next.md). Dropped whenever the instance is given a catalogue (`forgetKeptAnswers`).
 */
const keptAnswers = new WeakMap<I18n, Map<string, Map<string, string>>>();

/** The instance was given a catalogue (i18n.ts): its kept answers may be stale. */
export function forgetKeptAnswers(instance: I18n): void {
  keptAnswers.delete(instance);
}

type PlainT = (key: unknown, ...rest: unknown[]) => unknown;

/** The instance's getFixedT, whose translate function keeps its answers to a key alone (keptAnswers). */
function keptFixedT(instance: I18n): I18n['getFixedT'] {
  const getFixedT = (...args: Parameters<I18n['getFixedT']>) => {
    const fixed = instance.getFixedT(...args) as unknown as PlainT & Record<string, unknown>;
    const [lng, ns, keyPrefix] = args;
    const kept: PlainT = (key, ...rest) => {
      if (rest.length > 0 || typeof key !== 'string') return fixed(key, ...rest);
      // The fixed language, or the instance's at the time of the call (i18next reads it then).
      const scope = `${typeof lng === 'string' ? lng : instance.language}|${String(ns)}|${String(keyPrefix)}`;
      let scopes = keptAnswers.get(instance);
      if (!scopes) keptAnswers.set(instance, (scopes = new Map()));
      let answers = scopes.get(scope);
      if (!answers) scopes.set(scope, (answers = new Map()));
      const known = answers.get(key);
      if (known !== undefined) return known;
      const answer = fixed(key);
      if (typeof answer === 'string') answers.set(key, answer);
      return answer;
    };
    // What i18next sets on its own (react-i18next reads none of it today; kept for what might).
    return Object.assign(kept, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  };
  return getFixedT as unknown as I18n['getFixedT'];
}
