import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it.each([
    ['no query', '/api/health', '/api/health'],
    ['an order token', '/api/orders/0b7c?token=s3cr3t-t0k3n', '/api/orders/0b7c?token=[redacted]'],
    ['a reset link', '/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', '/reset-password?token=[redacted]'],
    ['several values', '/maple-bistro?tableNum=12&takeout=true', '/maple-bistro?tableNum=[redacted]&takeout=[redacted]'],
    ['a name that is itself odd', '/x?%3Cscript%3E=1&a', '/x?_=[redacted]&a=[redacted]'],
    ['an empty query', '/x?', '/x?'],
  ])('%s', (_case, url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
