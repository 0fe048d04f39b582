/** The workplace canteen a host serves (spec accounts-and-suites.md section 2: / and /cantine). */
import { z } from 'zod';

export const CanteenResponse = z.object({
  slug: z.string(),
  /** The server's clock (ISO-8601): the canteen's "today" is the server's day, whatever the browser's clock says. */
  now: z.string(),
});
export type CanteenResponse = z.infer<typeof CanteenResponse>;
