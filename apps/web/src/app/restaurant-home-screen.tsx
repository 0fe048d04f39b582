import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { lazy, Suspense, useState } from 'react';
import { displayName, RestaurantFrame } from '../components/restaurant-shell/restaurant-frame';
import { Spinner } from '../components/ui/spinner';
import { RestaurantMenu } from '../features/menu/menu-screen';
import type * as SchoolMenuModule from '../features/school/school-menu';
import { schoolTitle } from '../features/school/school-title';
import { loadAllMessages } from '../i18n/i18n';
import type { Locale } from '../i18n/locales';
import { loadChunk } from '../lib/chunk-load';
import { WithOrderingPlugins } from './ordering-plugins';

const titleOf = (restaurant: PublicRestaurant, locale: Locale) =>
  restaurant.k12 ? schoolTitle(restaurant, locale) : displayName(restaurant, locale);

type SchoolMenuComponent = typeof SchoolMenuModule.SchoolMenu;
let schoolMenu: Promise<SchoolMenuComponent> | null = null;
/** Set once the school menu's code is here: rendered directly, so the server and hydration never suspend on it. */
let loadedSchoolMenu: SchoolMenuComponent | null = null;

/**
 * The school menu is its own chunk: a diner at a restaurant never downloads it. A K-12 page fetches
 * it before rendering on the server and before hydrating (preloadRouteAt in app/routes.tsx).
 */
export function preloadSchoolMenu(): Promise<void> {
  schoolMenu ??= loadChunk(() =>
    Promise.all([import('../features/school/school-menu'), loadAllMessages()]).then(([module]) => module.SchoolMenu),
  ).then(
    (component) => {
      loadedSchoolMenu = component;
      return component;
    },
    (error: unknown) => {
      schoolMenu = null;
      throw error;
    },
  );
  return schoolMenu.then(() => undefined);
}

const LazySchoolMenu = lazy(() => preloadSchoolMenu().then(() => ({ default: loadedSchoolMenu as SchoolMenuComponent })));

/**
 * The boundary sits right around the lazy part, so only the school menu waits for its code (the
 * frame's title and theme do not). It adds no element, so the server's HTML and the hydration
 * (which never suspend here) are unchanged. The component is chosen once per mount: switching from
 * the lazy one to the loaded one on a later render (a language switch, the router's Back) would be
 * another component to React, which would mount the week anew and lose what it held (an open
 * allergen question, the cart being filled).
 */
function SchoolMenu({ restaurant }: { restaurant: PublicRestaurant }) {
  const [Loaded] = useState(() => loadedSchoolMenu ?? LazySchoolMenu);
  return (
    <Suspense fallback={<Spinner />}>
      <Loaded restaurant={restaurant} />
    </Suspense>
  );
}

/**
 * /{restaurant_slug}: the restaurant's home. A K-12 restaurant shows its school menu by week; any
 * other the menu for the order type its address gives. The choice is made here, in app/, because
 * features never import each other: menu and school each export their screen body.
 */
export function RestaurantHomeScreen() {
  return (
    <RestaurantFrame title={titleOf}>
      {(restaurant) =>
        restaurant.k12 ? (
          <SchoolMenu restaurant={restaurant} />
        ) : (
          <WithOrderingPlugins restaurant={restaurant}>
            <RestaurantMenu restaurant={restaurant} />
          </WithOrderingPlugins>
        )
      }
    </RestaurantFrame>
  );
}
