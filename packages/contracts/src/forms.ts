/**
 * The web's forms, as zod schemas (issue 28, item 3; docs/decisions/0076-forms-on-react-hook-form.md).
 * The web validates each form with one of these through React Hook Form's zod resolver
 * (apps/web/src/components/ui/form/use-zod-form.ts) before it sends the request named beside it.
 *
 * A field that follows one of the spec's field rules (packages/domain/src/card.ts) is checked by
 * that rule, the one the API applies too: its issue carries the rule's `FieldMessage` in
 * `params.fieldMessage` and no text of its own, so the web words it in the person's language; its
 * output is the rule's value (an e-mail trimmed, a phone number shown with dashes).
 *
 * This module holds no schema with a `.meta({ id })`, and imports none: the web bundles it (its
 * server-rendering build too), and a second copy of a registered schema clashes with the API's in
 * zod's registry (the comment in apps/web/src/components/ui/student-form.tsx).
 */
import {
  validateCardFields,
  validateEmail,
  validateFullName,
  validateNotificationPhone,
  validatePassword,
  validatePhoneNumber,
  validatePostalCode,
  type CardFieldsInput,
  type FieldMessage,
  type FieldResult,
  type PostalCountry,
} from '@servery/domain/card';
import { ALLERGENS, DIETS } from '@servery/domain/menu-search';
import { WEEKDAYS } from '@servery/domain/price-schedule';
import { parseDayRanges } from '@servery/domain/price-schedule-ranges';
import { EMPTY_PAYMENT, needsReference, REFERENCE_FIELD, type CheckoutPayment } from '@servery/domain/payment-method';
import { STAFF_ROLES } from '@servery/domain/staff-roles';
import { typedDollarsToCents } from '@servery/domain/money';
import { z } from './browser-zod';
import { DELIVERY_DETAIL_MAX } from '@servery/domain/delivery-summary';
import { hasControlCharacters, httpUrl } from './text-input';

/** The issue params a rule's message travels in; the web reads `fieldMessage` (components/ui/form/field-problem.ts). */
export interface FieldMessageParams {
  fieldMessage: FieldMessage;
}

/** A text field checked by one of the domain's rules; its output is the rule's value. */
export function ruledText<T>(rule: (input: string) => FieldResult<T>) {
  return z.string().transform((input, context): T => {
    const result = rule(input);
    if (result.ok) return result.value;
    const params: FieldMessageParams = { fieldMessage: result.error };
    context.addIssue({ code: 'custom', input, params });
    return z.NEVER;
  });
}

const Email = ruledText(validateEmail);
const FullName = ruledText((input) => validateFullName(input, { required: true }));
const Phone = ruledText(validatePhoneNumber);
/** An empty phone is none (null); a given one follows the phone rule. */
const OptionalPhone = ruledText<string | null>((input) =>
  input.trim() === '' ? { ok: true as const, value: null } : validatePhoneNumber(input),
);
const NewPassword = ruledText(validatePassword);
/** A password being checked, not chosen: any text but none. */
const CurrentPassword = z.string().min(1);
/** Trimmed text that must be given, at most `max` characters. */
const RequiredText = (max: number) => z.string().trim().min(1).max(max);
/** Trimmed text of at most `max` characters; left empty, it is `none` (a request's "not given"). */
const OptionalText = <T extends null | undefined>(max: number, none: T) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => (text === '' ? none : text));

/** Sign-in (POST /api/auth/login-native, POST /api/staff/:slug/login): LoginNativeRequest in accounts.ts. */
export const SignInForm = z.object({ email: Email, password: CurrentPassword });
export type SignInForm = z.input<typeof SignInForm>;

/** Forgot password (POST /api/auth/forgot-password): ForgotPasswordRequest. */
export const ForgotPasswordForm = z.object({ email: Email });
export type ForgotPasswordForm = z.input<typeof ForgotPasswordForm>;

/** A new password from a reset link (POST /api/auth/reset-password): ResetPasswordRequest. */
export const ResetPasswordForm = z.object({ password: NewPassword });
export type ResetPasswordForm = z.input<typeof ResetPasswordForm>;

