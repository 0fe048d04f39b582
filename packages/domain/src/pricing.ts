/**
 * The pricing engine: a cart's costs exactly as spec pricing.md sections 1 to 5 say. Pure: every
 * input is a parameter, every amount integer cents, every rate exact decimal text.
 *
 * Exported API:
 * - `priceCart(input: PricingInput): Costs`: the costs of ordering.md section 3 (every field), plus
 *   `amountDue`, `paymentNotRequired` and per-line, per-part amounts (`lines`) that explain each step.
 *   Throws a RangeError only for input that breaks the types' documented ranges (a negative price, a
 *   rate that is not decimal text): such input is a programming error upstream, not a diner's.
 * - `applyPromos(unitPrice, promos): number`: an item's or option value's adjustedPrice (section 1.2).
 * - `promoPrices(entity, promos): PromoPrices | null`: every price an item or value can have (its
 *   price, each additional price of its schedule) after its promos, as the menu answer carries them;
 *   price-schedule.ts `promoPriceAt` reads the one for a moment.
 * - `chargeAmount(charge, subtotalDiscounted): number`: a service or delivery charge (section 3).
 * - `DEFAULT_SERVICE_CHARGE_LABEL`: the label when the restaurant gives none.
 * - Types: `PricingInput`, `PricingLine`, `PricingPart`, `ItemPromo`, `ChargeValue`, `PricingRestaurant`,
 *   `OrderFacts`, `MemberDiscountInput`, `PromoCodeInput`, `SubsidyConfig`, `SubsidyInput`, `TipInput`,
 *   `GiftCardInput`, `CreditsInput`, `Costs`, `LineCosts`, `PartCosts`, `TaxBracket`, `PromoPrices`.
 *
 * Where pricing.md is silent, these readings (the simplest we saw) are the contract:
 * 1. Several promos on one item or value apply in list order, each on what the previous left, the
 *    price rounded half-up after each and never below 0. A percent promo gives
 *    round(price x (100 - percent) / 100): it is the price that is rounded ("prices never below 0,
 *    rounded to 2 decimals", ordering.md section 5). A promo with both fields uses its percent.
 * 2. Percentages of reductions (member, promo code, subsidy discount, post-tax member) are rounded
 *    half-up on the whole base, then capped at the base; dollar values are exact decimal dollars
 *    ("5", "2.50"), turned into cents half-up, and capped at the base. The member discount's base is
 *    every part, alcohol included (pricing.md 2.1 says "all parts").
 * 3. Part order for prorating ties: lines in the order given, each line's item part first, then its
 *    option values depth-first (a value, then its nested values) in the order the client sent them.
 * 4. Subsidy: `pay_what_you_can` without a chosen amount means the diner pays the whole base (no
 *    subsidy); `chosenAmountToBePaid` in the costs is the clamped amount used. A `discount` subsidy
 *    uses `discount_percentage` when set, else `discount_amount`, else nothing. A code matches the
 *    config's `codes` ignoring case and surrounding spaces; the member provider test ignores case.
 *    When no subsidy applies, `subsidyDiscount` is { type: null, chosenAmountToBePaid: null, code: null,
 *    amount: 0, baseSubsidizedAmount: 0 }.
 * 5. Tax brackets come from the province: HST-alone and GST-alone provinces have one bracket (the
 *    restaurant's `tax2`, and any override's `tax2`, is not charged there), the others two. A bracket
 *    the restaurant leaves unset has rate 0. `taxBrackets[i].rate` is the restaurant's rate text.
 *    In a one-bracket province the tax-inclusive divisor is 1 + r1.
 * 6. Ontario rebate: only when the province is ON; qualifying parts (their item's
 *    `tax_rebate_eligibility`) with what is left of them totalling 400 cents or less get HST rate 0.05,
 *    whatever their own rate was. `taxInfo.rebateApplied` is true when at least one qualifying part got it.
 * 7. The tip is computed on the absolute value of what was asked ("-15" percent is 15 percent);
 *    its `percentageValue` is that absolute value in shortest form ("15").
 * 8. Empty parts of the costs: no promo code gives discount { percentageValue: null, amount: 0, type:
 *    null, code: null }; no tip, no service charge, no delivery (or not a delivery order) give
 *    { percentageValue: null, amount: 0, type: null } (the service charge keeps its label); no gift
 *    card gives voucher { code: null, balance: 0, amount: 0 }; no credits give { id: null, balance: 0,
 *    amount: 0 }; no member discount gives memberDiscount { preTax: false, amount: 0 }.
 *    `percentageValue` is the percentage's decimal text for a percentage, null for dollars.
 * 9. `totalWithoutTaxes` = total - taxes, as written, even when a post-tax member discount takes the
 *    total below the taxes (then it is negative: the only amount that can be).
 * 10. A dollar service charge applies to any cart, even an empty one (pricing.md section 3 has no
 *    condition on it).
 */
