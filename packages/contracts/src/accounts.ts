/**
 * Accounts, sessions and the profile (spec accounts-and-suites.md sections 3, 4 and 7).
 *
 * Every call is under /api/auth. A session is a bearer token: `Authorization: Bearer <token>` or the
 * `accessToken` cookie (an operator's: `operatorAccessToken`). Login and registration answer
 * `AuthResponse` and set the cookies. Money is integer cents. Any call that needs a session and gets
 * an expired, revoked or unknown token answers 401 with code 201 (SESSION_EXPIRED).
 */
import { z } from 'zod';
import { STUDENT_ALLERGENS, StudentAllergen } from './school';
import { CartItem, Costs } from './cart';

const Id = z.number().int().positive();
const Text = (max: number) => z.string().trim().max(max);
const Cents = z.number().int();
const IsoDateTime = z.string().describe('ISO-8601 date and time (UTC)');

/** Raw strings: the server applies the spec's rules (packages/domain card.ts) and names the broken ones. */
const EmailInput = z.string().max(254);
const PasswordInput = z.string().max(200);
const NameInput = z.string().max(200);
const PhoneInput = z.string().max(40);

/** A saved card (docs/decisions/0011-saved-cards.md): what the server keeps, never the number or CVD. */
export const PaymentMethodSummary = z
  .object({
    paymentCardId: z.string().describe('Send as checkout.chosenCreditCard to pay with this card'),
    isDefault: z.boolean(),
    brand: z.enum(['AMEX', 'MC', 'VISA']),
    last4: z.string(),
    expiry: z.string().describe('MMYY'),
  })
  .meta({ id: 'PaymentMethodSummary' });
export type PaymentMethodSummary = z.infer<typeof PaymentMethodSummary>;

const PaymentCardId = z.string().min(1).max(100);

/**
 * POST /auth/payment-method. Either `card` (typed fields; a profile screen has no restaurant, so the
 * server hands them to the processor itself and drops them) or `token` from POST /payment/tokenize
 * (then X-Restaurant-Id names the restaurant it was made at).
 */
export const AddPaymentMethodRequest = z
  .strictObject({
    card: z
      .strictObject({
        number: z.string().max(40),
        expiry: z.string().max(10).describe('MMYY (or MM/YY)'),
        cvd: z.string().max(10),
        postal_code: z.string().max(20).default(''),
      })
      .optional(),
    token: z
      .string()
      .regex(/^tok_[a-z]+_[0-9a-f]{32}$/, 'a token from /api/payment/tokenize')
      .optional(),
    savingFromCheckout: z.boolean().default(false).describe('Saved from the checkout rather than the profile'),
    isDefault: z.boolean().optional().describe('Make it the default card (the first card always is)'),
  })
  .refine((body) => (body.card === undefined) !== (body.token === undefined), { message: 'send either card or token', path: ['card'] });
export type AddPaymentMethodRequest = z.infer<typeof AddPaymentMethodRequest>;
/** The typed card of a saved-card request, as a client sends it. */
export type NewCard = NonNullable<z.input<typeof AddPaymentMethodRequest>['card']>;

/** PUT /auth/payment-method: the only change is making a card the default. */
export const UpdatePaymentMethodRequest = z.strictObject({ paymentCardId: PaymentCardId, isDefault: z.literal(true).default(true) });
export type UpdatePaymentMethodRequest = z.infer<typeof UpdatePaymentMethodRequest>;

export const DeletePaymentMethodRequest = z.strictObject({ paymentCardId: PaymentCardId });
export type DeletePaymentMethodRequest = z.infer<typeof DeletePaymentMethodRequest>;

export const CreditEntry = z.object({
  amount: Cents.describe('Cents still available from this grant'),
  expiresAt: IsoDateTime,
  reason: z.string().describe('scheduled_order_cancelled, ...'),
  orderId: z.string().nullable(),
});
export type CreditEntry = z.infer<typeof CreditEntry>;

export const Credits = z
  .object({ balance: Cents.describe('Cents usable now at this restaurant'), entries: z.array(CreditEntry) })
  .meta({ id: 'Credits' });
export type Credits = z.infer<typeof Credits>;

export const Student = z
  .object({
    id: Id,
    firstName: z.string(),
    lastName: z.string(),
    school: z.string(),
    grade: z.string(),
    classroom: z.string(),
    teacher: z.string(),
    /** The child's allergens (STUDENT_ALLERGENS in school.ts): the menu asks to confirm an item holding one. */
    allergens: z.array(StudentAllergen),
  })
  .meta({ id: 'Student' });
export type Student = z.infer<typeof Student>;

