import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../db/accounts-repository';
import { hashPassword } from '../../lib/password';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';

const PLACE = 301;
const OTHER = 302;
const PAIR = 303;
const PASSWORD = 'Kitchen-Team-9!';

let t: TestApp;
const tokens = { owner: '', otherOwner: '' };
const ids = { owner: 0 };
let emails = 0;

const member = async (email: string, restaurantId: number, role: 'owner' | 'manager' | 'staff') =>
  staffMember(t.database.db, {
    email,
    restaurantId,
    role,
    passwordHash: await hashPassword(PASSWORD),
    firstName: email.split('@')[0] ?? 'Someone',
    lastName: 'Team',
  });

beforeAll(async () => {
  t = await createTestApp([
    asSource(tenantFixture({ id: PLACE, slug: 'team-place' })),
    asSource(tenantFixture({ id: OTHER, slug: 'team-other' })),
    asSource(tenantFixture({ id: PAIR, slug: 'team-pair' })),
  ]);
  const owner = await member('olga@team-place.example.com', PLACE, 'owner');
  tokens.owner = owner.token;
  ids.owner = owner.id;
  tokens.otherOwner = (await member('oscar@team-other.example.com', OTHER, 'owner')).token;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: object, tenant = 'team-place', locale = 'en-CA') =>
  t.app.inject({
    method,
    url,
    headers: { 'x-restaurant-id': tenant, 'accept-language': locale, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });

const newEmail = (who: string) => `${who}-${(emails += 1)}@example.com`;

/** Invites and reads the link out of the e-mail that the mailer queued, as the invitee would. */
async function invite(email: string, role: string, token = tokens.owner, locale = 'en-CA') {
  const answer = await call('POST', '/api/staff/invitations', token, { email, role }, 'team-place', locale);
  expect(answer.statusCode, answer.body).toBe(200);
  const mail = await t.database.db
    .selectFrom('outbox')
    .select(['subject', 'body', 'recipient'])
    .where('recipient', '=', email.toLowerCase())
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+\/team-place\/staff\/join\?token=([\w-]+)/.exec(mail.body);
  expect(link, mail.body).not.toBeNull();
  return { invitation: answer.json().invitation, token: link![1]!, mail };
}

const accept = (payload: object) => call('POST', '/api/staff/invitations/accept', null, payload);
const team = (token = tokens.owner) => call('GET', '/api/staff/team', token);

describe('inviting someone to the team', () => {
  it('e-mails a link that a new person uses once to create an account and join with the role given', async () => {
    const email = newEmail('Mina');
    const { invitation, token, mail } = await invite(email, 'manager');
    expect(invitation).toMatchObject({ email: email.toLowerCase(), role: 'manager', invited_by: 'olga@team-place.example.com' });
    expect(mail.subject).toContain('join the team');
    expect(mail.body).toContain('as a manager');

    const lookUp = await call('POST', '/api/staff/invitations/look-up', null, { token });
    expect(lookUp.json()).toMatchObject({ email: email.toLowerCase(), role: 'manager', has_account: false });

    const joined = await accept({ token, password: PASSWORD, firstName: 'Mina', lastName: 'Manager' });
    expect(joined.statusCode, joined.body).toBe(200);
    const me = await call('GET', '/api/staff/me', joined.json().token);
    expect(me.json()).toMatchObject({
      role: 'manager',
      user: { email: email.toLowerCase(), name: 'Mina Manager' },
      // The board's ticket timers: the tenant file's defaults (contracts/tenant-file.ts kitchen_targets).
      restaurant: { slug: 'team-place', kitchen_targets: { warning_minutes: 10, late_minutes: 20 } },
    });
    expect(me.json().areas).toEqual(['orders', 'availability', 'team', 'sales', 'integrations', 'menu', 'menu_view', 'gift_cards']);

    // Single use: the same link again changes nothing.
    const again = await accept({ token, password: PASSWORD, firstName: 'Mina', lastName: 'Manager' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('STAFF_INVITATION_INVALID');

    const shown = (await team()).json();
    expect(shown.members.map((m: { email: string; role: string }) => [m.email, m.role])).toContainEqual([email.toLowerCase(), 'manager']);
    expect(shown.invitations.some((i: { email: string }) => i.email === email.toLowerCase())).toBe(false);
    const audit = shown.audit.filter((entry: { subject: string }) => entry.subject === email.toLowerCase());
    expect(audit.map((entry: { action: string; actor: string; role: string }) => [entry.action, entry.actor, entry.role])).toEqual([
      ['joined', email.toLowerCase(), 'manager'],
      ['invited', 'olga@team-place.example.com', 'manager'],
    ]);
    expect(audit.every((entry: { at: string }) => !Number.isNaN(Date.parse(entry.at)))).toBe(true);
  });

  it('lets an existing account join with its own password; a wrong one leaves the link working', async () => {
    const email = newEmail('existing');
    await insertUser(t.database.db, {
      email,
      password_hash: await hashPassword(PASSWORD),
      first_name: 'Eve',
      last_name: 'Existing',
      phone_number: null,
      created_at: new Date().toISOString(),
    });
    const { token } = await invite(email, 'staff');
    expect((await call('POST', '/api/staff/invitations/look-up', null, { token })).json().has_account).toBe(true);
    const wrong = await accept({ token, password: 'not-the-password-1A' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('INVALID_CREDENTIALS');
    const right = await accept({ token, password: PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    expect((await call('GET', '/api/staff/me', right.json().token)).json().role).toBe('staff');
  });

  it('refuses an expired link, a revoked one, and one used at another restaurant', async () => {
    const expired = await invite(newEmail('late'), 'staff');
    await t.database.db
      .updateTable('staff_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.invitation.id)
      .execute();
    expect((await accept({ token: expired.token, password: PASSWORD, firstName: 'L', lastName: 'Ate' })).json().error).toBe(
      'STAFF_INVITATION_INVALID',
    );

    const revoked = await invite(newEmail('revoked'), 'staff');
    expect((await call('DELETE', `/api/staff/invitations/${revoked.invitation.id}`, tokens.owner)).statusCode).toBe(200);
    expect((await accept({ token: revoked.token, password: PASSWORD, firstName: 'R', lastName: 'Evoked' })).statusCode).toBe(400);
    expect((await team()).json().audit[0]).toMatchObject({ action: 'invitation_revoked', actor: 'olga@team-place.example.com' });

    const elsewhere = await invite(newEmail('elsewhere'), 'staff');
    const wrongPlace = await call(
      'POST',
      '/api/staff/invitations/accept',
      null,
      { token: elsewhere.token, password: PASSWORD },
      'team-other',
    );
    expect(wrongPlace.json().error).toBe('STAFF_INVITATION_INVALID');
  });

  it('writes the e-mail in the inviter’s language and checks the address', async () => {
    const { mail } = await invite(newEmail('francine'), 'manager', tokens.owner, 'fr-CA');
    expect(mail.subject).toContain('rejoindre l’équipe');
    expect(mail.body).toContain('comme gestionnaire');
    const bad = await call('POST', '/api/staff/invitations', tokens.owner, { email: 'not-an-address', role: 'staff' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('VALIDATION_FAILED');
    const role = await call('POST', '/api/staff/invitations', tokens.owner, { email: newEmail('x'), role: 'chef' });
    expect(role.statusCode).toBe(400);
  });

  it('refuses to invite someone already on the team', async () => {
    const answer = await call('POST', '/api/staff/invitations', tokens.owner, { email: 'OLGA@team-place.example.com', role: 'staff' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toBe('STAFF_ALREADY_MEMBER');
  });
});

describe('what each role may do', () => {
  it('lets a manager invite and remove staff, and nothing about owners or managers', async () => {
    const manager = await member(newEmail('manager'), PLACE, 'manager');
    for (const role of ['owner', 'manager']) {
      const answer = await call('POST', '/api/staff/invitations', manager.token, { email: newEmail('nope'), role }, 'team-place', 'fr-CA');
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ error: 'STAFF_ROLE_NOT_ALLOWED', message: expect.stringContaining('rôle') });
    }
    await invite(newEmail('cook'), 'staff', manager.token);
    const cook = await member(newEmail('cook'), PLACE, 'staff');
    expect((await call('POST', `/api/staff/members/${cook.id}/role`, manager.token, { role: 'manager' })).statusCode).toBe(403);
    expect((await call('POST', `/api/staff/members/${ids.owner}/role`, manager.token, { role: 'staff' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/staff/members/${ids.owner}`, manager.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/staff/members/${cook.id}`, manager.token)).statusCode).toBe(200);
    // Removed: signed out, so the next staff call is refused.
    expect((await call('GET', '/api/staff/orders', cook.token)).json().error).toBe('SESSION_EXPIRED');
  });

  it('gives staff the board but not the team', async () => {
    const cook = await member(newEmail('line-cook'), PLACE, 'staff');
    expect((await call('GET', '/api/staff/me', cook.token)).json()).toMatchObject({
      role: 'staff',
      areas: ['orders', 'availability', 'menu_view'],
    });
    expect((await call('GET', '/api/staff/orders', cook.token)).statusCode).toBe(200);
    expect((await team(cook.token)).json().error).toBe('STAFF_ROLE_NOT_ALLOWED');
    expect((await call('POST', '/api/staff/invitations', cook.token, { email: newEmail('friend'), role: 'staff' })).statusCode).toBe(403);
    // Anyone may leave.
    expect((await call('DELETE', `/api/staff/members/${cook.id}`, cook.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/staff/me', cook.token)).json().error).toBe('STAFF_ONLY');
    expect((await team()).json().audit[0]).toMatchObject({
      action: 'removed',
      subject: expect.stringContaining('line-cook'),
      from_role: 'staff',
    });
  });

  it('lets an owner change roles, records who and when, and never leaves the restaurant without an owner', async () => {
    const cook = await member(newEmail('promoted'), PLACE, 'staff');
    const promoted = await call('POST', `/api/staff/members/${cook.id}/role`, tokens.owner, { role: 'manager' });
    expect(promoted.json().member).toMatchObject({ user_id: cook.id, role: 'manager' });
    expect((await team()).json().audit[0]).toMatchObject({
      action: 'role_changed',
      actor: 'olga@team-place.example.com',
      role: 'manager',
      from_role: 'staff',
    });

    const demote = await call('POST', `/api/staff/members/${ids.owner}/role`, tokens.owner, { role: 'manager' }, 'team-place', 'fr-CA');
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ error: 'STAFF_LAST_OWNER', message: expect.stringContaining('propriétaire') });
    expect((await call('DELETE', `/api/staff/members/${ids.owner}`, tokens.owner)).json().error).toBe('STAFF_LAST_OWNER');
    expect((await call('POST', '/api/staff/members/999999/role', tokens.owner, { role: 'staff' })).json().error).toBe(
      'STAFF_MEMBER_NOT_FOUND',
    );
  });

  it('keeps an owner when the only two owners remove each other at the same time', async () => {
    const first = await member(newEmail('co-owner-a'), PAIR, 'owner');
    const second = await member(newEmail('co-owner-b'), PAIR, 'owner');
    const answers = await Promise.all([
      call('DELETE', `/api/staff/members/${second.id}`, first.token, undefined, 'team-pair'),
      call('DELETE', `/api/staff/members/${first.id}`, second.token, undefined, 'team-pair'),
    ]);
    // One removal wins. The other is refused as removing the last owner (409); or, when the winner
    // has already ended the loser's sessions, before it is read at all (401: access ends at once); or,
    // when its session was read just before that but its membership just after, as no longer on the
    // team (403). Never a second removal.
    const [won, lost] = answers.map((answer) => answer.statusCode).sort();
    expect(won).toBe(200);
    expect([401, 403, 409]).toContain(lost);
    const owners = await t.database.db.selectFrom('restaurant_staff').select('user_id').where('restaurant_id', '=', PAIR).execute();
    expect(owners).toHaveLength(1);
  });
});

describe('a change to someone on the team ends their sessions at once', () => {
  const signedIn = async (token: string) => (await call('GET', '/api/staff/me', token)).json();

  it('signs out a member whose role changed, both ways, and one removed; one leaving keeps their session', async () => {
    const promoted = await member(newEmail('promoted-out'), PLACE, 'staff');
    expect((await call('POST', `/api/staff/members/${promoted.id}/role`, tokens.owner, { role: 'manager' })).statusCode).toBe(200);
    expect(await signedIn(promoted.token)).toMatchObject({ code: 201, error: 'SESSION_EXPIRED' });

    const demotedEmail = newEmail('demoted-out');
    const demoted = await member(demotedEmail, PLACE, 'manager');
    expect((await call('POST', `/api/staff/members/${demoted.id}/role`, tokens.owner, { role: 'staff' })).statusCode).toBe(200);
    expect(await signedIn(demoted.token)).toMatchObject({ code: 201 });
    // Signing in again gives the new role.
    const again = await call('POST', '/api/auth/login-native', null, { email: demotedEmail, password: PASSWORD });
    expect(again.statusCode, again.body).toBe(200);
    expect((await signedIn(again.json().token)).role).toBe('staff');

    const removed = await member(newEmail('removed-out'), PLACE, 'staff');
    expect((await call('DELETE', `/api/staff/members/${removed.id}`, tokens.owner)).statusCode).toBe(200);
    expect(await signedIn(removed.token)).toMatchObject({ code: 201 });

    const leavingEmail = newEmail('leaving');
    const leaving = await member(leavingEmail, PLACE, 'staff');
    expect((await call('DELETE', `/api/staff/members/${leaving.id}`, leaving.token)).statusCode).toBe(200);
    const restored = await call('POST', '/api/auth/get-salata-user-info', null, { token: leaving.token, userId: leaving.id });
    expect(restored.json().user?.email).toBe(leavingEmail);
    expect((await signedIn(leaving.token)).error).toBe('STAFF_ONLY');
  });
});

describe("one restaurant's team is its own", () => {
  it('refuses another restaurant’s owner, and finds no member of another restaurant', async () => {
    expect((await team(tokens.otherOwner)).json().error).toBe('STAFF_ONLY');
    expect((await call('POST', '/api/staff/invitations', tokens.otherOwner, { email: newEmail('sneaky'), role: 'owner' })).statusCode).toBe(
      403,
    );
    // Through their own restaurant, this restaurant's owner is not a member to change.
    const across = await call('POST', `/api/staff/members/${ids.owner}/role`, tokens.otherOwner, { role: 'staff' }, 'team-other');
    expect(across.json().error).toBe('STAFF_MEMBER_NOT_FOUND');
    expect((await call('DELETE', `/api/staff/members/${ids.owner}`, tokens.otherOwner, undefined, 'team-other')).statusCode).toBe(404);
    const theirs = (await call('GET', '/api/staff/team', tokens.otherOwner, undefined, 'team-other')).json();
    expect(theirs.members.some((m: { email: string }) => m.email.includes('team-place'))).toBe(false);
    expect(theirs.audit.some((entry: { subject: string }) => entry.subject.includes('mina'))).toBe(false);
  });

  it('needs a session (401, code 201)', async () => {
    expect((await call('GET', '/api/staff/me', null)).json()).toMatchObject({ code: 201, error: 'SESSION_EXPIRED' });
  });
});
