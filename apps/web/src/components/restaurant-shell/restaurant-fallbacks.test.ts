// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TenantFile } from '@servery/contracts/tenant-file';
import { fallbackCopy, readFallbacks } from '../../../restaurant-fallbacks';
import { parseRestaurantData } from './restaurant-data';

const tenantsDir = path.resolve(import.meta.dirname, '../../../../../tenants');

describe('the bundled fallback copies the build writes', () => {
  const copies = readFallbacks(tenantsDir);

  it('has one per tenant the product ships with, each readable as restaurant data', () => {
    const files = fs.readdirSync(tenantsDir).filter((name) => name.endsWith('.json'));
    expect(copies.size).toBe(files.length);
    for (const [slug, json] of copies) expect(parseRestaurantData(JSON.parse(json), slug), slug).not.toBeNull();
  });

  it('carries none of the secrets of the tenant file (gift cards, promo codes, members, menus)', () => {
    const tenant = JSON.parse(fs.readFileSync(path.join(tenantsDir, 'maple-bistro.json'), 'utf8'));
    const copy = copies.get('maple-bistro')!;
    expect(JSON.parse(copy)).not.toHaveProperty('gift_cards');
    for (const card of tenant.gift_cards) expect(copy).not.toContain(card.number);
    for (const code of tenant.discount_codes) expect(copy).not.toContain(`"${code.code}"`);
    expect(JSON.parse(copy)).not.toHaveProperty('menu_groups');
  });

  it('keeps no HTML tag in what the page renders as HTML (the server sanitises; the copy is plain text)', () => {
    const tenant = TenantFile.parse(JSON.parse(fs.readFileSync(path.join(tenantsDir, 'maple-bistro.json'), 'utf8')));
    const hostile = fallbackCopy({
      ...tenant,
      orders_paused_message: { 'en-CA': '<b>Back</b> at <img src=x onerror=alert(1)>noon', 'fr-CA': 'Retour <script>x</script>à midi' },
      membership_program: tenant.membership_program && {
        ...tenant.membership_program,
        banner_message: '<a href="javascript:x">Club</a> 2 < 3',
      },
    });
    expect(hostile.orders_paused_message).toEqual({ 'en-CA': 'Back at noon', 'fr-CA': 'Retour xà midi' });
    expect(hostile.membership_program?.banner_message).toBe('Club 2 &lt; 3');
    for (const [slug, json] of copies) {
      const data = JSON.parse(json);
      const html = [
        ...Object.values(data.orders_paused_message as Record<string, string>),
        data.membership_program?.banner_message ?? '',
        ...(data.vendors as Array<{ description: string }>).map((vendor) => vendor.description),
      ];
      for (const text of html) expect(text, slug).not.toMatch(/</);
    }
  });
});
