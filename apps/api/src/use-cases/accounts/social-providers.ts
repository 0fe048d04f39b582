/**
 * The social sign-in providers an operator configures (docs/decisions/0117-social-sign-in-code-flow.md,
 * which amends 0012): a JSON file named by SOCIAL_SIGN_IN_CONFIG, checked at start-up, one entry per
 * provider (`google`, `facebook`, `apple`, and `test`, the demo's local provider).
 *
 * A provider is described by its issuer and client, and either by discovery (its
 * `/.well-known/openid-configuration`, fetched from the issuer on first use) or by its endpoints
 * written out. Its signing keys are a JWKS written in the file (or in a file beside it) or fetched
 * from its `jwks_uri`: only ever from the configured provider, never from an address a token names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { SocialProviderType } from '@servery/contracts/accounts';
import { AppError } from '../../lib/app-error';

/** How long a provider's discovery document is kept before it is read again. */
const DISCOVERY_MAX_AGE_MS = 60 * 60 * 1000;
/** A provider that does not answer within this time fails the sign-in (clearly) rather than hangs it. */
export const PROVIDER_TIMEOUT_MS = 10_000;

const REQUIRED_KEY_FIELDS: Record<string, string[]> = { RSA: ['n', 'e'], EC: ['crv', 'x', 'y'], OKP: ['crv', 'x'] };

const PublicJwk = z
  .looseObject({
    kty: z.enum(['RSA', 'EC', 'OKP'], { message: 'kty must be RSA, EC or OKP (public signing keys)' }),
    kid: z.string().optional(),
    alg: z.string().optional(),
    use: z.string().optional(),
  })
  .superRefine((key, ctx) => {
    if ('d' in key) ctx.addIssue({ code: 'custom', message: 'is a private key: give the provider’s public keys only' });
    for (const field of REQUIRED_KEY_FIELDS[key.kty] ?? []) {
      if (typeof key[field] !== 'string') ctx.addIssue({ code: 'custom', path: [field], message: `is required for a ${key.kty} key` });
    }
  });

const Jwks = z.object({ keys: z.array(PublicJwk).min(1, 'must hold at least one key') });
const HttpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

const ProviderSettings = z
  .strictObject({
    issuer: z
      .union([z.string().min(1, 'is required'), z.array(z.string().min(1)).min(1, 'needs at least one issuer')])
      .describe('The iss the tokens carry (one or several); the first is where discovery looks'),
    clientId: z.string().min(1, 'is required').describe('The client id the provider gave the operator; the tokens’ audience'),
    clientSecret: z.string().min(1).optional().describe('The client secret, for the authorization-code flow'),
    clientSecretEnv: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/, 'must name an environment variable')
      .optional()
      .describe('The environment variable holding the client secret, to keep it out of the file'),
    discovery: z.boolean().default(false).describe('Read the endpoints and the keys’ address from the issuer’s discovery document'),
    authorizationEndpoint: HttpUrl.optional(),
    tokenEndpoint: HttpUrl.optional(),
    jwksUri: HttpUrl.optional().describe('Where the provider publishes its public keys'),
    jwks: z
      .union([Jwks, z.string().min(1)])
      .optional()
      .describe('The provider’s public keys: a JWKS, or the path of a JWKS file'),
    tokenEndpointAuthMethod: z.enum(['client_secret_basic', 'client_secret_post']).default('client_secret_basic'),
    scope: z
      .string()
      .regex(/(^|\s)openid(\s|$)/, 'must include openid')
      .default('openid email profile'),
    assumeEmailVerified: z
      .boolean()
      .default(false)
      .describe('Treat the token’s e-mail as verified without an email_verified claim (Facebook only shares confirmed e-mails)'),
    responseMode: z
      .enum(['query', 'form_post'], { message: 'must be "query" or "form_post"' })
      .default('query')
      .describe(
        'How the provider returns the code: in the callback’s query (GET), or posted as a form (Apple with the name or email scope)',
      ),
  })
  .superRefine((settings, ctx) => {
    if (!settings.discovery && settings.jwks === undefined && settings.jwksUri === undefined) {
      ctx.addIssue({ code: 'custom', path: ['jwks'], message: 'give jwks, jwksUri or discovery: true' });
    }
    if (settings.clientSecret !== undefined && settings.clientSecretEnv !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['clientSecret'], message: 'give clientSecret or clientSecretEnv, not both' });
    }
  });

const SocialSignInFile = z.strictObject(Object.fromEntries(SocialProviderType.options.map((type) => [type, ProviderSettings.optional()])));

export interface ProviderConfig {
  type: SocialProviderType;
  issuer: string[];
  clientId: string;
  /** Null: the provider only verifies ID tokens posted to login-{type}; the browser is not offered it. */
  clientSecret: string | null;
  discovery: boolean;
  authorizationEndpoint: string | null;
  tokenEndpoint: string | null;
  jwksUri: string | null;
  jwks: JSONWebKeySet | null;
  tokenEndpointAuthMethod: 'client_secret_basic' | 'client_secret_post';
  scope: string;
  assumeEmailVerified: boolean;
  /** `form_post`: the provider posts the code and state to the callback (decision 0124); absent is `query`. */
  responseMode?: 'query' | 'form_post';
}

export type SocialSignInConfig = Partial<Record<SocialProviderType, ProviderConfig>>;

export type LoadedSocialConfig = { ok: true; config: SocialSignInConfig } | { ok: false; problems: string[] };

