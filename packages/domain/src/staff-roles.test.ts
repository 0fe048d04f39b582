import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canChangeRole,
  canInvite,
  canOpen,
  canRemoveMember,
  invitationExpiry,
  isStaffRole,
  type StaffRole,
} from './staff-roles';

describe('what each role opens', () => {
  it.each([
    ['owner', 'integrations', true],
    ['owner', 'team', true],
    ['manager', 'team', true],
    ['manager', 'sales', true],
    ['manager', 'integrations', true],
    ['staff', 'orders', true],
    ['staff', 'availability', true],
    ['staff', 'team', false],
    ['staff', 'sales', false],
    ['owner', 'menu', true],
    ['manager', 'menu', true],
    ['staff', 'menu', false],
    ['owner', 'menu_view', true],
    ['manager', 'menu_view', true],
    ['staff', 'menu_view', true],
  ] as const)('%s opens %s: %s', (role, area, expected) => {
    expect(canOpen(role, area)).toBe(expected);
  });
});

describe('who may invite whom', () => {
  it.each([
    ['owner', 'owner', true],
    ['owner', 'manager', true],
    ['owner', 'staff', true],
    ['manager', 'staff', true],
    ['manager', 'manager', false],
    ['manager', 'owner', false],
    ['staff', 'staff', false],
  ] as const)('%s invites a %s: %s', (actor, role, ok) => {
    expect(canInvite(actor, role).ok).toBe(ok);
  });
  it('hands out roles only a role may give', () => {
    expect(assignableRoles('staff')).toEqual([]);
    expect(assignableRoles('manager')).toEqual(['staff']);
  });
});

describe('changing a role', () => {
  const cases: Array<[StaffRole, StaffRole, StaffRole, number, string]> = [
    ['owner', 'staff', 'manager', 1, 'ok'],
    ['owner', 'manager', 'owner', 1, 'ok'],
    ['owner', 'owner', 'manager', 2, 'ok'],
    ['owner', 'owner', 'manager', 1, 'LAST_OWNER'],
    ['manager', 'staff', 'manager', 1, 'ROLE_NOT_ALLOWED'],
    ['manager', 'manager', 'staff', 1, 'ROLE_NOT_ALLOWED'],
    ['manager', 'owner', 'staff', 3, 'ROLE_NOT_ALLOWED'],
    ['staff', 'staff', 'manager', 1, 'ROLE_NOT_ALLOWED'],
  ];
  it.each(cases)('%s moves a %s to %s with %i owner(s): %s', (actor, from, to, owners, expected) => {
    const decision = canChangeRole({ actor, from, to, owners });
    expect(decision.ok ? 'ok' : decision.error).toBe(expected);
  });
});

describe('removing a member', () => {
  const cases: Array<[StaffRole, StaffRole, boolean, number, string]> = [
    ['owner', 'staff', false, 1, 'ok'],
    ['owner', 'owner', false, 2, 'ok'],
    ['owner', 'owner', true, 1, 'LAST_OWNER'],
    ['manager', 'staff', false, 1, 'ok'],
    ['manager', 'manager', false, 1, 'ROLE_NOT_ALLOWED'],
    ['manager', 'manager', true, 1, 'ok'],
    ['staff', 'staff', true, 1, 'ok'],
    ['staff', 'staff', false, 1, 'ROLE_NOT_ALLOWED'],
  ];
  it.each(cases)('%s removes a %s (self: %s) with %i owner(s): %s', (actor, member, self, owners, expected) => {
    const decision = canRemoveMember({ actor, member, self, owners });
    expect(decision.ok ? 'ok' : decision.error).toBe(expected);
  });
});

describe('invitations', () => {
  it('work for seven days', () => {
    expect(invitationExpiry(new Date('2026-11-24T12:00:00Z')).toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });
  it('name a role by its word', () => {
    expect(isStaffRole('manager')).toBe(true);
    expect(isStaffRole('chef')).toBe(false);
  });
});
