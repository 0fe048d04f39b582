/**
 * Table types for Kysely. Flags are integers 0/1 and times ISO-8601 text on both SQLite and
 * PostgreSQL, so one set of migrations and queries serves both (docs/decisions/0002-storage.md).
 * Menu entities keep their indexed columns apart and the rest of their fields as JSON text in `data`.
 */
import type { DeliveryState } from '@servery/domain/delivery-retries';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export interface RestaurantsTable {
  id: number;
  slug: string;
  name: string;
  group_slug: string | null;
  settings: string;
  menu_version: number;
  created_at: string;
  updated_at: string;
}

export interface RestaurantHostsTable {
  host: string;
  restaurant_id: number;
}

interface TenantRow {
  restaurant_id: number;
  id: number;
  position: number;
  data: string;
}

export interface MenuGroupsTable extends TenantRow {
  published_at: string | null;
}

export interface MenusTable extends TenantRow {
  menu_group_id: number;
  published_at: string | null;
  deleted_at: string | null;
}

export interface SectionsTable extends TenantRow {
  menu_id: number;
  published_at: string | null;
}

export interface ItemsTable extends TenantRow {
  menu_id: number;
  section_id: number | null;
  price_cents: number;
  sold_out: number;
  published_at: string | null;
}

export interface OptionGroupsTable extends TenantRow {
  item_id: number;
  parent_value_id: number | null;
}