/** Contact information sign-up (POST /api/auth/register-user): RegisterUserRequest. */
export const RegisterForm = z.object({ firstName: FullName, lastName: FullName, email: Email, phone: Phone, password: NewPassword });
export type RegisterForm = z.input<typeof RegisterForm>;

/** The profile's name and phone (PUT /api/auth/user): EditUserRequest. */
export const ProfileForm = z.object({ firstName: FullName, lastName: FullName, phone: OptionalPhone });
export type ProfileForm = z.input<typeof ProfileForm>;

/** A student (POST and PUT /api/auth/students): StudentRequest in accounts.ts, with the same limits. */
export const StudentForm = z.object({
  firstName: FullName,
  lastName: FullName,
  school: RequiredText(200),
  grade: RequiredText(50),
  classroom: RequiredText(50),
  teacher: RequiredText(100),
  // Kept in the list's order, each once, whatever order they were ticked in.
  allergens: z.array(z.enum(ALLERGENS)).transform((chosen) => ALLERGENS.filter((allergen) => chosen.includes(allergen))),
});
export type StudentForm = z.input<typeof StudentForm>;

/** A typed card's fields, the checkout's and the saved cards' (validateCardFields, spec ordering.md section 5). */
export type CardForm = CardFieldsInput;

/**
 * The card's fields checked together (the CVD's length follows the number's type). `now` is read at
 * each check, so a form left open over a month's end judges the expiry by the day it is sent.
 */
export function cardFields(options: CardOptions) {
  return CardText.superRefine((card, context) =>
    cardIssues(card, options, (path, fieldMessage) => addFieldIssue(context, path, fieldMessage)),
  );
}

/** How a card is checked: `now` read at each check, the postal code required where the processor checks it (AVS). */
interface CardOptions {
  now: () => Date;
  postalCodeRequired: boolean;
  country?: PostalCountry;
}

/** A typed card's four fields, as typed. */
const CardText = z.object({ number: z.string(), expiry_date: z.string(), cvd: z.string(), postal_code: z.string() });

type Issue = (path: ReadonlyArray<string>, fieldMessage: FieldMessage) => void;

/** A rule's message as an issue at `path`, worded by the web (components/ui/form/field-problem.ts). */
function addFieldIssue(context: z.core.$RefinementCtx, path: ReadonlyArray<string>, fieldMessage: FieldMessage): void {
  const params: FieldMessageParams = { fieldMessage };
  context.addIssue({ code: 'custom', path: [...path], input: undefined, params });
}

/** The card rule's messages (validateCardFields), each at its field under `prefix`. */
function cardIssues(card: CardForm, options: CardOptions, issue: Issue, prefix: ReadonlyArray<string> = []): void {
  const checked = validateCardFields(card, options.now(), options);
  if (checked.ok) return;
  for (const [field, fieldMessage] of Object.entries(checked.errors)) issue([...prefix, field], fieldMessage);
}

/** A card saved on the account (POST /api/auth/payment-method): its fields, and whether it becomes the default. */
export function savedCardForm(options: { now: () => Date }) {
  return z.object({ card: cardFields({ ...options, postalCodeRequired: false }), makeDefault: z.boolean() });
}
export type SavedCardForm = z.input<ReturnType<typeof savedCardForm>>;

/** Inviting someone to the team (POST /api/staff/invitations): InviteStaffRequest. */
export const InviteStaffForm = z.object({ email: Email, role: z.enum(STAFF_ROLES) });
export type InviteStaffForm = z.input<typeof InviteStaffForm>;

/** Accepting an invitation (POST /api/staff/invitations/accept): the server judges the password and names. */
export const JoinStaffForm = z.object({ firstName: z.string().trim(), lastName: z.string().trim(), password: z.string() });
export type JoinStaffForm = z.input<typeof JoinStaffForm>;

