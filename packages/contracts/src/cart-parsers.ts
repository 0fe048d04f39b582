/**
 * Compiled parsers for the cart calls' bodies, the hot path of every cart screen
 * (docs/decisions/0019-cart-pricing-hot-path.md), and for the order placement's body and answer,
 * which carry the same cart lines (docs/decisions/0048-per-order-work.md). zod's own compiler (`z.compile`) refuses the cart
 * schemas because option groups nest (a reference cycle), and the runtime parser walks a 20-line cart
 * in tens of microseconds. These parsers accept only what the zod schema in cart.ts accepts and build
 * the same output (same keys in the same order, defaults applied, unknown keys dropped); anything
 * else answers INVALID, and the caller then runs the zod schema itself, so an invalid body gets the
 * very error zod gives. cart-parsers.test.ts checks them against zod on random bodies.
 *
 * `fastParserOf(schema)`: the parser of a cart schema (requests and answers), else undefined.
 */
import { z } from 'zod';
import { GetOrderResponse, OrderView, PlaceOrderRequest, PlaceOrderResponse } from './orders';
import {
  AddItemRequest,
  AddItemResponse,
  type CartItem,
  type CartOptionGroupWire,
  type CartOptionValueWire,
  SetCostsRequest,
  ValidateCartRequest,
  ValidateCartResponse,
} from './cart';

/** What a fast parser answers when it cannot vouch for the input: run the zod schema instead. */
export const INVALID: unique symbol = Symbol('INVALID');
export type FastParser<T> = (input: unknown) => T | typeof INVALID;

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const isCents = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isQuantity = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= 999;

/** Throwing is cheaper to write than threading INVALID through the recursion; it only happens on a bad body. */
class Invalid extends Error {}
const INVALID_ERROR = new Invalid();
function fail(): never {
  throw INVALID_ERROR;
}

/** `z.array(element).max(max)` */
function parseArray<T>(value: unknown, max: number, element: (entry: unknown) => T): T[] {
  if (!Array.isArray(value) || value.length > max) fail();
  const out = new Array<T>(value.length);
  for (let i = 0; i < value.length; i++) out[i] = element(value[i]);
  return out;
}

function parseOptionValue(value: unknown): CartOptionValueWire {
  if (!isPlain(value) || !isId(value.id) || !isQuantity(value.quantity)) fail();
  const out: CartOptionValueWire = { id: value.id, quantity: value.quantity };
  if ('adjustedPrice' in value) {
    if (!isCents(value.adjustedPrice)) fail();
    out.adjustedPrice = value.adjustedPrice;
  }
  if ('options' in value) out.options = parseArray(value.options, 50, parseOptionGroup);
  return out;
}

function parseOptionGroup(value: unknown): CartOptionGroupWire {
  if (!isPlain(value) || !isId(value.id)) fail();
  return { id: value.id, values: parseArray(value.values, 50, parseOptionValue) };
}

/** CartItem, or with `orderIdOptional` the `itemToAdd` of AddItemRequest (CartItem.extend({ orderId: optional })). */
function parseCartItem(value: unknown, orderIdOptional = false): CartItem {
  if (
    !isPlain(value) ||
    !isId(value.id) ||
    !isId(value.menu_id) ||
    !(value.section_id === null || isId(value.section_id)) ||
    !isQuantity(value.quantity) ||
    !isCents(value.orderPrice)
  )
    fail();
  const hasOrderId = 'orderId' in value;
  if (hasOrderId ? !isId(value.orderId) : !orderIdOptional) fail();
  const out = { id: value.id, menu_id: value.menu_id, section_id: value.section_id } as CartItem;
  if (hasOrderId) out.orderId = value.orderId as number;
  out.quantity = value.quantity;
  out.orderPrice = value.orderPrice;
  out.orderOptions = value.orderOptions === undefined ? [] : parseArray(value.orderOptions, 50, parseOptionGroup);
  if ('specialInstructions' in value) {
    const text = value.specialInstructions;
    if (typeof text !== 'string' || text.length > 200) fail();
    out.specialInstructions = text;
  }
  return out;
}

