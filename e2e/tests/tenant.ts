import fs from 'node:fs';
import path from 'node:path';

export interface TenantItem {
  id: number;
  name: string;
  description?: string;
  diets?: string;
  allergens?: string;
  sold_out?: boolean;
  unavailable?: boolean;
  alcoholic_beverage?: boolean;
  published_at?: string | null;
  localization?: { 'fr-CA'?: { name?: string } };
}
export interface TenantSection {
  name: string;
  sold_out?: boolean;
  published_at?: string | null;
  items?: TenantItem[];
}
export interface TenantMenu {
  name: string;
  dine_in?: boolean;
  scheduled?: boolean;
  on_demand?: boolean;
  member_only?: boolean;
  published_at?: string | null;
  items?: TenantItem[];
  sections?: TenantSection[];
}
export interface Tenant {
  name: string;
  display_name?: string;
  menu_groups: Array<{ name: string; localization?: { 'fr-CA'?: { name?: string } }; menus?: TenantMenu[] }>;
}

/** The demo tenant file as an operator wrote it: tests compare the screen with it. */
export function readTenant(slug: string): Tenant {
  const file = path.resolve(import.meta.dirname, '../../tenants', `${slug}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Tenant;
}

/** Every item of the file with the menu and section it sits in. */
export function tenantItems(tenant: Tenant): Array<{ menu: TenantMenu; section: TenantSection | null; item: TenantItem }> {
  return tenant.menu_groups.flatMap((group) =>
    (group.menus ?? []).flatMap((menu) => [
      ...(menu.items ?? []).map((item) => ({ menu, section: null, item })),
      ...(menu.sections ?? []).flatMap((section) => (section.items ?? []).map((item) => ({ menu, section, item }))),
    ]),
  );
}

export const words = (list: string | undefined) =>
  (list ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