/** A webhook endpoint (POST /api/staff/webhooks): CreateWebhookEndpointRequest's rules, the URL trimmed first. */
export const WebhookForm = z.object({
  url: z.string().trim().pipe(httpUrl(2000)),
  description: OptionalText(100, undefined),
});
export type WebhookForm = z.input<typeof WebhookForm>;

/** The order-ready text (POST /api/orders/notification): NotificationRequest's order number and phone. */
export const OrderNotificationForm = z.object({ order: RequiredText(40), phone: ruledText(validateNotificationPhone) });
export type OrderNotificationForm = z.input<typeof OrderNotificationForm>;

/** The diner's default tip and promo code (PUT /api/auth/user): EditUserRequest's; none chosen or typed is null. */
export const PreferencesForm = z.object({
  tip: z.string().transform((text) => (text === '' ? null : Number(text))),
  promoCode: OptionalText(50, null),
});
export type PreferencesForm = z.input<typeof PreferencesForm>;

/** A subsidy code for one restaurant (POST /api/auth/add-subsidy-code): SubsidyCodeRequest. */
export const SubsidyCodeForm = z.object({ code: RequiredText(100) });
export type SubsidyCodeForm = z.input<typeof SubsidyCodeForm>;

/** Where a delivered order goes (checkout's delivery section): one address type's fields, as typed. */
const text = z.string();
const CheckoutDelivery = z.object({
  // OrderDelivery's types (orders.ts, which registers schemas and so is not imported here).
  type: z.enum(['default_address', 'custom_location', 'school', 'stadium']).nullable(),
  address: text,
  postalCode: text,
  location: text,
  area: text,
  student: text,
  school: text,
  grade: text,
  classroom: text,
  teacher: text,
  section: text,
  row: text,
  seat: text,
  /** custom_location: the room, floor or suite at the listed location; optional (a draft kept before it has none). */
  detail: text.optional(),
});
export type CheckoutDelivery = z.input<typeof CheckoutDelivery>;

/** The checkout's values: each section a nested object, a field's path its name ("contact.email", "payment.card.cvd"). */
const CheckoutValues = z.object({
  pickup: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('asap') }),
    z.object({ kind: z.literal('slot'), date: z.string(), time: z.string() }),
    z.object({ kind: z.literal('none') }),
  ]),
  delivery: CheckoutDelivery,
  /** A generic catering order's table location (a `generic_table_locations` value); '' for none. */
  tableLocation: z.string(),
  /** An open tab (dine-in where the restaurant keeps tabs): whose name it goes under. */
  tab: z.object({ open: z.boolean(), owner: z.string() }),
  /** A guest who creates an account while ordering. */
  account: z.object({ create: z.boolean(), password: z.string() }),
  /** A guest's contact and card postal code kept on this device for the next checkout (ordering/checkout/remembered-contact.ts). */
  rememberContact: z.boolean(),
  /** A signed-in diner's saved card (`paymentCardId`) when paying by card with it; null: a new card. */
  savedCard: z.string().nullable(),
  /** Question id -> chosen option indexes. */
  answers: z.record(z.string(), z.array(z.number())),
  contact: z.object({ full_name: z.string(), email: z.string(), phone_number: z.string() }),
  // The method's own fields (domain/payment-method.ts); the card's are checked below, by cardFields' rule.
  payment: z.custom<CheckoutPayment>(),
  notes: z.string(),
});
export type CheckoutForm = z.input<typeof CheckoutValues>;

/** A checkout before anything is chosen or typed. */
export const EMPTY_CHECKOUT: CheckoutForm = {
  pickup: { kind: 'none' },
  delivery: {
    type: null,
    address: '',
    postalCode: '',
    location: '',
    area: '',
    student: '',
    school: '',
    grade: '',
    classroom: '',
    teacher: '',
    section: '',
    row: '',
    seat: '',
    detail: '',
  },
  tableLocation: '',
  tab: { open: false, owner: '' },
  account: { create: false, password: '' },
  rememberContact: false,
  savedCard: null,
  answers: {},
  contact: { full_name: '', email: '', phone_number: '' },
  payment: EMPTY_PAYMENT,
  notes: '',
};

