/**
 * Cart requests and answers (spec ordering.md sections 3 and 7), amounts in integer cents. A client's
 * prices are carried only so the server can say they changed (428); they are never used.
 */
import { z } from 'zod';
import type { CartItem as DomainCartItem } from '@servery/domain/cart';
import { ORDER_TYPES } from '@servery/domain/order-type';
import type { Costs as DomainCosts } from '@servery/domain/pricing';
import { PROVINCES } from '@servery/domain/taxes';

const Id = z.number().int().positive();
const Cents = z.number().int().nonnegative();
const IsoDate = z.iso.date();

export interface CartOptionValueWire {
  id: number;
  quantity: number;
  adjustedPrice?: number | undefined;
  options?: CartOptionGroupWire[] | undefined;
}
export interface CartOptionGroupWire {
  id: number;
  values: CartOptionValueWire[];
}

export const CartOptionValue: z.ZodType<CartOptionValueWire> = z.lazy(() =>
  z.object({
    id: Id,
    quantity: z.number().int().min(1).max(999),
    adjustedPrice: Cents.optional(),
    options: z.array(CartOptionGroup).max(50).optional(),
  }),
);
export const CartOptionGroup: z.ZodType<CartOptionGroupWire> = z.lazy(() => z.object({ id: Id, values: z.array(CartOptionValue).max(50) }));

export const CartItem = z
  .object({
    id: Id,
    menu_id: Id,
    section_id: Id.nullable(),
    orderId: Id,
    quantity: z.number().int().min(1).max(999),
    orderPrice: Cents,
    orderOptions: z.array(CartOptionGroup).max(50).default([]),
    specialInstructions: z.string().max(200).optional(),
  })
  .meta({ id: 'CartItem' }) satisfies z.ZodType<DomainCartItem>;
/** One type for a cart line, the domain's (packages/domain/src/cart.ts); the schema above parses into it. */
export type CartItem = DomainCartItem;

export const OrderTypeSchema = z.enum(ORDER_TYPES);
export type OrderTypeSchema = z.infer<typeof OrderTypeSchema>;
const CartLines = z.array(CartItem).max(200);

export const AddItemRequest = z.object({
  itemsInCart: CartLines.default([]),
  itemToAdd: CartItem.extend({ orderId: Id.optional() }),
  type: OrderTypeSchema,
  date: IsoDate.optional(),
});
export type AddItemRequest = z.infer<typeof AddItemRequest>;

export const AddItemResponse = z.object({
  items: z.array(CartItem),
  orderId: z.number().int(),
  added: z.number().int(),
  capped: z.boolean(),
});
export type AddItemResponse = z.infer<typeof AddItemResponse>;

export const ValidateCartRequest = z.object({ itemsInCart: CartLines, type: OrderTypeSchema, date: IsoDate.optional() });
export type ValidateCartRequest = z.infer<typeof ValidateCartRequest>;
export const ValidateCartResponse = z.object({ ok: z.literal(true), items: z.array(CartItem) });
export type ValidateCartResponse = z.infer<typeof ValidateCartResponse>;

/** Tip as the API takes it: percent ("18") or dollars ("3.50") as decimal text. */
export const TipChoice = z.object({
  type: z.enum(['percentage', 'dollar']),
  value: z.string().regex(/^-?\d{1,6}(\.\d{1,2})?$/, 'a number such as 18 or 3.50'),
});
export type TipChoice = z.infer<typeof TipChoice>;

export const SetCostsRequest = z.object({
  tableNum: z.string().max(20).nullable().optional(),
  items: CartLines,
  costs: z
    .object({
      tip: TipChoice.nullable().optional(),
      discount: z
        .object({ code: z.string().trim().min(1).max(64) })
        .nullable()
        .optional(),
      voucher: z
        .object({ code: z.string().trim().min(1).max(32) })
        .nullable()
        .optional(),
      memberDiscount: z
        .object({ identifier: z.string().trim().min(1).max(100) })
        .nullable()
        .optional(),
      subsidyDiscount: z
        .object({ code: z.string().trim().min(1).max(64).nullable().optional(), chosenAmountToBePaid: Cents.nullable().optional() })
        .nullable()
        .optional(),
    })
    .default({}),
  config: z
    .object({ userId: z.number().int().positive().nullable().optional(), token: z.string().max(200).nullable().optional() })
    .optional(),
  checkout: z.object({ pickup: z.object({ delivery: z.boolean().optional() }).optional() }).optional(),
  type: OrderTypeSchema,
  date: IsoDate.optional(),
});
export type SetCostsRequest = z.infer<typeof SetCostsRequest>;

/** A discount, voucher or member the server could not apply: the costs are computed without it. */
export const RejectedTender = z.object({
  field: z.enum(['discount', 'voucher', 'memberDiscount', 'subsidyDiscount']),
  error: z.string(),
  message: z.string(),
});
export type RejectedTender = z.infer<typeof RejectedTender>;

const Label = z.object({ 'en-CA': z.string(), 'fr-CA': z.string() });
const AmountType = z.enum(['percentage', 'dollar']).nullable();
const PartCosts = z.object({
  kind: z.enum(['item', 'option']),
  id: z.number().int(),
  unitPrice: Cents,
  adjustedPrice: Cents,
  quantity: z.number().int(),
  amount: Cents,
  memberDiscount: Cents,
  discount: Cents,
  subsidyDiscount: Cents,
  discounted: Cents,
  taxRates: z.object({ tax1: z.string(), tax2: z.string() }),
});

