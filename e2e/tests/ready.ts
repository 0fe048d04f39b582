import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// Wednesday 14 October 2026, 1 p.m. in Toronto: with the browser's clock pinned here the demo
// restaurants are open, so the item dialog lets a diner add whatever the hour the tests run at. The
// server's clock starts at today's 1 p.m. in Toronto (e2e/server.mjs): open too, and it takes
// dine-in orders; pickup times and prices come from it.
export const OPEN = new Date('2026-10-14T17:00:00Z');

/** Opens a page and waits until the app has hydrated the server's markup, so clicks do something. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * Opens a menu item's dialog and returns it. A click on a section not hydrated yet may do nothing, so
 * it clicks again until the dialog shows, but never while the dialog is already open: on a busy
 * machine the dialog can take longer than one try to appear, and a click on the item behind its
 * overlay would wait until the test's end.
 */
export async function openItem(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name, exact: true }).first().click({ timeout: 5_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass();
  return dialog;
}

/** The demo accounts' password (apps/api/src/use-cases/platform/seed-demo-accounts.ts). */
export const DEMO_PASSWORD = 'Demo1234!';

/**
 * Signs a staff account in through the staff screen's form at `staffUrl` (a restaurant's
 * `/{slug}/staff`, or one of its staff pages, on any server); what shows next is the test's to check.
 */
export async function staffSignIn(page: Page, email: string, staffUrl = '/maple-bistro/staff'): Promise<void> {
  await openPage(page, staffUrl);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Goes to one of the staff screens by the staff navigation's link. */
export async function openStaffScreen(page: Page, link: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: link }).click();
}

export interface Session {
  token: string;
  userId: number;
}

/**
 * A demo account's session through POST /api/auth/login-native, for the calls a test makes itself
 * (`origin`: a server of the spec's own; `restaurant`: the tenant the call names).
 */
export async function apiSignIn(
  request: APIRequestContext,
  email: string,
  options: { origin?: string; restaurant?: string } = {},
): Promise<Session> {
  const response = await request.post(`${options.origin ?? ''}/api/auth/login-native`, {
    ...(options.restaurant && { headers: { 'X-Restaurant-Id': options.restaurant } }),
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { token, user } = (await response.json()) as { token: string; user: { id: number } };
  return { token, userId: user.id };
}

/** The page opens signed in: the session is kept where the app looks for it (localStorage) before its code runs. */
export async function keepSession(page: Page, session: Session): Promise<void> {
  await page.addInitScript((kept) => localStorage.setItem('servery.session', JSON.stringify(kept)), session);
}

/** A demo diner signed in through the API, for the pages this test opens next. */
export async function dinerSignIn(page: Page, email = 'diner@example.com'): Promise<void> {
  await keepSession(page, await apiSignIn(page.request, email));
}