/** What the checkout asks for, from the order type and the restaurant's settings (ordering/checkout/checkout-panel.tsx). */
export interface CheckoutFormContext {
  now: () => Date;
  /** Take-out, delivery and catering ask when (a slot or as soon as possible); dine-in and suites do not. */
  needsPickupTime: boolean;
  /** The restaurant's questions; a required one needs an answer. */
  questions: ReadonlyArray<{ id: number; required: boolean }>;
  /** Contact fields the restaurant does not ask for. */
  hideGuestInfo: { email: boolean; phone: boolean };
  /** A method is chosen here (none: an event-day suite order, or nothing to pay). */
  paying: boolean;
  postalCodeRequired: boolean;
  /** A delivered order: the fields its address type must have (the optional ones left out); null when not delivered. */
  deliveryRequired: ((delivery: CheckoutDelivery) => readonly string[]) | null;
  /** Dine-in at a restaurant that keeps tabs open. */
  tabOffered: boolean;
  /** A generic catering order that must name one of the restaurant's table locations. */
  tableLocationRequired: boolean;
  /** A guest may create an account here (a signed-in diner may not). */
  accountOffered: boolean;
  /**
   * E-mail and phone are checked only when given: an event-day suite order, which goes to the suite
   * and on its tab (an operator may order for a guest who has neither; plan-order.ts reading 1).
   */
  contactOptional: boolean;
}

/** A checkout that asks only what every order does (a name, the e-mail and phone): what a context changes is added to it. */
export const CHECKOUT_ASKING_NOTHING: CheckoutFormContext = {
  now: () => new Date(),
  needsPickupTime: false,
  questions: [],
  hideGuestInfo: { email: false, phone: false },
  paying: false,
  postalCodeRequired: false,
  deliveryRequired: null,
  tabOffered: false,
  tableLocationRequired: false,
  accountOffered: false,
  contactOptional: false,
};

/**
 * The room, floor or suite at a listed location: optional, at most `DELIVERY_DETAIL_MAX` characters
 * (the API's limit, contracts orders.ts) and no control characters (the API refuses them in every
 * body: text-input.ts), said on the field before anything is sent.
 */
function checkDeliveryDetail(delivery: CheckoutDelivery, issue: Issue): void {
  const detail = (delivery.detail ?? '').trim();
  if (delivery.type !== 'custom_location' || detail === '') return;
  if (detail.length > DELIVERY_DETAIL_MAX) issue(['delivery', 'detail'], { key: 'maxLength', params: { length: DELIVERY_DETAIL_MAX } });
  else if (hasControlCharacters(detail)) issue(['delivery', 'detail'], { key: 'controlCharacters' });
}

function checkDelivery(delivery: CheckoutDelivery, required: readonly string[], issue: Issue): void {
  if (delivery.type === null) return issue(['delivery', 'type'], { key: 'required' });
  const blank = required.filter((field) => (delivery[field as keyof CheckoutDelivery] ?? '').trim() === '');
  for (const field of blank) issue(['delivery', field], { key: 'required' });
  checkDeliveryDetail(delivery, issue);
  if (delivery.type !== 'default_address' || blank.includes('postalCode')) return;
  const postal = validatePostalCode(delivery.postalCode);
  if (!postal.ok) issue(['delivery', 'postalCode'], postal.error);
}

function checkContact(form: CheckoutForm, context: CheckoutFormContext, issue: Issue): void {
  const rule = <T>(path: [string, string], result: FieldResult<T>) => (result.ok ? undefined : issue(path, result.error));
  rule(['contact', 'full_name'], validateFullName(form.contact.full_name));
  const creating = context.accountOffered && form.account.create;
  const optional = (value: string) => context.contactOptional && value.trim() === '';
  if ((!context.hideGuestInfo.email || creating) && !optional(form.contact.email))
    rule(['contact', 'email'], validateEmail(form.contact.email));
  if (!context.hideGuestInfo.phone && !optional(form.contact.phone_number))
    rule(['contact', 'phone_number'], validatePhoneNumber(form.contact.phone_number));
  if (creating) rule(['account', 'password'], validatePassword(form.account.password));
}