const TaxKeySchema = z.enum(['GST', 'HST', 'QST', 'PST']);

export const Costs = z
  .object({
    subtotal: Cents,
    subtotalDiscounted: Cents,
    taxBrackets: z.array(z.object({ key: TaxKeySchema, label: Label, rate: z.string(), amount: Cents })),
    taxes: Cents,
    taxInfo: z.object({ province: z.enum(PROVINCES), taxInclusive: z.boolean(), rebateApplied: z.boolean() }),
    tip: z.object({ percentageValue: z.string().nullable(), amount: Cents, type: AmountType }),
    serviceCharge: z.object({ percentageValue: z.string().nullable(), amount: Cents, type: AmountType, label: Label }),
    deliveryCharge: z.object({ percentageValue: z.string().nullable(), amount: Cents, type: AmountType }),
    voucher: z.object({ code: z.string().nullable(), balance: Cents, amount: Cents }),
    discount: z.object({ percentageValue: z.string().nullable(), amount: Cents, type: AmountType, code: z.string().nullable() }),
    credits: z.object({ id: z.union([z.number(), z.string()]).nullable(), balance: Cents, amount: Cents }),
    memberDiscount: z.object({ preTax: z.boolean(), amount: Cents }),
    subsidyDiscount: z.object({
      type: z.enum(['discount', 'fixed_price', 'pay_what_you_can']).nullable(),
      chosenAmountToBePaid: Cents.nullable(),
      code: z.string().nullable(),
      amount: Cents,
      baseSubsidizedAmount: Cents,
    }),
    total: Cents,
    totalWithoutTaxes: z.number().int(),
    totalWithTip: Cents,
    amountDue: Cents,
    paymentNotRequired: z.boolean(),
    lines: z.array(
      z.object({
        orderId: z.number().int(),
        quantity: z.number().int(),
        subtotal: Cents,
        memberDiscount: Cents,
        discount: Cents,
        subsidyDiscount: Cents,
        subtotalDiscounted: Cents,
        parts: z.array(PartCosts),
      }),
    ),
    /** A hub's cart priced per vendor: each vendor's share and what its rounding moved (packages/domain/src/marketplace.ts `withVendorSplit`). */
    vendorSplit: z
      .object({
        vendors: z.array(
          z.object({
            vendorId: z.number().int().nullable(),
            subtotalDiscounted: Cents,
            charges: Cents,
            taxBrackets: z.array(z.object({ key: TaxKeySchema, amount: Cents })),
            memberDiscountAfterTax: Cents,
            tip: Cents,
            totalWithTip: Cents,
          }),
        ),
        rounding: z.array(
          z.object({ key: z.enum(['GST', 'HST', 'QST', 'PST', 'tip', 'discount', 'serviceCharge']), whole: Cents, split: Cents }),
        ),
      })
      .optional(),
  })
  .meta({ id: 'Costs' }) satisfies z.ZodType<DomainCosts>;
/** One type for a cart's costs, pricing's (packages/domain/src/pricing.ts); the schema above serialises it. */
export type Costs = DomainCosts;

export const SetCostsResponse = z.object({ costs: Costs, items: z.array(CartItem), rejected: z.array(RejectedTender) });
export type SetCostsResponse = z.infer<typeof SetCostsResponse>;

export const DiscountInfoRequest = z.object({ code: z.string().trim().min(1).max(64) });
export type DiscountInfoRequest = z.infer<typeof DiscountInfoRequest>;
export const DiscountInfoResponse = z.object({
  code: z.string(),
  type: z.enum(['percentage', 'dollar']),
  percentageValue: z.string().nullable(),
  amount: Cents.nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  remaining_uses: z.number().int().nullable(),
});
export type DiscountInfoResponse = z.infer<typeof DiscountInfoResponse>;

export const GiftCardRequest = z.object({
  restaurantId: z.union([z.number().int(), z.string().max(100)]).optional(),
  giftCardNumber: z.string().regex(/^\d{8,19}$/, '8 to 19 digits'),
});
export type GiftCardRequest = z.infer<typeof GiftCardRequest>;
export const GiftCardResponse = z.object({ giftCardNumber: z.string(), balance: Cents });
export type GiftCardResponse = z.infer<typeof GiftCardResponse>;

export const LoyaltyStatusRequest = z.object({
  email: z.email(),
  app8RestaurantId: z.union([z.number().int(), z.string().max(100)]).optional(),
});
export type LoyaltyStatusRequest = z.infer<typeof LoyaltyStatusRequest>;
export const LoyaltyStatusResponse = z.object({ userStatus: z.enum(['enrolled', 'not_enrolled']), program: z.string().nullable() });
export type LoyaltyStatusResponse = z.infer<typeof LoyaltyStatusResponse>;

export const MembershipRequest = z.object({
  identifier: z.string().trim().min(1).max(100),
  app8RestaurantId: z.union([z.number().int(), z.string().max(100)]).optional(),
});
export type MembershipRequest = z.infer<typeof MembershipRequest>;
export const MembershipResponse = z.object({
  id: z.string(),
  identifier: z.string(),
  provider: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  promos: z.array(z.number().int()),
  promosApplied: z.boolean(),
  discount: z.object({ type: z.enum(['percentage', 'dollar']), value: z.string(), preTax: z.boolean() }).nullable(),
});
export type MembershipResponse = z.infer<typeof MembershipResponse>;
