/**
 * Fastify's validator and serializer compilers over zod, with the schema work done once per route
 * rather than once per request (docs/decisions/0019-cart-pricing-hot-path.md):
 *
 * - The cart calls' bodies and answers go through the hand-compiled parsers of
 *   `@servery/contracts/cart-parsers` (zod cannot compile them: option groups nest).
 * - Every other schema is compiled by zod itself (`z.compile`), which hands back the schema unchanged
 *   when it cannot compile it.
 *
 * Either way an input the fast path does not vouch for is parsed by fastify-type-provider-zod's own
 * compilers, so every rejection, message and response check is exactly what it was.
 */
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fastParserOf, INVALID } from '@servery/contracts/cart-parsers';
import { CONTROL_CHARACTERS_MESSAGE, controlCharacterPaths, isAuthoredText } from '@servery/contracts/text-input';
import { isScreenedBody } from './json-text';

type ZodSchema = z.ZodType;

const isZod = (schema: unknown): schema is ZodSchema => typeof schema === 'object' && schema !== null && '_zod' in schema;

/** zod's compiled clone of a schema; the schema itself when it cannot be compiled. Once per route. */
function compiled<T>(schema: T): T {
  return isZod(schema) ? (z.compile(schema) as T) : schema;
}

/**
 * A body `fastJsonBodies` read from a text that cannot hold a control character (lib/json-text.ts) is
 * not walked for one: the text was scanned instead.
 */
export const compiledValidatorCompiler: FastifySchemaCompiler<ZodSchema> = (route) => {
  const fast = fastParserOf(route.schema);
  const slow = validatorCompiler({ ...route, schema: compiled(route.schema) });
  // Headers are Node's to refuse (its parser takes no control character in them).
  const screened = route.httpPart === 'headers' ? slow : refusingControlCharacters(slow, route);
  if (!fast) return screened;
  return (data) => {
    if (!isScreenedBody(data) && controlCharacterPaths(data, 1).length > 0) return screened(data);
    const value = fast(data);
    return value === INVALID ? slow(data) : { value };
  };
};

type Validator = ReturnType<FastifySchemaCompiler<ZodSchema>>;

/**
 * Text with a control character is refused before the route's schema, whatever the schema (one rule,
 * stricter for a schema marked `authoredText`: packages/contracts/src/text-input.ts), as a validation
 * failure naming each field; the same answer on SQLite and PostgreSQL (which cannot store NUL). The refusal is zod's own failure at those paths,
 * so the error handler words it as any other (plugins/errors.ts).
 */
function refusingControlCharacters(validate: Validator, route: Parameters<FastifySchemaCompiler<ZodSchema>>[0]): Validator {
  // A tenant file's text (a menu or settings draft, an import) is the restaurant's, read by every
  // diner: screened by the stricter rule for authored text (bidi controls, U+200B, U+FEFF too).
  const authored = isAuthoredText(route.schema);
  return (data) => {
    const paths = controlCharacterPaths(data, 10, authored);
    if (paths.length === 0) return validate(data);
    const refusal = z.unknown().superRefine((_value, context) => {
      for (const path of paths) context.addIssue({ code: 'custom', message: CONTROL_CHARACTERS_MESSAGE, path });
    });
    return validatorCompiler({ ...route, schema: refusal })(data);
  };
}

export const compiledSerializerCompiler: FastifySerializerCompiler<ZodSchema | { properties: ZodSchema }> = (route) => {
  const fast = fastParserOf(route.schema);
  const slow = serializerCompiler({ ...route, schema: compiled(route.schema) });
  if (!fast) return slow;
  return (data) => {
    const value = fast(data);
    return value === INVALID ? slow(data) : JSON.stringify(value);
  };
};
