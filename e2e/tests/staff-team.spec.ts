import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openPage } from './ready';

const DEMO_PASSWORD = 'Demo1234!';
const PASSWORD = 'Kitchen-Team-9!';
let people = 0;
const newEmail = (name: string) => `${name}-${Date.now()}-${(people += 1)}@example.com`;

/** Signs in on the staff screen with the keyboard alone, as a person at a kitchen tablet would. */
async function staffSignIn(page: Page, email: string, password: string) {
  await openPage(page, '/maple-bistro/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await page.getByLabel('Email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

async function invitationLink(page: Page, email: string): Promise<string> {
  const outbox = await (await page.request.get('/api/dev/outbox?limit=200')).json();
  const message = (outbox.messages as Array<{ recipient: string; body: string }>).find((entry) => entry.recipient === email);
  const link = /https?:\/\/\S+\/maple-bistro\/staff\/join\?token=[\w-]+/.exec(message?.body ?? '')?.[0];
  expect(link, 'the invitation e-mail holds a join link').toBeTruthy();
  const url = new URL(link ?? '');
  return url.pathname + url.search;
}

test('an owner invites a manager by e-mail, who joins, changes hands and leaves; every change is listed', async ({ page, browser }) => {
  await staffSignIn(page, 'staff@maple-bistro.example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
  await expect(page.getByText('Sam Staff, Owner at Maple Bistro')).toBeVisible();
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expectNoA11yViolations(page);

  const email = newEmail('mina');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Manager' });
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Revoke the invitation of ${email}` })).toBeVisible();
  await expect(page.getByText(`staff@maple-bistro.example.com invited ${email} as Manager`)).toBeVisible();

  // The invitee opens the e-mail's link in their own browser.
  const invitee = await browser.newContext();
  const joining = await invitee.newPage();
  const link = await invitationLink(page, email);
  await openPage(joining, link);
  await expect(joining.getByRole('heading', { level: 1, name: 'Join the team' })).toBeVisible();
  await expect(joining.getByText(`Maple Bistro invites ${email} to its team as Manager.`)).toBeVisible();
  await expectNoA11yViolations(joining);
  await joining.getByLabel('First name').fill('Mina');
  await joining.getByLabel('Last name').fill('Manager');
  await joining.getByLabel('New password').fill(PASSWORD);
  await joining.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(joining.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
  await expect(joining.getByText('Mina Manager, Manager at Maple Bistro')).toBeVisible();
  // The link worked once.
  await openPage(joining, link);
  await expect(joining.getByRole('alert')).toHaveText('This invitation is invalid, expired or already used. Ask for a new one.');
  await invitee.close();

  await page.reload();
  await expect(page.getByText(`${email} joined as Manager`)).toBeVisible();
  await page.getByLabel('Role of Mina Manager').selectOption('staff');
  await expect(page.getByRole('status').filter({ hasText: 'Mina Manager is now Staff.' })).toBeVisible();
  await expect(page.getByText(`staff@maple-bistro.example.com changed ${email} from Manager to Staff`)).toBeVisible();

  await page.getByRole('button', { name: 'Remove Mina Manager' }).click();
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mina Manager was removed from the team.' })).toBeVisible();
  await expect(page.getByLabel('Role of Mina Manager')).toHaveCount(0);
  await expect(page.getByText(`staff@maple-bistro.example.com removed ${email} (Staff)`)).toBeVisible();
  await page.screenshot({ path: '/tmp/staff-shots/team-en-phone.png', fullPage: true });

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Équipe' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Inviter quelqu’un' })).toBeVisible();
  await expect(page.getByText(`staff@maple-bistro.example.com a retiré ${email} (Personnel)`)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: '/tmp/staff-shots/team-fr-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/staff-shots/team-fr-desktop.png', fullPage: true });
  await page.getByRole('button', { name: 'English' }).click();
});

test('kitchen staff see the board but not the team; a diner account is told it is not staff', async ({ page }) => {
  await staffSignIn(page, 'kitchen@maple-bistro.example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Team' })).toHaveCount(0);
  await openPage(page, '/maple-bistro/staff/team');
  await expect(page.getByRole('alert')).toHaveText('Your role on this team does not open this page. An owner can change your role.');
  await page.getByRole('button', { name: 'Sign out' }).click();

  await staffSignIn(page, 'diner@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toContainText("This account is not on this restaurant's team.");
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion du personnel' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'English' }).click();
});
