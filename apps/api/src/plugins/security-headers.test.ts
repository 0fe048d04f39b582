import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { cspReports } from './security-headers';

const tenant = tenantFixture({ id: 76, slug: 'headers-place' });
const PROXY = '10.1.2.3';

let t: TestApp;
let proxied: TestApp;
const logLines: string[] = [];
/** A built web app of two files: the API tests run before the real one is built. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-headers-web-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Servery</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'assets', 'main-Ab12Cd34.js'), 'console.log("servery");');
  t = await createTestApp([asSource(tenant)], { logLines, webDist });
  proxied = await createTestApp([], { trustProxy: [PROXY] });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const policyOf = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values] as const),
  );

describe('security headers', () => {
  it('puts a strict policy, nosniff, a referrer policy and no framing on every answer', async () => {
    // A built file of the web app too (plugins/web.ts serves them with headers of its own).
    for (const url of ['/api/health', '/api/no-such-route', '/headers-place', '/assets/main-Ab12Cd34.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy.get('script-src')?.[0], url).toBe("'self'");
      expect(policy.get('script-src')?.some((value) => value.includes('unsafe'))).toBe(false);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      // Restaurant fonts are files of the product (apps/web/src/lib/restaurant-fonts.ts): no font service, no data: URL.
      expect(policy.get('font-src')).toEqual(["'self'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });

  it('keeps API answers out of every cache unless the route says otherwise', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-user',
      headers: { 'x-restaurant-id': 'headers-place' },
      payload: { firstName: 'Hana', lastName: 'Header', email: 'hana@example.com', password: 'Secret12!' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().token).toBeTruthy();
    expect(signIn.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-restaurant-id': 'headers-place' },
      payload: {},
    });
    expect(refused.headers['cache-control']).toBe('no-store');
    // The menus are the same for every diner of a type and revalidate by ETag.
    const menus = await t.app.inject({ method: 'GET', url: '/api/restaurants/headers-place/menus?tableNum=1' });
    expect(menus.statusCode).toBe(200);
    expect(menus.headers['cache-control']).not.toBe('no-store');
  });

  it('asks for HTTPS only when the request came over it, as a trusted proxy says', async () => {
    const direct = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    const plain = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=31536000; includeSubDomains$/);
  });

  it('logs a browser violation report without its query strings', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/csp-reports',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://localhost:3000/headers-place/order?token=SECRET123',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js?k=1',
        },
      }),
    });
    expect(response.statusCode).toBe(204);
    const line = logLines.find((entry) => entry.includes('content security policy violation'));
    expect(line).toContain('script-src-elem');
    expect(line).toContain('evil.example');
    expect(line).not.toContain('SECRET123');
    // A malformed report is no error of the server's.
    const junk = await t.app.inject({
      method: 'POST',
      url: '/api/csp-reports',
      headers: { 'content-type': 'application/csp-report' },
      payload: '{oops',
    });
    expect(junk.statusCode).toBe(204);
  });
});

describe('cspReports', () => {
  it.each([
    ['report-uri shape', { 'csp-report': { 'violated-directive': 'img-src', 'blocked-uri': 'data', 'document-uri': 'http://h/p' } }, 1],
    [
      'Reporting API shape',
      [{ type: 'csp-violation', body: { effectiveDirective: 'script-src', blockedURL: 'inline', documentURL: 'http://h/' } }],
      1,
    ],
    ['nothing', null, 0],
    ['a string', 'x', 0],
  ])('%s', (_name, body, count) => {
    expect(cspReports(body)).toHaveLength(count);
  });
});