function checkPayment(form: CheckoutForm, context: CheckoutFormContext, issue: Issue): void {
  const method = form.payment.paymentMethod;
  if (method === null) return issue(['payment', 'paymentMethod'], { key: 'required' });
  // A saved card was tokenised when it was saved: nothing to type.
  if (method === 'credit_card' && form.savedCard === null) {
    cardIssues(form.payment.card, context, issue, ['payment', 'card']);
  } else if (needsReference(method) && form.payment[REFERENCE_FIELD[method]].trim() === '') {
    issue(['payment', REFERENCE_FIELD[method]], { key: 'required' });
  }
}

/**
 * The checkout (POST /orders, after the card's token): what is required follows the order type and
 * the restaurant's settings in `context`. The output is the values as typed; the order's body is
 * built from them (ordering/checkout/checkout-model.ts orderBody), and the card's number and CVD go
 * only to the tokenizer.
 */
export function checkoutForm(context: CheckoutFormContext) {
  return CheckoutValues.superRefine((form, zod) => {
    const issue: Issue = (path, fieldMessage) => addFieldIssue(zod, path, fieldMessage);
    if (context.deliveryRequired) checkDelivery(form.delivery, context.deliveryRequired(form.delivery), issue);
    if (context.tableLocationRequired && form.tableLocation === '') issue(['tableLocation'], { key: 'required' });
    if (context.needsPickupTime && form.pickup.kind === 'none') issue(['pickup'], { key: 'required' });
    for (const question of context.questions) {
      if (question.required && (form.answers[question.id] ?? []).length === 0) issue(['answers', String(question.id)], { key: 'required' });
    }
    if (context.tabOffered && form.tab.open) {
      const owner = validateFullName(form.tab.owner);
      if (!owner.ok) issue(['tab', 'owner'], owner.error);
    }
    checkContact(form, context, issue);
    if (context.paying) checkPayment(form, context, issue);
  });
}

/**
 * A parent's school checkout (POST /orders, type school): a saved card, or a new one typed, checked
 * only where something is to be paid (`paying`). Each day's child is the cart's, refused before this
 * (features/school/school-checkout.tsx).
 */
/**
 * A parent's school checkout: a saved card or a new one where something is to be paid, and a phone
 * number where the account has none (`askPhone`): the school's orders need a way to reach the parent,
 * and an account may be made without one.
 */
export function schoolCheckoutForm(options: CardOptions & { paying: boolean; askPhone: boolean }) {
  const phone = options.askPhone ? Phone : z.string();
  return z.object({ savedCard: z.string().nullable(), card: CardText, phone }).superRefine((form, context) => {
    if (options.paying && form.savedCard === null)
      cardIssues(form.card, options, (path, message) => addFieldIssue(context, path, message), ['card']);
  });
}
export type SchoolCheckoutForm = z.input<ReturnType<typeof schoolCheckoutForm>>;

/** A guest's school checkout: who to reach (the contact rules) and, where something is to be paid, a card. */
export function schoolGuestCheckoutForm(options: CardOptions & { paying: boolean }) {
  return z.object({
    contact: z.object({ full_name: FullName, email: Email, phone_number: Phone }),
    card: options.paying ? cardFields(options) : CardText,
  });
}
export type SchoolGuestCheckoutForm = z.input<ReturnType<typeof schoolGuestCheckoutForm>>;

/**
 * Deleting one's account (POST /api/auth/delete-account): the password, or the e-mail of an account
 * without one, as typed; the server judges it, and the dialog says that nothing was typed as its failure.
 */
export const DeleteAccountForm = z.object({ confirmation: z.string() });
export type DeleteAccountForm = z.input<typeof DeleteAccountForm>;

/** A chain's location search by place name (the venue search's box): at least two characters to look a place up by. */
export const VenueSearchForm = z.object({ place: z.string().trim().min(2) });
export type VenueSearchForm = z.input<typeof VenueSearchForm>;

