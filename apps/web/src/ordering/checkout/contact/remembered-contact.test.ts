import { afterEach, describe, expect, it } from 'vitest';
import { forgetRememberedContact, readRememberedContact, REMEMBERED_CONTACT_KEY, rememberContact } from './remembered-contact';

afterEach(() => localStorage.clear());

describe('a guest’s remembered contact', () => {
  it('is read back as kept, and gone once forgotten', () => {
    const contact = { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101', postalCode: 'K1K1Y1' };
    rememberContact(contact);
    expect(readRememberedContact()).toEqual(contact);
    forgetRememberedContact();
    expect(readRememberedContact()).toBeNull();
  });

  it.each<[string, string]>([
    ['not JSON', '{nope'],
    ['nothing in it', '{}'],
    ['only values that are not text', '{"full_name": 12, "email": null}'],
  ])('is nothing when the stored value is %s', (_case, raw) => {
    localStorage.setItem(REMEMBERED_CONTACT_KEY, raw);
    expect(readRememberedContact()).toBeNull();
  });

  it('keeps only text, cut to what the fields take', () => {
    localStorage.setItem(REMEMBERED_CONTACT_KEY, JSON.stringify({ full_name: 'x'.repeat(500), email: 7, card: '4242424242424242' }));
    expect(readRememberedContact()).toEqual({ full_name: 'x'.repeat(200), email: '', phone_number: '', postalCode: '' });
  });
});
