import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LoginNativeRequest, RegisterUserRequest, StudentRequest } from './accounts';
import { EMPTY_PAYMENT } from '@servery/domain/payment-method';
import {
  cardFields,
  CHECKOUT_ASKING_NOTHING,
  checkoutForm,
  EMPTY_CHECKOUT,
  OrderNotificationForm,
  ProfileForm,
  RegisterForm,
  SignInForm,
  StudentForm,
  WebhookForm,
} from './forms';
import { CreateWebhookEndpointRequest } from './staff-webhooks';

/** Each field's first issue, as the web shows it: the domain rule's FieldMessage, or the issue's code. */
function problems(schema: z.ZodType, values: unknown): Record<string, unknown> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const found: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join('.');
    if (name in found) continue;
    const params = (issue as { params?: { fieldMessage?: unknown } }).params;
    found[name] = params?.fieldMessage ?? issue.code;
  }
  return found;
}

describe('form schemas (the web validates with them before sending)', () => {
  it('sign-in: the e-mail rule and a password that is given; the output is what login-native takes', () => {
    expect(problems(SignInForm, { email: '', password: '' })).toEqual({ email: { key: 'required' }, password: 'too_small' });
    expect(problems(SignInForm, { email: 'dana@', password: 'x' })).toEqual({ email: { key: 'invalidEmail' } });
    const output = SignInForm.parse({ email: ' dana@example.com ', password: 'x' });
    expect(output).toEqual({ email: 'dana@example.com', password: 'x' });
    expect(LoginNativeRequest.safeParse(output).success).toBe(true);
  });

  it('registration: names, e-mail, phone and the password rule, with their parameters', () => {
    expect(problems(RegisterForm, { firstName: 'Ada<', lastName: '', email: 'ada@example.com', phone: '123', password: 'short' })).toEqual({
      firstName: { key: 'invalidNameCharacters' },
      lastName: { key: 'required' },
      phone: { key: 'invalidPhoneNumber' },
      password: { key: 'minLength', params: { length: 8 } },
    });
    const output = RegisterForm.parse({
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '416 555 0199',
      password: 'Secret12!',
    });
    expect(output.phone).toBe('416-555-0199');
    const { phone, ...rest } = output;
    expect(RegisterUserRequest.safeParse({ ...rest, phoneNumber: phone.replaceAll('-', '') }).success).toBe(true);
  });

  it('profile: an empty phone is none', () => {
    expect(ProfileForm.parse({ firstName: 'Dana', lastName: 'Diner', phone: ' ' }).phone).toBeNull();
    expect(problems(ProfileForm, { firstName: 'Dana', lastName: 'Diner', phone: '12' })).toEqual({ phone: { key: 'invalidPhoneNumber' } });
  });

  it('student: the request’s limits, allergens in the list’s order; the output is a StudentRequest', () => {
    const values = {
      firstName: 'Lou',
      lastName: 'Diner',
      school: ' ',
      grade: '2',
      classroom: 'x'.repeat(51),
      teacher: 'Ms. Chen',
      allergens: [],
    };
    expect(problems(StudentForm, values)).toEqual({ school: 'too_small', classroom: 'too_big' });
    const output = StudentForm.parse({ ...values, school: 'Maple Grove', classroom: '102', allergens: ['Soy', 'Peanuts'] });
    expect(output.allergens).toEqual(['Peanuts', 'Soy']);
    expect(StudentRequest.safeParse(output).success).toBe(true);
  });

  it('card: every field at once, the CVD by the number’s type, the expiry by the day it is checked', () => {
    const schema = cardFields({ now: () => new Date('2026-11-29T12:00:00Z'), postalCodeRequired: false });
    expect(problems(schema, { number: '3782-8224-6310-005', expiry_date: '10/26', cvd: '123', postal_code: '' })).toEqual({
      expiry_date: { key: 'invalidExpiryDate' },
      cvd: { key: 'minLength', params: { length: 4 } },
    });
    expect(schema.safeParse({ number: '4242-4242-4242-4242', expiry_date: '12/28', cvd: '123', postal_code: '' }).success).toBe(true);
  });

  it('webhook: an http(s) URL, trimmed; an empty description is left out', () => {
    expect(problems(WebhookForm, { url: 'ftp://x.example', description: '' })).toEqual({ url: 'custom' });
    const output = WebhookForm.parse({ url: ' https://hooks.example.com/in ', description: ' ' });
    expect(output).toEqual({ url: 'https://hooks.example.com/in', description: undefined });
    expect(CreateWebhookEndpointRequest.safeParse(output).success).toBe(true);
  });

  it('order-ready text: an order number and the phone rule', () => {
    expect(problems(OrderNotificationForm, { order: ' ', phone: '' })).toEqual({ order: 'too_small', phone: { key: 'required' } });
    expect(OrderNotificationForm.parse({ order: '42', phone: '4165550101' })).toEqual({ order: '42', phone: '416-555-0101' });
  });
});

