// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRestaurantFonts, PACKAGED_FONTS } from './restaurant-fonts';

const tenantsDir = path.resolve(import.meta.dirname, '../../../../tenants');
const GENERIC = new Set(['system-ui', 'serif', 'sans-serif']);

describe('restaurant fonts', () => {
  it('packages every font a restaurant the product ships with names', () => {
    for (const name of fs.readdirSync(tenantsDir).filter((file) => file.endsWith('.json'))) {
      const fonts = JSON.parse(fs.readFileSync(path.join(tenantsDir, name), 'utf8')).theme?.fonts ?? {};
      for (const family of [fonts.heading, fonts.body].filter((value): value is string => typeof value === 'string')) {
        if (!GENERIC.has(family)) expect(PACKAGED_FONTS, `${name}: ${family}`).toContain(family.toLowerCase());
      }
    }
  });

  it('declares every packaged family in its own stylesheet, with swap, from files of the product', () => {
    for (const key of PACKAGED_FONTS) {
      const css = fs.readFileSync(path.join(import.meta.dirname, 'fonts', `${key.replace(/ /g, '-')}.css`), 'utf8');
      const faces = css.match(/@font-face\s*{[^}]*}/g) ?? [];
      expect(faces.length, key).toBeGreaterThan(0);
      for (const face of faces) {
        expect(face.toLowerCase(), key).toContain(`font-family: '${key}'`);
        expect(face, key).toContain('font-display: swap');
        expect(face, key).toMatch(/src: url\('@fontsource(-variable)?\/[a-z0-9-]+\/files\/[a-z0-9-]+\.woff2'\)/);
      }
    }
  });

  it('leaves a family it does not package to the fallback stack', async () => {
    await expect(loadRestaurantFonts({ heading: 'Comic Neue', body: 'system-ui' })).resolves.toBeUndefined();
  });
});
