/**
 * What the social sign-in tests share (routes/auth/social-*.test.ts): an app whose providers are real
 * OpenID Connect providers (oidc-provider, started by the demo's script scripts/oidc-test-provider.mjs),
 * and the browser's side of them (their sign-in page, their cookies and redirects, the form a
 * form_post provider posts back) played by fetch with a small cookie jar.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { startTestProvider, type StartedTestProvider, type TestUser } from '../../../../scripts/oidc-test-provider.mjs';
import { buildApp } from '../app';
import { loadSocialSignInConfig } from '../use-cases/accounts/social-sign-in';
import { importTenants } from '../use-cases/platform/import-tenants';
import { createTestDatabase, type TestDatabase } from './test-database';
import { BARE_APP_CONFIG } from './test-app';
import { asSource, tenantFixture } from './fixtures';

/** The app's own address in these tests: providers send the browser back under it. */
export const PUBLIC_URL = 'http://servery.test';
export const callbackOf = (type: string) => `${PUBLIC_URL}/api/auth/social/${type}/callback`;

/** A provider the app offers under `type`: its people, and whether it posts its answer (Apple). */
export interface ProviderSetting {
  users: TestUser[];
  formPost?: boolean;
  /** As Apple: no names in the ID token, a `user` field on a person's first answer. */
  appleLike?: boolean;
}

export interface SocialTestApp {
  app: FastifyInstance;
  database: TestDatabase;
  providers: Record<string, StartedTestProvider>;
  close: () => Promise<void>;
}

/** The app with those providers configured, and maple-bistro imported with `restaurantId` when given. */
export async function startSocialTestApp(settings: Record<string, ProviderSetting>, restaurantId?: number): Promise<SocialTestApp> {
  const providers: Record<string, StartedTestProvider> = {};
  const config: Record<string, object> = {};
  for (const [type, setting] of Object.entries(settings)) {
    const provider = await startTestProvider({
      port: 0,
      redirectUris: [callbackOf(type)],
      users: setting.users,
      appleLike: setting.appleLike,
    });
    providers[type] = provider;
    config[type] = {
      issuer: provider.issuer,
      discovery: true,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      ...(setting.formPost ? { responseMode: 'form_post' } : {}),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-social-'));
  const file = path.join(dir, 'social.json');
  fs.writeFileSync(file, JSON.stringify(config));
  const loaded = loadSocialSignInConfig(file);
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  const database = await createTestDatabase();
  if (restaurantId !== undefined) {
    const imported = await importTenants(database.db, [asSource(tenantFixture({ id: restaurantId, slug: 'maple-bistro' }))], new Date());
    if (!imported.ok) throw new Error('tenant not imported');
  }
  const app = await buildApp({ ...BARE_APP_CONFIG, PUBLIC_URL, SOCIAL_SIGN_IN_CONFIG: loaded.config }, database);
  await app.ready();
  return {
    app,
    database,
    providers,
    close: async () => {
      await app.close();
      await database.drop();
      for (const provider of Object.values(providers)) await provider.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Cookies by name, as a browser keeps them for one host (enough for the app and one provider). */
export class Jar {
  readonly cookies = new Map<string, string>();
  take(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/max-age=0\b/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export const setCookiesOf = (header: string | string[] | number | undefined): string[] =>
  header === undefined ? [] : Array.isArray(header) ? header : [String(header)];

/** What the provider hands back: a redirect to the app, or (form_post) the form it posts there. */
export type Back = { kind: 'redirect'; url: URL } | { kind: 'form'; action: string; fields: Record<string, string> };

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The form a form_post provider's page posts to the app: its address and hidden fields. */
function formOf(page: string): { action: string; fields: Record<string, string> } | null {
  const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(page)?.[1];
  if (!action || !unescapeHtml(action).startsWith(PUBLIC_URL)) return null;
  const fields: Record<string, string> = {};
  for (const input of page.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields[input[1]!] = unescapeHtml(input[2]!);
  return { action: unescapeHtml(action), fields };
}

/** Follows the provider's redirects, with its own cookies, until it sends the browser back to the app (or shows a page). */
export async function atProvider(url: string, jar: Jar, init: RequestInit = {}): Promise<{ back: Back | null; page: string }> {
  let next = url;
  let request = init;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(next, { ...request, redirect: 'manual', headers: { ...(request.headers ?? {}), cookie: jar.header() } });
    jar.take(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (!location) {
      const page = await response.text();
      const form = formOf(page);
      return { back: form ? { kind: 'form', ...form } : null, page };
    }
    const target = new URL(location, next);
    if (target.href.startsWith(PUBLIC_URL)) return { back: { kind: 'redirect', url: target }, page: '' };
    next = target.href;
    request = {};
  }
  throw new Error('too many redirects');
}

/** Signs in (or declines) at the provider's page as `user`; what it hands the browser back with. */
export async function signInAtProvider(authorization: string | URL, user: TestUser, action: 'login' | 'abort' = 'login'): Promise<Back> {
  const address = new URL(authorization);
  const providerJar = new Jar();
  const shown = await atProvider(address.href, providerJar);
  expect(shown.page).toContain('Test provider');
  const uid = /action="\/interaction\/([\w-]+)\/login"/.exec(shown.page)?.[1];
  expect(uid, shown.page).toBeTruthy();
  const answered = await atProvider(`${address.origin}/interaction/${uid}/${action}`, providerJar, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login: user.login, password: user.password }).toString(),
  });
  expect(answered.back, answered.page).not.toBeNull();
  return answered.back!;
}
