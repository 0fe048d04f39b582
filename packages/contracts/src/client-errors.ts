/**
 * A failure a diner's browser reports to the server's error reporter (spec accounts-and-suites.md
 * section 8: failures are reported; ours go to our own server, never to an outside service). Short
 * fields: a report says what broke and where, not what the person typed.
 */
import { z } from 'zod';

export const ClientErrorReport = z
  .object({
    kind: z.enum(['error', 'rejection', 'render', 'hydration']),
    message: z.string().max(500),
    stack: z.string().max(4000).nullable().default(null),
    /** The page's path; a query or fragment sent along is dropped by the server. */
    page: z.string().max(300),
    build: z.string().max(100).nullable().default(null),
  })
  .strict()
  .meta({ id: 'ClientErrorReport' });
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;
