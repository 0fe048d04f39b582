/**
 * Who runs a restaurant on Servery and what each role may do. A restaurant's staff are users linked
 * to it with one role:
 *
 * - owner: everything, including the team's owners and managers.
 * - manager: the day's running (orders, availability, sales, integrations such as webhooks), the
 *   restaurant's menus and settings (the tenant file: export and import), gift cards, and the
 *   staff role: invites staff, removes staff. A manager never makes, changes or removes an owner or
 *   another manager.
 * - staff: the order board and availability (the kitchen and the counter), and a read of the menu
 *   editor's draft, preview and history (`menu_view`): the kitchen sees what is coming, changes nothing.
 *
 * A restaurant always keeps an owner: the last one can be neither removed nor moved to another role.
 * Anyone may leave a team (remove themselves) except that last owner.
 */
export const STAFF_ROLES = ['owner', 'manager', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * `menu`: change the menus and settings (the tenant file, drafts, publish, restore); `menu_view`: read the draft, its preview and the history;
 * `gift_cards`: issue gift cards and read their balances (live money: docs/decisions/0112-gift-cards-issued-from-the-console.md).
 */
export const STAFF_AREAS = ['orders', 'availability', 'team', 'sales', 'integrations', 'menu', 'menu_view', 'gift_cards'] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

/** What each role opens; the API checks it on every call and the web hides what a role cannot open. */
export const ROLE_AREAS: Readonly<Record<StaffRole, readonly StaffArea[]>> = {
  owner: ['orders', 'availability', 'team', 'sales', 'integrations', 'menu', 'menu_view', 'gift_cards'],
  manager: ['orders', 'availability', 'team', 'sales', 'integrations', 'menu', 'menu_view', 'gift_cards'],
  staff: ['orders', 'availability', 'menu_view'],
};

/** How long an invitation link works: a week, time to see the e-mail after a weekend off. */
export const STAFF_INVITATION_DAYS = 7;

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export function canOpen(role: StaffRole, area: StaffArea): boolean {
  return ROLE_AREAS[role].includes(area);
}

/**
 * Money going back to a diner (a refund, whole or partial: docs/decisions/0103-partial-refunds.md) is
 * the owners' and managers' call, as the sales are theirs to read: the kitchen's staff role runs the
 * board and cannot refund.
 */
export function canRefund(role: StaffRole): boolean {
  return canOpen(role, 'sales');
}

/** The roles `actor` may hand out (by invitation or a change of role). */
export function assignableRoles(actor: StaffRole): readonly StaffRole[] {
  if (actor === 'owner') return STAFF_ROLES;
  if (actor === 'manager') return ['staff'];
  return [];
}

export type TeamRefusal = 'ROLE_NOT_ALLOWED' | 'LAST_OWNER';
export type TeamDecision = { ok: true } | { ok: false; error: TeamRefusal };

const OK: TeamDecision = { ok: true };

/** May `actor` give the role `to` to a member who has `from`? `owners` counts the team's owners now. */
export function canChangeRole(input: { actor: StaffRole; from: StaffRole; to: StaffRole; owners: number }): TeamDecision {
  const { actor, from, to, owners } = input;
  if (!assignableRoles(actor).includes(from) || !assignableRoles(actor).includes(to)) return { ok: false, error: 'ROLE_NOT_ALLOWED' };
  if (from === 'owner' && to !== 'owner' && owners <= 1) return { ok: false, error: 'LAST_OWNER' };
  return OK;
}

/** May `actor` remove a member with role `member` (themselves when `self`)? */
export function canRemoveMember(input: { actor: StaffRole; member: StaffRole; self: boolean; owners: number }): TeamDecision {
  const { actor, member, self, owners } = input;
  if (!self && !assignableRoles(actor).includes(member)) return { ok: false, error: 'ROLE_NOT_ALLOWED' };
  if (member === 'owner' && owners <= 1) return { ok: false, error: 'LAST_OWNER' };
  return OK;
}

/** May `actor` invite someone as `role`? */
export function canInvite(actor: StaffRole, role: StaffRole): TeamDecision {
  return assignableRoles(actor).includes(role) ? OK : { ok: false, error: 'ROLE_NOT_ALLOWED' };
}

/** The moment an invitation made at `now` stops working. */
export function invitationExpiry(now: Date): Date {
  return new Date(now.getTime() + STAFF_INVITATION_DAYS * 86_400_000);
}