const parseCartLine = (value: unknown) => parseCartItem(value);

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/**
 * An object schema whose listed fields are parsed by hand and whose other fields go through zod's
 * compiled parser (they hold no cycle): the output has the schema's key order, as zod builds it. A
 * strict object (unknown keys refused) hands zod the input without the hand-parsed keys, which its
 * compiled rest would otherwise refuse as unknown.
 */
function objectParser<T>(
  schema: ObjectSchema,
  fields: Record<string, { parse: (value: unknown) => unknown; default?: () => unknown }>,
): FastParser<T> {
  const keys = Object.keys(schema.shape);
  const handParsed = Object.keys(fields);
  const rest = z.compile(schema.omit(Object.fromEntries(handParsed.map((key) => [key, true]))));
  const strict = (schema._zod.def.catchall as z.ZodType | undefined)?._zod.def.type === 'never';
  const withoutHandParsed = (input: Plain): Plain => {
    const out: Plain = {};
    for (const key in input) if (!handParsed.includes(key)) out[key] = input[key];
    return out;
  };
  return (input) => {
    if (!isPlain(input)) return INVALID;
    const others = rest.safeParse(strict ? withoutHandParsed(input) : input);
    if (!others.success) return INVALID;
    const parsedOthers = others.data as Plain;
    const out: Plain = {};
    try {
      for (const key of keys) {
        const field = fields[key];
        if (field) {
          const value = input[key];
          if (value !== undefined) out[key] = field.parse(value);
          else if (field.default) out[key] = field.default();
          else fail();
        } else if (key in parsedOthers) out[key] = parsedOthers[key];
      }
    } catch (error) {
      if (error instanceof Invalid) return INVALID;
      throw error;
    }
    return out as T;
  };
}

const cartLines =
  (max: number, min = 0) =>
  (value: unknown) => {
    const lines = parseArray(value, max, parseCartLine);
    if (lines.length < min) fail();
    return lines;
  };

/** A nested object's parser as a field of its parent: what it cannot vouch for, the parent cannot either. */
const nested = (parser: FastParser<unknown>) => (value: unknown) => {
  const out = parser(value);
  if (out === INVALID) fail();
  return out;
};

/** An order as the placement and the confirmation show it (OrderView): its lines are cart lines. */
const orderView = objectParser(OrderView, { items: { parse: cartLines(Infinity) } });

const parsers = new Map<unknown, FastParser<unknown>>([
  [SetCostsRequest, objectParser(SetCostsRequest, { items: { parse: cartLines(200) } })],
  [
    AddItemRequest,
    objectParser(AddItemRequest, {
      itemsInCart: { parse: cartLines(200), default: () => [] },
      itemToAdd: { parse: (value) => parseCartItem(value, true) },
    }),
  ],
  [ValidateCartRequest, objectParser(ValidateCartRequest, { itemsInCart: { parse: cartLines(200) } })],
  [AddItemResponse, objectParser(AddItemResponse, { items: { parse: cartLines(Infinity) } })],
  [ValidateCartResponse, objectParser(ValidateCartResponse, { items: { parse: cartLines(Infinity) } })],
  [
    PlaceOrderRequest,
    objectParser(PlaceOrderRequest, {
      data: { parse: nested(objectParser(PlaceOrderRequest.shape.data, { items: { parse: cartLines(200, 1) } })) },
    }),
  ],
  [PlaceOrderResponse, objectParser(PlaceOrderResponse, { order: { parse: nested(orderView) } })],
  [GetOrderResponse, objectParser(GetOrderResponse, { order: { parse: nested(orderView) } })],
]);

export function fastParserOf(schema: unknown): FastParser<unknown> | undefined {
  return parsers.get(schema);
}
