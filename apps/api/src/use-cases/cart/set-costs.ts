/**
 * POST /orders/set-costs: the server prices the cart from its own menu data (pricing.md). A promo
 * code, gift card or member that cannot be applied is left out and reported in `rejected`, so the
 * diner sees the costs without it (spec: a failed discount or voucher clears itself).
 */
import type { Kysely } from 'kysely';
import type { SetCostsRequest } from '@servery/contracts/cart';
import { type ErrorName, errorMessage } from '@servery/contracts/errors';
import type { Locale } from '@servery/contracts/tenant-file';
import { buildCartLines, type CartLineContext, type CartLineError, type CartLinesResult } from '@servery/domain/cart-lines';
import { combineCosts, splitByVendor, withVendorSplit } from '@servery/domain/marketplace';
import { applyHeadCount } from '@servery/domain/head-count';
import { isCateringOrder, type OrderType } from '@servery/domain/order-type';
import { priceSchoolDays } from '@servery/domain/school-order';
import { isDeliveryOrder, orderFacts } from '@servery/domain/plan-order';
import { type Costs, type GiftCardInput, type PricingInput, type PromoCodeInput, priceCart } from '@servery/domain/pricing';
import type { CartItem } from '@servery/domain/cart';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Database } from '../../kernel/schema';
import { findSubsidyCode, listActiveCredits } from '../../db/accounts-repository';
import { cartLineContext } from './cart-context';
import { costsJson } from './costs-json';
import type { DiscountCode } from './check-discount-code';
import { findMember, type Member } from './members';
import { staleCartError } from './stale-cart';
import { AppError } from '../../lib/app-error';
import { menuLookup } from '../menus/menu-lookup';
import { lookUpDiscountCode, lookUpGiftCard, lookUpSubsidyCode } from './tender-look-ups';

type RejectedField = 'discount' | 'voucher' | 'memberDiscount' | 'subsidyDiscount';

export interface SetCostsResult {
  costs: Costs;
  items: CartItem[];
  rejected: Array<{ field: RejectedField; error: ErrorName; message: string }>;
  errors: CartLineError[];
  /** What pricing loaded, for placement to reuse rather than load or match again (checkout/). */
  member: Member | null;
  context: CartLineContext;
  /** The restaurant's promo code that was applied, as configured (the one match: check-discount-code.ts). */
  discountCode: DiscountCode | null;
}

/** What pricing loads once for a request, before any cart line: the menus, member, tenders and the pricing input but lines. */
export interface LoadedPricing {
  context: CartLineContext;
  member: Member | null;
  discountCode: DiscountCode | null;
  rejected: SetCostsResult['rejected'];
  /** The pricing input but its lines and tenders (the same for every cart of the request). */
  base: Omit<PricingInput, 'lines' | 'promoCode' | 'tip' | 'giftCard' | 'credits'>;
  tenders: Pick<PricingInput, 'promoCode' | 'tip' | 'giftCard' | 'credits'>;
}

export async function setCosts(
  db: Kysely<Database>,
  restaurant: Restaurant,
  request: SetCostsRequest,
  memberCookie: string | undefined,
  locale: Locale,
  now: Date,
  /** The signed-in diner: their credits are a tender and their subsidy code counts. */
  userId: number | null,
  /** The caller's address: promo-code and gift-card guesses are limited per address (use-cases/cart/tender-look-ups.ts). */
  address: string,
  /**
   * Placement only: the order's head count (decision 0116). Per-person lines get their quantity from it
   * before pricing, whatever the client sent; the cart's own costs (set-costs) price the lines as sent.
   */
  placement?: { headCount: number | null | undefined },
): Promise<SetCostsResult & { headCount: number | null }> {
  const loaded = await loadPricing(db, restaurant, request, memberCookie, locale, now, userId, address);
  if (!placement) return { ...priceLoaded(loaded, request.items, restaurant, request.type), headCount: null };
  const lookup = menuLookup(loaded.context.menuGroups);
  const scaled = applyHeadCount(request.items, placement.headCount, {
    catering: isCateringOrder(request.type),
    isPerPerson: lookup.perPerson,
  });
  if (!scaled.ok)
    throw new AppError('VALIDATION_FAILED', [
      { path: 'data.checkout.headCount', message: scaled.error === 'HEAD_COUNT_REQUIRED' ? 'required' : 'invalid' },
    ]);
  return { ...priceLoaded(loaded, scaled.items, restaurant, request.type), headCount: scaled.headCount };
}