describe('the checkout schema: what is required follows the order and the restaurant', () => {
  const context = (change: Partial<Parameters<typeof checkoutForm>[0]> = {}) =>
    checkoutForm({ ...CHECKOUT_ASKING_NOTHING, now: () => new Date('2026-12-12T20:00:00-06:00'), ...change });
  const values = { ...EMPTY_CHECKOUT, contact: { full_name: 'Sam Guest', email: 'sam@example.com', phone_number: '416-555-0101' } };

  it.each([
    ['a guest by name only', { full_name: 'Sam Guest', email: '', phone_number: '' }, true, []],
    ['a guest with a wrong e-mail', { full_name: 'Sam Guest', email: 'sam@', phone_number: '' }, true, ['contact.email']],
    ['no name', { full_name: '', email: '', phone_number: '' }, true, ['contact.full_name']],
    ['any other order', { full_name: 'Sam Guest', email: '', phone_number: '' }, false, ['contact.email', 'contact.phone_number']],
  ] as const)('event-day suite contact: %s', (_what, contact, contactOptional, fields) => {
    expect(Object.keys(problems(context({ contactOptional }), { ...values, contact })).sort()).toEqual([...fields].sort());
  });

  it('asks when, the required questions, the tab’s owner, the table location, a password and the payment only where the order does', () => {
    expect(problems(context(), values)).toEqual({});
    const asking = context({
      needsPickupTime: true,
      questions: [
        { id: 7, required: true },
        { id: 8, required: false },
      ],
      tabOffered: true,
      tableLocationRequired: true,
      accountOffered: true,
      paying: true,
    });
    const form = { ...values, tab: { open: true, owner: '' }, account: { create: true, password: 'short' } };
    expect(problems(asking, form)).toEqual({
      tableLocation: { key: 'required' },
      pickup: { key: 'required' },
      'answers.7': { key: 'required' },
      'tab.owner': { key: 'required' },
      'account.password': { key: 'minLength', params: { length: 8 } },
      'payment.paymentMethod': { key: 'required' },
    });
  });

  it('checks a typed card by the card rule, a saved card not at all, and a reference method’s reference', () => {
    const paying = context({ paying: true, postalCodeRequired: true });
    const card = { ...EMPTY_PAYMENT, paymentMethod: 'credit_card' as const };
    expect(Object.keys(problems(paying, { ...values, payment: card }))).toEqual([
      'payment.card.number',
      'payment.card.expiry_date',
      'payment.card.cvd',
      'payment.card.postal_code',
    ]);
    expect(problems(paying, { ...values, payment: card, savedCard: 'card-1' })).toEqual({});
    expect(problems(paying, { ...values, payment: { ...EMPTY_PAYMENT, paymentMethod: 'cost_center' as const } })).toEqual({
      'payment.costCenter': { key: 'required' },
    });
  });

  it.each([
    ['left empty', '', {}],
    ['at the 100 characters', 'x'.repeat(100), {}],
    ['over them', 'x'.repeat(101), { 'delivery.detail': { key: 'maxLength', params: { length: 100 } } }],
    ['with a control character from a paste', 'Floor 12\u0007', { 'delivery.detail': { key: 'controlCharacters' } }],
  ] as const)('a listed location’s room, floor or suite: optional, %s', (_what, detail, expected) => {
    const delivering = context({ deliveryRequired: () => ['location'] });
    const delivery = { ...EMPTY_CHECKOUT.delivery, type: 'custom_location' as const, location: 'Centre PHI', detail };
    expect(problems(delivering, { ...values, delivery })).toEqual(expected);
  });
});