export const AccountUser = z
  .object({
    id: Id,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable().describe('10 digits, "4165550101"; shown with dashes by the web'),
    paymentMethods: z.array(PaymentMethodSummary),
    credits: Credits,
    students: z.array(Student).describe("The user's students at the request's restaurant"),
    subsidyCode: z.string().nullable(),
    suiteOperator: z.boolean(),
    /** A suite operator's venues (restaurant slugs), where its login leads (/{slug}/events). */
    operatorVenues: z.array(z.string()).optional(),
    defaultTipPercent: z.number().int().nullable().describe('The tip preselected at checkout (percent); null: the restaurant’s default'),
    promoCode: z.string().nullable().describe('A promo code the diner keeps for their orders'),
    /**
     * Set in a login-as session (POST /auth/login-as): the operator acting, the one event suite it
     * orders for, and the guest it orders for (null: the suite's owner, who is this user). For a
     * guest the user is only the guest's name: no e-mail, cards, credits or students.
     */
    loginAs: z
      .object({
        eventSuiteId: Id,
        operator: z.string().describe('The operator’s name'),
        guestName: z.string().nullable(),
      })
      .optional(),
  })
  .meta({ id: 'AccountUser' });
export type AccountUser = z.infer<typeof AccountUser>;

export const AuthResponse = z
  .object({ token: z.string().describe('The session token; also set as a cookie'), user: AccountUser })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

export const LoginNativeRequest = z.strictObject({ email: EmailInput, password: PasswordInput });
export type LoginNativeRequest = z.infer<typeof LoginNativeRequest>;

export const RegisterUserRequest = z.strictObject({
  firstName: NameInput,
  lastName: NameInput,
  email: EmailInput,
  password: PasswordInput,
  phoneNumber: PhoneInput.nullable().optional(),
  registerAtCheckout: z.boolean().optional().describe('The account is created from the checkout contact form'),
});
export type RegisterUserRequest = z.infer<typeof RegisterUserRequest>;

export const UserExistRequest = z.strictObject({ email: EmailInput });
export type UserExistRequest = z.infer<typeof UserExistRequest>;
export const UserExistResponse = z.object({ exists: z.boolean() });
export type UserExistResponse = z.infer<typeof UserExistResponse>;

export const UserInfoRequest = z.strictObject({ userId: z.coerce.number().int().positive(), token: z.string().min(1).max(200) });
export type UserInfoRequest = z.infer<typeof UserInfoRequest>;

/** The highest default tip a diner may keep (percent). */
export const MAX_DEFAULT_TIP_PERCENT = 100;

export const EditUserRequest = z.strictObject({
  firstName: NameInput.optional(),
  lastName: NameInput.optional(),
  email: EmailInput.optional(),
  phoneNumber: PhoneInput.nullable().optional(),
  password: PasswordInput.optional().describe('A new password; needs currentPassword'),
  currentPassword: PasswordInput.optional(),
  defaultTipPercent: z.number().int().min(0).max(MAX_DEFAULT_TIP_PERCENT).nullable().optional().describe('null forgets it'),
  promoCode: z.string().trim().max(50).nullable().optional().describe('null or "" forgets it'),
});
export type EditUserRequest = z.infer<typeof EditUserRequest>;

export const UserResponse = z.object({ user: AccountUser });
export type UserResponse = z.infer<typeof UserResponse>;

/** The user with their cards after the change; `paymentMethod` is the card just added. */
export const PaymentMethodResponse = z.object({ user: AccountUser, paymentMethod: PaymentMethodSummary.optional() });
export type PaymentMethodResponse = z.infer<typeof PaymentMethodResponse>;

export const LogoutRequest = z.strictObject({ accessToken: z.string().max(200).optional() });
export type LogoutRequest = z.infer<typeof LogoutRequest>;

export const ForgotPasswordRequest = z.strictObject({ email: EmailInput });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;
export const ResetPasswordRequest = z.strictObject({ token: z.string().min(1).max(200), password: PasswordInput });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const UserSnapshotResponse = z.object({
  /** lastItemsOrdered: distinct lines of the user's latest orders here, newest first, each a line of one (domain order-again.ts). */
  items: z.array(CartItem),
  students: z.array(Student),
  subsidyCode: z.string().nullable(),
  credits: Credits,
});
export type UserSnapshotResponse = z.infer<typeof UserSnapshotResponse>;

