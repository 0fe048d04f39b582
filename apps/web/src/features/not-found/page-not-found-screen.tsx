import { NotFoundContent } from '../../components/ui/not-found-content';

export function PageNotFoundScreen() {
  return <NotFoundContent />;
}
