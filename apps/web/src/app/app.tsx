import type { i18n as I18n } from 'i18next';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { ErrorFallback } from '../components/ui/error-fallback';
import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';

export function App({ i18n }: { i18n: I18n }) {
  return (
    <AppProviders i18n={i18n}>
      {/* Last resort: the layout itself failed. Screens fail inside the layout's own boundary. */}
      <ErrorBoundary fallback={(props) => <ErrorFallback {...props} />}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
    </AppProviders>
  );
}
