import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('checks the database and names it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.dialect });
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('keeps a well-formed request id from the caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-1234567890' } });
    expect(response.headers['x-request-id']).toBe('lb-1234567890');
  });
});

describe('OpenAPI', () => {
  it('is generated from the routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/restaurants/{id}/menus', '/{slug}/data.json']),
    );
  });

  it('has a browsable page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page = response.statusCode === 302 ? await t.app.inject({ method: 'GET', url: response.headers.location as string }) : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
