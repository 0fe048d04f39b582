/**
 * A browser's failure, passed to the error reporter (ports/error-reporting.ts) once it holds nothing
 * personal: the page without its query or fragment (an order's secret, a reset token), e-mail
 * addresses and long runs of digits (a card or phone number in a message) masked, the stack cut to its
 * first frames and every URL in it to its path. Each address reports at most
 * `LIMITS.clientErrorAddress` failures in its window, so a broken page in a loop, or a script, cannot
 * fill the log.
 */
import type { ClientErrorReport } from '@servery/contracts/client-errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../kernel/executor';
import type { ErrorReporter } from '../../ports/error-reporting';
import { addressKey, reserveOrThrow } from './rate-limits';

const STACK_FRAMES = 8;

/** E-mails, then runs of 9 or more digits (with spaces or dashes between), then URLs to their path. */
export function scrubText(text: string): string {
  return text
    .replace(/[^\s@<>()"']+@[^\s@<>()"']+\.[a-z]{2,}/gi, '[email]')
    .replace(/\d(?:[ -]?\d){8,}/g, '[number]')
    .replace(/\bhttps?:\/\/[^/\s)]+(\/[^\s?#)]*)?(?:[?#][^\s)]*)?/gi, (_url, path: string | undefined) => path ?? '/');
}

export async function reportClientError(
  db: Executor,
  reporter: ErrorReporter,
  log: FastifyBaseLogger,
  input: { report: ClientErrorReport; address: string; restaurantId: number | null; requestId: string },
  now: Date,
): Promise<void> {
  await reserveOrThrow(db, [{ limit: 'clientErrorAddress', key: addressKey(input.address) }], now);
  const { report } = input;
  const stack =
    report.stack === null
      ? null
      : scrubText(
          report.stack
            .split('\n')
            .slice(0, STACK_FRAMES + 1)
            .join('\n'),
        );
  reporter.reportClient(
    {
      kind: report.kind,
      message: scrubText(report.message),
      stack,
      page: report.page.split(/[?#]/)[0] ?? '/',
      build: report.build === null ? null : scrubText(report.build),
      restaurantId: input.restaurantId,
      requestId: input.requestId,
    },
    log,
  );
}
