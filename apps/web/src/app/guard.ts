import { LOGIN_PATH } from './paths';
import { findRoute, normalizePath } from './routes';

/**
 * What the guard does with a navigation (spec §4, §6):
 * - `allow`: render the route;
 * - `login`: no token on a private route: clear local storage and go to /user/login, remembering the target;
 * - `home`: a token holder opened the login page: go to /home/index.
 */
export type GuardDecision = 'allow' | 'login' | 'home';

export function guardDecision(path: string, hasToken: boolean): GuardDecision {
  const normalized = normalizePath(path);
  if (normalized === normalizePath(LOGIN_PATH)) return hasToken ? 'home' : 'allow';
  const route = findRoute(normalized);
  // `/` only redirects, and an unknown path shows the not-found page, which holds nothing private.
  if (!route) return 'allow';
  if (route.access === 'public' || hasToken) return 'allow';
  return 'login';
}

/** Where the login screen sends the user afterwards: back to the guarded route if it has a screen. */
export function afterLoginPath(from: unknown, fallback: string): string {
  if (typeof from !== 'object' || from === null) return fallback;
  const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
  if (typeof pathname !== 'string') return fallback;
  const route = findRoute(pathname);
  if (!route?.screen || normalizePath(pathname) === normalizePath(LOGIN_PATH)) return fallback;
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}
