import { Route, Routes } from 'react-router';
import { AppLayout } from './app-layout';
import { FALLBACK_PATH, ROUTES } from './routes';

const notFound = ROUTES.find((route) => route.name === 'PageNotFound');

/** The route table as React Router routes, all inside the shared layout. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {ROUTES.map(({ name, path, Screen }) => (
          <Route key={name} path={path} element={<Screen />} />
        ))}
        {notFound && <Route path={FALLBACK_PATH} element={<notFound.Screen />} />}
      </Route>
    </Routes>
  );
}
