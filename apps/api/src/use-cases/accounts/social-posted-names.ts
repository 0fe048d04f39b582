/**
 * Apple's `user` form field (docs/decisions/0124-social-link-and-form-post.md): with
 * `response_mode=form_post` and the `name` scope, Apple posts, on a person's first sign-in only,
 * `{"name":{"firstName":"…","lastName":"…"},"email":"…"}` beside the code and state; its ID token
 * carries no name. Only the names are read: the e-mail always comes from the verified ID token. The
 * field is unsigned and comes through the browser, so it is treated as what the person could type
 * on the profile anyway: strings only, bounded, no control characters; anything else is ignored.
 */
import { z } from 'zod';

/** The longest name kept (as social-sign-in.ts keeps from an ID token). */
export const POSTED_NAME_MAX = 100;
/** A `user` field longer than this is not parsed at all. */
export const POSTED_USER_MAX = 2_000;

// Control characters (C0, DEL, C1) and line or paragraph separators: a name is one line of text.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

const Name = z
  .string()
  .max(POSTED_NAME_MAX * 2)
  .refine((value) => !CONTROL.test(value))
  .transform((value) => value.trim())
  .pipe(z.string().max(POSTED_NAME_MAX));

const PostedUser = z.object({
  name: z.object({ firstName: Name.optional(), lastName: Name.optional() }),
});

export interface PostedNames {
  firstName: string;
  lastName: string;
}

/** The names in a posted `user` field, or null: absent, malformed, oversized, or with no name in it. */
export function postedNamesOf(user: unknown): PostedNames | null {
  if (typeof user !== 'string' || user.length > POSTED_USER_MAX) return null;
  let json: unknown;
  try {
    json = JSON.parse(user);
  } catch {
    return null;
  }
  const parsed = PostedUser.safeParse(json);
  if (!parsed.success) return null;
  const firstName = parsed.data.name.firstName ?? '';
  const lastName = parsed.data.name.lastName ?? '';
  return firstName === '' && lastName === '' ? null : { firstName, lastName };
}
