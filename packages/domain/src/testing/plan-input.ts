/**
 * A plan's input for the domain's tests (plan-order.ts `planOrder`, the order types' own steps in
 * order-types/): a take-out order at an Ontario restaurant open every day, paid by a new card, each
 * changed where a test is about it. Tests only.
 */
import type { CartItem } from '../cart';
import { type PlanInput, planOrder } from '../plan-order';

export const TORONTO = 'America/Toronto';
// Tuesday 2026-11-24, 13:00 in Toronto (18:00 UTC): open 11:00-22:00 every day.
export const NOW = new Date('2026-11-24T18:00:00Z');
export const EVERY_DAY = (['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const).map((day) => ({
  day,
  start_time: '11:00',
  end_time: '22:00',
}));

export const line = (id: number, quantity = 1): CartItem => ({
  id,
  menu_id: 1,
  section_id: null,
  orderId: id,
  quantity,
  orderPrice: 1000 * quantity,
  orderOptions: [],
});

export function base(): PlanInput {
  return {
    type: 'take-out',
    restaurant: {
      zone: TORONTO,
      hideGuestInfo: { email: false, phone: false },
      customQuestions: [],
      delivery: null,
      latitude: 43.65,
      longitude: -79.38,
      allow_open_tab: false,
      payment_processor: 'sandbox',
      extraPaymentMethods: [],
      genericCateringHideCreditCard: false,
      genericCateringRequiresLogin: false,
      genericCateringShowPickupOption: false,
      generic_table_locations: null,
      avs: false,
      min_catering_amount: null,
      maxMealsPerCart: null,
      minMealsPerCart: null,
    },
    tableNum: null,
    checkout: {
      paymentMethod: 'credit_card',
      pickup: { delivery: false, scheduled: false },
      delivery: null,
      contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
      card: { token: 'tok_sandbox_00000000000000000000000000000000' },
      savePaymentMethodOnCheckout: false,
      purchaseOrder: '',
      costCenter: '',
      invoice: '',
      questions: [],
    },
    cart: { items: [line(1)], subtotal: 1000, amountDue: 1130, isMeal: () => false },
    scheduling: {
      restaurant: {
        zone: TORONTO,
        hours: EVERY_DAY,
        holiday_hours: [],
        maxAdvancedOrderDays: null,
        noTakeoutTimeslot: false,
        orders_paused: false,
      },
      menus: [{ estimated_prep_time: 20 }],
      config: { takeoutDateRange: null, takeoutSpecificDates: null },
      booked: new Map(),
    },
    loaded: {
      signedIn: false,
      processor: { name: 'sandbox', wallets: { applePay: true, googlePay: false } },
      savedCard: null,
      located: null,
    },
    now: NOW,
  };
}

/** The base input of this type, changed, planned. */
export function planAs(type: PlanInput['type'], change: (input: PlanInput) => void = () => undefined) {
  const input = base();
  input.type = type;
  change(input);
  return planOrder(input);
}
