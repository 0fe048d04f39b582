import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MenusResponse } from '@servery/contracts/restaurant';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LanguageSwitch } from '../../components/ui/language-switch';
import type { Locale } from '../../i18n/locales';
import { renderWithProviders } from '../../testing/render-with-providers';
import { BISTRO_OPEN_NOW, bistroAnnouncements, bistroMenus, bistroRestaurant, bistroTenant } from '../../testing/restaurant-fixture';
import { MenuScreen } from './menu-screen';
import { headersOf, json, postedBodies, stubApi } from '../../testing/api-stub';

function renderMenu(path: string, { locale = 'en-CA', now = BISTRO_OPEN_NOW }: { locale?: Locale; now?: Date } = {}) {
  return renderWithProviders(
    <>
      <LanguageSwitch />
      <Routes>
        <Route path="/:restaurantSlug" element={<MenuScreen />} />
      </Routes>
    </>,
    { path, locale, now },
  );
}

/** The menus with the soup of the day at `cents` (a version the restaurant published). */
function withSoupAt(menus: MenusResponse, cents: number): MenusResponse {
  for (const group of menus.menu_groups)
    for (const menu of group.menus)
      for (const section of menu.sections) for (const item of section.items) if (item.id === 1101) item.price = cents;
  return menus;
}

function stubBistro(tenant = bistroTenant()) {
  return stubApi({
    restaurant: bistroRestaurant(tenant),
    menus: (type) => bistroMenus(type as 'dine_in', tenant),
    announcements: () => bistroAnnouncements(tenant),
    queue: () => ({ enabled: true, orders_ahead: 2, minutes: 12 }),
  });
}

