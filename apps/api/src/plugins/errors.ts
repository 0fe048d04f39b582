/**
 * One error handler: every error leaves as `{ code, error, message }` in the request's language. A
 * client's mistake is a 4xx with a clear message; a 5xx never leaks internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorEnvelope, type ErrorName, errorMessage } from '@servery/contracts/errors';
import { formatPath } from '@servery/contracts/tenant-file';
import { trackingCategories } from '@servery/domain/failure-tracking';
import { negotiateLocale } from '@servery/contracts/locale';
import { AppError } from '../lib/app-error';
import { applySecurityHeaders } from './security-headers';
import { isDatabaseUnavailable } from '../db/database';

const FASTIFY_CODES: Record<string, ErrorName> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const body: ErrorEnvelope = { code: error.code, error: error.errorName, message: errorMessage(error.errorName, request.locale) };
  if (error.details) body.details = error.details;
  if (error.extra) Object.assign(body, error.extra);
  if (error.headers?.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.headers.retryAfterSeconds));
  return reply.code(error.status).type('application/json; charset=utf-8').send(body);
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new AppError(
      'VALIDATION_FAILED',
      error.validation.map((issue) => ({
        path: `${error.validationContext ?? 'body'}${formatPath(
          issue.instancePath
            .split('/')
            .filter(Boolean)
            .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)),
        ).slice(1)}`,
        message: issue.message ?? 'is not valid',
      })),
    );
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return new AppError(mapped);
  if (error instanceof SyntaxError && error.statusCode === 400) return new AppError('MALFORMED_JSON');
  if (error.statusCode === 405) return new AppError('METHOD_NOT_ALLOWED');
  if (error.statusCode === 404) return new AppError('NOT_FOUND');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new AppError('VALIDATION_FAILED');
  // The database is away (stopped, restarting, overloaded): 503 with a short Retry-After, not a 500.
  if (isDatabaseUnavailable(error) || isDatabaseUnavailable((error as { cause?: unknown }).cause))
    return new AppError('SERVICE_UNAVAILABLE', undefined, undefined, { retryAfterSeconds: 5 });
  return new AppError('INTERNAL');
}

/**
 * A URL the router cannot read (a broken escape, a path parameter over 100 characters) is answered by
 * Fastify before any hook runs (its `frameworkErrors` option, app.ts): in the envelope and language
 * of every other refusal, with the security headers.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.locale = negotiateLocale(request.headers['accept-language']);
  applySecurityHeaders(request, reply);
  request.log.info({ error: error.code }, 'request refused');
  // An id that long names nothing; any other unreadable URL is the client's mistake.
  return sendError(request, reply, new AppError(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'NOT_FOUND' : 'VALIDATION_FAILED'));
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ error: appError.errorName }, 'request refused');
    const categories = trackingCategories(appError.code);
    if (appError.status >= 500 || categories.length > 0) {
      app.ports.errors.report(
        {
          categories,
          code: appError.code,
          error: appError.errorName,
          status: appError.status,
          method: request.method,
          route: request.routeOptions.url ?? 'unknown',
          restaurantId: request.tenantPromise ? await request.tenantPromise.then((tenant) => tenant.id).catch(() => null) : null,
          requestId: request.id,
        },
        request.log,
      );
    }
    return sendError(request, reply, appError);
  });
});