export const StudentRequest = z.strictObject({
  firstName: Text(100).min(1),
  lastName: Text(100).min(1),
  school: Text(200).min(1),
  grade: Text(50).min(1),
  classroom: Text(50).min(1),
  teacher: Text(100).min(1),
  /** Each at most once; left out: none (on PUT too: send the list every time). */
  allergens: z
    .array(StudentAllergen)
    .max(STUDENT_ALLERGENS.length)
    .refine((list) => new Set(list).size === list.length, 'each allergen once')
    .default([]),
});
export type StudentRequest = z.infer<typeof StudentRequest>;
export const StudentParams = z.object({ id: z.coerce.number().int().positive() });
export type StudentParams = z.infer<typeof StudentParams>;
export const StudentResponse = z.object({ student: Student });
export type StudentResponse = z.infer<typeof StudentResponse>;

export const UserCreditsQuery = z.object({ userId: z.coerce.number().int().positive().optional() });
export type UserCreditsQuery = z.infer<typeof UserCreditsQuery>;
export const UserCreditsResponse = z.object({ credits: Credits });
export type UserCreditsResponse = z.infer<typeof UserCreditsResponse>;

/** The user's credits at one restaurant, as the profile lists them (GET /auth/credit-balances). */
export const RestaurantCredits = z
  .object({
    restaurantId: Id,
    restaurantName: z.string(),
    restaurantZone: z.string().describe('IANA time zone of the restaurant, to show the expiry dates there'),
    credits: Credits,
  })
  .meta({ id: 'RestaurantCredits' });
export type RestaurantCredits = z.infer<typeof RestaurantCredits>;
export const CreditBalancesResponse = z.object({
  restaurants: z.array(RestaurantCredits).describe('Every restaurant where the user has credit usable now, by name'),
});
export type CreditBalancesResponse = z.infer<typeof CreditBalancesResponse>;

export const SubsidyCodeRequest = z.strictObject({ code: Text(100).min(1) });
export type SubsidyCodeRequest = z.infer<typeof SubsidyCodeRequest>;
export const SubsidyCodeResponse = z.object({ code: z.string().nullable() });
export type SubsidyCodeResponse = z.infer<typeof SubsidyCodeResponse>;

export const AccountOrder = z
  .object({
    id: z.string(),
    number: z.number().int().nullable(),
    restaurantId: Id,
    restaurantName: z.string(),
    status: z.string(),
    orderType: z.string(),
    total: Cents,
    placedAt: IsoDateTime,
    pickupTime: IsoDateTime.nullable(),
    restaurantZone: z.string().describe('IANA time zone of the restaurant, to show the order’s dates there'),
    schoolDate: z.iso.date().optional().describe('School orders: the school day (yyyy-MM-dd) the meal is for'),
    studentName: z.string().optional().describe('School orders: the child the meal is for'),
  })
  .meta({ id: 'AccountOrder' });
export type AccountOrder = z.infer<typeof AccountOrder>;

/** A line of an order as the profile names it, in the request's language. */
export const ScheduledOrderLine = z.object({
  name: z.string().describe('In the request’s language; "?" when the item has left the menu'),
  quantity: z.number().int().positive(),
  options: z.array(z.string()).describe('Chosen options, in the request’s language'),
  amount: Cents.describe('The line’s subtotal'),
});
export type ScheduledOrderLine = z.infer<typeof ScheduledOrderLine>;

/**
 * A past order with what it was for: its lines, the checkout it was paid with (a school checkout
 * makes one order per day and child, a marketplace hub one per vendor, all with one payment: they
 * share `checkoutId`, and a checkout is never split by the list's limit) and, for a hub, its vendor.
 */
export const PastReceipt = AccountOrder.extend({
  checkoutId: z.string().nullable().describe('Shared by the orders of one checkout (one payment); null for a lone order'),
  vendorName: z.string().nullable().describe('A marketplace hub’s order: its vendor, in the request’s language'),
  lines: z.array(ScheduledOrderLine).describe('Named from the restaurant’s published menus'),
  refunded: Cents.describe('Given back on the card: a cancelled or refunded order’s whole charge, else its partial refunds; 0 when none'),
  credited: Cents.describe('Given back as account credit at the restaurant (cancelled for credit); 0 when none'),
}).meta({ id: 'PastReceipt' });
export type PastReceipt = z.infer<typeof PastReceipt>;

export const PastReceiptsResponse = z.object({
  receipts: z.array(PastReceipt).describe('Newest first, every restaurant; the orders of one checkout together'),
});
export type PastReceiptsResponse = z.infer<typeof PastReceiptsResponse>;
/** A scheduled order as the list shows it: its time is a pickup's or a delivery's. */
export const ScheduledOrder = AccountOrder.extend({
  delivery: z.boolean().describe('Delivered rather than picked up: pickupTime is the delivery time'),
}).meta({ id: 'ScheduledOrder' });
export type ScheduledOrder = z.infer<typeof ScheduledOrder>;
export const ScheduledOrdersResponse = z.object({
  orders: z.array(ScheduledOrder).describe('Placed, pickup in the future, soonest first'),
});
export type ScheduledOrdersResponse = z.infer<typeof ScheduledOrdersResponse>;
export const OrderIdParams = z.object({ orderId: z.string().min(1).max(100) });
export type OrderIdParams = z.infer<typeof OrderIdParams>;
export const CancelScheduledOrderResponse = z.object({
  order: AccountOrder,
  credit: CreditEntry.describe('The refund, as account credit at the order’s restaurant'),
});
export type CancelScheduledOrderResponse = z.infer<typeof CancelScheduledOrderResponse>;

