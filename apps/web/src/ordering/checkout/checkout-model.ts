/**
 * The checkout's pure parts: its values (checked by `checkoutForm` in packages/contracts/src/forms.ts
 * through the form mechanism, components/ui/form/) and the order request built from them.
 */
import { isCateringOrder, orderTypePolicy } from '@servery/domain/order-type';
import type { CheckoutForm } from '@servery/contracts/forms';
import type { SuitesInfoBody } from '@servery/contracts/suites';
import type { OrderingConfig } from '@servery/domain/ordering-config';
import type { CartItem } from '../cart/cart-api';
import { costChoices, type CartChoices } from '../cart/cart-model';
import type { PlaceableOrderType, PlaceOrderBody } from './checkout-api';
import { deliveryBody, type DeliveryOptions } from './checkout-delivery-model';

export type { CheckoutForm } from '@servery/contracts/forms';

/** When the order is wanted: as soon as possible, or a slot the server offered. */
export type PickupChoice = CheckoutForm['pickup'];

/** Changes the form's values (checkout-panel.tsx keeps them in React Hook Form). */
export type Update = (change: (current: CheckoutForm) => CheckoutForm) => void;

export interface OrderInput {
  type: PlaceableOrderType;
  config: OrderingConfig;
  items: CartItem[];
  choices: CartChoices;
  form: CheckoutForm;
  hideGuestInfo: { email: boolean; phone: boolean };
  /** The card's token from /payment/tokenize; never the card itself. */
  cardToken: string | null;
  /** The restaurant's delivery options, for a delivered order. */
  delivery?: DeliveryOptions | null;
  tabOffered?: boolean;
  /** A generic catering order: the table location chosen at checkout ('' for none) replaces the link's. */
  genericCatering?: boolean;
  /** A wallet's token or payload, once the wallet sheet gave it. */
  wallet?: { applePayPaymentToken?: string; googlePayPaymentPayload?: string } | null;
  /** Whether the diner is signed in (saved cards and saving a new card are theirs only). */
  signedIn?: boolean;
  /** A suite order: the link's event suite; its delivery preference, time and notes (checkout-suite.tsx). */
  suite?: { info: SuitesInfoBody } | null;
}

/** POST /orders' body. The card travels only as its token. */
export function orderBody({
  type,
  config,
  items,
  choices,
  form,
  hideGuestInfo,
  cardToken,
  delivery,
  tabOffered,
  genericCatering,
  wallet,
  signedIn,
  suite,
}: OrderInput): PlaceOrderBody {
  const { pickup, payment, contact } = form;
  // A suite's notes travel in suitesInfo (spec ordering.md: suitesInfo{deliveryTime, notes, tabLimit}).
  const notes = suite ? '' : form.notes.trim();
  const method = payment.paymentMethod;
  const savedCard = method === 'credit_card' && signedIn === true ? form.savedCard : null;
  const delivered = choices.delivery && orderTypePolicy(type).allowsDelivery;
  const deliveryAddress = delivered && delivery ? deliveryBody(form.delivery, delivery) : null;
  return {
    type,
    data: {
      config: {
        tableNum: config.tableNum,
        takeout: config.takeout,
        takeoutType: config.takeoutType,
        genericCatering: config.genericCatering,
        // A delivered order goes where its address says; a room or table is for an order served on site (decision 0084).
        genericTableLocation: genericCatering ? (delivered ? null : form.tableLocation || null) : config.genericTableLocation,
        takeoutDateRange: config.takeoutDateRange,
        takeoutSpecificDates: config.takeoutSpecificDates,
        ...(suite && config.eventSuite !== null ? { eventSuite: config.eventSuite, eventDayOrdering: config.eventDayOrdering } : {}),
      },
      items,
      costs: costChoices(choices),
      checkout: {
        paymentMethod: method,
        pickup:
          pickup.kind === 'slot'
            ? { delivery: choices.delivery, notes, scheduled: true, dueByDate: pickup.date, dueByTime: pickup.time }
            : { delivery: choices.delivery, notes, scheduled: false },
        contact: {
          full_name: contact.full_name.trim().replace(/\s+/g, ' '),
          email: hideGuestInfo.email ? '' : contact.email.trim(),
          phone_number: hideGuestInfo.phone ? '' : contact.phone_number.trim(),
        },
        ...(deliveryAddress ? { delivery: deliveryAddress } : {}),
        card: method === 'credit_card' && savedCard === null && cardToken ? { token: cardToken } : null,
        ...(savedCard !== null ? { chosenCreditCard: savedCard } : {}),
        ...(method === 'credit_card' && savedCard === null && signedIn === true && payment.savePaymentMethodOnCheckout
          ? { savePaymentMethodOnCheckout: true }
          : {}),
        ...(tabOffered && form.tab.open ? { tab: { owner: form.tab.owner.trim().replace(/\s+/g, ' ') } } : {}),
        ...(method === 'apple_pay' && wallet?.applePayPaymentToken ? { applePayPaymentToken: wallet.applePayPaymentToken } : {}),
        ...(method === 'google_pay' && wallet?.googlePayPaymentPayload ? { googlePayPaymentPayload: wallet.googlePayPaymentPayload } : {}),
        purchaseOrder: method === 'purchase_order' ? payment.purchaseOrder.trim() : '',
        costCenter: method === 'cost_center' ? payment.costCenter.trim() : '',
        invoice: method === 'invoice' ? payment.invoice.trim() : '',
        ...(suite ? { suitesInfo: suite.info } : {}),
        // Catering's number of guests: the server derives each per-person line's quantity from it (decision 0116).
        ...(choices.headCount != null && isCateringOrder(type) ? { headCount: choices.headCount } : {}),
        questions: Object.entries(form.answers)
          .filter(([, answers]) => answers.length > 0)
          .map(([id, answers]) => ({ id: Number(id), answers: [...answers].sort((a, b) => a - b) })),
      },
    },
  };
}