import {
  add,
  decimal,
  div,
  dollarsTextToCents,
  fromCents,
  mul,
  absDecimalText,
  percentOfCents,
  ratio,
  roundToCents,
  sum,
  ONE,
  ZERO,
  type Ratio,
} from './decimal';
import type { Scheduled } from './price-schedule';
import { prorate } from './prorate';
import { listedSubsidyCode } from './subsidy-codes';
import {
  bracketKeys,
  restaurantTaxRates,
  TAX_LABELS,
  ONTARIO_REBATE_RATE,
  type LocalisedLabel,
  type Province,
  type TaxKey,
  type TaxRateLike,
  type TaxRates,
} from './taxes';

// ---------------------------------------------------------------------------------------------------
// Input

/** An item or option-value promo: `percent` off (decimal text, "20") or `amount` off (cents). */
export interface ItemPromo {
  percent?: string | undefined;
  amount?: number | undefined;
}

/** One priced part of a line (pricing.md 1.3): the item, or one selected option value. */
export interface PricingPart {
  kind: 'item' | 'option';
  /** Item id or option value id. */
  id: number;
  /** Cents for one unit before promos: the schedule's price now, or the price (the member menu's for members). */
  unitPrice: number;
  /** Promos of this item or value, in their listed order. */
  promos: readonly ItemPromo[];
  /** Units: the line quantity for the item; value quantity x every quantity above it for an option. */
  quantity: number;
  /** Its own `alcoholic_beverage` or its item's. */
  alcoholic: boolean;
  /** Its item's `meal_package`. */
  meal: boolean;
  /** Its item's `tax_rebate_eligibility`. */
  rebateEligible: boolean;
  /** Effective rates after the restaurant -> menu -> section -> item (-> value) overrides (taxes.ts). */
  taxRates: TaxRates;
}

export interface PricingLine {
  orderId: number;
  /** The line quantity (fixed-price subsidies charge per unit of it). */
  quantity: number;
  /** The item part first, then its option values. */
  parts: readonly PricingPart[];
}

/** "18" is 18 percent; "5$" is { type: 'dollar', value: '5', amount: 500 } (tenant file ChargeValue). */
export type ChargeValue =
  { type: 'percentage'; value: string; amount?: null | undefined } | { type: 'dollar'; value: string; amount: number };

export interface PricingRestaurant {
  province: Province;
  tax_rate: TaxRateLike;
  taxInclusive: boolean;
  serviceCharge: {
    value: ChargeValue;
    label?: string | undefined;
    localization?: Partial<Record<'en-CA' | 'fr-CA', Record<string, string> | undefined>> | undefined;
  } | null;
  /** The delivery settings' `delivery_charge`; charged only on delivery orders. */
  deliveryCharge: ChargeValue | null;
  payment_processor: 'sandbox' | 'pay_on_premise';
}

export interface OrderFacts {
  isDelivery: boolean;
  isPreOrder: boolean;
  isEventDay: boolean;
  isCatering: boolean;
}

/** `value`: percent ("10") or dollars ("5.00") as decimal text. */
export interface MemberDiscountInput {
  type: 'percentage' | 'dollar';
  value: string;
  preTax: boolean;
}

export interface PromoCodeInput {
  code: string;
  type: 'percentage' | 'dollar';
  /** Percent ("10") or dollars ("5") as decimal text. */
  value: string;
}

