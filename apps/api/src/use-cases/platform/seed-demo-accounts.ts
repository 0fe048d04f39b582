/**
 * The demo accounts of the README (password Demo1234!). Created when missing, never overwritten, so
 * a second start keeps whatever a person changed.
 */
import { asSystem } from '../../db/data-scope';
import type { StaffRole } from '@servery/domain/staff-roles';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../lib/password';
import type { Database } from '../../kernel/schema';
import { demoUserExists, insertDemoStaff, insertDemoStudent, insertDemoSuiteRole, insertDemoUser } from '../../db/demo-accounts-repository';
import { findRestaurantBySlug } from '../../db/restaurants-repository';

export const DEMO_PASSWORD = 'Demo1234!';

interface DemoAccount {
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  students?: {
    restaurant: string;
    first_name: string;
    last_name: string;
    grade: string;
    classroom: string;
    teacher: string;
    /** Comma list of the spec's allergen names (students.allergens). */
    allergens?: string;
  }[];
  suiteRoles?: { restaurant: string; role: 'owner' | 'operator' }[];
  /** Restaurant staff (restaurant_staff): the staff order screens of these restaurants. */
  staffOf?: string[];
  /** Their role on those teams (domain/staff-roles.ts); staff when not named. */
  staffRole?: StaffRole;
  /** A marketplace hub's vendor whose counter they work (restaurant_staff.vendor_id): they see its orders only. */
  staffVendor?: number;
  /** Where the account was made (users.home_restaurant_id); else its first school, venue or team. */
  home?: string;
}

/** The slug of the restaurant a demo account belongs to, as if it had signed up there. */
function homeSlug(account: DemoAccount): string | undefined {
  return account.home ?? account.students?.[0]?.restaurant ?? account.suiteRoles?.[0]?.restaurant ?? account.staffOf?.[0];
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'diner@example.com', first_name: 'Dana', last_name: 'Diner', phone_number: '4165550101', home: 'maple-bistro' },
  {
    email: 'parent@example.com',
    first_name: 'Pat',
    last_name: 'Parent',
    phone_number: '4165550102',
    students: [
      // Léa's egg allergy shows the menu's allergen confirmation on pasta, chili and breakfast days. Both
      // children's grades, classrooms and teachers are among their school's lists (tenants/maple-school.json).
      {
        restaurant: 'maple-school',
        first_name: 'Léa',
        last_name: 'Parent',
        grade: '2',
        classroom: '102',
        teacher: 'Mr. Dubois',
        allergens: 'Egg',
      },
      { restaurant: 'maple-school', first_name: 'Noah', last_name: 'Parent', grade: '5', classroom: '105', teacher: 'Ms. Williams' },
    ],
  },
  {
    email: 'owner@example.com',
    first_name: 'Olivia',
    last_name: 'Owner',
    phone_number: '7805550103',
    suiteRoles: [{ restaurant: 'northside-arena', role: 'owner' }],
  },
  {
    email: 'operator@example.com',
    first_name: 'Omar',
    last_name: 'Operator',
    phone_number: '7805550104',
    suiteRoles: [{ restaurant: 'northside-arena', role: 'operator' }],
  },
  {
    email: 'staff@maple-bistro.example.com',
    first_name: 'Sam',
    last_name: 'Staff',
    phone_number: '4165550105',
    staffOf: ['maple-bistro'],
    staffRole: 'owner',
  },
  {
    email: 'manager@maple-bistro.example.com',
    first_name: 'Mia',
    last_name: 'Manager',
    phone_number: '4165550106',
    staffOf: ['maple-bistro'],
    staffRole: 'manager',
  },
  {
    email: 'kitchen@maple-bistro.example.com',
    first_name: 'Kai',
    last_name: 'Kitchen',
    phone_number: '4165550107',
    staffOf: ['maple-bistro'],
  },
  // The school kitchen: the production list of maple-school's orders by day (staff/production).
  {
    email: 'kitchen@maple-school.example.com',
    first_name: 'Kim',
    last_name: 'Kitchen',
    phone_number: '4165550110',
    staffOf: ['maple-school'],
  },
  // The school program's owner: its settings, schools and classrooms (staff/settings, decision 0121).
  {
    email: 'owner@maple-school.example.com',
    first_name: 'Morgan',
    last_name: 'Owner',
    phone_number: '4165550111',
    staffOf: ['maple-school'],
    staffRole: 'owner',
  },
  // Three counters of the market-hall hub (tenants/market-hall.json vendors 6940, 6941 and 6942).
  {
    email: 'tidewater@market-hall.example.com',
    first_name: 'Tess',
    last_name: 'Tidewater',
    phone_number: '6045550108',
    staffOf: ['market-hall'],
    staffVendor: 6940,
  },
  {
    email: 'noodles@market-hall.example.com',
    first_name: 'Ken',
    last_name: 'Noodle',
    phone_number: '6045550109',
    staffOf: ['market-hall'],
    staffVendor: 6941,
  },
  {
    email: 'greens@market-hall.example.com',
    first_name: 'Gail',
    last_name: 'Greens',
    phone_number: '6045550112',
    staffOf: ['market-hall'],
    staffVendor: 6942,
  },
];

/** Work across every restaurant: named privileged work on the owner's connection (db/data-scope.ts). */
export function seedDemoAccounts(db: Kysely<Database>, now: Date): Promise<void> {
  return asSystem('demo accounts seeding', () => seedDemoAccountsAcrossTenants(db, now));
}

async function seedDemoAccountsAcrossTenants(db: Kysely<Database>, now: Date): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    if (await demoUserExists(db, account.email)) continue;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.transaction().execute(async (trx) => {
      const slug = homeSlug(account);
      const home = slug === undefined ? null : await findRestaurantBySlug(trx, slug);
      const user = await insertDemoUser(trx, {
        email: account.email,
        password_hash: passwordHash,
        first_name: account.first_name,
        last_name: account.last_name,
        phone_number: account.phone_number,
        created_at: now.toISOString(),
        home_restaurant_id: home?.id ?? null,
      });
      for (const student of account.students ?? []) {
        const school = await findRestaurantBySlug(trx, student.restaurant);
        if (!school) continue;
        const schoolName = school.settings.delivery?.schools[0]?.name ?? school.settings.name;
        const { restaurant: _restaurant, ...fields } = student;
        await insertDemoStudent(trx, { ...fields, restaurant_id: school.id, user_id: user.id, school: schoolName });
      }
      for (const role of account.suiteRoles ?? []) {
        const venue = await findRestaurantBySlug(trx, role.restaurant);
        if (venue) await insertDemoSuiteRole(trx, { restaurant_id: venue.id, user_id: user.id, role: role.role });
      }
      for (const slug of account.staffOf ?? []) {
        const restaurant = await findRestaurantBySlug(trx, slug);
        if (restaurant) {
          await insertDemoStaff(trx, {
            restaurant_id: restaurant.id,
            user_id: user.id,
            role: account.staffRole ?? 'staff',
            created_at: now.toISOString(),
            vendor_id: account.staffVendor ?? null,
          });
        }
      }
    });
  }
}
