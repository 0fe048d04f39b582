/**
 * Subsidy codes (pricing.md 2.3: a subsidy applies to all users, or only to signed-in users with a
 * subsidy code). Apart from pricing.ts so that screens deciding whether to offer a code field do
 * not load the pricer.
 *
 * Exported API:
 * - `checkSubsidyCode(config, typed, signedIn)`: a typed code counts (the restaurant's spelling), or
 *   why not: SUBSIDY_CODE_SIGN_IN_REQUIRED or SUBSIDY_CODE_NOT_FOUND.
 * - `takesSubsidyCodes(config)`: whether any code can count here.
 * - `listedSubsidyCode(config, typed)`: the restaurant's spelling of a code it lists, or null
 *   (pricing.ts applies the subsidy with it).
 */
import type { SubsidyConfig } from './pricing';

export type SubsidyCodeRefusal = 'SUBSIDY_CODE_NOT_FOUND' | 'SUBSIDY_CODE_SIGN_IN_REQUIRED';
export type SubsidyCodeCheck = { ok: true; code: string } | { ok: false; error: SubsidyCodeRefusal };

/** Compared without case or surrounding spaces; null when the restaurant lists no such code. */
export function listedSubsidyCode(config: Pick<SubsidyConfig, 'codes'>, typed: string | null): string | null {
  const wanted = typed?.trim().toLowerCase() ?? '';
  if (wanted === '') return null;
  return (config.codes ?? []).find((candidate) => candidate.trim().toLowerCase() === wanted) ?? null;
}

/**
 * Whether a subsidy code can ever count here: the subsidy is on and is for users with a code.
 * Otherwise a code field would only ever be refused, so screens do not offer one.
 */
export function takesSubsidyCodes(config: Pick<SubsidyConfig, 'is_active' | 'target_users'> | null | undefined): boolean {
  return config?.is_active === true && config.target_users === 'codes';
}

/**
 * A code a diner typed, checked before it is used or kept: it counts for a signed-in diner when the
 * restaurant takes codes and lists this one. A code where no code counts (no subsidy, an inactive
 * one, or one for every user) is not found; a diner who is not signed in is told so before the code
 * is looked at, so a guest learns nothing of which codes exist (docs/decisions/0015-rate-limits.md).
 */
export function checkSubsidyCode(config: SubsidyConfig | null | undefined, typed: string, signedIn: boolean): SubsidyCodeCheck {
  if (!config || !takesSubsidyCodes(config)) return { ok: false, error: 'SUBSIDY_CODE_NOT_FOUND' };
  if (!signedIn) return { ok: false, error: 'SUBSIDY_CODE_SIGN_IN_REQUIRED' };
  const code = listedSubsidyCode(config, typed);
  return code === null ? { ok: false, error: 'SUBSIDY_CODE_NOT_FOUND' } : { ok: true, code };
}
