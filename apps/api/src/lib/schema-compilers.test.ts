/**
 * A route's response schema is an allowlist (docs/decisions/0067-answers-by-role.md): the serializer
 * compiler parses the answer with the schema, and a zod object drops every key it does not name, at
 * every depth. A loose object would let them through, which is why no response schema is one.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler, compiledValidatorCompiler } from './schema-compilers';

async function answerOf(schema: z.ZodType, data: unknown): Promise<unknown> {
  const app = Fastify();
  app.setValidatorCompiler(compiledValidatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  app.get('/', { schema: { response: { 200: schema } } }, async () => data);
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response.json();
}

const user = { id: 7, first_name: 'Dana', password_hash: '$argon2id$secret', token_hash: 'abc' };

describe('the serializer compiler', () => {
  it('drops the keys the response schema does not name, nested and in arrays', async () => {
    const schema = z.object({
      user: z.object({ id: z.number(), first_name: z.string() }),
      cards: z.array(z.object({ brand: z.string(), last4: z.string() })),
    });
    const answer = await answerOf(schema, {
      user,
      session: 'token-of-someone',
      cards: [{ brand: 'VISA', last4: '4242', number: '4242424242424242', cvd: '123' }],
    });
    expect(answer).toEqual({ user: { id: 7, first_name: 'Dana' }, cards: [{ brand: 'VISA', last4: '4242' }] });
  });

  it('lets a loose object through whole, which is why no response schema is one', async () => {
    expect(await answerOf(z.looseObject({ id: z.number() }), user)).toEqual(user);
  });
});
