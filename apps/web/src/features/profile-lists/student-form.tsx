import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { useAccountClient } from '../../lib/session';
import { useResource } from '../../lib/use-resource';
import { fetchProfileRestaurant, useProfileRestaurantSlug } from './profile-api';

export interface StudentsContext {
  restaurant: PublicRestaurant;
  /** The account client speaking for this restaurant (students are kept per restaurant). */
  client: ApiClient;
}

/**
 * Students belong to a restaurant: the screens need the one the profile was opened for (the
 * `restaurant` query). Without it, or with an unknown one, they say so instead of a form.
 */
export function WithStudentsRestaurant({ children }: { children: (context: StudentsContext) => ReactNode }) {
  const { t } = useTranslation();
  const slug = useProfileRestaurantSlug();
  const client = useAccountClient();
  const { state, reload } = useResource(slug, (abort) => fetchProfileRestaurant(client, slug ?? '', abort));
  if (slug === null) {
    return (
      <p className="inline-error" role="alert">
        {t('students.noRestaurant')}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="inline-error" role="alert">
        <p>{errorMessage(t, state.error)}</p>
        <button type="button" className="button" onClick={reload}>
          {t('students.retry')}
        </button>
      </div>
    );
  }
  if (state.status !== 'ready') return <Spinner />;
  return children({ restaurant: state.data, client: client.withRestaurant(state.data.id) });
}

/** The students list path keeping the query (the restaurant rides in it). */
export function useStudentsPath(): string {
  const { search } = useLocation();
  return `${ROUTE_PATHS.Students}${search}`;
}
