/** The workplace canteen a host serves (spec accounts-and-suites.md section 2: / and /cantine). */
import { z } from 'zod';

export const CanteenResponse = z.object({ slug: z.string() });
export type CanteenResponse = z.infer<typeof CanteenResponse>;
