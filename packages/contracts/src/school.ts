/** K-12 school meals: the rotational menus by date (spec ordering.md sections 4, 7 and 9). */
import { z } from 'zod';

export const RotationalMenusQuery = z.object({
  // Optional here so that a missing date gets the spec's no-date-range error, not a generic one.
  start_date: z.string().max(20).optional(),
  end_date: z.string().max(20).optional(),
  /** true: only the days that can still be ordered (not past the cut-off). */
  ordering_menus: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type RotationalMenusQuery = z.infer<typeof RotationalMenusQuery>;

export const SchoolDay = z.object({
  date: z.iso.date(),
  /** The rotation's menus that day (ids of the restaurant's school menus). */
  menu_ids: z.array(z.number().int()),
  /** False once the day is past the cut-off: shown, but ordering is closed. */
  orderable: z.boolean(),
});
export type SchoolDay = z.infer<typeof SchoolDay>;

export const RotationalMenusResponse = z.object({
  /** Orders for anything before this instant are closed. */
  cutoff: z.iso.datetime({ offset: true }),
  /** The restaurant's zone, in which every date is read. */
  zone: z.string(),
  days: z.array(SchoolDay),
});
export type RotationalMenusResponse = z.infer<typeof RotationalMenusResponse>;
