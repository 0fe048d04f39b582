import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart-api';
import { defaultTip, keepInstructions, staleNotice, tipRequest, toNewCartItem } from './cart-model';

const line = (orderId: number, extra: Partial<CartItem> = {}): CartItem => ({
  id: 1101,
  menu_id: 1010,
  section_id: 1050,
  orderId,
  quantity: 1,
  orderPrice: 800,
  orderOptions: [],
  ...extra,
});

describe('cart model', () => {
  it('turns the dialog’s choice into a cart line: spec field names, nested options, the live price × quantity', () => {
    expect(
      toNewCartItem({
        itemId: 1106,
        menuId: 1010,
        sectionId: 1051,
        quantity: 2,
        unitPrice: 2550,
        specialInstructions: '  No pickles ',
        options: [
          { id: 1502, values: [{ id: 1608, quantity: 1, options: [] }] },
          { id: 1503, values: [] },
          { id: 1507, values: [{ id: 1623, quantity: 1, options: [{ id: 1504, values: [{ id: 1618, quantity: 1, options: [] }] }] }] },
        ],
      }),
    ).toEqual({
      id: 1106,
      menu_id: 1010,
      section_id: 1051,
      quantity: 2,
      orderPrice: 5100,
      orderOptions: [
        { id: 1502, values: [{ id: 1608, quantity: 1 }] },
        { id: 1507, values: [{ id: 1623, quantity: 1, options: [{ id: 1504, values: [{ id: 1618, quantity: 1 }] }] }] },
      ],
      specialInstructions: 'No pickles',
    });
    expect(
      toNewCartItem({ itemId: 1101, menuId: 1010, sectionId: null, quantity: 1, unitPrice: 800, specialInstructions: '', options: [] }),
    ).not.toHaveProperty('specialInstructions');
  });

  it('gives the server’s fresh lines back their special instructions, by order id', () => {
    const previous = [line(1, { specialInstructions: 'Hot' }), line(2)];
    expect(keepInstructions([line(1, { orderPrice: 900 }), line(2)], previous)).toEqual([
      line(1, { orderPrice: 900, specialInstructions: 'Hot' }),
      line(2),
    ]);
  });

  it('says what a stale answer changed: each repriced line with its old and new price, and which lines went for what reason', () => {
    const previous = [
      line(1),
      line(2, { id: 1111, section_id: 1051 }),
      line(3, { id: 1105 }),
      line(4),
      line(5, { id: 1102, quantity: 2, orderPrice: 2000 }),
    ];
    // The answer's items: the 428 lines at the server's price (a line's price is its quantity's).
    const fresh = [line(1, { orderPrice: 950 }), line(5, { id: 1102, quantity: 2, orderPrice: 1800 })];
    expect(
      staleNotice(
        [
          { orderId: 1, error: 'ITEM_PRICE_CHANGED' },
          { orderId: 2, error: 'ITEM_SOLD_OUT' },
          { orderId: 3, error: 'ITEM_UNAVAILABLE' },
          { orderId: 4, error: 'INVALID_OPTIONS' },
          { orderId: 9, error: 'ITEM_UNAVAILABLE' },
          { orderId: 5, error: 'ITEM_PRICE_CHANGED' },
        ],
        previous,
        fresh,
      ),
    ).toEqual({
      repriced: [
        { key: '1010:1050:1101', before: 800, after: 950 },
        { key: '1010:1050:1102', before: 2000, after: 1800 },
      ],
      trimmed: false,
      removed: [
        { key: '1010:1051:1111', reason: 'sold_out' },
        { key: '1010:1050:1105', reason: 'unavailable' },
        { key: '1010:1050:1101', reason: 'invalid' },
        { key: null, reason: 'unavailable' },
      ],
    });
  });

  it('preselects the restaurant’s tip, and sends tips as the API takes them', () => {
    const config = { type: 'percentage' as const, default_values: ['15', '18', '20'], default_value_selected: 1 };
    expect(defaultTip(config)).toEqual({ kind: 'preset', type: 'percentage', value: '18' });
    expect(defaultTip({ ...config, default_value_selected: null })).toEqual({ kind: 'none' });
    expect(defaultTip(null)).toEqual({ kind: 'none' });
    expect(tipRequest({ kind: 'preset', type: 'dollar', value: '2' })).toEqual({ type: 'dollar', value: '2' });
    expect(tipRequest({ kind: 'custom', value: '3.50' })).toEqual({ type: 'dollar', value: '3.50' });
    expect(tipRequest({ kind: 'none' })).toBeNull();
  });
});
