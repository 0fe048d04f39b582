import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

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
});
