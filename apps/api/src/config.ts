/** Configuration is read and validated once at start-up; a bad value stops the server naming it. */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { loadSocialSignInConfig, type SocialSignInConfig } from './use-cases/accounts/social-sign-in';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const DatabaseUrl = z
  .string()
  .refine((url) => url.startsWith('file:') || /^postgres(ql)?:\/\//.test(url), 'must be file:PATH (SQLite) or a postgres:// URL');

/** Addresses or CIDR ranges, comma separated; unset or empty: none. */
const AddressList = z
  .string()
  .optional()
  .transform((list, ctx): string[] => {
    const entries = (list ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of entries) {
      const [address, bits, extra] = entry.split('/');
      const family = isIP(address ?? '');
      const maxBits = family === 6 ? 128 : 32;
      const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
      if (family === 0 || !validBits || extra !== undefined)
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not an IP address or CIDR range` });
    }
    return entries;
  });

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** The interface to listen on: this machine only by default; `0.0.0.0` (or an address) opens it to the network. */
    HOST: z.string().min(1).default('127.0.0.1'),
    /**
     * The proxies (addresses or CIDR ranges, comma separated) whose X-Forwarded-For is believed. Unset:
     * none, so the client address of every limit is the connection's own and cannot be forged.
     */
    TRUST_PROXY: AddressList,
    /**
     * Who may read GET /metrics (Prometheus text; docs/decisions/0062-metrics.md): addresses or CIDR
     * ranges, comma separated, matched against the client address as TRUST_PROXY derives it. Unset:
     * nobody, and /metrics answers 404 like any unknown path.
     */
    METRICS_ALLOW: AddressList,
    /**
     * Developer-only routes (the outbox of e-mails and texts at /api/dev/outbox): off unless set to 1,
     * refused in production, and even then answering only requests made on this machine.
     */
    DEV_ROUTES: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((value) => value === '1' || value === 'true'),
    /**
     * Maintenance (a migration, a move of the database): every /api call but /api/health is answered
     * 503 MAINTENANCE with Retry-After, in the diner's language, and nothing is written; the pages
     * still load and say so. Off unless set to 1 (plugins/maintenance.ts).
     */
    MAINTENANCE: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((value) => value === '1' || value === 'true'),
    DATABASE_URL: DatabaseUrl.default('file:./data/servery.sqlite'),
    /**
     * PostgreSQL: the owner's URL, for migrations and the named work across restaurants (relays, tab
     * sweep, tenant import; db/data-scope.ts). With it, DATABASE_URL may be a login that is only a
     * member of servery_app (docs/decisions/0039-row-level-security.md). Unset: DATABASE_URL serves both.
     */
    DATABASE_OWNER_URL: z
      .string()
      .optional()
      .refine((url) => !url || /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    WEB_SSR_ENTRY: z.string().default(path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js')),
    TENANTS_DIR: z.string().default(path.join(repoRoot, 'tenants')),
    LOAD_DEMO_TENANTS: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((value) => value === '1' || value === 'true'),
    /**
     * The address diners reach this site at, for links in e-mails (password reset). Never taken from
     * the request: a forged Host header would otherwise send a reset token to someone else's site.
     */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .default('http://localhost:3000')
      .transform((url) => url.replace(/\/+$/, '')),
    /** Path of the social sign-in providers' JSON file (docs/decisions/0012-social-sign-in.md); unset: none offered. */
    SOCIAL_SIGN_IN_CONFIG: z
      .string()
      .optional()
      .transform((file, ctx): SocialSignInConfig => {
        if (file === undefined || file.trim() === '') return {};
        const loaded = loadSocialSignInConfig(file);
        if (loaded.ok) return loaded.config;
        for (const problem of loaded.problems) ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }),
    /**
     * The key that seals event-suite links (lib/event-suite-link.ts, AES-256-GCM): 32 bytes as 64 hex
     * digits. Unset: a development key written in the source, which a production server refuses.
     */
    EVENT_SUITE_LINK_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes)')
      .optional(),
    /**
     * The key of the secrets kept at rest as keyed hashes (lib/secret-digests.ts,
     * docs/decisions/0061-secrets-at-rest.md): gift-card numbers (HMAC-SHA-256) and the derivation of
     * order access tokens. 32 bytes as 64 hex digits. Unset: a development key written in the source,
     * which a production server refuses. Changing it makes every stored gift card unfindable: keep it.
     */
    DATA_HASH_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes)')
      .optional(),
    /**
     * The scrypt cost of new password hashes, as log2(N) (lib/password.ts): 17 (N = 2^17, 128 MiB,
     * OWASP's minimum for scrypt) by default. Lower is for tests only: a production server refuses it.
     */
    PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
    /**
     * Messages that leave (docs/decisions/0033-message-relay.md). Unset: e-mails stay in the outbox
     * (the one-machine default). smtp://user:password@host:port, or smtps:// for TLS from the start.
     */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    /** The From of every e-mail sent, "Name <address>"; required with SMTP_URL. */
    SMTP_FROM: z.string().min(3).optional(),
    /** The SMS provider's endpoint (ports/sms-http.ts). Unset: texts stay in the outbox. */
    SMS_PROVIDER_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
    /** The provider's credential, sent as a bearer token. */
    SMS_PROVIDER_TOKEN: z.string().min(1).optional(),
    /** The key that signs each request to the provider (lib/signature.ts); unset: unsigned. */
    SMS_PROVIDER_SIGNING_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** The sender number or name the provider shows; required with SMS_PROVIDER_URL. */
    SMS_FROM: z.string().min(1).optional(),
    /** The longest any outbound call (SMTP step, SMS request, webhook) may take, in milliseconds. */
    OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
    /** Attempts at an e-mail or a text before it is a dead letter (status failed). */
    MESSAGE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
    /** Attempts at a webhook event before it is a dead letter. */
    WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
    /**
     * `allow` lets webhooks reach this machine and private networks (a receiver beside the server in
     * development and the tests); by default only public addresses are called (ports/webhooks.ts).
     */
    WEBHOOK_PRIVATE_TARGETS: z.enum(['refuse', 'allow']).default('refuse'),
    /**
     * `any` lets kitchen printers be on this machine (a receiver in development and the tests); by
     * default (`lan`) a printer may be on any network but never loopback, link-local (cloud
     * metadata), multicast or unspecified (ports/ticket-printer.ts).
     */
    KITCHEN_PRINTER_TARGETS: z.enum(['lan', 'any']).default('lan'),
    /** How often the delivery workers look for due messages and webhook events, in milliseconds. */
    DELIVERY_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /**
     * How often the delivery workers queue the suites' pre-order reminders and place the K-12
     * standing weekly orders that are due, in milliseconds (the first pass at start included). The
     * school browser tests set a day, so a sweep never lands in the middle of a journey's edits; they
     * run the job through the dev route when they mean to (e2e/playwright.config.ts).
     */
    SCHEDULED_SWEEP_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
    /** 0 keeps this process from relaying (another process does); on by default. */
    DELIVERY_WORKERS: z
      .enum(['0', '1', 'true', 'false'])
      .default('1')
      .transform((value) => value === '1' || value === 'true'),
    NODE_ENV: z.string().optional(),
    /**
     * An ISO instant the server's clock starts at, instead of now; it then runs at the normal pace
     * (lib/clock.ts). For browser tests only: a production server refuses it.
     */
    CLOCK_START: z.iso
      .datetime({ offset: true })
      .optional()
      .transform((start) => (start === undefined ? null : new Date(start))),
  })
  .refine((config) => config.CLOCK_START === null || config.NODE_ENV !== 'production', {
    path: ['CLOCK_START'],
    message: 'is for tests only and cannot be set when NODE_ENV is production',
  })
  .refine((config) => config.EVENT_SUITE_LINK_KEY !== undefined || config.NODE_ENV !== 'production', {
    path: ['EVENT_SUITE_LINK_KEY'],
    message: 'must be set when NODE_ENV is production (the development key is public)',
  })
  .refine((config) => config.DATA_HASH_KEY !== undefined || config.NODE_ENV !== 'production', {
    path: ['DATA_HASH_KEY'],
    message: 'must be set when NODE_ENV is production (the development key is public)',
  })
  .refine((config) => config.PASSWORD_SCRYPT_LOG_N >= 17 || config.NODE_ENV !== 'production', {
    path: ['PASSWORD_SCRYPT_LOG_N'],
    message: 'below 17 is for tests only and cannot be set when NODE_ENV is production',
  })
  .refine((config) => config.SMTP_URL === undefined || config.SMTP_FROM !== undefined, {
    path: ['SMTP_FROM'],
    message: 'must be set with SMTP_URL (the From of every e-mail)',
  })
  .refine((config) => config.SMS_PROVIDER_URL === undefined || config.SMS_FROM !== undefined, {
    path: ['SMS_FROM'],
    message: 'must be set with SMS_PROVIDER_URL (the sender of every text)',
  })
  .refine((config) => !config.DEV_ROUTES || config.NODE_ENV !== 'production', {
    path: ['DEV_ROUTES'],
    message: 'opens developer routes (the outbox of e-mails and texts) and cannot be set when NODE_ENV is production',
  });

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}

export { repoRoot };
