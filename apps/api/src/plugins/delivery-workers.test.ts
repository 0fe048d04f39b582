import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

describe('the delivery settings', () => {
  it('keep messages in the outbox by default, with a timeout on every outbound call and the workers on', () => {
    const config = loadConfig({});
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.SMS_PROVIDER_URL).toBeUndefined();
    expect(config.OUTBOUND_TIMEOUT_MS).toBe(10_000);
    expect(config.DELIVERY_WORKERS).toBe(true);
    expect(loadConfig({ DELIVERY_WORKERS: '0' }).DELIVERY_WORKERS).toBe(false);
  });

  it('read a relay and a provider, and refuse a half-configured or malformed one, naming the setting', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://relay:secret@mail.example.com:465',
      SMTP_FROM: 'Maple Bistro <orders@example.com>',
      SMS_PROVIDER_URL: 'https://sms.example.com/messages',
      SMS_FROM: '+15145550000',
      MESSAGE_MAX_ATTEMPTS: '4',
    });
    expect(config).toMatchObject({ SMTP_URL: 'smtps://relay:secret@mail.example.com:465', MESSAGE_MAX_ATTEMPTS: 4 });
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(/SMTP_FROM: must be set with SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com', SMTP_FROM: 'a@b.c' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ SMS_PROVIDER_URL: 'https://sms.example.com' })).toThrow(/SMS_FROM: must be set with SMS_PROVIDER_URL/);
    expect(() => loadConfig({ SMS_PROVIDER_URL: 'ftp://sms.example.com', SMS_FROM: 'x' })).toThrow(/SMS_PROVIDER_URL/);
    expect(() => loadConfig({ OUTBOUND_TIMEOUT_MS: '0' })).toThrow(/OUTBOUND_TIMEOUT_MS/);
  });
});
