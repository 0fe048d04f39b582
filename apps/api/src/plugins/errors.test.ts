import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from '../app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', TENANTS_DIR: '/nonexistent' }, database);
  // A route that takes a body, to exercise the shared error handling the real routes rely on.
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/test-echo', { schema: { body: z.object({ quantity: z.number().int().min(1) }) } }, async (request) => ({
      quantity: request.body.quantity,
    }));
  app.get('/api/test-crash', async () => {
    throw new Error('database password is hunter2');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  app.inject({ method: 'POST', url: '/api/test-echo', payload, headers });

describe('error envelope', () => {
  it('refuses malformed JSON with a clear message', async () => {
    const response = await post('{"quantity": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, error: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' });
  });

  it('names the field with the wrong type', async () => {
    const response = await post('{"quantity": "two"}', { 'content-type': 'application/json', 'accept-language': 'fr-CA' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', message: 'Certaines informations envoyées ne sont pas valides.' });
    expect(body.details[0].path).toBe('body.quantity');
  });

  it('refuses a body that is not JSON', async () => {
    const response = await post('quantity=2', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses an oversized payload', async () => {
    const response = await post(JSON.stringify({ quantity: 1, padding: 'x'.repeat(300 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown API path with the envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, error: 'NOT_FOUND', message: 'We could not find what you asked for.' });
  });

  it('never leaks internals in a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    expect(response.body).not.toContain('hunter2');
  });
});
