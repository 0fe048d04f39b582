import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TenantFile, encodeTenantFile, formatPath, type ItemFile, type OptionGroupFile } from './tenant-file';

const TENANTS_DIR = new URL('../../../tenants/', import.meta.url);
const IMAGES_DIR = new URL('images/', TENANTS_DIR);
const IMAGE_PREFIX = '/tenant-images/';

type Path = (string | number)[];
type Localised = { localization: Partial<Record<'en-CA' | 'fr-CA', Record<string, string>>> };
type Named = Localised & { name: string; description?: string; ingredients?: string };
type MenuFile = TenantFile['menu_groups'][number]['menus'][number];

interface Loaded {
  file: string;
  raw: unknown;
  result: ReturnType<typeof TenantFile.safeParse>;
}

const files = readdirSync(TENANTS_DIR)
  .filter((name) => name.endsWith('.json'))
  .sort();
const loaded: Loaded[] = files.map((file) => {
  const raw: unknown = JSON.parse(readFileSync(new URL(file, TENANTS_DIR), 'utf8'));
  return { file, raw, result: TenantFile.safeParse(raw) };
});

function issuesOf(result: Loaded['result']): string[] {
  return result.success ? [] : result.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
}

/** The parsed tenants; a file that does not parse is reported by its own test and skipped here. */
const tenants: TenantFile[] = loaded.flatMap(({ result }) => (result.success ? [result.data] : []));

function tenant(slug: string): TenantFile {
  const found = tenants.find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`tenants/${slug}.json is missing or does not parse`);
  return found;
}

/** Every named menu entity of a tenant, with its JSON path, walking option groups to any depth. */
function* menuEntities(file: TenantFile): Generator<{ kind: string; path: Path; entity: Named }> {
  function* groups(options: OptionGroupFile[], path: Path): Generator<{ kind: string; path: Path; entity: Named }> {
    for (const [g, group] of options.entries()) {
      const groupPath = [...path, 'options', g];
      yield { kind: 'option group', path: groupPath, entity: group };
      for (const [v, value] of group.values.entries()) {
        const valuePath = [...groupPath, 'values', v];
        yield { kind: 'option value', path: valuePath, entity: value };
        yield* groups(value.options, valuePath);
      }
    }
  }
  function* items(list: ItemFile[], path: Path): Generator<{ kind: string; path: Path; entity: Named }> {
    for (const [i, item] of list.entries()) {
      const itemPath = [...path, 'items', i];
      yield { kind: 'item', path: itemPath, entity: item };
      yield* groups(item.options, itemPath);
    }
  }
  for (const [g, group] of file.menu_groups.entries()) {
    const groupPath: Path = ['menu_groups', g];
    yield { kind: 'menu group', path: groupPath, entity: group };
    for (const [m, menu] of group.menus.entries()) {
      const menuPath = [...groupPath, 'menus', m];
      yield { kind: 'menu', path: menuPath, entity: menu };
      yield* items(menu.items, menuPath);
      for (const [s, section] of menu.sections.entries()) {
        const sectionPath = [...menuPath, 'sections', s];
        yield { kind: 'section', path: sectionPath, entity: section };
        yield* items(section.items, sectionPath);
      }
    }
  }
}

function allMenus(file: TenantFile): MenuFile[] {
  return file.menu_groups.flatMap((group) => group.menus);
}

function allItems(file: TenantFile): ItemFile[] {
  return allMenus(file).flatMap((menu) => [...menu.items, ...menu.sections.flatMap((section) => section.items)]);
}

function allSections(file: TenantFile) {
  return allMenus(file).flatMap((menu) => menu.sections);
}

/** Every string of a JSON value that is a /tenant-images/ path, with where it was found. */
function imagePaths(value: unknown, path: Path = []): { path: Path; url: string }[] {
  if (typeof value === 'string') return value.startsWith(IMAGE_PREFIX) ? [{ path, url: value }] : [];
  if (Array.isArray(value)) return value.flatMap((entry, index) => imagePaths(entry, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, entry]) => imagePaths(entry, [...path, key]));
  }
  return [];
}

