import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundScreen } from '../features/not-found/NotFoundScreen';
import { LazyScreen } from './lazyScreen';
import { registerNavigator } from './navigation';
import { LOGIN_PATH, ROOT_REDIRECT } from './paths';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { SPEC_ROUTES, type SpecRoute } from './routes';
import { screens } from './screens';
import { TabShell } from './TabShell';

function toRouteObject(route: SpecRoute): RouteObject {
  return {
    path: route.path,
    // Keyed by path: two screens at the same place in the tree must not share one LazyScreen's state.
    element: route.screen ? <LazyScreen key={route.path} load={screens[route.screen]} /> : <NotFoundScreen />,
  };
}

/** The route tree, built from the table in routes.ts. */
export const routeTree: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={ROOT_REDIRECT} replace /> },
      { element: <TabShell />, children: SPEC_ROUTES.filter((route) => route.inShell).map(toRouteObject) },
      ...SPEC_ROUTES.filter((route) => !route.inShell).map(toRouteObject),
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routeTree);
  registerNavigator((path) => {
    // A 401 sends the user to login; remember where they were so they come back after logging in.
    const { pathname, search, hash } = router.state.location;
    const state = path === LOGIN_PATH ? { from: { pathname, search, hash } } : undefined;
    void router.navigate(path, { replace: true, state });
  });
  return router;
}