/** The restaurant's `subsidies` (amounts in cents, percentages as decimal text). */
export interface SubsidyConfig {
  is_active: boolean;
  target_users: 'all' | 'codes';
  target_items: 'all' | 'meals';
  type: 'discount' | 'fixed_price' | 'pay_what_you_can';
  discount_percentage?: string | null | undefined;
  discount_amount?: number | null | undefined;
  discount_fixed_price?: number | null | undefined;
  codes?: readonly string[] | undefined;
}

export interface SubsidyInput {
  config: SubsidyConfig;
  signedIn: boolean;
  /** The diner's subsidy code, if any. */
  code: string | null;
  /** The member's provider; ELB and SPH members get no subsidy. */
  memberProvider: string | null;
  /** Cents the diner chose to pay (pay_what_you_can). */
  chosenAmountToBePaid: number | null;
}

/** `value`: percent of subtotalDiscounted ("18") or dollars ("3.50"); a negative value counts as positive. */
export interface TipInput {
  type: 'percentage' | 'dollar';
  value: string;
}

export interface GiftCardInput {
  code: string;
  /** Cents. */
  balance: number;
}

export interface CreditsInput {
  id: number | string;
  /** Cents. */
  balance: number;
}

export interface PricingInput {
  lines: readonly PricingLine[];
  restaurant: PricingRestaurant;
  order: OrderFacts;
  /** Only for a valid member of a program with a discount. */
  memberDiscount: MemberDiscountInput | null;
  /** A code already checked for validity dates and usage limits. */
  promoCode: PromoCodeInput | null;
  /** Null when the restaurant has no subsidies (or they are not enabled). */
  subsidy: SubsidyInput | null;
  tip: TipInput | null;
  giftCard: GiftCardInput | null;
  credits: CreditsInput | null;
}

// ---------------------------------------------------------------------------------------------------
// Output

export type AmountType = 'percentage' | 'dollar';

export interface TaxBracket {
  key: TaxKey;
  label: LocalisedLabel;
  /** The restaurant's rate for this bracket, decimal text ("0.13"). */
  rate: string;
  amount: number;
}

export interface PartCosts {
  kind: 'item' | 'option';
  id: number;
  unitPrice: number;
  /** unitPrice after the promos (pricing.md 1.2). */
  adjustedPrice: number;
  quantity: number;
  /** adjustedPrice x quantity. */
  amount: number;
  /** Shares of each reduction (pricing.md section 2). */
  memberDiscount: number;
  discount: number;
  subsidyDiscount: number;
  /** amount - the three shares: what the taxes apply to. */
  discounted: number;
  /** Rates this part was taxed at (after the Ontario rebate). */
  taxRates: TaxRates;
}

export interface LineCosts {
  orderId: number;
  quantity: number;
  /** Sum of the parts' amounts. */
  subtotal: number;
  memberDiscount: number;
  discount: number;
  subsidyDiscount: number;
  subtotalDiscounted: number;
  parts: PartCosts[];
}

export interface Costs {
  subtotal: number;
  subtotalDiscounted: number;
  taxBrackets: TaxBracket[];
  taxes: number;
  taxInfo: { province: Province; taxInclusive: boolean; rebateApplied: boolean };
  tip: { percentageValue: string | null; amount: number; type: AmountType | null };
  serviceCharge: { percentageValue: string | null; amount: number; type: AmountType | null; label: LocalisedLabel };
  deliveryCharge: { percentageValue: string | null; amount: number; type: AmountType | null };
  voucher: { code: string | null; balance: number; amount: number };
  discount: { percentageValue: string | null; amount: number; type: AmountType | null; code: string | null };
  credits: { id: number | string | null; balance: number; amount: number };
  memberDiscount: { preTax: boolean; amount: number };
  subsidyDiscount: {
    type: SubsidyConfig['type'] | null;
    chosenAmountToBePaid: number | null;
    code: string | null;
    amount: number;
    baseSubsidizedAmount: number;
  };
  total: number;
  totalWithoutTaxes: number;
  totalWithTip: number;
  /** What the payment method is charged: totalWithTip - voucher.amount - credits.amount. */
  amountDue: number;
  paymentNotRequired: boolean;
  lines: LineCosts[];
  /** A hub's cart priced as one order per vendor (marketplace.ts `withVendorSplit`); absent on any other cart. */
  vendorSplit?: VendorSplit;
}