describe('tenant files', () => {
  it('exist for every demo tenant', () => {
    const slugs = files.map((file) => file.replace(/\.json$/, ''));
    expect(slugs).toEqual(
      expect.arrayContaining([
        'maple-bistro',
        'maple-school',
        'northside-arena',
        'harbour-catering',
        'cantine',
        'market-hall',
        'bowlero-mississauga',
        'bowlero-richmond-hill',
        'bowlero-calgary',
        'bowlero-ottawa',
        'grand-buffet',
      ]),
    );
  });

  it.each(loaded.map((entry) => [entry.file, entry] as const))('%s parses with TenantFile', (_file, entry) => {
    expect(issuesOf(entry.result)).toEqual([]);
  });

  it('are named after their slug', () => {
    const mismatched = loaded.filter(({ file, result }) => result.success && `${result.data.slug}.json` !== file).map(({ file }) => file);
    expect(mismatched).toEqual([]);
  });

  it('have restaurant ids and slugs unique across files', () => {
    const ids = tenants.map((file) => file.id);
    const slugs = tenants.map((file) => file.slug);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(slugs.filter((slug, index) => slugs.indexOf(slug) !== index)).toEqual([]);
  });

  it('keep menu entity ids in a separate range per tenant (no id of a kind is reused across files)', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const file of tenants) {
      for (const { kind, path, entity } of menuEntities(file)) {
        const key = `${kind}:${(entity as Named & { id: number }).id}`;
        const earlier = owner.get(key);
        if (earlier && earlier !== file.slug) clashes.push(`${file.slug} ${formatPath(path)}: ${key} is also used by ${earlier}`);
        else owner.set(key, file.slug);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('give every named menu entity its French name, description and ingredients', () => {
    const missing: string[] = [];
    for (const file of tenants) {
      for (const { kind, path, entity } of menuEntities(file)) {
        const french = entity.localization['fr-CA'];
        const where = `${file.slug} ${formatPath(path)} (${kind} "${entity.name}")`;
        if (!french?.name?.trim()) missing.push(`${where}: no fr-CA name`);
        if (entity.description?.trim() && !french?.description?.trim()) missing.push(`${where}: no fr-CA description`);
        if (entity.ingredients?.trim() && !french?.ingredients?.trim()) missing.push(`${where}: no fr-CA ingredients`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('translate the labels shown to diners outside the menu', () => {
    const missing: string[] = [];
    for (const file of tenants) {
      const check = (where: string, entity: Localised, field: string, english: string | undefined) => {
        if (english?.trim() && !entity.localization['fr-CA']?.[field]?.trim()) missing.push(`${file.slug} ${where}: no fr-CA ${field}`);
      };
      file.vendors.forEach((vendor, index) => check(`$.vendors[${index}]`, vendor, 'name', vendor.name));
      file.events.forEach((event, index) => check(`$.events[${index}]`, event, 'name', event.name));
      file.suites.forEach((suite, index) => {
        check(`$.suites[${index}]`, suite, 'name', suite.name);
        check(`$.suites[${index}]`, suite, 'location', suite.location);
      });
      file.announcements.forEach((announcement, index) => check(`$.announcements[${index}]`, announcement, 'html', announcement.html));
      file.extraPaymentMethods.forEach((method, index) => check(`$.extraPaymentMethods[${index}]`, method, 'label', method.label));
      if (file.serviceCharge) check('$.serviceCharge', file.serviceCharge, 'label', file.serviceCharge.label);
      file.customQuestions.forEach((question, index) => {
        const french = question.localization['fr-CA'];
        if (!french?.question.trim() || french.options.length !== question.options.length) {
          missing.push(`${file.slug} $.customQuestions[${index}]: needs a fr-CA question and one fr-CA option per option`);
        }
      });
      const locales = file.locales.map((locale) => locale.locale_long).sort();
      if (locales.join() !== 'en-CA,fr-CA') missing.push(`${file.slug} $.locales: must offer en-CA and fr-CA`);
    }
    expect(missing).toEqual([]);
  });

  it('point every /tenant-images/ path at a file under tenants/images', () => {
    const broken = loaded.flatMap(({ file, raw }) =>
      imagePaths(raw)
        .filter(({ url }) => !existsSync(new URL(url.slice(IMAGE_PREFIX.length), IMAGES_DIR)))
        .map(({ path, url }) => `${file} ${formatPath(path)}: ${url} does not exist`),
    );
    expect(broken).toEqual([]);
  });

  it('give every tenant a logo, a favicon, an address, coordinates, hours and a support e-mail', () => {
    const incomplete = tenants
      .filter(
        (file) =>
          !file.theme.logo ||
          !file.theme.favicon ||
          !file.address ||
          file.latitude === null ||
          file.longitude === null ||
          file.hours.length === 0 ||
          !file.supportEmail,
      )
      .map((file) => file.slug);
    expect(incomplete).toEqual([]);
  });
});

describe('maple-bistro demo content', () => {
  const bistro = () => tenant('maple-bistro');

  it('has a happy-hour item with a price schedule whose letters map to additional prices', () => {
    const scheduled = allItems(bistro()).filter((item) => item.price_schedule);
    expect(scheduled.length).toBeGreaterThan(0);
    for (const item of scheduled) {
      const letters = new Set(Object.keys(item.additional_prices ?? {}));
      expect(letters.size).toBeGreaterThanOrEqual(2);
      const days = Object.values(item.price_schedule ?? {});
      expect(days).toHaveLength(7);
      for (const day of days) expect(day).toMatch(/^[A-Za-z]{96}$/);
      const used = new Set(days.join('').split(''));
      expect([...used].filter((letter) => letter !== 'X' && !letters.has(letter))).toEqual([]);
      expect(used.has('X')).toBe(true);
    }
  });

  it('has options nested two levels deep (item → group → value → group → value)', () => {
    const nested = allItems(bistro()).filter((item) =>
      item.options.some((group) => group.values.some((value) => value.options.some((subGroup) => subGroup.values.length > 0))),
    );
    expect(nested.map((item) => item.name)).toContain('Maple Burger');
  });

  it('has option groups of both types, required groups, single and multiple selection and limits 1, 3 and 5', () => {
    const groups = allItems(bistro()).flatMap((item) => item.options);
    expect(groups.some((group) => group.type === 'pricing')).toBe(true);
    expect(groups.some((group) => group.required)).toBe(true);
    expect(groups.some((group) => group.allow_multiple_selection)).toBe(true);
    expect(groups.some((group) => !group.allow_multiple_selection)).toBe(true);
    for (const limit of [1, 3, 5]) expect(groups.some((group) => group.limit === limit)).toBe(true);
    const values = groups.flatMap((group) => group.values);
    expect(groups.some((group) => group.custom_quantities && group.values.some((value) => value.max_quantity !== null))).toBe(true);
    expect(values.some((value) => value.default_selection)).toBe(true);
    expect(values.some((value) => value.promos.length > 0)).toBe(true);
  });

  it('has alcoholic items flagged and carrying the Alcohol allergen', () => {
    const alcoholic = allItems(bistro()).filter((item) => item.alcoholic_beverage);
    expect(alcoholic.length).toBeGreaterThan(0);
    for (const item of alcoholic) expect(item.allergens.split(',')).toContain('Alcohol');
  });

  it('has member-only, dine-in-only and scheduled menus', () => {
    const menus = allMenus(bistro());
    expect(menus.some((menu) => menu.member_only)).toBe(true);
    expect(menus.some((menu) => menu.dine_in && !menu.on_demand && !menu.scheduled)).toBe(true);
    const brunch = menus.find((menu) => menu.scheduled);
    expect(brunch).toMatchObject({
      last_call_time: expect.any(Number),
      required_notice: expect.any(Number),
      ordering_interval: expect.any(Number),
      max_orders_per_interval: expect.any(Number),
      estimated_prep_time: expect.any(Number),
    });
  });

  it('has a sold-out item, a sold-out section, an unavailable item and an unpublished item', () => {
    const items = allItems(bistro());
    expect(items.some((item) => item.sold_out)).toBe(true);
    expect(allSections(bistro()).some((section) => section.sold_out)).toBe(true);
    expect(items.some((item) => item.unavailable)).toBe(true);
    expect(items.some((item) => item.published_at === null)).toBe(true);
  });

  it('has featured, upsell, promo and tax-rebate items, and calories that must be shown as none', () => {
    const items = allItems(bistro());
    expect(items.some((item) => item.featured_item)).toBe(true);
    expect(items.some((item) => item.upsell_item)).toBe(true);
    expect(items.some((item) => item.promos.length > 0)).toBe(true);
    expect(items.some((item) => item.tax_rebate_eligibility && item.price <= 400)).toBe(true);
    expect(items.some((item) => typeof item.calories === 'number' && (item.calories < 0 || !Number.isInteger(item.calories)))).toBe(true);
  });

  it('has tips of 15, 18 and 20 percent with 18 preselected, an 18 percent service charge and a 22-item cart limit', () => {
    const file = bistro();
    expect(file.tipConfig).toMatchObject({ type: 'percentage', default_values: ['15', '18', '20'], default_value_selected: 1 });
    expect(file.serviceCharge?.value).toEqual({ type: 'percentage', value: '18', amount: null });
    expect(file.maxItemsPerCart).toBe(22);
    expect(file.delivery?.delivery_charge).toEqual({ type: 'percentage', value: '10', amount: null });
    expect(file.tax_rate).toEqual({ tax1: '0.13' });
  });

  it('has discount codes, gift cards (one empty), a membership program with members and a voucher', () => {
    const file = bistro();
    expect(file.discount_codes.some((code) => code.type === 'percentage')).toBe(true);
    expect(file.discount_codes.some((code) => code.type === 'dollar')).toBe(true);
    expect(file.discount_codes.some((code) => code.ends_at !== null && Date.parse(code.ends_at) < Date.parse('2026-11-22T00:00:00Z'))).toBe(
      true,
    );
    expect(file.discount_codes.some((code) => code.max_uses !== null)).toBe(true);
    expect(file.gift_cards.some((card) => card.balance > 0)).toBe(true);
    expect(file.gift_cards.some((card) => card.balance === 0)).toBe(true);
    expect(file.membership_program?.members.length).toBeGreaterThan(0);
    expect(file.membership_program?.discount).not.toBeNull();
    expect(file.voucher?.type).toBe('gift_card');
  });

  it('has hours every day (past midnight on Friday and Saturday), holiday hours and announcements to sanitise', () => {
    const file = bistro();
    expect(new Set(file.hours.map((range) => range.day)).size).toBe(7);
    for (const day of ['friday', 'saturday']) {
      expect(file.hours.some((range) => range.day === day && range.end_time < range.start_time)).toBe(true);
    }
    expect(file.holiday_hours).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ date: '2026-12-25', full_day: true }),
        expect.objectContaining({ date: '2026-12-24', full_day: false, start_time: expect.any(String), end_time: expect.any(String) }),
      ]),
    );
    expect(file.announcements.some((announcement) => /<script/i.test(announcement.html) && /\sonclick=/i.test(announcement.html))).toBe(
      true,
    );
    expect(file.customQuestions.map((question) => question.question_type).sort()).toEqual(['checkbox', 'select_one']);
    expect(file.customQuestions.some((question) => question.required)).toBe(true);
  });
});

describe('other demo tenants', () => {
  const NOW = Date.parse('2026-11-22T00:00:00Z');

  it('maple-school: K-12 meals on a two-week Monday rotation with schools and subsidy codes', () => {
    const file = tenant('maple-school');
    expect(file).toMatchObject({
      k12: true,
      k12RequiresLogin: true,
      order_cutoff_days: 2,
      weekendOrdering: false,
      maxAdvancedOrderDays: 20,
    });
    expect(file.end_of_school_year).toBe('2027-06-25');
    expect(new Date(`${file.rotation?.start_date}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(file.rotation?.weeks).toHaveLength(2);
    for (const week of file.rotation?.weeks ?? []) {
      expect(Object.keys(week).sort()).toEqual(['friday', 'monday', 'thursday', 'tuesday', 'wednesday']);
    }
    expect(allItems(file).some((item) => item.meal_package)).toBe(true);
    expect(file.delivery?.schools.every((school) => school.grades && school.classrooms && school.teachers)).toBe(true);
    expect(file.subsidies).toMatchObject({ target_users: 'codes', target_items: 'meals' });
    expect(file.subsidies?.codes.length).toBeGreaterThan(0);
    expect(file).toMatchObject({ subsidiesEnabled: true, credits_enabled: true });
  });

  it('northside-arena: suites and upcoming events, one of them already locked for pre-orders', () => {
    const file = tenant('northside-arena');
    expect(file.suites_enabled).toBe(true);
    const upcoming = file.events.filter((event) => Date.parse(event.starts_at) > Date.parse('2026-12-01T00:00:00Z'));
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    expect(upcoming.some((event) => Date.parse(event.pre_order_lock_at) < NOW)).toBe(true);
    expect(upcoming.some((event) => Date.parse(event.pre_order_lock_at) > NOW)).toBe(true);
    const eventSuites = file.events.flatMap((event) => event.suites);
    expect(eventSuites.some((suite) => suite.owner_email === 'owner@example.com' && suite.tab_limit !== null)).toBe(true);
    expect(new Set(eventSuites.map((suite) => suite.event_day_payment_preference))).toEqual(new Set(['charge', 'invoice', null]));
    expect(file.delivery?.stadium_sections).toMatch(/^101,102,103/);
    expect(file.allow_open_tab).toBe(true);
    expect(file.extraPaymentMethods.map((method) => method.type)).toContain('invoice');
  });

  it('harbour-catering: Québec catering in French first, with purchase orders and cost centres', () => {
    const file = tenant('harbour-catering');
    expect(file.locales.find((locale) => locale.is_default)?.locale_long).toBe('fr-CA');
    expect(file).toMatchObject({ province: 'QC', catering: true, min_catering_amount: 15000, tax_rate: { tax1: '0.05', tax2: '0.09975' } });
    expect(file.extraPaymentMethods.map((method) => method.type).sort()).toEqual(['cost_center', 'purchase_order']);
    expect(file.customQuestions.map((question) => question.question)).toContain('Dietary restrictions?');
    const perPerson = allItems(file)
      .flatMap((item) => item.options)
      .filter((group) => group.custom_quantities);
    expect(perPerson.length).toBeGreaterThan(0);
  });

  it('cantine: a workplace canteen on its own host, pay what you can for everyone', () => {
    const file = tenant('cantine');
    expect(file.canteen_hosts).toEqual(['cantine.localhost']);
    expect(file.canteen?.employer).toBe('Laurier Group');
    expect(Object.keys(file.canteen?.week ?? {})).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
    expect(file.subsidiesEnabled).toBe(true);
    expect(file.subsidies).toMatchObject({ is_active: true, target_users: 'all', target_items: 'all', type: 'pay_what_you_can' });
    expect(file.hideGuestInfo.phone).toBe(true);
    expect(file.extraPaymentMethods.map((method) => method.type)).toEqual(['cost_center']);
  });

  it('market-hall: every menu group belongs to a vendor; food pays no BC PST and liquor pays 10 percent', () => {
    const file = tenant('market-hall');
    expect(file.marketplaceHub).toBe(true);
    expect(file.vendors.length).toBeGreaterThanOrEqual(3);
    expect(file.menu_groups.every((group) => group.vendor_id !== undefined)).toBe(true);
    const items = allItems(file);
    for (const item of items.filter((candidate) => candidate.alcoholic_beverage))
      expect(item.tax_rate).toEqual({ tax1: '0.05', tax2: '0.10' });
    expect(items.filter((item) => item.tax_rate?.tax2 === '0').length).toBeGreaterThan(items.length / 2);
  });

  it('bowlero: three open locations of the chain, with lanes as table locations and alcohol on the menu, and one coming soon', () => {
    const chain = tenants.filter((file) => file.group === 'bowlero');
    expect(chain.every((file) => file.group_name === 'Bowlero')).toBe(true);
    const open = chain.filter((file) => file.opening_date === null);
    expect(open.map((file) => file.slug).sort()).toEqual(['bowlero-calgary', 'bowlero-mississauga', 'bowlero-richmond-hill']);
    expect(chain.filter((file) => file.opening_date !== null).map((file) => [file.slug, file.opening_date])).toEqual([
      ['bowlero-ottawa', '2027-03-06'],
    ]);
    for (const file of open) {
      expect(file.generic_table_locations?.locations).toMatch(/^Lane:1,Lane:2,/);
      expect(allItems(file).some((item) => item.alcoholic_beverage)).toBe(true);
      expect(file.tipConfig?.default_values.length).toBeGreaterThan(0);
    }
  });
});

describe('grand-buffet', () => {
  it('has a single menu with exactly 300 published items, each described', () => {
    const file = tenant('grand-buffet');
    const menus = allMenus(file);
    expect(menus).toHaveLength(1);
    const [menu] = menus;
    expect(menu?.published_at).not.toBeNull();
    const published = (menu?.sections ?? [])
      .filter((section) => section.published_at !== null)
      .flatMap((section) => section.items)
      .filter((item) => item.published_at !== null);
    expect(published).toHaveLength(300);
    expect(published.filter((item) => !item.description.trim())).toEqual([]);
    expect(published.filter((item) => item.options.length > 0).length).toBeGreaterThan(0);
  });
});

describe('TenantFile schema', () => {
  /** The smallest valid tenant: one item in one section of one menu. */
  const minimal = () => ({
    id: 1,
    slug: 'test-tenant',
    name: 'Test tenant',
    province: 'ON',
    tax_rate: { tax1: '0.13' },
    menu_groups: [
      {
        id: 1,
        name: 'Group',
        slug: 'group',
        menus: [
          {
            id: 1,
            name: 'Menu',
            sections: [{ id: 1, name: 'Section', items: [{ id: 1, name: 'Item', price: '12.50' } as Record<string, unknown>] }],
          },
        ],
      },
    ],
  });
  const firstItem = (file: ReturnType<typeof minimal>) => file.menu_groups[0]!.menus[0]!.sections[0]!.items;
  const formatted = (raw: unknown) => issuesOf(TenantFile.safeParse(raw));

  it('reads "12.50" as 1250 cents and keeps rates and charges exact', () => {
    const file = minimal();
    Object.assign(file, { serviceCharge: { value: '5$' }, delivery: { delivery_charge: '10' } });
    const result = TenantFile.safeParse(file);
    expect(issuesOf(result)).toEqual([]);
    if (!result.success) return;
    expect(result.data.menu_groups[0]?.menus[0]?.sections[0]?.items[0]?.price).toBe(1250);
    expect(result.data.tax_rate.tax1).toBe('0.13');
    expect(result.data.serviceCharge?.value).toEqual({ type: 'dollar', value: '5', amount: 500 });
    expect(result.data.delivery?.delivery_charge).toEqual({ type: 'percentage', value: '10', amount: null });
  });

  it('refuses a price of the wrong type, naming its path', () => {
    const file = minimal();
    firstItem(file)[0]!.price = true;
    const issues = formatted(file);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^\$\.menu_groups\[0\]\.menus\[0\]\.sections\[0\]\.items\[0\]\.price: /);
  });

  it('refuses a price with more than two decimals', () => {
    const file = minimal();
    firstItem(file)[0]!.price = '12.505';
    expect(formatted(file)).toEqual([
      expect.stringMatching(/^\$\.menu_groups\[0\]\.menus\[0\]\.sections\[0\]\.items\[0\]\.price: .*12\.505/),
    ]);
  });

  it('puts every section in the kitchen by default, and takes a section naming a listed station only (decision 0107)', () => {
    const plain = TenantFile.safeParse(minimal());
    expect(plain.success && plain.data.kitchen_stations).toEqual([{ id: 'kitchen', name: { 'en-CA': 'Kitchen', 'fr-CA': 'Cuisine' } }]);
    const stations = [
      { id: 'kitchen', name: { 'en-CA': 'Kitchen', 'fr-CA': 'Cuisine' } },
      { id: 'bar', name: { 'en-CA': 'Bar', 'fr-CA': 'Bar' } },
    ];
    const section = (file: ReturnType<typeof minimal>) => file.menu_groups[0]!.menus[0]!.sections[0]! as Record<string, unknown>;
    const atBar = minimal();
    Object.assign(atBar, { kitchen_stations: stations });
    section(atBar).station = 'bar';
    expect(formatted(atBar)).toEqual([]);
    const unlisted = minimal();
    section(unlisted).station = 'bar';
    expect(formatted(unlisted)).toEqual([
      "$.menu_groups[0].menus[0].sections[0].station: station bar is not in this file's kitchen_stations",
    ]);
    const twice = minimal();
    Object.assign(twice, { kitchen_stations: [stations[0], stations[0]] });
    expect(formatted(twice)).toEqual(['$.kitchen_stations: station ids must be unique']);
    const badId = minimal();
    section(badId).station = 'The Bar';
    expect(formatted(badId)).toEqual([expect.stringMatching(/^\$\.menu_groups\[0\]\.menus\[0\]\.sections\[0\]\.station: /)]);
  });

  it('refuses a duplicate item id, naming both places', () => {
    const file = minimal();
    firstItem(file).push({ id: 1, name: 'Same id', price: '3.00' });
    expect(formatted(file)).toEqual([
      '$.menu_groups[0].menus[0].sections[0].items[1].id: item id 1 is already used at $.menu_groups[0].menus[0].sections[0].items[0]',
    ]);
  });

  it('refuses an option group nested under its own value (it would loop), naming where', () => {
    const file = minimal();
    const inner = { id: 70, name: 'Size', values: [{ id: 81, name: 'Large' }] };
    firstItem(file)[0]!.options = [
      {
        id: 70,
        name: 'Size',
        values: [{ id: 80, name: 'Small', options: [{ id: 71, name: 'Side', values: [{ id: 82, name: 'Fries', options: [inner] }] }] }],
      },
    ];
    expect(formatted(file)).toEqual([
      '$.menu_groups[0].menus[0].sections[0].items[0].options[0].values[0].options[0].values[0].options[0].id: option group 70 is nested inside itself (at $.menu_groups[0].menus[0].sections[0].items[0].options[0]): it would loop',
    ]);
    // The same id in another item's groups is a repeated id, not a loop.
    inner.id = 72;
    expect(formatted(file)).toEqual([]);
    firstItem(file).push({ id: 2, name: 'Other', price: '1.00', options: [{ id: 70, name: 'Size', values: [{ id: 90, name: 'S' }] }] });
    expect(formatted(file)).toEqual([expect.stringMatching(/items\[1\]\.options\[0\]\.id: option group id 70 is already used at/)]);
  });

  it('refuses promo prices in a file: the server works them out from promos', () => {
    const file = minimal();
    firstItem(file)[0]!.adjustedPrice = 1000;
    firstItem(file)[0]!.adjusted_additional_prices = { A: 900 };
    expect(formatted(file)).toEqual([
      '$.menu_groups[0].menus[0].sections[0].items[0].adjustedPrice: adjustedPrice is worked out by the server from promos: leave it out',
      '$.menu_groups[0].menus[0].sections[0].items[0].adjusted_additional_prices: adjusted_additional_prices is worked out by the server from promos: leave it out',
    ]);
  });

  it('refuses unknown keys (strict objects)', () => {
    const file = minimal();
    firstItem(file)[0]!.colour = 'red';
    const result = TenantFile.safeParse({ ...file, favourite_colour: 'blue' });
    expect(result.success).toBe(false);
    if (result.success) return;
    const unknown = result.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
    expect(unknown.map((issue) => [formatPath(issue.path), 'keys' in issue ? issue.keys : []])).toEqual(
      expect.arrayContaining([
        ['$', ['favourite_colour']],
        ['$.menu_groups[0].menus[0].sections[0].items[0]', ['colour']],
      ]),
    );
  });

  it('refuses a slug reserved for a screen of the product', () => {
    expect(formatted({ ...minimal(), slug: 'login' })).toEqual([expect.stringMatching(/^\$\.slug: is reserved/)]);
  });

  it('refuses a percentage above 100 and a discount code that ends before it starts', () => {
    const issues = formatted({
      ...minimal(),
      promos: [{ id: 9, percent: '150' }],
      discount_codes: [
        { code: 'BACKWARDS', type: 'dollar', value: '5', starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-11-01T00:00:00Z' },
      ],
    });
    expect(issues).toEqual([
      expect.stringMatching(/^\$\.promos\[0\]\.percent: a percentage is at most 100/),
      expect.stringMatching(/^\$\.discount_codes\[0\]\.ends_at: must be after starts_at/),
    ]);
  });

  it('refuses a discount code given twice in another case, and one of spaces only', () => {
    const twice = formatted({
      ...minimal(),
      discount_codes: [
        { code: 'LUNCH10', type: 'percentage', value: '10' },
        { code: ' lunch10', type: 'dollar', value: '5' },
      ],
    });
    expect(twice).toEqual([
      '$.discount_codes[1].code: discount code  lunch10 is already at $.discount_codes[0] (codes are matched in any case)',
    ]);
    const blank = formatted({ ...minimal(), discount_codes: [{ code: '  ', type: 'dollar', value: '5' }] });
    expect(blank).toEqual(['$.discount_codes[0].code: must not be empty']);
  });

  it('refuses two suites with one id and an event locked after it starts', () => {
    const issues = formatted({
      ...minimal(),
      suites: [
        { id: 1, name: 'A' },
        { id: 1, name: 'B' },
      ],
      events: [{ id: 1, name: 'Game', starts_at: '2026-12-01T19:00:00Z', pre_order_lock_at: '2026-12-02T00:00:00Z' }],
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        '$.suites[1].id: suite id 1 is already used at $.suites[0]',
        '$.events[0].pre_order_lock_at: must not be after starts_at',
      ]),
    );
  });
});

describe('a stored tenant written back out as its file (encodeTenantFile)', () => {
  // The staff console exports a restaurant as the file tenants:import takes (issue 32, item 5).
  it.each(files)('%s: the file written out parses back to the same tenant, amounts and charges as the file writes them', (file) => {
    const parsed = tenants.find((candidate) => loaded.find((entry) => entry.file === file)?.result.data === candidate);
    expect(parsed, `${file} parses`).toBeDefined();
    const written = encodeTenantFile(parsed!);
    // Through JSON, as a downloaded file would be.
    const again = TenantFile.safeParse(JSON.parse(JSON.stringify(written)));
    expect(issuesOf(again)).toEqual([]);
    expect(again.data).toEqual(parsed);
  });

  it('writes cents as dollars text and charges as the file writes them', () => {
    const bistro = tenant('maple-bistro');
    const written = encodeTenantFile(bistro) as {
      menu_groups: Array<{ menus: Array<{ sections: Array<{ items: Array<{ price: unknown }> }> }> }>;
    };
    const cents = bistro.menu_groups[0]!.menus[0]!.sections[0]!.items[0]!.price;
    expect(written.menu_groups[0]!.menus[0]!.sections[0]!.items[0]!.price).toBe(
      `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    );
    const charged = TenantFile.parse({
      ...(encodeTenantFile(bistro) as object),
      serviceCharge: { value: '18', localization: {} },
      delivery: { delivery_charge: '4.5$' },
    });
    const out = encodeTenantFile(charged) as { serviceCharge: { value: unknown }; delivery: { delivery_charge: unknown } };
    expect(out.serviceCharge.value).toBe('18');
    expect(out.delivery.delivery_charge).toBe('4.5$');
    expect(TenantFile.parse(out).delivery?.delivery_charge).toEqual({ type: 'dollar', value: '4.5', amount: 450 });
  });

  it("takes the kitchen's ticket targets, late after running long, and refuses them the other way round", () => {
    const bistro = encodeTenantFile(tenant('maple-bistro')) as object;
    expect(TenantFile.parse(bistro).kitchen_targets).toEqual({ warning_minutes: 10, late_minutes: 20 });
    expect(TenantFile.parse({ ...bistro, kitchen_targets: { warning_minutes: 5, late_minutes: 8 } }).kitchen_targets).toEqual({
      warning_minutes: 5,
      late_minutes: 8,
    });
    const backwards = TenantFile.safeParse({ ...bistro, kitchen_targets: { warning_minutes: 15, late_minutes: 15 } });
    expect(issuesOf(backwards)).toEqual(['$.kitchen_targets.late_minutes: late_minutes must be more than warning_minutes']);
  });
});
