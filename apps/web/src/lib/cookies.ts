export interface CookieOptions {
  /** Lifetime in seconds; without it the cookie ends with the browser session. */
  maxAgeSeconds?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

/**
 * Reads one cookie from a `Cookie` header value, or from `document.cookie` in a browser. Taking the
 * header as an argument lets a later server render read the same cookies.
 */
export function readCookie(name: string, cookieHeader?: string): string | null {
  const source = cookieHeader ?? (typeof document === 'undefined' ? '' : document.cookie);
  for (const part of source.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}, secure = false): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${Math.floor(options.maxAgeSeconds)}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  document.cookie = serializeCookie(name, value, options, secure);
}
