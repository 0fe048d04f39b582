/**
 * A person's own data: the export of everything we hold about them and the deletion of their account
 * (docs/decisions/0038-account-export-and-erasure.md).
 */
import { z } from 'zod';
import { Student } from './accounts';
import { OrderView } from './orders';

const IsoDateTime = z.string().describe('ISO-8601 date and time (UTC)');

export const DeleteAccountRequest = z.strictObject({
  password: z.string().max(200).optional().describe('The current password (accounts with one)'),
  email: z
    .string()
    .max(254)
    .optional()
    .describe('The account’s e-mail, typed again (accounts from social sign-in, which have no password)'),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

export const AccountExport = z
  .object({
    exportedAt: IsoDateTime,
    profile: z.object({
      id: z.number().int(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      phoneNumber: z.string().nullable(),
      createdAt: IsoDateTime,
      hasPassword: z.boolean(),
    }),
    preferences: z.object({ defaultTipPercent: z.number().int().nullable(), promoCode: z.string().nullable() }),
    students: z.array(Student.extend({ restaurantId: z.number().int(), restaurantName: z.string() })),
    /** Brand, last four and expiry only: the processor's reference is never exported. */
    savedCards: z.array(
      z.object({ brand: z.string(), last4: z.string(), expiry: z.string(), isDefault: z.boolean(), createdAt: IsoDateTime }),
    ),
    /** Delivery addresses are kept only on the orders they were typed for (see orders). */
    addresses: z.array(z.string()),
    credits: z.array(
      z.object({
        restaurantId: z.number().int(),
        amount: z.number().int(),
        remaining: z.number().int(),
        reason: z.string(),
        createdAt: IsoDateTime,
        expiresAt: IsoDateTime,
      }),
    ),
    subsidyCodes: z.array(z.object({ restaurantId: z.number().int(), code: z.string(), createdAt: IsoDateTime })),
    socialSignIns: z.array(z.object({ provider: z.string(), email: z.string().nullable(), createdAt: IsoDateTime })),
    staffMemberships: z.array(
      z.object({ restaurantId: z.number().int(), restaurantName: z.string(), role: z.string(), createdAt: IsoDateTime }),
    ),
    suiteRoles: z.array(z.object({ restaurantId: z.number().int(), role: z.string() })),
    /** Sign-ins we keep: sessions (when, until when, ended) and the hashed addresses seen, never a token. */
    sessions: z.array(z.object({ createdAt: IsoDateTime, expiresAt: IsoDateTime, revokedAt: IsoDateTime.nullable() })),
    signInAddresses: z.array(z.object({ addressHash: z.string(), lastSeenAt: IsoDateTime })),
    orders: z.array(z.object({ restaurantId: z.number().int(), restaurantName: z.string(), order: OrderView })),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof AccountExport>;