const issues = (error: z.ZodError, prefix: string) =>
  error.issues.map((issue) => `${[prefix, ...issue.path.map(String)].filter(Boolean).join('.')}: ${issue.message}`);

function readJson(file: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, problem: `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: `${file} is not valid JSON` };
  }
}

/** Reads and checks the operator's file; a JWKS given as a path is read relative to that file. */
export function loadSocialSignInConfig(file: string, env: NodeJS.ProcessEnv = process.env): LoadedSocialConfig {
  const read = readJson(file);
  if (!read.ok) return { ok: false, problems: [read.problem] };
  const parsed = SocialSignInFile.safeParse(read.value);
  if (!parsed.success) return { ok: false, problems: issues(parsed.error, '') };
  const config: SocialSignInConfig = {};
  const problems: string[] = [];
  for (const type of SocialProviderType.options) {
    const settings = parsed.data[type];
    if (!settings) continue;
    let jwks: JSONWebKeySet | null = null;
    if (typeof settings.jwks === 'string') {
      const jwksFile = path.resolve(path.dirname(file), settings.jwks);
      const keys = readJson(jwksFile);
      const checked = keys.ok ? Jwks.safeParse(keys.value) : null;
      if (!keys.ok) problems.push(`${type}.jwks: ${keys.problem}`);
      else if (!checked?.success) problems.push(...issues(checked!.error, `${type}.jwks`));
      if (!checked?.success) continue;
      jwks = checked.data as JSONWebKeySet;
    } else if (settings.jwks) {
      jwks = settings.jwks as JSONWebKeySet;
    }
    let clientSecret = settings.clientSecret ?? null;
    if (settings.clientSecretEnv) {
      clientSecret = env[settings.clientSecretEnv] ?? null;
      if (!clientSecret) problems.push(`${type}.clientSecretEnv: ${settings.clientSecretEnv} is not set`);
    }
    config[type] = {
      type,
      issuer: typeof settings.issuer === 'string' ? [settings.issuer] : settings.issuer,
      clientId: settings.clientId,
      clientSecret,
      discovery: settings.discovery,
      authorizationEndpoint: settings.authorizationEndpoint ?? null,
      tokenEndpoint: settings.tokenEndpoint ?? null,
      jwksUri: settings.jwksUri ?? null,
      jwks,
      tokenEndpointAuthMethod: settings.tokenEndpointAuthMethod,
      scope: settings.scope,
      assumeEmailVerified: settings.assumeEmailVerified,
      responseMode: settings.responseMode,
    };
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, config };
}

/** Offered to the browser: it can run the authorization-code flow (a secret, and endpoints or discovery). */
export function offersCodeFlow(provider: ProviderConfig): boolean {
  return (
    provider.clientSecret !== null && (provider.discovery || (provider.authorizationEndpoint !== null && provider.tokenEndpoint !== null))
  );
}

// ---------------------------------------------------------------------------------------------
// The provider's endpoints and keys

export interface ProviderEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
}

const Discovery = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: HttpUrl,
  token_endpoint: HttpUrl,
  jwks_uri: HttpUrl,
  code_challenge_methods_supported: z.array(z.string()).optional(),
});
type Discovery = z.infer<typeof Discovery>;

const discovered = new WeakMap<ProviderConfig, { at: number; document: Discovery }>();

/** The provider's discovery document, from its (first) issuer; any failure is SOCIAL_PROVIDER_FAILED. */
async function discover(provider: ProviderConfig): Promise<Discovery> {
  const cached = discovered.get(provider);
  if (cached && Date.now() - cached.at < DISCOVERY_MAX_AGE_MS) return cached.document;
  const issuer = provider.issuer[0]!;
  let document: Discovery;
  try {
    const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    document = Discovery.parse(await response.json());
  } catch {
    throw new AppError('SOCIAL_PROVIDER_FAILED');
  }
  // A document that names another issuer is not this provider's (OpenID Connect Discovery 4.3).
  if (!provider.issuer.includes(document.issuer)) throw new AppError('SOCIAL_PROVIDER_FAILED');
  discovered.set(provider, { at: Date.now(), document });
  return document;
}

export async function endpointsOf(provider: ProviderConfig): Promise<ProviderEndpoints> {
  const document = provider.discovery ? await discover(provider) : null;
  const authorizationEndpoint = provider.authorizationEndpoint ?? document?.authorization_endpoint;
  const tokenEndpoint = provider.tokenEndpoint ?? document?.token_endpoint;
  if (!authorizationEndpoint || !tokenEndpoint) throw new AppError('SOCIAL_PROVIDER_UNAVAILABLE');
  return { authorizationEndpoint, tokenEndpoint };
}

const keySets = new WeakMap<ProviderConfig, JWTVerifyGetKey>();

/** The keys an ID token of this provider must be signed with: written in the file, or fetched from its jwks_uri. */
export async function keySetOf(provider: ProviderConfig): Promise<JWTVerifyGetKey> {
  const known = keySets.get(provider);
  if (known) return known;
  let keySet: JWTVerifyGetKey;
  if (provider.jwks) keySet = createLocalJWKSet(provider.jwks);
  else {
    const uri = provider.jwksUri ?? (await discover(provider)).jwks_uri;
    // jose caches the keys and fetches again only for an unknown kid (rotation), at most every 30 s.
    keySet = createRemoteJWKSet(new URL(uri), { timeoutDuration: PROVIDER_TIMEOUT_MS });
  }
  keySets.set(provider, keySet);
  return keySet;
}