/** A tax rate typed as a percentage of at most 100 with at most 5 decimals ("13", "9.975", French "9,975"), or nothing. */
const MenuTaxPercent = z.string().refine((typed) => {
  const text = typed.trim().replace(',', '.');
  return text === '' || (/^\d{1,3}(\.\d{1,5})?$/.test(text) && Number(text) <= 100);
});

/** The menu editor's flags of an item, by their names in the tenant file (tenant-file.ts `Item`). */
export const MENU_ITEM_FLAGS = [
  'featured_item',
  'upsell_item',
  'alcoholic_beverage',
  'meal_package',
  'tax_rebate_eligibility',
  'unavailable',
] as const;
export type MenuItemFlag = (typeof MENU_ITEM_FLAGS)[number];

/** One box per diet and allergen word of the file's lists (tenant-file.ts `DIETS`, `ALLERGENS`): an item's, or an option value's. */
const WordBoxesForm = z.object({
  diets: z.object(Object.fromEntries(DIETS.map((diet) => [diet, z.boolean()])) as Record<(typeof DIETS)[number], z.ZodBoolean>),
  allergens: z.object(
    Object.fromEntries(ALLERGENS.map((allergen) => [allergen, z.boolean()])) as Record<(typeof ALLERGENS)[number], z.ZodBoolean>,
  ),
});

/** One box per item promo of the restaurant, keyed `p{id}` (a number would make React Hook Form build an array). */
const PromoBoxesForm = z.record(z.string().regex(/^p\d{1,9}$/), z.boolean());

/**
 * An item in the staff menu editor (saved as the draft with PUT /api/staff/menu/draft): its texts in
 * English and French, its price as typed in dollars (exact cents by `typedDollarsToCents`; negative or
 * malformed is refused), calories as a whole number or nothing, and its flags.
 */
export const MenuItemForm = z.object({
  name_en: z.string().trim().min(1),
  name_fr: z.string(),
  description_en: z.string(),
  description_fr: z.string(),
  price: z.string().refine((text) => typedDollarsToCents(text) !== null),
  calories: z.string().refine((text) => text.trim() === '' || /^\d{1,5}$/.test(text.trim())),
  flags: z.object(Object.fromEntries(MENU_ITEM_FLAGS.map((flag) => [flag, z.boolean()])) as Record<MenuItemFlag, z.ZodBoolean>),
  ...WordBoxesForm.shape,
  /** The item's own tax rates as percentages ("13", "9.975"); empty: the section's, menu's or restaurant's rate. */
  tax1: MenuTaxPercent,
  tax2: MenuTaxPercent,
  /** One box per item promo of the restaurant, keyed `p{id}`: checked, the item names the promo. */
  promos: PromoBoxesForm,
});
export type MenuItemForm = z.input<typeof MenuItemForm>;

/** A menu's or section's own tax rates (tenant-file.ts `tax_rate`) as percentages; empty: the level above's. */
export const TaxRatesForm = z.object({ tax1: MenuTaxPercent, tax2: MenuTaxPercent });
export type TaxRatesForm = z.input<typeof TaxRatesForm>;

/** How a menu is ordered from (tenant-file.ts `Menu`): the ways diners order and its timings. */
export const MENU_ORDERING_WAYS = ['on_demand', 'scheduled', 'dine_in', 'member_only'] as const;
export type MenuOrderingWay = (typeof MENU_ORDERING_WAYS)[number];
/** A whole number of 0 to 9999 (minutes, orders) as typed, or nothing; `least` 1 for a slot's length. */
const wholeOrNothing = (least: 0 | 1) =>
  z.string().refine((text) => text.trim() === '' || (/^\d{1,4}$/.test(text.trim()) && Number(text.trim()) >= least));

/**
 * A menu's ordering in the menu editor: on demand, scheduled, dine-in, members only, and its last
 * call, required notice, slot length (minutes) and capacity (orders per slot), each empty for none.
 */
