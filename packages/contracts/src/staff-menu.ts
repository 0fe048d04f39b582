/**
 * The staff console's tenant file (issue 32, item 5; API in apps/api/src/routes/staff/tenant-file.ts):
 * the restaurant exported as the file `npm run tenants:import` takes, and such a file imported through
 * the same validation (docs/tenant-file-in-the-console.md).
 */
import { z } from 'zod';

/** The file itself (tenant-file.ts checks it on import; an export is written by `encodeTenantFile`). */
export const TenantFileBody = z.record(z.string(), z.unknown()).describe('A tenant data file, as tenants/*.json');

export const ImportTenantFileResponse = z.object({
  /** false: the file is what the restaurant already is; nothing was written and the menu version stays. */
  changed: z.boolean(),
  /** The menu version every process serves from now on (a cart priced on an older one is re-priced). */
  version: z.number().int(),
});
export type ImportTenantFileResponse = z.infer<typeof ImportTenantFileResponse>;