describe('ordering configuration', () => {
  it('without flags asks how the diner is ordering, with three ways forward', async () => {
    const fetchMock = stubBistro();
    renderMenu('/maple-bistro');
    expect(await screen.findByRole('heading', { level: 2, name: 'How are you ordering?' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Maple Bistro — Distillery District' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order takeout' }).getAttribute('href')).toBe('/maple-bistro?takeout=true');
    expect(screen.getByRole('link', { name: 'Just view the menu' }).getAttribute('href')).toBe('/maple-bistro?viewOnly=true');
    // No menus are asked for before the diner chooses.
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/menus'))).toBe(false);

    const table = screen.getByRole('textbox', { name: 'Table number' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to the menu' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter your table number, such as 12.');
    fireEvent.change(table, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go to the menu' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Food & drinks' })).toBeTruthy();
    expect(headersOf(fetchMock, '/api/restaurants/101/menus').get('X-Restaurant-Id')).toBe('101');
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/restaurants/101/menus?type=dine_in')).toBe(true);
  });

  it('takes the choice screen to French', async () => {
    stubBistro();
    renderMenu('/maple-bistro', { locale: 'fr-CA' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Comment souhaitez-vous commander?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Commander pour emporter' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Numéro de table' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Consulter le menu seulement' })).toBeTruthy();
  });

  it('offers a caterer catering, not a table nor takeout, in both languages', async () => {
    stubBistro({ ...bistroTenant(), catering: true });
    renderMenu('/maple-bistro');
    expect(await screen.findByRole('heading', { level: 2, name: 'How are you ordering?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order catering' }).getAttribute('href')).toBe('/maple-bistro?catering=true');
    expect(screen.getByRole('link', { name: 'Just view the menu' }).getAttribute('href')).toBe('/maple-bistro?viewOnly=true');
    expect(screen.queryByRole('textbox', { name: 'Table number' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Order takeout' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('link', { name: 'Commander un traiteur' })).toBeTruthy();
    expect(screen.getByText('Ce lien ne précise pas comment vous commandez. Choisissez ci-dessous.')).toBeTruthy();
  });

  it('offers an arena its seats, its pickup and its suites, never a table, in both languages', async () => {
    const tenant = bistroTenant();
    stubBistro({
      ...tenant,
      concourse: 'Main concourse',
      suites_enabled: true,
      delivery: { ...(tenant.delivery ?? { type: 'custom' as const }), stadium_sections: '101,102' },
    } as typeof tenant);
    renderMenu('/maple-bistro');
    expect(await screen.findByRole('heading', { level: 2, name: 'How are you ordering?' })).toBeTruthy();
    expect(screen.getByText(/Have food brought to your seat, pick it up at the concourse/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order to your seat' }).getAttribute('href')).toBe(
      '/maple-bistro?takeout=true&takeoutType=delivery',
    );
    expect(screen.getByRole('link', { name: 'Order for pickup' }).getAttribute('href')).toBe(
      '/maple-bistro?takeout=true&takeoutType=pickup',
    );
    expect(screen.getByRole('link', { name: 'Your suite’s events' }).getAttribute('href')).toBe('/profile/events?restaurant=maple-bistro');
    expect(screen.queryByRole('textbox', { name: 'Table number' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/table|dine-in/i);

    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('link', { name: 'Commander à votre siège' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Commander pour la cueillette' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Les événements de votre loge' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\btable\b|sur place/i);
  });

  it('offers a marketplace hub pickup at its counters, never a table, in both languages', async () => {
    stubBistro({ ...bistroTenant(), marketplaceHub: true });
    renderMenu('/maple-bistro');
    expect(await screen.findByRole('heading', { level: 2, name: 'How are you ordering?' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Pickup at the counters' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order for pickup' }).getAttribute('href')).toBe(
      '/maple-bistro?takeout=true&takeoutType=pickup',
    );
    expect(screen.queryByRole('textbox', { name: 'Table number' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/table|dine-in/i);

    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Cueillette aux comptoirs' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\btable\b|sur place/i);
  });

  it('asks for the menus of the order type: takeout gets the brunch, not the bar', async () => {
    const fetchMock = stubBistro();
    renderMenu('/maple-bistro?takeout=true');
    expect(await screen.findByRole('heading', { level: 3, name: 'Weekend brunch' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'Drinks at the bar' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/restaurants/101/menus?type=take-out')).toBe(true);
  });

  it('shows only the menus of menuList', async () => {
    stubBistro();
    renderMenu('/maple-bistro?tableNum=4&menuList=1011');
    expect(await screen.findByRole('heading', { level: 3, name: 'Drinks at the bar' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'All-day menu' })).toBeNull();
  });
});

describe('menu', () => {
  it('shows groups, menus, sections and items in order with their details', async () => {
    stubBistro(
      bistroTenant((file) => {
        const item = file.menu_groups?.[0]?.menus?.[0]?.sections?.[0]?.items?.[0];
        if (item) item.nutritional_sheet_url = '/tenant-images/maple-bistro/poutine-nutrition.pdf';
      }),
    );
    renderMenu('/maple-bistro?tableNum=12');
    expect(await screen.findByRole('heading', { level: 2, name: 'Food & drinks' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'All-day menu',
      'Drinks at the bar',
    ]);
    const sections = screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
    expect(sections.slice(0, 3)).toEqual(['Starters', 'Mains', 'Wood-fired pizzas']);

    const poutine = document.getElementById('item-1100') as HTMLElement;
    expect(within(poutine).getByRole('button', { name: 'Classic poutine' }).getAttribute('aria-haspopup')).toBe('dialog');
    expect(poutine.textContent).toContain('Hand-cut fries, squeaky Quebec cheese curds');
    expect(poutine.textContent).toContain('$12.50');
    expect(poutine.textContent).toContain('740 Cal');
    expect(within(poutine).getByRole('list', { name: 'Diets' }).textContent).toBe('Vegetarian');
    expect(poutine.textContent).toContain('Contains: Dairy, Gluten, Soy');
    const nutrition = within(poutine).getByRole('link', { name: 'Nutrition facts for Classic poutine (opens in a new tab)' });
    expect(nutrition.getAttribute('target')).toBe('_blank');
    expect(nutrition.getAttribute('rel')).toBe('noopener noreferrer');
    const image = poutine.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/tenant-images/maple-bistro/poutine.svg');
    // Maple Bistro's theme asks for vertical cards in a gallery: the photo's frame is the wide one, above the text.
    expect(document.getElementById('menu-list')?.className).toBe('menu-list menu-list--gallery menu-list--vertical');
    expect(image?.getAttribute('width')).toBe('480');
    expect(image?.getAttribute('height')).toBe('270');
    expect(image?.getAttribute('loading')).toBe('eager');
    expect(document.querySelector('#item-1108 img')?.getAttribute('loading')).toBe('lazy');

    // Calories that are not a whole number of at least 0 are not shown.
    expect(document.getElementById('item-1101')?.textContent).not.toMatch(/Cal/);
    expect(document.getElementById('item-1123')?.textContent).not.toMatch(/Cal/);
    // Pricing groups give a range.
    expect(document.getElementById('item-1113')?.textContent).toContain('From $16.00 to');
  });

  it('marks sold-out items and sections, and unavailable items', async () => {
    stubBistro();
    renderMenu('/maple-bistro?tableNum=12');
    const fish = await screen.findByRole('button', { name: 'Fish & chips' });
    expect(fish.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(fish.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Sold out');
    expect(screen.getByRole('heading', { level: 4, name: /Chef’s specials/ }).textContent).toContain('Sold out');
    const shortRib = screen.getByRole('button', { name: 'Braised short rib' });
    expect(document.getElementById(shortRib.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Sold out');
    expect(document.getElementById('item-1105')?.textContent).toContain('Unavailable');
    expect(document.getElementById('item-1106')?.textContent).not.toContain('Sold out');
  });

  it('shows the featured strip, upsell badges, queue and current announcements', async () => {
    stubBistro();
    renderMenu('/maple-bistro?tableNum=12', { now: new Date('2026-12-10T17:00:00Z') });
    const featured = await screen.findByRole('region', { name: 'Featured' });
    const links = within(featured).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#item-1100', '#item-1106', '#item-1120', '#item-1141']);
    expect(document.getElementById('item-1116')?.textContent).toContain('You might also like');
    expect(await screen.findByText('Current wait: about 12 minutes')).toBeTruthy();
    const notices = screen.getByRole('region', { name: 'Notices' });
    expect(notices.textContent).toContain('Weekend brunch is back!');
    expect(notices.textContent).toContain('Holiday hours');
    expect(notices.innerHTML).not.toContain('<script');
    expect(notices.innerHTML).not.toContain('onclick');
  });

  it('says when the restaurant is closed and when it opens, and lets the diner browse', async () => {
    const fetchMock = stubBistro();
    // Wednesday 7 a.m. in Toronto.
    renderMenu('/maple-bistro?tableNum=12', { now: new Date('2026-10-14T11:00:00Z') });
    expect(await screen.findByText('Closed right now')).toBeTruthy();
    expect(screen.getByText(/We open today at 11:00 AM\./)).toBeTruthy();
    expect(screen.queryByText(/Current wait/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Maple Burger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maple Burger' });
    expect(within(dialog).queryByRole('button', { name: 'Add to order' })).toBeNull();
    expect(dialog.textContent).toContain('The restaurant is closed');
    // An order at a table is for now: no slots are asked for.
    expect(postedBodies(fetchMock, '/api/orders/scheduling')).toEqual([]);
  });

  // Wednesday 7 a.m. in Toronto; the server offers 11:00 (the kitchen opens at 11), then 11:15.
  const SEVEN_AM = new Date('2026-10-14T11:00:00Z');
  const slot = (start: string, startTime: string) => ({
    start,
    end: new Date(Date.parse(start) + 15 * 60_000).toISOString(),
    startTime,
    endTime: startTime,
    label: startTime,
    localLabel: startTime,
    remaining: null,
  });
  const offered = (body: { type: string }) => ({
    zone: 'America/Toronto',
    asap: { available: false, readyAt: null, prepTime: { hours: 0, minutes: 20 }, prepTimeLabel: '20 min', reason: 'CLOSED' },
    timeslots: true,
    interval: 15,
    days: [
      {
        date: '2026-10-14',
        dateLabel: `Wednesday, October 14 (${body.type})`,
        slots: [slot('2026-10-14T15:00:00Z', '11:00'), slot('2026-10-14T15:15:00Z', '11:15')],
      },
    ],
    reason: null,
    labels: { asap: { 'en-CA': 'As soon as possible', 'fr-CA': 'Dès que possible' } },
  });

  it('before opening, lets a takeout diner order ahead and says the first time the server offers', async () => {
    const fetchMock = stubApi({
      restaurant: bistroRestaurant(bistroTenant()),
      menus: (type) => bistroMenus(type as 'dine_in', bistroTenant()),
      orders: { scheduling: offered },
    });
    renderMenu('/maple-bistro?takeout=true&takeoutType=pickup', { now: SEVEN_AM });
    expect(await screen.findByText('Closed right now')).toBeTruthy();
    expect(await screen.findByText('Order ahead: the earliest time you can choose is today at 11:00 AM.')).toBeTruthy();
    expect(screen.getByText(/We open today at 11:00 AM\./).textContent).not.toContain('ordering is closed');
    expect(postedBodies(fetchMock, '/api/orders/scheduling')).toEqual([
      // The menus shown for take-out (all-day and weekend brunch): the first slot is the earliest either takes.
      { type: 'take-out', items: [], menus: [1010, 1012], config: { takeoutDateRange: null, takeoutSpecificDates: null } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Maple Burger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maple Burger' });
    expect(dialog.textContent).not.toContain('The restaurant is closed');
    expect(within(dialog).getByRole('button', { name: /Add to order/ })).toBeTruthy();
  });

  it('says the same in French to a catering diner', async () => {
    const fetchMock = stubApi({
      restaurant: bistroRestaurant(bistroTenant()),
      menus: (type) => bistroMenus(type as 'dine_in', bistroTenant()),
      orders: { scheduling: offered },
    });
    renderMenu('/maple-bistro?catering=true', { now: SEVEN_AM, locale: 'fr-CA' });
    expect(await screen.findByText('Commandez à l’avance : le premier moment offert est aujourd’hui à 11 h 00.')).toBeTruthy();
    expect(postedBodies<{ type: string }>(fetchMock, '/api/orders/scheduling').map((body) => body.type)).toEqual(['catering']);
  });

  it('blocks items when the server offers no later slot either', async () => {
    stubBistro();
    renderMenu('/maple-bistro?takeout=true', { now: SEVEN_AM });
    expect(await screen.findByText('Closed right now')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Maple Burger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maple Burger' });
    expect(within(dialog).queryByRole('button', { name: /Add to order/ })).toBeNull();
    expect(dialog.textContent).toContain('The restaurant is closed');
    expect(screen.getByText(/ordering is closed/)).toBeTruthy();
  });

  it('while only ASAP is paused, a takeout diner still orders ahead', async () => {
    const paused = bistroTenant((file) => {
      file.asap_paused = true;
    });
    stubApi({
      restaurant: bistroRestaurant(paused),
      menus: (type) => bistroMenus(type as 'dine_in', paused),
      orders: { scheduling: offered },
    });
    renderMenu('/maple-bistro?takeout=true');
    expect(await screen.findByText('Scheduled orders only')).toBeTruthy();
    expect(await screen.findByText('Order ahead: the earliest time you can choose is today at 11:00 AM.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Classic poutine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Classic poutine' });
    expect(dialog.textContent).not.toContain('Orders are paused right now.');
  });

  it('while only ASAP is paused, a diner at a table is told orders are paused and cannot add (as the server refuses)', async () => {
    const paused = bistroTenant((file) => {
      file.asap_paused = true;
    });
    stubApi({ restaurant: bistroRestaurant(paused), menus: (type) => bistroMenus(type as 'dine_in', paused) });
    renderMenu('/maple-bistro?tableNum=12');
    expect(await screen.findByText('Orders are paused')).toBeTruthy();
    expect(screen.queryByText('Scheduled orders only')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Classic poutine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Classic poutine' });
    expect(within(dialog).queryByRole('button', { name: 'Add to order' })).toBeNull();
    expect(dialog.textContent).toContain('Orders are paused right now.');
  });

  it('shows the last call of a menu that closes soon', async () => {
    stubBistro();
    // Wednesday 9:40 p.m. in Toronto: the kitchen closes at 10; the brunch menu has a 30-minute last call.
    renderMenu('/maple-bistro?takeout=true', { now: new Date('2026-10-15T01:40:00Z') });
    expect(await screen.findByText('Last call')).toBeTruthy();
    expect(screen.getByText(/closes at 10:00 PM: order soon\./).textContent).toContain('Weekend brunch');
  });

  it('shows the restaurant’s message when orders are paused, and no add button', async () => {
    stubBistro(
      bistroTenant((file) => {
        file.orders_paused = true;
      }),
    );
    renderMenu('/maple-bistro?tableNum=12');
    expect(await screen.findByText('Orders are paused')).toBeTruthy();
    expect(screen.getByText(/Our kitchen is catching up/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Classic poutine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Classic poutine' });
    expect(within(dialog).queryByRole('button', { name: 'Add to order' })).toBeNull();
    expect(dialog.textContent).toContain('Orders are paused right now.');
  });

  it('names everything in French, and marks untranslated text as English', async () => {
    stubBistro(
      bistroTenant((file) => {
        const item = file.menu_groups?.[0]?.menus?.[0]?.sections?.[0]?.items?.[1];
        if (item) item.localization = {};
      }),
    );
    renderMenu('/maple-bistro?tableNum=12', { locale: 'fr-CA' });
    expect(await screen.findByRole('button', { name: 'Poutine classique' })).toBeTruthy();
    expect(document.getElementById('item-1100')?.textContent).toContain('12,50');
    expect(document.getElementById('item-1100')?.textContent).toContain('Contient : Produits laitiers, Gluten, Soya');
    const soup = screen.getByRole('button', { name: 'Soup of the day' });
    expect(soup.querySelector('[lang="en"]')).not.toBeNull();
    expect(screen.getByRole('region', { name: 'En vedette' })).toBeTruthy();
  });

  it.each([
    ['en-CA', '$10.00', 'was', '$12.50', '$10.00, was $12.50', '$3.50, was $4.50'],
    ['fr-CA', '10,00 $', 'au lieu de', '12,50 $', '10,00 $, au lieu de 12,50 $', '3,50 $, au lieu de 4,50 $'],
  ] as const)(
    'shows a promo item’s price with the regular one struck through, and says both (%s)',
    async (locale, paid, was, regular, spoken, tartSpoken) => {
      stubBistro();
      renderMenu('/maple-bistro?tableNum=12', { locale });
      await screen.findByRole('button', { name: locale === 'en-CA' ? 'Classic poutine' : 'Poutine classique' });
      const price = document.querySelector('#item-1100 .item-card__price')!;
      const seen = price.querySelector('[aria-hidden="true"]')!;
      // Money is formatted with a no-break space in French: compare with ordinary spaces.
      const text = (node: Element | null | undefined) => node?.textContent?.replace(/\u00a0|\u202f/g, ' ');
      expect(text(seen)).toBe(`${paid} ${was} ${regular}`);
      expect(text(seen.querySelector('s'))).toBe(regular);
      expect(text(price.querySelector('.visually-hidden'))).toBe(spoken);
      // The butter tart: 4.50 with 1.00 off.
      expect(text(document.querySelector('#item-1120 .item-card__price .visually-hidden'))).toBe(tartSpoken);
      // An item without a promo shows its price alone.
      expect(text(document.querySelector('#item-1101 .item-card__price'))).toBe(locale === 'en-CA' ? '$8.00' : '8,00 $');
    },
  );

  it('shows names as the server sends them after strip-all cleaning, entities and all, as plain text', async () => {
    const tenant = bistroTenant();
    const menus = bistroMenus('dine_in', tenant);
    const item = menus.menu_groups[0]?.menus[0]?.sections[0]?.items[3];
    if (item) item.name = 'Roasted beet &amp; goat cheese &lt;salad&gt;';
    stubApi({ restaurant: bistroRestaurant(tenant), menus: () => menus });
    renderMenu('/maple-bistro?tableNum=12');
    expect(await screen.findByRole('button', { name: 'Roasted beet & goat cheese <salad>' })).toBeTruthy();
  });

  it('switches to French without fetching again', async () => {
    const fetchMock = stubBistro();
    renderMenu('/maple-bistro?tableNum=12');
    await screen.findByRole('button', { name: 'Classic poutine' });
    const calls = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('button', { name: 'Poutine classique' })).toBeTruthy();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('reads the menus again when the tab shows again: the cards and the open item dialog show the new price', async () => {
    let soupPrice = 800;
    const tenant = bistroTenant();
    const fetchMock = stubApi({
      restaurant: bistroRestaurant(tenant),
      menus: (type) => withSoupAt(bistroMenus(type as 'dine_in', tenant), soupPrice),
    });
    renderMenu('/maple-bistro?tableNum=12');
    const card = (await screen.findByRole('button', { name: 'Soup of the day' })).closest('li') as HTMLElement;
    expect(card.textContent).toContain('$8.00');
    const menuCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('/menus')).length;
    const before = menuCalls();
    fireEvent.click(screen.getByRole('button', { name: 'Soup of the day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Soup of the day' });
    expect(within(dialog).getByText('Total: $8.00')).toBeTruthy();

    // The restaurant publishes a new version while the diner is in another tab.
    soupPrice = 900;
    const visibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      act(() => {
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      });
    };
    try {
      visibility('hidden');
      expect(menuCalls()).toBe(before);
      visibility('visible');
      await waitFor(() => expect(within(dialog).getByText('Total: $9.00')).toBeTruthy());
      expect(menuCalls()).toBe(before + 1);
    } finally {
      // jsdom's own again, for the tests after this one.
      Reflect.deleteProperty(document, 'visibilityState');
    }
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const fresh = screen.getByRole('button', { name: 'Soup of the day' }).closest('li') as HTMLElement;
    expect(fresh.textContent).toContain('$9.00');
    expect(fresh.textContent).not.toContain('$8.00');
  });

  it('hides the queue and announcements when their calls fail', async () => {
    const tenant = bistroTenant();
    stubApi({
      restaurant: bistroRestaurant(tenant),
      menus: () => bistroMenus('dine_in', tenant),
      announcements: () => json(500, { code: 500, error: 'INTERNAL', message: 'boom' }),
    });
    renderMenu('/maple-bistro?tableNum=12');
    expect(await screen.findByRole('button', { name: 'Classic poutine' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull();
  });

  it('shows a translated error with Retry when the menus fail, keeping the restaurant', async () => {
    let fail = true;
    const tenant = bistroTenant();
    stubApi({
      restaurant: bistroRestaurant(tenant),
      menus: () => (fail ? json(503, { code: 503, error: 'SERVICE_UNAVAILABLE', message: 'down' }) : bistroMenus('dine_in', tenant)),
    });
    renderMenu('/maple-bistro?tableNum=12');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service is unavailable. Please try again shortly.');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Classic poutine' })).toBeTruthy();
  });

  it('shows the page-not-found content for an unknown restaurant', async () => {
    stubBistro();
    renderMenu('/no-such-place?tableNum=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('applies the restaurant theme, favicon and title', async () => {
    stubBistro();
    renderMenu('/maple-bistro?tableNum=12');
    await screen.findByRole('button', { name: 'Classic poutine' });
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#8b2e1f');
    expect(document.head.querySelector('link[rel~="icon"]')?.getAttribute('href')).toBe('/tenant-images/maple-bistro/favicon.svg');
    expect(document.title).toBe('Maple Bistro — Distillery District');
  });
});