/**
 * One cart priced with what loadPricing loaded: pure but for the clock in the menu context. A
 * marketplace hub's take-out cart costs the sum of its vendors' orders (`priceVendorParts`), what
 * the one payment will charge.
 */
function priceLoaded(loaded: LoadedPricing, items: SetCostsRequest['items'], restaurant: Restaurant, type: OrderType): SetCostsResult {
  const lines = buildCartLines(items as CartItem[], loaded.context);
  const vendorParts = priceVendorParts(restaurant, type, loaded, lines);
  const [firstPart, ...otherParts] = vendorParts ?? [];
  // A hub's cart also carries each vendor's share and what rounding per vendor moved from the cart
  // priced as one order (the web explains it, issue 30 defect 6); the amounts are the vendors' own.
  return {
    costs: firstPart
      ? withVendorSplit(
          combineCosts([firstPart.costs, ...otherParts.map((part) => part.costs)]),
          vendorParts ?? [],
          priceCart({ ...loaded.base, ...loaded.tenders, lines: lines.lines }),
        )
      : priceCart({ ...loaded.base, ...loaded.tenders, lines: lines.lines }),
    items: lines.items,
    rejected: loaded.rejected,
    errors: lines.errors,
    member: loaded.member,
    context: loaded.context,
    discountCode: loaded.discountCode,
  };
}

export interface VendorPart {
  /** null: the hub's own items (a menu group without a vendor). */
  vendorId: number | null;
  items: CartItem[];
  costs: Costs;
}

/** A hub's menus by the vendor of their menu group (menu groups without a vendor are the hub's own). */
export function vendorsOfMenus(menuGroups: readonly unknown[]): Map<number, number> {
  const vendorOfMenu = new Map<number, number>();
  for (const group of menuGroups as ReadonlyArray<{ vendor_id?: number; menus: ReadonlyArray<{ id: number }> }>) {
    if (group.vendor_id !== undefined) for (const menu of group.menus) vendorOfMenu.set(menu.id, group.vendor_id);
  }
  return vendorOfMenu;
}

/**
 * A marketplace hub's take-out cart split by the vendor of each line's menu group, each vendor's
 * part priced on its own with the tenders carried from one vendor to the next (the school
 * checkout's `priceSchoolDays`), in the hub's order of vendors (docs/decisions/0031-marketplace-orders.md).
 * null for any other cart.
 */
export function priceVendorParts(
  restaurant: Restaurant,
  type: OrderType,
  loaded: LoadedPricing,
  built: CartLinesResult,
): VendorPart[] | null {
  const settings = restaurant.settings;
  if (!settings.marketplaceHub || settings.vendors.length === 0 || type !== 'take-out') return null;
  const vendorOfMenu = vendorsOfMenus(loaded.context.menuGroups);
  const split = splitByVendor(
    built.items.map((item, index) => ({ item, line: built.lines[index]! })),
    ({ item }) => vendorOfMenu.get(item.menu_id) ?? null,
    settings.vendors.map((vendor) => vendor.id),
  );
  const costs = priceSchoolDays(
    split.map((part) => part.lines.map(({ line }) => line)),
    loaded.base,
    loaded.tenders,
  );
  return split.map((part, index) => ({ vendorId: part.vendorId, items: part.lines.map(({ item }) => item), costs: costs[index]! }));
}

export interface SetCostsAnswerOptions {
  db: Kysely<Database>;
  restaurant: Restaurant;
  request: SetCostsRequest;
  memberCookie: string | undefined;
  locale: Locale;
  now: Date;
  userId: number | null;
  address: string;
}

/**
 * The 200 answer of POST /orders/set-costs as JSON text: { costs, items, rejected }; a stale cart is
 * thrown (stale-cart.ts). Every request is priced: a cart is nearly always one no request sent before
 * (docs/decisions/0069-carts-priced-fast-the-first-time.md).
 */
export async function setCostsAnswer(options: SetCostsAnswerOptions): Promise<string> {
  const { db, restaurant, request, memberCookie, locale, now, userId, address } = options;
  const loaded = await loadPricing(db, restaurant, request, memberCookie, locale, now, userId, address);
  const result = priceLoaded(loaded, request.items, restaurant, request.type);
  if (result.errors.length > 0) throw staleCartError(result.errors, result.items, result.costs);
  // The lines of the costs by hand (costs-json.ts), the rest as JSON.stringify writes it.
  return `{"costs":${costsJson(result.costs)},"items":${JSON.stringify(result.items)},"rejected":${JSON.stringify(result.rejected)}}`;
}

