import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { isBlockedInDemo } from '../features/demo/blockedPaths';
import { DemoBand } from '../features/demo/DemoBand';
import { clearStorage, hasToken } from '../session/storage';
import { useSession } from '../session/useSession';
import { guardDecision } from './guard';
import { HOME_PATH, LOGIN_PATH } from './paths';

/** What the login screen receives in location state: where the user was going. */
export type LoginState = { from?: { pathname: string; search: string; hash: string } };

// A demo session's notice in place of a screen that moves real money; loaded only when a demo session needs it.
const DemoBlockedScreen = lazy(() =>
  import('../features/demo/DemoBlockedScreen').then((module) => ({ default: module.DemoBlockedScreen })),
);

/** No token on a private route: clear ALL local storage and go to login, remembering the target (spec §4). */
function ToLogin() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    clearStorage();
    const state: LoginState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    navigate(LOGIN_PATH, { replace: true, state });
  }, [location, navigate]);
  return null;
}

/** The root of every route: applies the guard and resets the scroll on every navigation. */
export function RootLayout() {
  const location = useLocation();

  // Every navigation starts at the top of the page, including one to the same path.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key changes on every navigation
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);

  // Read at render, which happens on every navigation: the guard judges each navigation as it happens.
  const decision = guardDecision(location.pathname, hasToken());
  if (decision === 'login') return <ToLogin />;
  if (decision === 'home') return <Navigate to={HOME_PATH} replace />;
  return (
    <>
      <DemoBand />
      <Screen />
    </>
  );
}

/**
 * The route's screen, or in a demo session the demo notice in place of a screen that moves real money. It follows
 * the session on its own, so that signing in re-renders it and not the guard above, whose decision is taken on
 * arrival at a path (the login screen then sends the user on to where they were going).
 */
function Screen() {
  const location = useLocation();
  const demo = useSession().userInfo?.demo === true;
  if (!demo || !isBlockedInDemo(location.pathname)) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <DemoBlockedScreen />
    </Suspense>
  );
}