export const ScheduledOrderDetailResponse = z.object({
  order: AccountOrder,
  items: z.array(ScheduledOrderLine),
  costs: Costs.describe(
    'As the order was priced: every reduction, charge, tax, tip and tender, so that its lines add up to totalWithTip (the order’s total)',
  ),
  splitTaxes: z.boolean().describe('The restaurant’s showSplitTaxes: each tax on its own line, or one line for them all'),
  delivery: z.boolean().describe('Delivered rather than picked up'),
  cancellable: z.boolean().describe('Still placed with its pickup ahead: PUT cancel-scheduled-order would refund it'),
});
export type ScheduledOrderDetailResponse = z.infer<typeof ScheduledOrderDetailResponse>;

// Social sign-in (docs/decisions/0012-social-sign-in.md, 0117-social-sign-in-code-flow.md).

/** `test`: the demo's local OpenID Connect provider (scripts/oidc-test-provider.mjs), never configured in production. */
export const SocialProviderType = z.enum(['google', 'facebook', 'apple', 'test']);
export type SocialProviderType = z.infer<typeof SocialProviderType>;

export const SocialProvider = z
  .object({
    type: SocialProviderType.describe('The browser starts it at GET /api/auth/social/{type}/start'),
  })
  .meta({ id: 'SocialProvider' });
export type SocialProvider = z.infer<typeof SocialProvider>;

export const SocialProvidersResponse = z.object({
  providers: z.array(SocialProvider).describe('Only the providers the operator configured; none means no social buttons'),
});
export type SocialProvidersResponse = z.infer<typeof SocialProvidersResponse>;

// Linking a provider to the signed-in account from the profile (docs/decisions/0124-social-link-and-form-post.md).

export const SocialLink = z
  .object({
    type: SocialProviderType,
    connected: z.boolean().describe('Whether this account signs in with this provider'),
  })
  .meta({ id: 'SocialLink' });
export type SocialLink = z.infer<typeof SocialLink>;

export const SocialLinksResponse = z.object({
  links: z.array(SocialLink).describe('Each provider offered here, connected or not; a provider linked but no longer offered is left out'),
  hasPassword: z.boolean().describe('Whether the account also signs in with a password'),
});
export type SocialLinksResponse = z.infer<typeof SocialLinksResponse>;

export const SocialLinkStartRequest = z.strictObject({
  returnTo: z.string().max(1000).optional().describe('The profile’s path and query to come back to (this site’s /profile only)'),
});
export type SocialLinkStartRequest = z.infer<typeof SocialLinkStartRequest>;

export const SocialLinkStartResponse = z.object({
  authorizationUrl: z.string().describe('Where the browser goes next: the provider’s authorization endpoint'),
});
export type SocialLinkStartResponse = z.infer<typeof SocialLinkStartResponse>;

export const SocialLoginRequest = z.strictObject({
  idToken: z.string().min(1).max(8192).describe('The provider’s OpenID Connect ID token (a signed JWT)'),
  nonce: z.string().min(16).max(200).describe('The nonce the browser sent to the provider; the token must carry it'),
  register: z.boolean().optional().describe('The spec’s register flag; an unknown identity is registered either way'),
});
export type SocialLoginRequest = z.infer<typeof SocialLoginRequest>;

export const SocialAuthResponse = AuthResponse.extend({
  registered: z.boolean().describe('True when this sign-in created the account (no welcome banner)'),
}).meta({ id: 'SocialAuthResponse' });
export type SocialAuthResponse = z.infer<typeof SocialAuthResponse>;

export const GoogleUserInfoRequest = z.strictObject({
  accessToken: z.string().min(1).max(8192).describe('A Google ID token (verified like login-google, without a nonce)'),
});
export type GoogleUserInfoRequest = z.infer<typeof GoogleUserInfoRequest>;

export const GoogleUserInfoResponse = z.object({
  profile: z.object({
    provider: z.literal('google'),
    subject: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    firstName: z.string(),
    lastName: z.string(),
  }),
});
export type GoogleUserInfoResponse = z.infer<typeof GoogleUserInfoResponse>;
