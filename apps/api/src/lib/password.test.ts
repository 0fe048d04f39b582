import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { TEST_SCRYPT_LOG_N } from '../test/password-cost';
import { hashPassword, needsRehash, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Demo1234!');
    expect(hash).not.toContain('Demo1234!');
    expect(await verifyPassword('Demo1234!', hash)).toBe(true);
    expect(await verifyPassword('demo1234!', hash)).toBe(false);
  });
  it('salts every hash', async () => {
    expect(await hashPassword('Demo1234!')).not.toBe(await hashPassword('Demo1234!'));
  });
  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
  it('asks to replace a hash made below the current N, r or p, and only those', async () => {
    const n = 2 ** TEST_SCRYPT_LOG_N;
    expect(needsRehash(await hashPassword('Demo1234!'))).toBe(false);
    expect(needsRehash(`scrypt$${n / 2}$8$1$salt$key`)).toBe(true);
    expect(needsRehash(`scrypt$${n}$4$1$salt$key`)).toBe(true);
    expect(needsRehash(`scrypt$${n * 2}$8$1$salt$key`)).toBe(false);
    expect(needsRehash('none')).toBe(true);
  });
  it('takes OWASP’s N = 2^17 unless told, and a production server refuses less or no key of its own', () => {
    const production = { NODE_ENV: 'production', EVENT_SUITE_LINK_KEY: 'ab'.repeat(32), DATA_HASH_KEY: 'cd'.repeat(32) };
    expect(loadConfig({}).PASSWORD_SCRYPT_LOG_N).toBe(17);
    expect(loadConfig(production).PASSWORD_SCRYPT_LOG_N).toBe(17);
    expect(() => loadConfig({ ...production, PASSWORD_SCRYPT_LOG_N: '12' })).toThrow(/PASSWORD_SCRYPT_LOG_N: below 17/);
    expect(() => loadConfig({ ...production, DATA_HASH_KEY: undefined })).toThrow(/DATA_HASH_KEY: must be set/);
    expect(() => loadConfig({ DATA_HASH_KEY: 'short' })).toThrow(/DATA_HASH_KEY: must be 64 hex digits/);
  });
});
