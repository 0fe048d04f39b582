import { describe, expect, it } from 'vitest';
import { scrubOrderData } from './account-erasure';

const items = [{ id: 1, name: 'Pizza', quantity: 2, price: 1250 }];
const costs = { subtotal: 2500, tax: 325, tip: 0, total: 2825 };
const payment = { method: 'card', brand: 'visa', last4: '4242', reference: null, paymentId: 'pay_1', captured: true };

describe('scrubOrderData: what a deleted account leaves on its orders', () => {
  const cases: Array<{ name: string; data: Record<string, unknown>; expected: Record<string, unknown> }> = [
    {
      name: 'a pickup order loses its contact and notes, keeps items, costs and payment',
      data: {
        items,
        costs,
        payment,
        contact: { full_name: 'Ann Lee', email: 'ann@example.com', phone_number: '5145550100' },
        notes: 'Ann, ring twice',
        delivery: null,
        tabOwner: null,
      },
      expected: {
        items,
        costs,
        payment,
        contact: { full_name: '', email: '', phone_number: '' },
        notes: '',
        delivery: null,
        tabOwner: null,
      },
    },
    {
      name: 'a delivery order loses the address, map point and recipient, keeps its type and area',
      data: {
        items,
        costs,
        contact: { full_name: 'Ann', email: 'a@x.ca', phone_number: '' },
        delivery: {
          type: 'default_address',
          name: 'Ann',
          address: '1 Main St',
          lat: 45.5,
          lng: -73.6,
          postalCode: 'H2X 1Y4',
          area: 'Plateau',
          location: 'Apt 3',
        },
      },
      expected: {
        items,
        costs,
        contact: { full_name: '', email: '', phone_number: '' },
        delivery: { type: 'default_address', area: 'Plateau' },
      },
    },
    {
      name: 'a school order keeps date, school and classroom; the child reads "Deleted student"',
      data: {
        items,
        costs,
        contact: { full_name: 'Ann', email: 'a@x.ca', phone_number: '1' },
        delivery: { type: 'school', student: 'Sam Lee', school: 'Lakeside', classroom: '4B', grade: '4', teacher: 'Mr. Roy' },
        school: {
          date: '2026-12-01',
          checkoutId: 'chk_1',
          student: { id: 7, firstName: 'Sam', lastName: 'Lee', school: 'Lakeside', grade: '4', classroom: '4B', teacher: 'Mr. Roy' },
        },
      },
      expected: {
        items,
        costs,
        contact: { full_name: '', email: '', phone_number: '' },
        delivery: { type: 'school', school: 'Lakeside', classroom: '4B', grade: '4', teacher: 'Mr. Roy' },
        school: {
          date: '2026-12-01',
          checkoutId: 'chk_1',
          student: {
            id: null,
            firstName: 'Deleted',
            lastName: 'student',
            school: 'Lakeside',
            grade: '4',
            classroom: '4B',
            teacher: 'Mr. Roy',
          },
        },
      },
    },
    {
      name: 'a tab keeps its payment but not its owner; a suite order forgets the owner account',
      data: {
        items,
        costs,
        payment,
        tabOwner: 'Ann Lee',
        suite: { eventSuiteId: 3, suiteId: 2, eventId: 1, ownerUserId: 9, operatorUserId: 4 },
      },
      expected: {
        items,
        costs,
        payment,
        tabOwner: null,
        suite: { eventSuiteId: 3, suiteId: 2, eventId: 1, ownerUserId: null, operatorUserId: 4 },
      },
    },
    {
      name: 'an order with none of these fields is kept as it is',
      data: { items, costs },
      expected: { items, costs },
    },
  ];

  it.each(cases)('$name', ({ data, expected }) => {
    const before = JSON.stringify(data);
    expect(scrubOrderData(data)).toEqual(expected);
    expect(JSON.stringify(data)).toBe(before);
  });

  it('no name, e-mail, phone or address survives in the stored text', () => {
    const text = JSON.stringify(scrubOrderData(cases[2]!.data));
    for (const personal of ['Ann', 'a@x.ca', 'Sam', 'Lee']) expect(text).not.toContain(personal);
  });
});