/** One vendor's order within a hub's cart: what its own costs come to, each rounded on its own. */
export interface VendorShare {
  /** null: the hub's own items. */
  vendorId: number | null;
  subtotalDiscounted: number;
  /** Service and delivery charges. */
  charges: number;
  /** Its taxes by bracket, those of $0.00 left out. */
  taxBrackets: Array<{ key: TaxKey; amount: number }>;
  /** A member discount taken after tax. */
  memberDiscountAfterTax: number;
  tip: number;
  totalWithTip: number;
}

/**
 * A hub's cart as its vendors' orders (docs/decisions/0085-hub-rounding-explained.md): each vendor's
 * share, and each sum that rounding per vendor moves from what the same cart priced as one order
 * would give (`whole`), so the screens can say why 5 % of $55.00 shows as $2.76.
 */
export interface VendorSplit {
  vendors: VendorShare[];
  rounding: Array<{ key: TaxKey | 'tip' | 'discount' | 'serviceCharge'; whole: number; split: number }>;
}

export const DEFAULT_SERVICE_CHARGE_LABEL: LocalisedLabel = { 'en-CA': 'Service fee', 'fr-CA': 'Frais de service' };

const HUNDRED = ratio(100);
const REBATE_THRESHOLD = 400;
const SUBSIDY_EXCLUDED_PROVIDERS = ['ELB', 'SPH'];

// ---------------------------------------------------------------------------------------------------
// Pieces

/** An item's or value's adjustedPrice: each promo in order on what the previous left, rounded, never below 0. */
export function applyPromos(unitPrice: number, promos: readonly ItemPromo[]): number {
  assertCents(unitPrice, 'unitPrice');
  let price = unitPrice;
  for (const promo of promos) {
    if (promo.percent !== undefined) {
      price = roundToCents(mul(fromCents(price), div(add(HUNDRED, negate(decimal(promo.percent))), HUNDRED)));
    } else if (promo.amount !== undefined) {
      assertCents(promo.amount, 'promo amount');
      price -= promo.amount;
    }
    price = Math.max(0, price);
  }
  return price;
}

/** An item's or option value's prices after its promos (pricing.md 1.2), named as the menu answer names them. */
export interface PromoPrices {
  adjustedPrice: number;
  /** Only when the entity has additional prices: each one after the promos, under the same letter. */
  adjusted_additional_prices?: Record<string, number>;
}

/**
 * Every price the entity can have at some moment, after its promos: its price, and each additional
 * price of its schedule (the promo applies to the price of the moment, pricing.md 1.1 then 1.2, so
 * the slot's price after promos is one of these). The server sends them in the menu answer
 * (apps/api/src/use-cases/menus/get-menus.ts), so the menu shows and the cart sends what the server will
 * charge without applying a promo itself. Null without promos. An additional price that is not a
 * whole number of cents is left out: price-schedule.ts treats its slots as unavailable either way.
 */
export function promoPrices(entity: Scheduled, promos: readonly ItemPromo[]): PromoPrices | null {
  if (promos.length === 0) return null;
  const prices: PromoPrices = { adjustedPrice: applyPromos(entity.price, promos) };
  if (entity.additional_prices) {
    const adjusted: Record<string, number> = {};
    for (const [letter, price] of Object.entries(entity.additional_prices)) {
      if (Number.isSafeInteger(price) && price >= 0) adjusted[letter] = applyPromos(price, promos);
    }
    prices.adjusted_additional_prices = adjusted;
  }
  return prices;
}

/** A service or delivery charge: a percentage of subtotalDiscounted (rounded) or its dollar amount. */
export function chargeAmount(charge: ChargeValue, subtotalDiscounted: number): number {
  if (charge.type === 'dollar') {
    assertCents(charge.amount, 'charge amount');
    return charge.amount;
  }
  return Math.max(0, percentOfCents(subtotalDiscounted, charge.value));
}