export interface OptionValuesTable extends TenantRow {
  option_group_id: number;
  price_cents: number;
  published_at: string | null;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  created_at: string;
  /** Migration 0009: the tip preselected at checkout, a whole percentage; null: the restaurant's default. */
  default_tip_percent: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 0009: a promo code the diner keeps for their orders. */
  promo_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0027: the restaurant where the account was made; brands e-mails about the account. */
  home_restaurant_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface StudentsTable {
  id: Generated<number>;
  restaurant_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  school: string;
  grade: string;
  classroom: string;
  teacher: string;
  /** Comma list of the spec's allergen names; '' for none (migration 0011). */
  allergens: Generated<string>;
}

export interface SuiteRolesTable {
  restaurant_id: number;
  user_id: number;
  role: 'owner' | 'operator';
}

export interface OrdersTable {
  id: string;
  restaurant_id: number;
  user_id: number | null;
  status: string;
  order_type: string;
  total_cents: number;
  data: string;
  placed_at: string;
  updated_at: string;
}

export interface GiftCardsTable {
  restaurant_id: number;
  /** HMAC-SHA-256 of the number under the server's key (lib/secret-digests.ts): the number itself is never stored. */
  number_hash: string;
  /** The number's last four characters, for display. */
  last_four: string;
  balance_cents: number;
  updated_at: string;
  /** Migration 0036: `staff` (issued from the console) or `file` (a tenant file's card). */
  source: ColumnType<'staff' | 'file', 'staff' | 'file' | undefined, 'staff' | 'file'>;
  /** Migration 0036: cents it was issued for; null for a file's card imported before 0036. */
  issued_cents: ColumnType<number | null, number | null | undefined, number | null>;
  issued_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The user who issued it (no foreign key: an erased account leaves the card). */
  issued_by: ColumnType<number | null, number | null | undefined, number | null>;
  recipient: ColumnType<string | null, string | null | undefined, string | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  /** The issue's random id, from which its number is derived under the server's key (lib/secret-digests.ts). */
  issue_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The issue's Idempotency-Key, unique per restaurant. */
  issue_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DiscountCodeUsesTable {
  restaurant_id: number;
  code: string;
  order_id: string;
  used_at: string;
}

export interface Database {
  restaurants: RestaurantsTable;
  restaurant_hosts: RestaurantHostsTable;
  menu_groups: MenuGroupsTable;
  menus: MenusTable;
  sections: SectionsTable;
  items: ItemsTable;
  option_groups: OptionGroupsTable;
  option_values: OptionValuesTable;
  users: UsersTable;
  students: StudentsTable;
  suite_roles: SuiteRolesTable;
  orders: OrdersTable;
  gift_cards: GiftCardsTable;
  discount_code_uses: DiscountCodeUsesTable;
}

export type RestaurantRow = Selectable<RestaurantsTable>;
export type NewUser = Insertable<UsersTable>;

// Placing and paying for orders (migration 0004). Interfaces merge with the ones above.

export interface OrdersTable {
  /** Per restaurant, from order_numbers; null only for rows older than migration 0004. */
  number: number | null;
  /** The reserved slot's start (ISO), for capacity; null for ASAP and dine-in. */
  pickup_slot: string | null;
  pickup_time: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  /**
   * The SHA-256 (hex) of the diner's secret to read this order (confirmation screen); the secret
   * itself is given once at placement and never stored (lib/secret-digests.ts `orderAccessToken`).
   */
  access_token_hash: string | null;
  locale: string | null;
}

// School orders (migration 0011).
export interface OrdersTable {
  checkout_id: string | null;
  /** yyyy-MM-dd in the restaurant's zone. */
  school_date: string | null;
  student_id: number | null;
  /** Meal-package items in the order (the meals per day count). */
  meal_count: number | null;
}

export interface IdempotencyKeysTable {
  restaurant_id: number;
  key: string;
  request_hash: string;
  order_id: string | null;
  created_at: string;
}

export interface OrderNumbersTable {
  restaurant_id: number;
  last_number: number;
}

export interface SlotLocksTable {
  restaurant_id: number;
  slot: string;
  placements: number;
}

export interface DiscountCodeCountersTable {
  restaurant_id: number;
  code: string;
  uses: number;
}

export interface CardTokensTable {
  token: string;
  restaurant_id: number;
  processor: string;
  brand: string;
  last4: string;
  /** MMYY */
  expiry: string;
  postal_code: string | null;
  sandbox_outcome: string;
  created_at: string;
  expires_at: string;
}

export interface PaymentsTable {
  id: string;
  restaurant_id: number;
  order_id: string;
  processor: string;
  method: string;
  card_token: string | null;
  brand: string | null;
  last4: string | null;
  /** authorised, captured, voided, refunded, partially_refunded */
  status: string;
  amount_cents: number;
  captured_cents: number;
  refunded_cents: number;
  created_at: string;
  updated_at: string;
}

export interface OutboxTable {
  id: string;
  restaurant_id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  locale: string;
  order_id: string | null;
  created_at: string;
  sent_at: string | null;
  /** Migration 0021: where the relay stands with it (domain/delivery-retries.ts). */
  status: Generated<DeliveryState>;
  attempts: Generated<number>;
  /** Not before this instant (null: at once). */
  next_attempt_at: string | null;
  /** A relay process holds the row until then while it sends it. */
  lease_until: string | null;
  /** Why the last attempt failed: a reply code or an error code, never the message or its recipient. */
  last_error: string | null;
}

export interface OrderNotificationsTable {
  id: string;
  restaurant_id: number;
  order_id: string;
  phone: string;
  locale: string;
  created_at: string;
  notified_at: string | null;
}

export interface Database {
  idempotency_keys: IdempotencyKeysTable;
  order_numbers: OrderNumbersTable;
  slot_locks: SlotLocksTable;
  discount_code_counters: DiscountCodeCountersTable;
  card_tokens: CardTokensTable;
  payments: PaymentsTable;
  outbox: OutboxTable;
  order_notifications: OrderNotificationsTable;
}

// Accounts and sessions (migration 0005). Interfaces merge with the ones above.

export type SessionKind = 'user' | 'operator';

export interface SessionsTable {
  id: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  kind: SessionKind;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: string;
  hits: number;
  expires_at: string;
}

export interface SignInAddressesTable {
  user_id: number;
  address_hash: string;
  last_seen_at: string;
}

export interface UserCreditsTable {
  id: string;
  user_id: number;
  restaurant_id: number;
  amount_cents: number;
  remaining_cents: number;
  reason: string;
  order_id: string | null;
  created_at: string;
  expires_at: string;
}

export interface UserSubsidyCodesTable {
  restaurant_id: number;
  user_id: number;
  code: string;
  created_at: string;
}

export interface Database {
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  sign_in_addresses: SignInAddressesTable;
  user_credits: UserCreditsTable;
  user_subsidy_codes: UserSubsidyCodesTable;
}

// Saved cards (migration 0006). Interfaces merge with the ones above.

export interface PaymentMethodsTable {
  /** "pm_…": the paymentCardId the web sees. */
  id: string;
  user_id: number;
  /** The processor that holds `reference` (a card saved on one processor is not usable on another). */
  processor: string;
  /** The processor's lasting reference to the card; never a number or a CVD. */
  reference: string;
  brand: string;
  last4: string;
  /** MMYY */
  expiry: string;
  is_default: number;
  created_at: string;
}

export interface SandboxSavedCardsTable {
  reference: string;
  brand: string;
  last4: string;
  /** MMYY */
  expiry: string;
  postal_code: string | null;
  sandbox_outcome: string;
  created_at: string;
}

export interface Database {
  payment_methods: PaymentMethodsTable;
  sandbox_saved_cards: SandboxSavedCardsTable;
}

// Social sign-in (migration 0007). Interfaces merge with the ones above.

export interface UserIdentitiesTable {
  provider: string;
  /** Null for a link made before migration 0037, until its next sign-in. */
  issuer: string | null;
  subject: string;
  user_id: number;
  email: string | null;
  created_at: string;
}

export interface SocialTokenUsesTable {
  token_hash: string;
  expires_at: string;
}

/** A sign-in under way (migration 0037). */
export interface SocialSignInFlowsTable {
  state_hash: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  browser_hash: string;
  return_to: string;
  /** Where a new account is made (its users.home_restaurant_id); not a tenant key: the flow is the person's. */
  home_restaurant_id: number | null;
  expires_at: string;
  /** A link from the profile (migration 0041): the account it links for, and the session that must still be signed in; null for a sign-in. */
  link_user_id: number | null;
  link_session_id: string | null;
  /** Apple's `user` field, posted with its form_post answer (migration 0042): a new account's name; null when none was posted. */
  posted_first_name: string | null;
  posted_last_name: string | null;
}

export interface Database {
  user_identities: UserIdentitiesTable;
  social_token_uses: SocialTokenUsesTable;
  social_sign_in_flows: SocialSignInFlowsTable;
}

// Restaurant staff (migration 0008). Interfaces merge with the ones above.

export interface RestaurantStaffTable {
  restaurant_id: number;
  user_id: number;
  /** owner, manager or staff (packages/domain/src/staff-roles.ts; migration 0015). */
  role: 'owner' | 'manager' | 'staff';
  created_at: string;
}

export interface Database {
  restaurant_staff: RestaurantStaffTable;
}

// Event suites (migration 0012). Interfaces merge with the ones above.

export interface OrdersTable {
  /** The event suite of a suite order; null for any other order. */
  event_suite_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 'pre_order' or 'event_day' for a suite order. */
  suite_order_kind: ColumnType<string | null, string | null | undefined, string | null>;
  /** The operator who placed the order acting for the suite (login-as). */
  operator_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SessionsTable {
  /** A login-as session: the operator acting in it and the event suite it orders for. */
  login_as_operator_id: ColumnType<number | null, number | null | undefined, number | null>;
  login_as_event_suite_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface EventSuiteTabsTable {
  restaurant_id: number;
  event_suite_id: number;
  /** null: no limit. */
  limit_cents: number | null;
  spent_cents: number;
  payment_preference: 'charge' | 'invoice' | null;
  preference_submitted_at: string | null;
  closed_at: string | null;
  updated_at: string;
}

// Closing and settling tabs, guest login-as (migration 0017). Interfaces merge with the ones above.
export type TabSettlementStatus = 'charged' | 'invoiced' | 'nothing_due' | 'awaiting_preference' | 'failed';

export interface EventSuiteTabsTable {
  /** When the tab closes: its event's end (ISO); null on rows made before migration 0017 until the sweep fills it. */
  closes_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who closed the tab (an operator); null when the server's clock closed it at the end of the event. */
  closed_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** null while the tab is open. */
  settlement_status: ColumnType<TabSettlementStatus | null, TabSettlementStatus | null | undefined, TabSettlementStatus | null>;
  /** What the settlement charged or invoiced, in cents. */
  settled_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** The processor's payment id (charged) or the invoice number (invoiced). */
  settlement_reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON: the card charged (brand, last4) or why the charge failed. */
  settlement_detail: ColumnType<string | null, string | null | undefined, string | null>;
  settled_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  /** A login-as session for a guest of the suite without an account: the guest's name. */
  login_as_guest_name: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SuiteAuditTable {
  id: string;
  restaurant_id: number;
  event_suite_id: number;
  actor_user_id: number;
  action: string;
  /** JSON: what changed, or for whom the operator acted. */
  detail: string;
  created_at: string;
}

export interface Database {
  event_suite_tabs: EventSuiteTabsTable;
  suite_audit: SuiteAuditTable;
}

// A restaurant's team: invitations and the audit of changes (migration 0015). Interfaces merge with the ones above.

export interface StaffInvitationsTable {
  id: string;
  restaurant_id: number;
  email: string;
  role: 'owner' | 'manager' | 'staff';
  token_hash: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: number | null;
  revoked_at: string | null;
}

export interface StaffAuditTable {
  id: string;
  restaurant_id: number;
  actor_user_id: number | null;
  actor_email: string;
  action: string;
  subject: string;
  detail: string | null;
  at: string;
}

export interface Database {
  staff_invitations: StaffInvitationsTable;
  staff_audit: StaffAuditTable;
}

// Order events (migration 0016). Interfaces merge with the ones above.

export interface OrderEventsTable {
  id: string;
  restaurant_id: number;
  order_id: string;
  /** placed, or the status the order moved to (domain/order-lifecycle.ts). */
  type: string;
  actor_user_id: number | null;
  /** Why staff cancelled or refunded, as they wrote it. */
  reason: string | null;
  at: string;
}

/** A suite tab's change the screens show, written by the tab row's trigger (migration 0025); read by ports/order-events.ts. */
export interface SuiteTabChangesTable {
  seq: Generated<number>;
  restaurant_id: number;
  event_suite_id: number;
  at: Generated<string>;
}

export interface Database {
  order_events: OrderEventsTable;
  suite_tab_changes: SuiteTabChangesTable;
}

// Marketplace hubs (migration 0019). Interfaces merge with the ones above.

export interface OrdersTable {
  /** The hub's vendor a marketplace order is for; null for any other order. */
  vendor_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RestaurantStaffTable {
  /** A member who works one vendor's counter of a hub; null for the whole restaurant. */
  vendor_id: ColumnType<number | null, number | null | undefined, number | null>;
}

// Webhooks (migration 0022). Interfaces merge with the ones above.

export interface WebhookEndpointsTable {
  id: string;
  restaurant_id: number;
  url: string;
  description: string | null;
  secret: string;
  created_by: number | null;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  restaurant_id: number;
  /** The order event's id: the receiver's key to apply it once. */
  event_id: string;
  event_type: string;
  order_id: string;
  /** The JSON sent, the same on every attempt. */
  body: string;
  status: DeliveryState;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface Database {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

/** A restaurant's menu draft (migration 0028): `file` null once published, the revision kept counting. */
export interface MenuDraftsTable {
  restaurant_id: number;
  revision: number;
  file: string | null;
  saved_by: number | null;
  saved_at: string | null;
}

/** The current draft's last saved files, to name what changed since a refused save's base. */
export interface MenuDraftRevisionsTable {
  restaurant_id: number;
  revision: number;
  file: string;
  saved_by: number | null;
  saved_at: string;
}

/** One publish: the menu version it made, who and when, its summary (JSON) and the whole file (JSON). */
export interface MenuHistoryTable {
  restaurant_id: number;
  version: number;
  published_by: number | null;
  published_at: string;
  summary: string;
  file: string;
  /** `console`, or `tenants_import`: the data the server's import wrote, recorded at the first console publish (migration 0044). */
  origin: ColumnType<'console' | 'tenants_import', 'console' | 'tenants_import' | undefined, never>;
}

export interface Database {
  menu_drafts: MenuDraftsTable;
  menu_draft_revisions: MenuDraftRevisionsTable;
  menu_history: MenuHistoryTable;
}

// Kitchen ticket printing (migration 0029, docs/kitchen-printing.md).

/** A restaurant's network ESC/POS printer. */
export interface KitchenPrintersTable {
  restaurant_id: number;
  host: string;
  port: number;
  /** 32 (58 mm paper) or 48 (80 mm). */
  columns: number;
  /** 1 on, 0 off. */
  enabled: number;
  /** The order event that prints a ticket: `placed` or `accepted`. */
  print_on: string;
  updated_by: number | null;
  updated_at: string;
}

/** One ticket to print: an outbox row (queued, retrying, sent, failed). */
export interface KitchenTicketsTable {
  restaurant_id: number;
  id: string;
  dedupe_key: string;
  reason: string;
  order_id: string | null;
  requested_by: number | null;
  status: string;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  printed_at: string | null;
}

export interface Database {
  kitchen_printers: KitchenPrintersTable;
  kitchen_tickets: KitchenTicketsTable;
}

// Menu photos uploaded in the menu editor (migration 0030, docs/decisions/0102-menu-images-in-the-database.md).

/** One resized variant of one uploaded photo, addressed by the SHA-256 of the uploaded bytes. */
export interface MenuImagesTable {
  restaurant_id: number;
  hash: string;
  /** `card-96`, `card-192`, `wide-480` or `wide-960` (use-cases/menus/menu-images.ts). */
  variant: string;
  content_type: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  uploaded_by: number | null;
  created_at: string;
}

export interface Database {
  menu_images: MenuImagesTable;
}

// Stock counts (migration 0033, docs/decisions/0105-stock-counts.md).

/** How many of an item are left, for an item staff count; no row: not counted. */
export interface ItemStockTable {
  restaurant_id: number;
  item_id: number;
  remaining: number;
  updated_at: string;
}

export interface Database {
  item_stock: ItemStockTable;
}

// Pre-order reminders to suite owners (migration 0034, docs/decisions/0106-suite-pre-order-reminders.md).

/** One reminder sent: the row is the claim (its key), made in the transaction that queued the e-mail. */
export interface SuiteRemindersTable {
  restaurant_id: number;
  event_suite_id: number;
  /** The owner's e-mail, normalised. */
  recipient: string;
  event_id: number;
  lock_at: string;
  locale: string;
  created_at: string;
}

// Kitchen stations (migration 0035, docs/decisions/0107-kitchen-stations.md).

/** One line of an order made at its station; no row: still to make there. */
export interface StationBumpsTable {
  restaurant_id: number;
  order_id: string;
  line_id: number;
  station: string;
  bumped_by: number | null;
  bumped_at: string;
}

export interface Database {
  station_bumps: StationBumpsTable;
  suite_reminders: SuiteRemindersTable;
}

// K-12 standing weekly orders (migration 0038, docs/decisions/0118-standing-weekly-orders.md).

export interface StandingOrdersTable {
  id: string;
  restaurant_id: number;
  user_id: number;
  student_id: number;
  payment_method_id: string;
  /** JSON: per weekday, the lines (StandingPattern in contracts/standing-orders.ts). */
  pattern: string;
  paused: number;
  /** JSON arrays of yyyy-MM-dd. */
  skipped_dates: string;
  skipped_weeks: string;
  start_date: string;
  locale: string;
  created_at: string;
  updated_at: string;
  /** One more at every change (migration 0043): a day's save names the version it read. */
  version: Generated<number>;
}

export type StandingPlacementStatus = 'placing' | 'placed' | 'failed';

/** One (standing order, date) the job handled: the row is the claim, its outcome written on it. */
export interface StandingOrderPlacementsTable {
  restaurant_id: number;
  standing_order_id: string;
  date: string;
  status: StandingPlacementStatus;
  order_id: string | null;
  order_number: number | null;
  amount_cents: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  standing_orders: StandingOrdersTable;
  standing_order_placements: StandingOrderPlacementsTable;
}
