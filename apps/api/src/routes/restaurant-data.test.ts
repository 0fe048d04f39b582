import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([
    asSource(
      tenantFixture({
        id: 31,
        slug: 'data-place',
        canteen_hosts: ['canteen.example.test'],
        orders_paused: true,
        orders_paused_message: { 'en-CA': '<p style="color:red">Back <a href="https://x.example">soon</a><script>x()</script></p>' },
        announcements: [{ id: 1, html: '<p>Hello</p>' }],
        membership_program: { enabled: true, members: [{ identifier: 'M-1', firstName: 'Ann', lastName: 'Member' }] },
        subsidies: {
          is_active: true,
          target_users: 'codes',
          target_items: 'all',
          type: 'discount',
          discount_percentage: '50',
          codes: ['HUSH'],
        },
      }),
    ),
  ]);
});
afterAll(() => t.close());

describe('GET /:slug/data.json', () => {
  it('answers the restaurant data without secrets', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/data-place/data.json' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: 31, slug: 'data-place', name: 'Restaurant data-place', tax_rate: { tax1: '0.13' } });
    expect(body.membership_program.enabled).toBe(true);
    for (const secret of ['6000111122223333', 'SECRET10', 'M-1', 'HUSH', 'canteen.example.test'])
      expect(response.body).not.toContain(secret);
    expect(body.menu_groups).toBeUndefined();
    expect(body.announcements).toBeUndefined();
    expect(body.orders_paused_message).toEqual({ 'en-CA': '<p>Back soon</p>' });
  });

  it('tells the browser whether a K-12 school needs a sign-in (k12RequiresLogin, true unless the file says false)', async () => {
    // The school menu screen sends guests to /login on this flag alone: it must stay in the public data.
    const body = (await t.app.inject({ method: 'GET', url: '/data-place/data.json' })).json();
    expect(body.k12RequiresLogin).toBe(true);
  });

  it('answers 404 with the envelope in French for an unknown slug', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/nowhere/data.json', headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, error: 'RESTAURANT_NOT_FOUND', message: 'Nous n’avons pas trouvé ce restaurant.' });
  });
});

describe('GET /', () => {
  it('sends a canteen host to /cantine and anyone else to page-not-found', async () => {
    const canteen = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'canteen.example.test' } });
    expect(canteen.statusCode).toBe(302);
    expect(canteen.headers.location).toBe('/cantine');
    const other = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'elsewhere.example.test' } });
    expect(other.headers.location).toBe('/page-not-found');
  });
});

describe('GET /api/canteen', () => {
  it('names the canteen of the host, whatever its slug, and no canteen elsewhere', async () => {
    const canteen = await t.app.inject({ method: 'GET', url: '/api/canteen', headers: { host: 'canteen.example.test:3000' } });
    expect(canteen.statusCode).toBe(200);
    expect(canteen.json()).toEqual({ slug: 'data-place', now: expect.any(String) });
    const other = await t.app.inject({ method: 'GET', url: '/api/canteen', headers: { host: 'elsewhere.example.test' } });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('RESTAURANT_NOT_FOUND');
  });

  it('falls back to the canteen whose slug is cantine on a host that serves none', async () => {
    // The server's clock comes with it: a page the server did not render takes the canteen's "today" from it.
    const now = new Date('2026-11-24T04:30:00Z');
    const withDemo = await createTestApp(
      [
        asSource(tenantFixture({ id: 32, slug: 'cantine', canteen_hosts: ['cantine.localhost'] })),
        asSource(tenantFixture({ id: 33, slug: 'other-canteen', canteen_hosts: ['other.example.test'] })),
      ],
      { now: () => now },
    );
    try {
      const answer = (host: string) => withDemo.app.inject({ method: 'GET', url: '/api/canteen', headers: { host } });
      expect((await answer('127.0.0.1:3205')).json()).toEqual({ slug: 'cantine', now: now.toISOString() });
      expect((await answer('other.example.test')).json()).toEqual({ slug: 'other-canteen', now: now.toISOString() });
    } finally {
      await withDemo.close();
    }
  });
});