function negate(value: Ratio): Ratio {
  return { num: -value.num, den: value.den };
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole cents >= 0, got ${value}`);
}

/** A percentage (rounded) or dollar reduction of `base`, capped at it. */
function reductionOf(type: AmountType, value: string, base: number): number {
  const wanted = type === 'percentage' ? percentOfCents(base, value) : dollarsTextToCents(value);
  return Math.min(base, Math.max(0, wanted));
}

interface WorkPart {
  source: PricingPart;
  adjustedPrice: number;
  amount: number;
  left: number;
  memberDiscount: number;
  discount: number;
  subsidyDiscount: number;
  taxRates: TaxRates;
}

type Step = 'memberDiscount' | 'discount' | 'subsidyDiscount';

/** Spreads `total` over `parts` by what is left of each, recording each share under `step`. */
function spread(parts: readonly WorkPart[], total: number, step: Step): void {
  if (total === 0) return;
  const shares = prorate(
    total,
    parts.map((part) => part.left),
  );
  parts.forEach((part, index) => {
    const share = shares[index] ?? 0;
    part[step] += share;
    part.left -= share;
  });
}

function leftOf(parts: readonly WorkPart[]): number {
  return parts.reduce((total, part) => total + part.left, 0);
}

function subsidyApplies(subsidy: SubsidyInput | null): subsidy is SubsidyInput {
  if (!subsidy || !subsidy.config.is_active) return false;
  const provider = subsidy.memberProvider?.trim().toUpperCase() ?? '';
  if (SUBSIDY_EXCLUDED_PROVIDERS.includes(provider)) return false;
  if (subsidy.config.target_users === 'all') return true;
  return subsidy.signedIn && listedSubsidyCode(subsidy.config, subsidy.code) !== null;
}

function serviceChargeLabel(serviceCharge: PricingRestaurant['serviceCharge']): LocalisedLabel {
  const english = serviceCharge?.label?.trim() || undefined;
  const french = serviceCharge?.localization?.['fr-CA']?.label?.trim() || undefined;
  const englishOverride = serviceCharge?.localization?.['en-CA']?.label?.trim() || undefined;
  return {
    'en-CA': englishOverride ?? english ?? DEFAULT_SERVICE_CHARGE_LABEL['en-CA'],
    'fr-CA': french ?? english ?? DEFAULT_SERVICE_CHARGE_LABEL['fr-CA'],
  };
}

function percentageValue(type: AmountType, value: string): string | null {
  return type === 'percentage' ? value : null;
}

// ---------------------------------------------------------------------------------------------------
// The engine

export function priceCart(input: PricingInput): Costs {
  const { restaurant, order } = input;

  // 1. Lines and parts.
  const lines = input.lines.map((line) => ({
    line,
    parts: line.parts.map((part): WorkPart => {
      if (!Number.isSafeInteger(part.quantity) || part.quantity < 0)
        throw new RangeError(`quantity must be whole >= 0, got ${part.quantity}`);
      const adjustedPrice = applyPromos(part.unitPrice, part.promos);
      const amount = adjustedPrice * part.quantity;
      assertCents(amount, 'part amount');
      return {
        source: part,
        adjustedPrice,
        amount,
        left: amount,
        memberDiscount: 0,
        discount: 0,
        subsidyDiscount: 0,
        taxRates: part.taxRates,
      };
    }),
  }));
  const parts = lines.flatMap((line) => line.parts);
  const subtotal = leftOf(parts);
  assertCents(subtotal, 'subtotal');

  // 2.1 Member discount before tax, on all parts.
  const member = input.memberDiscount;
  let memberAmount = 0;
  if (member?.preTax) {
    memberAmount = reductionOf(member.type, member.value, leftOf(parts));
    spread(parts, memberAmount, 'memberDiscount');
  }

  // 2.2 Promo code, on parts that are not alcoholic.
  const promo = input.promoCode;
  let discountAmount = 0;
  if (promo) {
    const eligible = parts.filter((part) => !part.source.alcoholic);
    discountAmount = reductionOf(promo.type, promo.value, leftOf(eligible));
    spread(eligible, discountAmount, 'discount');
  }

  // 2.3 Subsidy.
  const subsidy = input.subsidy;
  let subsidyCosts: Costs['subsidyDiscount'] = { type: null, chosenAmountToBePaid: null, code: null, amount: 0, baseSubsidizedAmount: 0 };
  if (subsidyApplies(subsidy)) {
    const config = subsidy.config;
    const isEligible = (part: WorkPart) => !part.source.alcoholic && (config.target_items === 'all' || part.source.meal);
    const eligible = parts.filter(isEligible);
    const base = leftOf(eligible);
    let amount = 0;
    let chosen: number | null = null;
    if (config.type === 'discount') {
      if (config.discount_percentage != null) amount = reductionOf('percentage', config.discount_percentage, base);
      else if (config.discount_amount != null) amount = Math.min(base, Math.max(0, config.discount_amount));
      spread(eligible, amount, 'subsidyDiscount');
    } else if (config.type === 'fixed_price') {
      const fixed = config.discount_fixed_price ?? 0;
      assertCents(fixed, 'discount_fixed_price');
      for (const { line, parts: lineParts } of lines) {
        const lineEligible = lineParts.filter(isEligible);
        const lineAmount = Math.max(0, leftOf(lineEligible) - fixed * line.quantity);
        spread(lineEligible, lineAmount, 'subsidyDiscount');
        amount += lineAmount;
      }
    } else {
      chosen = Math.min(base, Math.max(0, subsidy.chosenAmountToBePaid ?? base));
      amount = base - chosen;
      spread(eligible, amount, 'subsidyDiscount');
    }
    subsidyCosts = { type: config.type, chosenAmountToBePaid: chosen, code: subsidy.code, amount, baseSubsidizedAmount: base };
  }

  const subtotalDiscounted = leftOf(parts);

  // 3. Charges.
  const service = restaurant.serviceCharge ? chargeAmount(restaurant.serviceCharge.value, subtotalDiscounted) : 0;
  const delivery = order.isDelivery && restaurant.deliveryCharge ? chargeAmount(restaurant.deliveryCharge, subtotalDiscounted) : 0;
  const charges = service + delivery;

  // 4. Taxes.
  const keys = bracketKeys(restaurant.province);
  const restaurantRates = restaurantTaxRates(restaurant.tax_rate);
  const qualifying = restaurant.province === 'ON' ? parts.filter((part) => part.source.rebateEligible) : [];
  const rebateApplied = qualifying.length > 0 && leftOf(qualifying) <= REBATE_THRESHOLD;
  if (rebateApplied) for (const part of qualifying) part.taxRates = { ...part.taxRates, tax1: ONTARIO_REBATE_RATE };

  const ratesOf = (rates: TaxRates): Ratio[] => keys.map((_, index) => decimal(index === 0 ? rates.tax1 : rates.tax2));
  // Tax-inclusive: bracket i holds amount x ri / (1 + r1 + r2); otherwise amount x ri.
  const shareOf = (rates: Ratio[]): Ratio[] => {
    if (!restaurant.taxInclusive) return rates;
    const divisor = add(ONE, sum(rates));
    return rates.map((rate) => div(rate, divisor));
  };
  const exact: Ratio[] = keys.map(() => ZERO);
  const accumulate = (amount: number, rates: TaxRates) => {
    if (amount === 0) return;
    shareOf(ratesOf(rates)).forEach((share, index) => {
      exact[index] = add(exact[index] ?? ZERO, mul(fromCents(amount), share));
    });
  };
  // Summed by rates first, then taxed once per distinct pair of rates: the sum is exact either way
  // (a x r + b x r = (a + b) x r in exact decimals), and a cart's parts share one or two pairs, so the
  // exact arithmetic runs per pair, not per part (docs/decisions/0069-carts-priced-fast-the-first-time.md).
  const byRates = new Map<string, { rates: TaxRates; amount: number }>();
  const collect = (amount: number, rates: TaxRates) => {
    const key = `${rates.tax1}\u0000${rates.tax2}`;
    const entry = byRates.get(key);
    if (entry) entry.amount += amount;
    else byRates.set(key, { rates, amount });
  };
  for (const part of parts) collect(part.left, part.taxRates);
  collect(charges, restaurantRates);
  for (const { rates, amount } of byRates.values()) accumulate(amount, rates);
  const taxBrackets: TaxBracket[] = keys.map((key, index) => ({
    key,
    label: { ...TAX_LABELS[key] },
    rate: index === 0 ? restaurantRates.tax1 : restaurantRates.tax2,
    amount: Math.max(0, roundToCents(exact[index] ?? ZERO)),
  }));
  const taxes = taxBrackets.reduce((total, bracket) => total + bracket.amount, 0);

  // 5.1, 5.2 Post-tax member discount and the total.
  const afterTaxes = subtotalDiscounted + charges + (restaurant.taxInclusive ? 0 : taxes);
  if (member && !member.preTax) memberAmount = reductionOf(member.type, member.value, afterTaxes);
  const total = afterTaxes - (member && !member.preTax ? memberAmount : 0);
  const totalWithoutTaxes = total - taxes;

  // 5.3 Tip.
  let tip: Costs['tip'] = { percentageValue: null, amount: 0, type: null };
  if (input.tip) {
    const value = absDecimalText(input.tip.value);
    const amount = input.tip.type === 'percentage' ? percentOfCents(subtotalDiscounted, value) : dollarsTextToCents(value);
    tip = { percentageValue: percentageValue(input.tip.type, value), amount, type: input.tip.type };
  }
  const totalWithTip = total + tip.amount;

  // 5.4 Tenders.
  let due = totalWithTip;
  let voucher: Costs['voucher'] = { code: null, balance: 0, amount: 0 };
  if (input.giftCard) {
    assertCents(input.giftCard.balance, 'gift card balance');
    const amount = Math.min(input.giftCard.balance, due);
    voucher = { code: input.giftCard.code, balance: input.giftCard.balance, amount };
    due -= amount;
  }
  let credits: Costs['credits'] = { id: null, balance: 0, amount: 0 };
  if (input.credits) {
    assertCents(input.credits.balance, 'credits balance');
    const amount = Math.min(input.credits.balance, due);
    credits = { id: input.credits.id, balance: input.credits.balance, amount };
    due -= amount;
  }

  // 5.5 Payment not required.
  const paymentNotRequired =
    (!order.isPreOrder || order.isEventDay || order.isCatering) && (restaurant.payment_processor === 'pay_on_premise' || due === 0);

  const serviceCharge = restaurant.serviceCharge;
  const deliveryCharge = order.isDelivery ? restaurant.deliveryCharge : null;
  return {
    subtotal,
    subtotalDiscounted,
    taxBrackets,
    taxes,
    taxInfo: { province: restaurant.province, taxInclusive: restaurant.taxInclusive, rebateApplied },
    tip,
    serviceCharge: {
      percentageValue: serviceCharge ? percentageValue(serviceCharge.value.type, serviceCharge.value.value) : null,
      amount: service,
      type: serviceCharge?.value.type ?? null,
      label: serviceChargeLabel(serviceCharge),
    },
    deliveryCharge: {
      percentageValue: deliveryCharge ? percentageValue(deliveryCharge.type, deliveryCharge.value) : null,
      amount: delivery,
      type: deliveryCharge?.type ?? null,
    },
    voucher,
    discount: promo
      ? { percentageValue: percentageValue(promo.type, promo.value), amount: discountAmount, type: promo.type, code: promo.code }
      : { percentageValue: null, amount: 0, type: null, code: null },
    credits,
    memberDiscount: { preTax: member?.preTax ?? false, amount: memberAmount },
    subsidyDiscount: subsidyCosts,
    total,
    totalWithoutTaxes,
    totalWithTip,
    amountDue: due,
    paymentNotRequired,
    lines: lines.map(({ line, parts: lineParts }) => ({
      orderId: line.orderId,
      quantity: line.quantity,
      subtotal: lineParts.reduce((total, part) => total + part.amount, 0),
      memberDiscount: lineParts.reduce((total, part) => total + part.memberDiscount, 0),
      discount: lineParts.reduce((total, part) => total + part.discount, 0),
      subsidyDiscount: lineParts.reduce((total, part) => total + part.subsidyDiscount, 0),
      subtotalDiscounted: leftOf(lineParts),
      parts: lineParts.map((part) => ({
        kind: part.source.kind,
        id: part.source.id,
        unitPrice: part.source.unitPrice,
        adjustedPrice: part.adjustedPrice,
        quantity: part.source.quantity,
        amount: part.amount,
        memberDiscount: part.memberDiscount,
        discount: part.discount,
        subsidyDiscount: part.subsidyDiscount,
        discounted: part.left,
        taxRates: { ...part.taxRates },
      })),
    })),
  };
}
