import type { SsrState } from '@servery/contracts/ssr';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadRouteAt } from './routes';
import { ServerApp } from './server-app';
import { bistroSsrState, BISTRO_OPEN_NOW } from '../testing/restaurant-fixture';
import enFirstLoad from '../i18n/en-CA.json?first-load';
import enCA from '../i18n/en-CA.json';
import frFirstLoad from '../i18n/fr-CA.json?first-load';
import { FIRST_LOAD_MESSAGES, pickMessages } from '../i18n/first-load-messages';
import { createI18n, loadAllMessages, type Catalogue } from '../i18n/i18n';
import type { Locale } from '../i18n/locales';

/** A translator that knows the first-load messages alone, as the browser hydrating the menu does. */
function firstLoadOnly(locale: Locale) {
  return createI18n(locale, { 'en-CA': enFirstLoad as Catalogue, 'fr-CA': frFirstLoad as Catalogue });
}

async function bothRenders(url: string, state: SsrState) {
  await Promise.all([preloadRouteAt(new URL(url, 'http://localhost').pathname, state.restaurant), loadAllMessages([state.locale])]);
  const whole = renderToString(<ServerApp i18n={createI18n(state.locale)} ssr={state} url={url} />);
  const firstLoad = renderToString(<ServerApp i18n={firstLoadOnly(state.locale)} ssr={state} url={url} />);
  return { whole, firstLoad };
}

const closedAtNight = new Date(BISTRO_OPEN_NOW.getTime() - 12 * 3_600_000).toISOString();

describe('the menu’s first-load messages', () => {
  it.each<[string, string, Partial<SsrState>]>([
    ['a table, English', '/maple-bistro?tableNum=12', {}],
    ['a table, French', '/maple-bistro?tableNum=12', { locale: 'fr-CA' }],
    ['takeout while closed, French', '/maple-bistro?takeout=true', { locale: 'fr-CA', now: closedAtNight }],
    ['catering while closed', '/maple-bistro?catering=true', { now: closedAtNight }],
    ['the order-type choice, French', '/maple-bistro', { locale: 'fr-CA', menus: null }],
    ['an unknown restaurant, French', '/nowhere', { locale: 'fr-CA', slug: 'nowhere', restaurant: null, menus: null }],
  ])('render the menu as the whole catalogue does: %s', async (_name, url, overrides) => {
    const { whole, firstLoad } = await bothRenders(url, bistroSsrState(overrides));
    expect(firstLoad).toBe(whole);
  });

  it('are a small part of the catalogue, each path found in it', () => {
    const picked = pickMessages(enCA, FIRST_LOAD_MESSAGES);
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(enCA).length / 4);
    for (const path of FIRST_LOAD_MESSAGES) {
      const [namespace, ...rest] = path.split('.');
      const node = (picked as Record<string, Record<string, unknown>>)[namespace as string];
      expect(node, path).toBeDefined();
      if (rest.length > 0) expect(JSON.stringify(node), path).toContain(`"${rest.at(-1) as string}`);
    }
    expect(pickMessages(enCA, ['cart.itemCount'])).toEqual({
      cart: { itemCount_one: enCA.cart.itemCount_one, itemCount_other: enCA.cart.itemCount_other },
    });
  });
});
