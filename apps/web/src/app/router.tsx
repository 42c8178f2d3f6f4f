import { Component, type ReactNode, useEffect, useRef } from 'react';
import { type Location, Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
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
    children: [
      { index: true, element: <Navigate to={ROOT_REDIRECT} replace /> },
      { element: <TabShell />, children: SPEC_ROUTES.filter((route) => route.inShell).map(toRouteObject) },
      ...SPEC_ROUTES.filter((route) => !route.inShell).map(toRouteObject),
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

type BoundaryProps = { location: Location; children: ReactNode };
type BoundaryState = { failed: boolean; location: Location };

/** The last line of defence for an error while rendering a route; the next navigation tries again. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * The app's routes under the browser's history. The declarative router, not the data router: the app loads no
 * data through routes, and the data router's code (about 19 KB gzipped) sat in the first paint (decision 0039).
 */
export function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = useRef(location);
  current.current = location;
  useEffect(() => {
    registerNavigator((path) => {
      // A 401 sends the user to login; remember where they were so they come back after logging in.
      const { pathname, search, hash } = current.current;
      const state = path === LOGIN_PATH ? { from: { pathname, search, hash } } : undefined;
      void navigate(path, { replace: true, state });
    });
  }, [navigate]);
  const element = useRoutes(routeTree);
  return <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>;
}
