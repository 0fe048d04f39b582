import type { ComponentType } from 'react';
import type { StudentsPage } from '../features/school/students/students-restaurant';

/**
 * Profile screens that bring two features together, which only the app may do (features never
 * import each other, eslint.config.js): the school's student screens (features/school/students) in
 * the profile's list page (features/profile-lists), and the profile settings (features/account)
 * with the school's subsidy code section. Each screen stays its own chunk (app/routes.tsx).
 */

/** A student screen of the school (features/school/students), in the profile's list page. */
export function studentsScreen(load: () => Promise<ComponentType<{ Page: StudentsPage }>>): () => Promise<ComponentType> {
  return () =>
    Promise.all([load(), import('../features/profile-lists/profile-list-page')]).then(
      ([Screen, { ProfileListPage }]) =>
        function StudentsRouteScreen() {
          return <Screen Page={ProfileListPage} />;
        },
    );
}

/**
 * The profile settings, with the subsidy code where the restaurant is a school that gives subsidies by
 * code, and the account's sign-in providers (features/linked-sign-in).
 */
export function profileSettingsScreen(): Promise<ComponentType> {
  return Promise.all([
    import('../features/account/profile-settings-screen'),
    import('../features/school/subsidy-code-section'),
    import('../features/linked-sign-in/linked-providers-section'),
  ]).then(
    ([{ ProfileSettingsScreen }, { SubsidyCodeSection }, { LinkedProvidersSection }]) =>
      function ProfileSettingsRouteScreen() {
        return <ProfileSettingsScreen restaurantSection={SubsidyCodeSection} signInSection={LinkedProvidersSection} />;
      },
  );
}
