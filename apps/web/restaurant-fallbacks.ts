/**
 * The bundled fallback copy of every restaurant's data (spec accounts-and-suites.md section 7:
 * "GET {origin}/{restaurant}/data.json, with a bundled local fallback file"; docs/decisions/0041).
 * At build, each tenant file the product ships with (TENANTS_DIR, tenants/ by default) becomes
 * `restaurant-fallbacks/{slug}.json` beside the app's own files: the same projection the server
 * answers (`toPublicRestaurant`: no gift cards, codes, members or suites), read by the web only when
 * data.json cannot be fetched (the network, a server error). A static file needs no database, so it
 * still answers while the API's database is away.
 *
 * The server sanitises restaurant HTML (apps/api/src/lib/sanitize-html.ts) before the page renders
 * it; this copy is built without that code, so its HTML fields become plain text (tags dropped, no
 * `<` left), which the page renders safely as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { mapRestaurantHtml, toPublicRestaurant, type PublicRestaurant } from '@servery/contracts/restaurant';
import { TenantFile } from '@servery/contracts/tenant-file';
import type { Plugin } from 'vite';

export const FALLBACK_DIR = 'restaurant-fallbacks';

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export function fallbackCopy(tenant: TenantFile): PublicRestaurant {
  return mapRestaurantHtml(toPublicRestaurant({ ...tenant, menu_groups: [] }), { strict: plainText, rich: plainText });
}

/** Every valid tenant file of the folder, as `{ slug: json }`; an invalid one is left out (the server refuses it too). */
export function readFallbacks(tenantsDir: string): Map<string, string> {
  const copies = new Map<string, string>();
  if (!fs.existsSync(tenantsDir)) return copies;
  for (const name of fs
    .readdirSync(tenantsDir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(path.join(tenantsDir, name), 'utf8'));
    } catch {
      continue;
    }
    const tenant = TenantFile.safeParse(raw);
    if (tenant.success) copies.set(tenant.data.slug, JSON.stringify(fallbackCopy(tenant.data)));
  }
  return copies;
}

export function restaurantFallbacks(tenantsDir: string): Plugin {
  return {
    name: 'servery-restaurant-fallbacks',
    apply: 'build',
    generateBundle(options) {
      // The client build only: the server-rendering build has no static files of its own.
      if (options.dir && !options.dir.endsWith(`${path.sep}dist`)) return;
      for (const [slug, json] of readFallbacks(tenantsDir)) {
        this.emitFile({ type: 'asset', fileName: `${FALLBACK_DIR}/${slug}.json`, source: json });
      }
    },
  };
}
