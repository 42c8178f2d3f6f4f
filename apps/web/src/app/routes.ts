import { urlOf } from '@kestrel/client';
import {
  APP_ROUTES,
  type AppRoute,
  type AppRouteAccess,
  findAppRoute,
  normalizeAppPath,
} from '@kestrel/contract/app-routes';
import type { routes } from '@kestrel/contract/routes';
import { symbolOf } from '../features/markets/paths';
import {
  HOME_PATH,
  MARKET_DETAIL_PATH,
  MARKETS_PATH,
  MINE_PATH,
  SERVICE_TAB_PATH,
  TRADE_TAB_PATH,
} from './paths';
import type { ScreenName } from './screens';

/**
 * The spec's route table (§2): the contract's fixed routes (shared with the server, which refuses a run-time menu
 * route that clashes with one), each with its access (§6) and its screen when the screen exists; a route without a
 * screen renders the not-found page until its capability lands. Screens are named, not imported (screens.ts loads
 * them), so a screen may read this table without an import circle.
 */
export type RouteAccess = AppRouteAccess;

export type SpecRoute = AppRoute & {
  screen?: ScreenName;
  /**
   * API paths the screen reads first, asked for as the app opens on this route (see main.tsx), from the endpoint
   * table it is handed: the table loads only for an opening route that prefetches, not in every first paint.
   */
  prefetch?: (search: URLSearchParams, table: typeof routes) => string[];
};

/** What a screen asks for first, by route. */
const PREFETCH: Readonly<Record<string, SpecRoute['prefetch']>> = {
  [MARKET_DETAIL_PATH]: (search, table) => [urlOf(table.getMarket, { params: { symbol: symbolOf(search) } })],
};

export const SPEC_ROUTES: readonly SpecRoute[] = APP_ROUTES.map((route) => {
  const prefetch = PREFETCH[route.path];
  return prefetch ? { ...route, prefetch } : route;
});

/** The tabs that work today; the other shell routes get a tab when their screens land. */
export const TABS = [
  { path: HOME_PATH, label: 'nav.home', icon: 'home' },
  { path: MARKETS_PATH, label: 'marketsScreen.nav.markets', icon: 'markets' },
  { path: TRADE_TAB_PATH, label: 'marketsScreen.nav.trade', icon: 'trade' },
  { path: SERVICE_TAB_PATH, label: 'service.tab', icon: 'service' },
  { path: MINE_PATH, label: 'nav.mine', icon: 'mine' },
] as const;

/** The router matches paths case-insensitively and ignores a trailing slash; so does every lookup here. */
export const normalizePath = normalizeAppPath;

export function findRoute(path: string): SpecRoute | undefined {
  const route = findAppRoute(path);
  return route ? SPEC_ROUTES[APP_ROUTES.indexOf(route)] : undefined;
}

export function hasScreen(path: string): boolean {
  return findRoute(path)?.screen !== undefined;
}
