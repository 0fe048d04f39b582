/**
 * The receipts' text, to the character: one composer (receiptText) writes the lone order's, the school
 * checkout's and the hub checkout's (docs/decisions/0057-one-order-view.md). The expected texts are
 * what the composers wrote before they were made one.
 */
import { describe, expect, it } from 'vitest';
import type { CartItem } from '@servery/domain/cart';
import type { Costs } from '@servery/domain/pricing';
import { composeMarketplaceReceipt, composeReceipt, composeSchoolReceipt } from './compose-receipt';
import type { MenuLookup } from '../menus/menu-lookup';
import { inLocale, orderLines } from './order-view';

const lookup: MenuLookup = {
  itemName: (id, locale) => (id === 9 ? '?' : `Item ${id} ${locale}`),
  valueName: (id, locale) => `Value ${id} ${locale}`,
  itemStation: () => null,
  perPerson: () => false,
  menus: new Map(),
};

// Nested choices (a choice's own choices, three deep), a quantity, an item gone from the menu (?), a
// line without a line cost (its own price) and an option group with nothing chosen.
const items = [
  {
    id: 1,
    menu_id: 1,
    section_id: null,
    quantity: 2,
    orderId: 1,
    orderPrice: 1000,
    orderOptions: [
      {
        id: 1,
        values: [
          {
            id: 10,
            quantity: 1,
            options: [
              {
                id: 2,
                values: [
                  { id: 20, quantity: 3, options: [{ id: 5, values: [{ id: 50, quantity: 1 }] }] },
                  { id: 21, quantity: 1 },
                ],
              },
            ],
          },
          { id: 11, quantity: 2 },
        ],
      },
      { id: 3, values: [{ id: 30, quantity: 1 }] },
    ],
    specialInstructions: '  no onions ',
  },
  { id: 9, menu_id: 1, section_id: null, quantity: 1, orderId: 2, orderPrice: 500, orderOptions: [] },
  { id: 3, menu_id: 1, section_id: null, quantity: 1, orderId: 3, orderPrice: 700, orderOptions: [{ id: 4, values: [] }] },
] as unknown as CartItem[];

const costs = {
  lines: [
    { orderId: 1, subtotal: 2222 },
    { orderId: 3, subtotal: 777 },
  ],
  subtotal: 12345,
  memberDiscount: { amount: 0 },
  discount: { amount: 0, code: null },
  subsidyDiscount: { amount: 0 },
  serviceCharge: { amount: 400, label: { 'en-CA': 'Service', 'fr-CA': 'Service FR' } },
  deliveryCharge: { amount: 500 },
  taxBrackets: [
    { rate: '0.05', label: { 'en-CA': 'GST', 'fr-CA': 'TPS' }, amount: 600 },
    { rate: '0.09975', label: { 'en-CA': 'QST', 'fr-CA': 'TVQ' }, amount: 1200 },
  ],
  tip: { amount: 150 },
  totalWithTip: 15000,
  voucher: { amount: 70 },
  credits: { amount: 80 },
  amountDue: 0,
} as unknown as Costs;

const checkoutTotal = {
  subtotal: 100,
  discount: 0,
  subsidyDiscount: 0,
  taxes: 0,
  tip: 0,
  totalWithTip: 500,
  voucher: 5,
  credits: 6,
  amountDue: 400,
};
const card = { method: 'credit_card', brand: 'VISA', last4: '1111' };

describe('composeReceipt', () => {
  it.each([
    [
      { ...card, paymentId: 'pay_1' },
      'Thank you for your order at Chez <Moi> & co.\n\nOrder #40\n\n2 × Item 1 en-CA  $22.22\n    Value 10 en-CA\n      3 × Value 20 en-CA\n        Value 50 en-CA\n      Value 21 en-CA\n    2 × Value 11 en-CA\n    Value 30 en-CA\n1 × ?  $5.00\n1 × Item 3 en-CA  $7.77\n\nSubtotal: $123.45\nService: $4.00\nDelivery: $5.00\nGST (5 %): $6.00\nQST (9.975 %): $12.00\nTip: $1.50\nTotal: $150.00\nGift card: -$0.70\nCredits: -$0.80\nCharged (VISA ending in 1111): $0.00\n',
    ],
    [
      { method: 'apple_pay', brand: null, last4: null, paymentId: 'ap_1' },
      'Thank you for your order at Chez <Moi> & co.\n\nOrder #40\n\n2 × Item 1 en-CA  $22.22\n    Value 10 en-CA\n      3 × Value 20 en-CA\n        Value 50 en-CA\n      Value 21 en-CA\n    2 × Value 11 en-CA\n    Value 30 en-CA\n1 × ?  $5.00\n1 × Item 3 en-CA  $7.77\n\nSubtotal: $123.45\nService: $4.00\nDelivery: $5.00\nGST (5 %): $6.00\nQST (9.975 %): $12.00\nTip: $1.50\nTotal: $150.00\nGift card: -$0.70\nCredits: -$0.80\nCharged (Apple Pay): $0.00\n',
    ],
  ])('writes a lone order paid by %j', (payment, text) => {
    const receipt = composeReceipt({
      restaurantName: 'Chez <Moi> & co',
      zone: 'America/Toronto',
      locale: 'en-CA',
      number: 40,
      items,
      costs,
      pickupTime: null,
      delivery: true,
      tableNum: null,
      tableLocation: null,
      payment,
      deliverTo: null,
      lookup,
    });
    expect(receipt).toEqual({ subject: 'Your order #40 at Chez <Moi> & co', text });
  });
});

