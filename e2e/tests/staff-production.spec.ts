import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { schoolBaseURL } from '../playwright.config';
import { expectNoA11yViolations } from './axe';
import { uniqueEmail } from './checkout-journey';
import { openStaffScreen, staffSignIn } from './ready';
import { cardToken, noSidewaysScroll, noSidewaysScrollDownTo320, SERVER_NOW, SHOTS } from './school-journey';

// The school server (playwright.config.ts), its clock at Tuesday 24 November 2026: the kitchen reads
// Friday 11 December, a day no other journey orders for (they order the two weeks before it).
test.use({ baseURL: schoolBaseURL });

const SCHOOL = { slug: 'maple-school', id: 102 };
const DAY = '2026-12-11';
const PIZZA = {
  id: 2108,
  menu_id: 2014,
  section_id: 2054,
  orderPrice: 700,
  orderOptions: [
    { id: 2516, values: [{ id: 2656, quantity: 1 }] },
    { id: 2517, values: [{ id: 2660, quantity: 1 }] },
  ],
};
const MILK = { id: 2118, menu_id: 2017, section_id: 2058, orderPrice: 100, orderOptions: [] };

/** A family orders Friday's lunches through the API: one child at each school. */
async function orderFriday(request: APIRequestContext): Promise<void> {
  const email = uniqueEmail('kitchen-family');
  const registered = await request.post('/api/auth/register-user', {
    data: { firstName: 'Robin', lastName: 'Lunch', email, password: 'Demo1234!', phoneNumber: '416-555-0144' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { token } = (await registered.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}`, 'X-Restaurant-Id': SCHOOL.slug };
  const student = async (firstName: string, school: string, grade: string, classroom: string, teacher: string) => {
    const added = await request.post('/api/auth/students', {
      headers,
      data: { firstName, lastName: 'Lunch', school, grade, classroom, teacher, allergens: [] },
    });
    expect(added.status(), await added.text()).toBe(200);
    return ((await added.json()) as { student: { id: number } }).student.id;
  };
  const ava = await student('Ava', 'Maple Grove Public School', '2', '102', 'Mr. Dubois');
  const ben = await student('Ben', 'Cedar Ridge Middle School', '7', '202', 'Ms. Ahmed');
  const placed = await request.post('/api/orders/create-k12-order', {
    headers: { ...headers, 'Idempotency-Key': `production-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` },
    data: {
      type: 'school',
      data: {
        rotationalMenuOrders: [
          {
            date: DAY,
            orderId: 1,
            studentId: ava,
            items: [
              { ...PIZZA, orderId: 1, quantity: 1 },
              { ...MILK, orderId: 2, quantity: 1 },
            ],
          },
          { date: DAY, orderId: 2, studentId: ben, items: [{ ...PIZZA, orderId: 1, quantity: 2, orderPrice: 1400 }] },
        ],
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          card: { token: await cardToken(request, SCHOOL) },
          contact: { full_name: 'Robin Lunch', email, phone_number: '416-555-0144' },
        },
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(SERVER_NOW);
  await page.setViewportSize({ width: 390, height: 844 });
});

test('the school kitchen reads a day’s production list by item and by class, downloads it as CSV, in both languages', async ({
  page,
  request,
}) => {
  await orderFriday(request);
  await staffSignIn(page, 'kitchen@maple-school.example.com', `/${SCHOOL.slug}/staff`);
  await openStaffScreen(page, 'Production list');
  await expect(page.getByRole('heading', { level: 1, name: 'Production list' })).toBeVisible();
  await page.getByLabel('School day').fill(DAY);
  await expect(page).toHaveURL(new RegExp(`[?&]date=${DAY}`));

  await expect(page.getByText('4 items ordered for Friday, December 11, 2026.')).toBeVisible();
  const byItem = page.getByRole('region', { name: 'To cook: each item' });
  await expect(byItem.getByRole('row')).toHaveText([
    /^Item\s*Quantity$/,
    /^Cheese pizza \(2 slices\)\s*3$/,
    /^White milk \(250 mL\)\s*1$/,
    /^Total\s*4$/,
  ]);
  const byClass = page.getByRole('region', { name: 'To pack: each class' });
  await expect(byClass.getByRole('heading', { level: 3 })).toHaveText(['Classroom 202, Ms. Ahmed', 'Classroom 102, Mr. Dubois']);
  const dubois = byClass.getByRole('region', { name: 'Classroom 102, Mr. Dubois' });
  await expect(dubois.getByText('Maple Grove Public School, grade 2')).toBeVisible();
  await expect(dubois.getByRole('row')).toHaveText([
    /^Item\s*Quantity$/,
    /^Cheese pizza \(2 slices\)\s*1$/,
    /^White milk \(250 mL\)\s*1$/,
    /^Total\s*2$/,
  ]);
  await expect(
    byClass.getByRole('region', { name: 'Classroom 202, Ms. Ahmed' }).getByText('Cedar Ridge Middle School, grade 7'),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScrollDownTo320(page);
  await page.screenshot({ path: path.join(SHOTS, 'staff-production-en-390.png'), fullPage: true });

  // The same list as CSV, one row per item and class, the grade included.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the list (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`production-maple-school-${DAY}.csv`);
  expect(fs.readFileSync((await download.path())!, 'utf8').split('\r\n')).toEqual([
    'Date,Item,School,Grade,Classroom,Teacher,Quantity',
    `${DAY},Cheese pizza (2 slices),Cedar Ridge Middle School,7,202,Ms. Ahmed,2`,
    `${DAY},Cheese pizza (2 slices),Maple Grove Public School,2,102,Mr. Dubois,1`,
    `${DAY},White milk (250 mL),Maple Grove Public School,2,102,Mr. Dubois,1`,
    '',
  ]);

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liste de production' })).toBeVisible();
  await expect(page.getByText('4 articles commandés pour le vendredi 11 décembre 2026.')).toBeVisible();
  // Sorted by their French names.
  await expect(page.getByRole('region', { name: 'À cuisiner : chaque article' }).getByRole('row')).toHaveText([
    /^Article\s*Quantité$/,
    /^Lait blanc \(250 ml\)\s*1$/,
    /^Pizza au fromage \(2 pointes\)\s*3$/,
    /^Total\s*4$/,
  ]);
  await expect(page.getByRole('region', { name: 'Classe 102, Mr. Dubois' }).getByText('Maple Grove Public School, niveau 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Télécharger la liste (CSV)' })).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page);
  await page.screenshot({ path: path.join(SHOTS, 'staff-production-fr-390.png'), fullPage: true });

  // A day without school orders says so.
  await page.getByLabel('Jour d’école').fill('2026-12-12');
  await expect(page.getByText('Rien n’est commandé pour le samedi 12 décembre 2026.')).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
});

test('only the school’s staff open the production list: a parent is told the page is for the team', async ({ page }) => {
  await staffSignIn(page, 'parent@example.com', `/${SCHOOL.slug}/staff/production?date=${DAY}`);
  await expect(page.getByRole('alert')).toHaveText(
    "This account is not on this restaurant's team. Sign out and sign in with your staff account.",
  );
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoA11yViolations(page);
});