/**
 * Loads what pricing a request needs, once: the menus for the order type and member, the promo code,
 * the gift card, the credits and the subsidy code. Set-costs prices one cart with it; a school
 * checkout prices each of its days (use-cases/school/school-checkout.ts).
 */
export async function loadPricing(
  db: Kysely<Database>,
  restaurant: Restaurant,
  request: Pick<SetCostsRequest, 'costs' | 'type' | 'checkout'>,
  memberCookie: string | undefined,
  locale: Locale,
  now: Date,
  userId: number | null,
  address: string,
): Promise<LoadedPricing> {
  const settings = restaurant.settings;
  const rejected: SetCostsResult['rejected'] = [];
  const reject = (field: RejectedField, error: ErrorName) => rejected.push({ field, error, message: errorMessage(error, locale) });

  const identifier = request.costs.memberDiscount?.identifier ?? memberCookie;
  const member = findMember(restaurant, identifier);
  if (request.costs.memberDiscount && !member) reject('memberDiscount', 'MEMBER_NOT_FOUND');

  const context = await cartLineContext(db, restaurant, request.type, member, now);

  let promoCode: PromoCodeInput | null = null;
  let discountCode: DiscountCode | null = null;
  if (request.costs.discount) {
    const checked = await lookUpDiscountCode(db, restaurant, request.costs.discount.code, address, now);
    if (checked.ok) {
      discountCode = checked.code;
      promoCode = { code: checked.code.code, type: checked.code.type, value: checked.code.value };
    } else reject('discount', checked.error);
  }

  let giftCard: GiftCardInput | null = null;
  if (request.costs.voucher) {
    const found = await lookUpGiftCard(db, restaurant, request.costs.voucher.code, address, now);
    if (found.ok) giftCard = { code: found.card.number, balance: found.card.balance };
    else reject('voucher', found.error);
  }

  const program = settings.membership_program;
  // A signed-in diner's credits here are a tender wherever they were given, also where the restaurant
  // does not offer credits itself (credits_enabled): a cancelled order's refund is credit at its
  // restaurant, and a credit that no cart applies would be money the diner lost
  // (docs/decisions/0082-credits-given-are-spendable.md).
  const creditBalance =
    userId !== null ? (await listActiveCredits(db, restaurant.id, userId, now)).reduce((sum, grant) => sum + grant.remaining_cents, 0) : 0;
  // A code sent with the request is checked and, when it does not count, said in `rejected` (unknown,
  // or a guest's: codes count for signed-in users only); a parent's saved code was checked when saved.
  const subsidyConfig = settings.subsidiesEnabled ? settings.subsidies : null;
  let subsidyCode: string | null = null;
  const typedSubsidy = request.costs.subsidyDiscount?.code;
  if (typedSubsidy) {
    const checked = await lookUpSubsidyCode(db, subsidyConfig, typedSubsidy, userId !== null, address, now);
    if (checked.ok) subsidyCode = checked.code;
    else reject('subsidyDiscount', checked.error);
  } else if (userId !== null && subsidyConfig) subsidyCode = await findSubsidyCode(db, restaurant.id, userId);
  return {
    context,
    member,
    discountCode,
    rejected,
    base: {
      restaurant: {
        province: settings.province,
        tax_rate: settings.tax_rate,
        taxInclusive: settings.taxInclusive,
        serviceCharge: settings.serviceCharge,
        deliveryCharge: settings.delivery?.delivery_charge ?? null,
        payment_processor: settings.payment_processor,
      },
      order: orderFacts(request.type, isDeliveryOrder(request.type, request.checkout ?? {})),
      memberDiscount: member && program?.discount ? program.discount : null,
      subsidy: subsidyConfig
        ? {
            config: subsidyConfig,
            signedIn: userId !== null,
            code: subsidyCode,
            memberProvider: member?.provider ?? null,
            chosenAmountToBePaid: request.costs.subsidyDiscount?.chosenAmountToBePaid ?? null,
          }
        : null,
    },
    tenders: {
      promoCode,
      tip: request.costs.tip ?? null,
      giftCard,
      credits: creditBalance > 0 && userId !== null ? { id: userId, balance: creditBalance } : null,
    },
  };
}
