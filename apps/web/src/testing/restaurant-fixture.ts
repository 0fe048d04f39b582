import { toPublicRestaurant, type MenusResponse, type PublicRestaurant } from '@servery/contracts/restaurant';
import { TenantFile, type TenantFileInput } from '@servery/contracts/tenant-file';

/** A small tenant parsed by the real schema, so the fixture has exactly the API's shape. */
export const mapleBistroFile: TenantFileInput = {
  id: 12,
  slug: 'maple-bistro',
  name: 'Maple Bistro Inc.',
  display_name: 'Maple Bistro',
  province: 'QC',
  zone: 'America/Toronto',
  tax_rate: { tax1: '0.05', tax2: '0.09975' },
  theme: {
    type: 'custom',
    primary_color: '#8a1c1c',
    background_color: '#fdf6e3',
    text_color: '#3b2f2f',
    fonts: { heading: 'Lora', body: 'Inter' },
    favicon: '/tenant-images/maple-bistro/favicon.png',
    logo: '/tenant-images/maple-bistro/logo.png',
    logoRedirectUrl: 'https://maple-bistro.example.ca',
  },
  menu_groups: [
    {
      id: 1,
      name: 'Lunch',
      slug: 'lunch',
      localization: { 'fr-CA': { name: 'Dîner' } },
      menus: [
        { id: 11, name: 'Soups', order: 2, localization: { 'fr-CA': { name: 'Soupes' } }, dine_in: true },
        { id: 10, name: 'Sandwiches', order: 1, dine_in: true },
      ],
    },
    {
      id: 2,
      name: 'Drinks',
      slug: 'drinks',
      localization: { 'fr-CA': { name: 'Boissons' } },
      menus: [{ id: 20, name: 'Cocktails', dine_in: true }],
    },
  ],
};

const parsed = TenantFile.parse(mapleBistroFile);

export const mapleBistro: PublicRestaurant = toPublicRestaurant(parsed);

export const mapleBistroMenus: MenusResponse = { restaurant_id: parsed.id, version: 1, menu_groups: parsed.menu_groups };
