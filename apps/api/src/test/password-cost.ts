/**
 * The API tests' set-up (vitest.config.ts `setupFiles`): passwords hashed in a test process take
 * scrypt at N = 2^12 instead of OWASP's 2^17 (lib/password.ts), so the hundreds of sign-ups and
 * sign-ins of the suite cost milliseconds, not 128 MiB and most of a second each. It is the same
 * setting as config PASSWORD_SCRYPT_LOG_N, which a production server refuses below 17; servers the
 * tests start as processes keep the default. A test of the cost itself sets its own (usePasswordCost).
 */
import { usePasswordCost } from '../lib/password';

export const TEST_SCRYPT_LOG_N = 12;

usePasswordCost(TEST_SCRYPT_LOG_N);
