import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { ComponentType, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RequireSession } from '../../../components/require-session';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { ROUTE_PATHS } from '../../../lib/route-paths';
import { useAccountClient, type SessionCredentials } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { fetchProfileRestaurant, useProfileRestaurantSlug } from './students-api';

export interface StudentsContext {
  restaurant: PublicRestaurant;
  /** The account client speaking for this restaurant (students are kept per restaurant). */
  client: ApiClient;
}

/**
 * The page a student screen sits in, titled: the profile's list page, with its layout and the looks
 * of its cards, notices and confirmations (features/profile-lists/profile-list-page.tsx). The app
 * gives it (app/profile-screens.tsx): the student screens are the school's, the page the profile's,
 * and features never import each other.
 */
export type StudentsPage = ComponentType<{ title: string; children: ReactNode }>;

/**
 * A student screen: signed in first, titled in the page the app gives, for the restaurant the
 * profile was opened for.
 */
export function StudentsScreenFrame({
  Page,
  screen,
  children,
}: {
  Page: StudentsPage;
  screen: 'Students' | 'AddStudent' | 'EditStudent';
  children: (context: StudentsContext, credentials: SessionCredentials) => ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`screens.${screen}.title`);
  useDocumentTitle(title);
  return (
    <RequireSession>
      {({ credentials }) => (
        <Page title={title}>
          <WithStudentsRestaurant>{(context) => children(context, credentials)}</WithStudentsRestaurant>
        </Page>
      )}
    </RequireSession>
  );
}

/**
 * Students belong to a restaurant: the screens need the one the profile was opened for (the
 * `restaurant` query). Without it, or with an unknown one, they say so instead of a form.
 */
function WithStudentsRestaurant({ children }: { children: (context: StudentsContext) => ReactNode }) {
  const { t } = useTranslation();
  const slug = useProfileRestaurantSlug();
  const client = useAccountClient();
  const restaurant = useQuery({
    queryKey: queryKeys.profileRestaurant(slug),
    queryFn: ({ signal }) => fetchProfileRestaurant(client, slug ?? '', signal),
    enabled: slug !== null,
  });
  if (slug === null) {
    return (
      <p className="inline-error" role="alert">
        {t('students.noRestaurant')}
      </p>
    );
  }
  if (restaurant.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{errorMessage(t, restaurant.error)}</p>
        <button type="button" className="button" onClick={() => void restaurant.refetch()}>
          {t('students.retry')}
        </button>
      </div>
    );
  }
  if (!restaurant.isSuccess) return <Spinner />;
  return children({ restaurant: restaurant.data, client: client.withRestaurant(restaurant.data.id) });
}

/** The students list path keeping the query (the restaurant rides in it). */
export function useStudentsPath(): string {
  const { search } = useLocation();
  return `${ROUTE_PATHS.Students}${search}`;
}