describe('a pickup at a venue’s concourse', () => {
  it.each([
    ['en-CA', /\nOrder #41\nPickup time: [^\n]+\nPick up at: Main concourse\n\n/],
    ['fr-CA', /\nCommande #41\nHeure de cueillette: [^\n]+\nCueillette à: Main concourse\n\n/],
  ] as const)('says where to collect it, below the pickup time (%s)', (locale, heading) => {
    const receipt = composeReceipt({
      restaurantName: 'Northside Arena',
      zone: 'America/Edmonton',
      locale,
      number: 41,
      items,
      costs,
      pickupTime: new Date(Date.UTC(2026, 11, 1, 2, 5)),
      delivery: false,
      tableNum: null,
      payment: card,
      pickupPlace: 'Main concourse',
      lookup,
    });
    expect(receipt.text).toMatch(heading);
  });
});

describe('a checkout of several orders', () => {
  it('writes a school checkout, in French', () => {
    const receipt = composeSchoolReceipt({
      restaurantName: 'École',
      locale: 'fr-CA',
      orders: [
        { number: 100, date: '2026-11-02', student: { firstName: 'Ana', lastName: '', classroom: '3A', teacher: 'Mme X' }, items, costs },
      ],
      total: checkoutTotal,
      payment: card,
      lookup,
    });
    expect(receipt.text).toBe(
      'Merci pour votre commande chez École.\n\nlundi 2 novembre 2026 · Commande #100\nPour Ana (classe 3A, Mme X)\n2 × Item 1 fr-CA  22,22\u00a0$\n    Value 10 fr-CA\n      3 × Value 20 fr-CA\n        Value 50 fr-CA\n      Value 21 fr-CA\n    2 × Value 11 fr-CA\n    Value 30 fr-CA\n1 × ?  5,00\u00a0$\n1 × Item 3 fr-CA  7,77\u00a0$\nTotal: 150,00\u00a0$\n\nTotal de ce paiement\nSous-total: 1,00\u00a0$\nTotal: 5,00\u00a0$\nCarte-cadeau: -0,05\u00a0$\nCrédits: -0,06\u00a0$\nMontant débité (VISA se terminant par 1111): 4,00\u00a0$\n',
    );
  });

  it('writes a hub checkout', () => {
    const receipt = composeMarketplaceReceipt({
      restaurantName: 'Hub',
      // UTC: the shipped zone rules (scripts/zone-rules.mjs) may move a real zone's offsets.
      zone: 'UTC',
      locale: 'en-CA',
      orders: [{ number: 200, vendor: 'Vendor 0', pickupTime: new Date(Date.UTC(2026, 10, 3, 18, 0)), items, costs }],
      total: checkoutTotal,
      payment: card,
      lookup,
    });
    expect(receipt.text).toBe(
      'Thank you for your order at Hub.\n\nVendor 0 · Order #200\nPickup time: Nov 3, 2026, 6:00 p.m.\n2 × Item 1 en-CA  $22.22\n    Value 10 en-CA\n      3 × Value 20 en-CA\n        Value 50 en-CA\n      Value 21 en-CA\n    2 × Value 11 en-CA\n    Value 30 en-CA\n1 × ?  $5.00\n1 × Item 3 en-CA  $7.77\nTotal: $150.00\n\nTotal of this checkout\nSubtotal: $1.00\nTotal: $5.00\nGift card: -$0.05\nCredits: -$0.06\nCharged (VISA ending in 1111): $4.00\n',
    );
  });
});

describe('orderLines', () => {
  it('names each line in both languages; the profile and the staff board read it in one', () => {
    const [first] = orderLines({ items, costs }, lookup);
    expect(first?.options.map((option) => option.depth)).toEqual([0, 1, 2, 1, 0, 0]);
    expect(inLocale(first!, 'fr-CA')).toEqual({
      quantity: 2,
      name: 'Item 1 fr-CA',
      options: ['Value 10 fr-CA', '3 × Value 20 fr-CA', 'Value 50 fr-CA', 'Value 21 fr-CA', '2 × Value 11 fr-CA', 'Value 30 fr-CA'],
      amount: 2222,
      instructions: 'no onions',
    });
    expect(orderLines({ items: items.slice(1, 2) }, lookup)[0]?.amount).toBe(500);
  });
});
