import { describe, expect, it } from 'vitest';
import { EMPTY_PAYMENT } from '@servery/domain/payment-method';
import { bistroRestaurant } from '../../testing/restaurant-fixture';
import { EMPTY_DELIVERY } from './checkout-delivery-model';
import { checkForm, type CheckoutForm } from './checkout-model';

const form = (contact: CheckoutForm['contact']): CheckoutForm => ({
  pickup: { kind: 'none' },
  delivery: EMPTY_DELIVERY,
  tab: { open: false, owner: '' },
  account: { create: false, password: '' },
  savedCard: null,
  answers: {},
  contact,
  payment: EMPTY_PAYMENT,
  tableLocation: '',
  notes: '',
});

const context = (contactOptional: boolean) => ({
  restaurant: { ...bistroRestaurant(), customQuestions: [] },
  needsPickupTime: false,
  methods: [],
  postalCodeRequired: false,
  now: new Date('2026-12-12T20:00:00-06:00'),
  contactOptional,
});

describe('the contact of an event-day suite order', () => {
  it.each([
    ['a guest by name only', { full_name: 'Sam Guest', email: '', phone_number: '' }, true, []],
    ['a guest with a wrong e-mail', { full_name: 'Sam Guest', email: 'sam@', phone_number: '' }, true, ['email']],
    ['no name', { full_name: '', email: '', phone_number: '' }, true, ['full_name']],
    ['any other order', { full_name: 'Sam Guest', email: '', phone_number: '' }, false, ['email', 'phone_number']],
  ] as const)('%s', (_what, contact, optional, fields) => {
    expect(Object.keys(checkForm(form({ ...contact }), context(optional))).sort()).toEqual([...fields].sort());
  });
});