export const MenuOrderingForm = z.object({
  ways: z.object(Object.fromEntries(MENU_ORDERING_WAYS.map((way) => [way, z.boolean()])) as Record<MenuOrderingWay, z.ZodBoolean>),
  last_call_time: wholeOrNothing(0),
  required_notice: wholeOrNothing(0),
  ordering_interval: wholeOrNothing(1),
  max_orders_per_interval: wholeOrNothing(0),
});
export type MenuOrderingForm = z.input<typeof MenuOrderingForm>;

/** The days of a price schedule, Sunday first (domain price-schedule.ts). */
export const SCHEDULE_DAYS = WEEKDAYS;

/**
 * An item's price schedule in the menu editor (spec pricing.md 1.1): on or off, a price in dollars
 * per letter (empty: the letter is not used), and per weekday its ranges as typed ("11:00-16:00 A,
 * 16:00-19:00 B"; domain price-schedule-ranges.ts). A day that does not parse, or that uses a letter
 * without a price, is that day's field's message; on, at least one price is needed.
 */
export const PriceScheduleForm = z
  .object({
    scheduled: z.boolean(),
    prices: z.record(
      z.string().regex(/^[A-WYZ]$/),
      z.string().refine((text) => text.trim() === '' || typedDollarsToCents(text) !== null),
    ),
    days: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, z.string()])) as Record<(typeof WEEKDAYS)[number], z.ZodString>),
  })
  .superRefine((form, ctx) => {
    if (!form.scheduled) return;
    const priced = new Set(Object.entries(form.prices).flatMap(([letter, text]) => (text.trim() === '' ? [] : [letter])));
    if (priced.size === 0) ctx.addIssue({ code: 'custom', path: ['prices', 'A'], message: 'a schedule needs a price' });
    for (const day of WEEKDAYS) {
      const slots = parseDayRanges(form.days[day]);
      if (slots === null || [...slots].some((letter) => letter !== 'X' && !priced.has(letter)))
        ctx.addIssue({ code: 'custom', path: ['days', day], message: 'must be ranges such as 11:00-16:00 A with priced letters' });
    }
  });
export type PriceScheduleForm = z.input<typeof PriceScheduleForm>;

/** A name in English (required) and French (left empty: French diners read the English) — a menu, a section, a menu group. */
export const MenuNameForm = z.object({ name_en: z.string().trim().min(1), name_fr: z.string() });
export type MenuNameForm = z.input<typeof MenuNameForm>;

/** One value (choice) of an option group in the menu editor: its name in both languages, its price delta in dollars, and its pricing. */
export const OptionValueForm = z.object({
  /** The value's id in the file; null for a value added in this form (the file's next id is given when saved). */
  id: z.number().int().nullable(),
  name_en: z.string().trim().min(1),
  name_fr: z.string(),
  price: z.string().refine((text) => typedDollarsToCents(text) !== null),
  /** What a diner with a diet or an allergy needs to know of this choice ("Add cheese": Dairy). */
  ...WordBoxesForm.shape,
  /**
   * The choice's own price by weekday and time, tax rates and item promos, as an item's (tenant-file.ts
   * `ItemFields`, which an option value shares): off, empty and unchecked, the value has none of them.
   */
  schedule: PriceScheduleForm,
  tax1: MenuTaxPercent,
  tax2: MenuTaxPercent,
  promos: PromoBoxesForm,
});
export type OptionValueForm = z.input<typeof OptionValueForm>;

/**
 * An item's option group in the menu editor (the tenant file's option group: required, several
 * choices allowed, at most `limit` of them) with its values in order. A group needs at least one
 * value, as the file does (tenant-file.ts).
 */
export const OptionGroupForm = z.object({
  name_en: z.string().trim().min(1),
  name_fr: z.string(),
  required: z.boolean(),
  allow_multiple_selection: z.boolean(),
  limit: z.string().refine((text) => text.trim() === '' || /^[1-9]\d{0,2}$/.test(text.trim())),
  values: z.array(OptionValueForm).min(1),
});
export type OptionGroupForm = z.input<typeof OptionGroupForm>;
