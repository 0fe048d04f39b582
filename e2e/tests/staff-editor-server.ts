/**
 * What the staff console's editor specs share (the menu editor, the settings): a server of their own
 * with maple-bistro alone (they publish its file, which would change what other journeys order on the
 * shared server), and the check that nothing on the page is wider than the screen.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './own-server';
import { staffSignIn } from './ready';

/**
 * Starts the spec's own maple-bistro server before its tests and stops it after; gives a path's URL on
 * it. `env` adds to the server's settings (its clock's start, CLOCK_START, for one).
 */
export function useOwnBistroServer(env: Record<string, string> = {}): { url: (path: string) => string; baseURL: () => string } {
  let own: OwnServer | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    own = await startOwnServer({ E2E_TENANT_SETTINGS: JSON.stringify({ 'maple-bistro': {} }), ...env });
  });
  test.afterAll(async () => {
    await own?.stop();
  });
  return { url: (path) => `${own!.baseURL}${path}`, baseURL: () => own!.baseURL };
}

/** At `width`, the page scrolls no sideways; a failure names the first elements past the edge. */
export async function noSidewaysScroll(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const wide = await page.evaluate(
    (limit) =>
      Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > limit + 0.5 && element.scrollWidth > element.clientWidth)
        .slice(0, 5)
        .map((element) => `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`),
    width,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth), wide.join('; ')).toBeLessThanOrEqual(width);
}

/**
 * Signed in at `editorUrl` (the editor, on the spec's own server) at `width`, in French when asked;
 * gives the draft saves the page sends from then on (PUT /api/staff/menu/draft), so a spec can say
 * that a refused field sent nothing.
 */
export async function openEditor(
  page: Page,
  editorUrl: string,
  { width, email = 'manager@maple-bistro.example.com', french = false }: { width: number; email?: string; french?: boolean },
): Promise<string[]> {
  await page.setViewportSize({ width, height: 900 });
  await staffSignIn(page, email, editorUrl);
  if (french) await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: french ? 'Éditeur de menu' : 'Menu editor' })).toBeVisible();
  return draftSaves(page);
}

/** The draft saves (PUT /api/staff/menu/draft) the page sends from now on. */
export function draftSaves(page: Page): string[] {
  const saves: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT' && sent.url().endsWith('/api/staff/menu/draft')) saves.push(sent.url());
  });
  return saves;
}

/** Opens a `<details>` of the editor's tree by its summary, unless it is open already. */
async function openDetails(summary: Locator) {
  if (!(await summary.evaluate((element) => (element.parentElement as HTMLDetailsElement | null)?.open ?? false))) await summary.click();
}

/** The All-day menu opened in the editor's tree (left open if it is). */
export const openAllDayMenu = (page: Page) => openDetails(page.getByText('Menu All-day menu', { exact: true }));

/**
 * The All-day menu's Starters opened in the editor's tree, and `item`'s form opened from it. Only what
 * is closed is opened: a language switch keeps the screen as it was (the staff frame stays mounted).
 */
export async function openStarter(page: Page, item: string, { french = false } = {}) {
  await openAllDayMenu(page);
  await openDetails(page.getByText(/^Starters/));
  const name = `${french ? 'Modifier' : 'Edit'} ${item}`;
  const form = page.getByRole('form', { name });
  // Opened until it shows: a click while the screen still redraws in the new language can be undone by that redraw.
  await expect(async () => {
    if (!(await form.isVisible())) await page.getByRole('button', { name }).click();
    await expect(form).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return form;
}
