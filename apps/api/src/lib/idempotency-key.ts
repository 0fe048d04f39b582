import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_PATTERN } from '@servery/contracts/orders';
import { AppError } from './app-error';

/** The request's `Idempotency-Key` (contracts/orders.ts), which every order placement requires. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return key;
}
