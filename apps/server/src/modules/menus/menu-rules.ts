import {
  type AdminMenuEntry,
  clashingAppRoute,
  type ErrorName,
  findAppRoute,
  MENU_MAX_DEPTH,
  normalizeAppPath,
} from '@kestrel/contract';

/** Why a list cannot be saved, and which field of which entry is to blame (`entries.1.children.0.route`). */
export type MenuProblem = { reason: ErrorName; field: string; params?: Record<string, string> };

/**
 * The checks the schema cannot make, in the list's order so the first problem named is the first on screen: a
 * route must not clash with one of the app's fixed routes (same path, or one under the other) nor with another
 * entry's; children nest one level; a `screen` names a fixed route that has a screen; a link is https.
 */
export function menuProblem(entries: readonly AdminMenuEntry[]): MenuProblem | undefined {
  const seen = new Set<string>();
  const visit = (list: readonly AdminMenuEntry[], path: string, depth: number): MenuProblem | undefined => {
    for (const [index, entry] of list.entries()) {
      const at = `${path}.${index}`;
      const fixed = clashingAppRoute(entry.route);
      if (fixed) {
        return {
          reason: 'menuRouteClash',
          field: `${at}.route`,
          params: { route: entry.route, fixed: fixed.path },
        };
      }
      const route = normalizeAppPath(entry.route);
      if (seen.has(route)) {
        return { reason: 'menuRouteDuplicate', field: `${at}.route`, params: { route: entry.route } };
      }
      seen.add(route);
      const dataProblem = problemOfData(entry, at);
      if (dataProblem) return dataProblem;
      if (entry.children.length > 0 && depth >= MENU_MAX_DEPTH) {
        return { reason: 'menuTooDeep', field: `${at}.children` };
      }
      const inChildren = visit(entry.children, `${at}.children`, depth + 1);
      if (inChildren) return inChildren;
    }
    return undefined;
  };
  return visit(entries, 'entries', 1);
}

function problemOfData(entry: AdminMenuEntry, at: string): MenuProblem | undefined {
  const { data } = entry;
  if (data.template === 'screen' && !findAppRoute(data.path)?.screen) {
    return { reason: 'menuScreenUnknown', field: `${at}.data.path`, params: { path: data.path } };
  }
  if (data.template === 'externalLink' && !isHttps(data.url)) {
    return { reason: 'menuLinkInsecure', field: `${at}.data.url` };
  }
  return undefined;
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}
