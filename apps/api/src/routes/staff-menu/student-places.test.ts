/**
 * GET /api/staff/students/places (issue 32 item 2; decision 0121 amended): the Delivery form's counts
 * of saved students by school, grade, classroom and teacher. Counts only, this restaurant's students
 * only (another restaurant's are never counted, on PostgreSQL's row-level security as on SQLite), for
 * owners and managers: the kitchen is refused in the person's language, a caller without a session too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../db/accounts-repository';
import { asSystem } from '../../db/data-scope';
import { insertDemoStudent } from '../../db/demo-accounts-repository';
import { demoTenant } from '../../test/fixtures';
import { staffMember } from '../../test/staff-member';
import { createTestApp, type TestApp } from '../../test/test-app';

const SCHOOL = 'maple-school';
let t: TestApp;
let schoolId = 0;
const tokens = { owner: '', kitchen: '', otherOwner: '' };

const places = (token: string, restaurant = SCHOOL, locale = 'en-CA') =>
  t.app.inject({
    method: 'GET',
    url: '/api/staff/students/places',
    headers: { 'x-restaurant-id': restaurant, 'accept-language': locale, ...(token && { authorization: `Bearer ${token}` }) },
  });

beforeAll(async () => {
  t = await createTestApp([demoTenant('maple-school.json'), demoTenant('maple-bistro.json')]);
  const db = t.database.db;
  const ids = await asSystem('student places test', async () => {
    const school = await db.selectFrom('restaurants').select('id').where('slug', '=', SCHOOL).executeTakeFirstOrThrow();
    const bistro = await db.selectFrom('restaurants').select('id').where('slug', '=', 'maple-bistro').executeTakeFirstOrThrow();
    const parent = (email: string) =>
      insertUser(db, {
        email,
        password_hash: 'x',
        first_name: 'P',
        last_name: 'Arent',
        phone_number: null,
        created_at: new Date().toISOString(),
      });
    const [a, b] = [await parent('a@example.com'), await parent('b@example.com')];
    const child = (restaurant: number, user: number, school: string, grade: string, classroom: string, teacher: string) =>
      insertDemoStudent(db, {
        restaurant_id: restaurant,
        user_id: user,
        first_name: 'C',
        last_name: 'Hild',
        school,
        grade,
        classroom,
        teacher,
      });
    await child(school.id, a, 'Maple Grove Public School', '2', '102', 'Mr. Dubois');
    await child(school.id, b, 'Maple Grove Public School', '2', '102', 'Mr. Dubois');
    await child(school.id, b, 'Cedar Ridge Middle School', '7', '201', 'Ms. Ahmed');
    // Another restaurant's child, at a school of the same name: never counted here.
    await child(bistro.id, a, 'Maple Grove Public School', '2', '102', 'Mr. Dubois');
    return { school: school.id, bistro: bistro.id };
  });
  schoolId = ids.school;
  tokens.owner = (await staffMember(db, { email: 'owner@school.test', restaurantId: schoolId, role: 'owner' })).token;
  tokens.kitchen = (await staffMember(db, { email: 'kitchen@school.test', restaurantId: schoolId, role: 'staff' })).token;
  tokens.otherOwner = (await staffMember(db, { email: 'owner@bistro.test', restaurantId: ids.bistro, role: 'owner' })).token;
});
afterAll(() => t.close());

describe('the students’ places', () => {
  it('counts this restaurant’s students by school, grade, classroom and teacher, naming no child', async () => {
    const answer = await places(tokens.owner);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({
      places: [
        { school: 'Cedar Ridge Middle School', grade: '7', classroom: '201', teacher: 'Ms. Ahmed', students: 1 },
        { school: 'Maple Grove Public School', grade: '2', classroom: '102', teacher: 'Mr. Dubois', students: 2 },
      ],
    });
    expect(answer.body).not.toMatch(/Hild|Arent/);
  });

  it('gives another restaurant’s owner their own students only, even when they name this restaurant’s school', async () => {
    const own = await places(tokens.otherOwner, 'maple-bistro');
    expect(own.json()).toEqual({
      places: [{ school: 'Maple Grove Public School', grade: '2', classroom: '102', teacher: 'Mr. Dubois', students: 1 }],
    });
    // Their session at this restaurant: not on its team.
    const here = await places(tokens.otherOwner);
    expect(here.statusCode).toBe(403);
  });

  it('refuses the kitchen staff in the person’s language, and a caller without a session', async () => {
    const kitchen = await places(tokens.kitchen, SCHOOL, 'fr-CA');
    expect(kitchen.statusCode).toBe(403);
    expect(kitchen.json()).toMatchObject({ error: 'STAFF_ROLE_NOT_ALLOWED', message: expect.stringMatching(/[àéèô]/) });
    expect((await places('')).statusCode).toBe(401);
    expect((await places(tokens.owner, 'no-such-restaurant')).statusCode).toBe(404);
  });
});
