import { expect, type Page } from '@playwright/test';

/**
 * What a staff screen's status regions said, each text once in order, from now on. A region says the
 * latest thing only, and other journeys place maple-bistro orders at the same time ("New order #34"
 * may replace "Bar bumped order #33." a moment later, or two arrivals read "2 new orders: #27, 28"):
 * a check reads what was announced, not what is shown at the instant it looks. Start listening before
 * the thing to be announced happens.
 */
export async function listenToAnnouncements(page: Page): Promise<(said: string | RegExp) => Promise<void>> {
  await page.evaluate(() => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    const listen = () => {
      for (const region of Array.from(document.querySelectorAll('[role="status"]'))) {
        const text = region.textContent?.trim() ?? '';
        if (text !== '' && !heard.includes(text)) heard.push(text);
      }
    };
    new MutationObserver(listen).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const heard = () => page.evaluate(() => [...(window as unknown as { heard: string[] }).heard]);
  return (said) =>
    expect
      .poll(async () => (await heard()).some((text) => (typeof said === 'string' ? text.includes(said) : said.test(text))), {
        message: `announced ${String(said)}`,
      })
      .toBe(true);
}

/**
 * The board's arrival announcement for order `number`, alone or among others arriving together
 * (staff.board.arrived in apps/web/src/i18n/en-CA.json: "New order #7", "2 new orders: #6, 7").
 */
export const arrivalOf = (number: number | string): RegExp =>
  new RegExp(`^(New order #${number}|\\d+ new orders: #(\\d+, )*${number}(, \\d+)*)$`);
