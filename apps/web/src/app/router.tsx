import type { MenuEntryView } from '@kestrel/contract';
import { Component, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { type Location, Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { menuRoutes } from '../features/menus/menuEntries';
import { NotFoundScreen } from '../features/not-found/NotFoundScreen';
import { hasToken } from '../session/storage';
import { useSession } from '../session/useSession';
import { LazyScreen } from './lazyScreen';
import { registerNavigator } from './navigation';
import { LOGIN_PATH, ROOT_REDIRECT } from './paths';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { findRoute, SPEC_ROUTES, type SpecRoute } from './routes';
import { menuEntryScreen, screens } from './screens';
import { TabShell } from './TabShell';

function toRouteObject(route: SpecRoute): RouteObject {
  return {
    path: route.path,
    // Keyed by path: two screens at the same place in the tree must not share one LazyScreen's state.
    element: route.screen ? <LazyScreen key={route.path} load={screens[route.screen]} /> : <NotFoundScreen />,
  };
}

/**
 * A `screen` entry shows its fixed screen at the entry's own route. A private one without a token goes to the
 * fixed route instead, whose guard sends the user to login and back.
 */
function MenuScreenRoute({ path }: { path: string }) {
  const route = findRoute(path);
  if (!route?.screen) return <NotFoundScreen />;
  if (route.access === 'private' && !hasToken()) return <Navigate to={path} replace />;
  return <LazyScreen key={route.path} load={screens[route.screen]} />;
}

/** A run-time menu route (decision 0054): the screen it names, or the menu's page for every other template. */
function toMenuRouteObject(entry: MenuEntryView): RouteObject {
  return {
    path: entry.route,
    element:
      entry.data.template === 'screen' && entry.children.length === 0 ? (
        <MenuScreenRoute path={entry.data.path} />
      ) : (
        <LazyScreen key={entry.route} load={menuEntryScreen} />
      ),
  };
}

/** The route tree: the table in routes.ts, and the routes of the menu list the session keeps. */
export function buildRouteTree(menu: readonly MenuEntryView[] = []): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      children: [
        { index: true, element: <Navigate to={ROOT_REDIRECT} replace /> },
        { element: <TabShell />, children: SPEC_ROUTES.filter((route) => route.inShell).map(toRouteObject) },
        ...SPEC_ROUTES.filter((route) => !route.inShell).map(toRouteObject),
        ...menu.map(toMenuRouteObject),
        { path: '*', element: <NotFoundScreen /> },
      ],
    },
  ];
}

/** The fixed routes alone. */
export const routeTree: RouteObject[] = buildRouteTree();

/** The route tree with the session's menu routes, rebuilt only when the menu list changes. */
export function useRouteTree(): RouteObject[] {
  const { menuList } = useSession();
  const key = JSON.stringify(menuList);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's text is its identity
  return useMemo(() => buildRouteTree(menuRoutes(menuList)), [key]);
}

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
  const element = useRoutes(useRouteTree());
  return <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>;
}
