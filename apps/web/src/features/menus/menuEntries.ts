import type { MenuData, MenuEntryView, MenuPlacement } from '@kestrel/contract';
import { findRoute, normalizePath } from '../../app/routes';
import type { MenuEntry } from '../../session/storage';

/*
 * The session keeps the menu list as the server sent it (decision 0054). What is shown of it is decided here: an
 * entry whose template this app does not know, or whose settings do not fit its template, is left out with its
 * children, so a list from a newer server, or a damaged one, never breaks a screen.
 */

const PLACEMENTS: readonly string[] = ['mine', 'homeShortcuts', 'none'] satisfies MenuPlacement[];
const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

function dataOf(data: MenuEntry['data']): MenuData | undefined {
  const text = (field: string) => (typeof data[field] === 'string' ? (data[field] as string) : undefined);
  switch (data.template) {
    case 'article': {
      const slug = text('slug');
      return slug && SLUG.test(slug) ? { template: 'article', slug } : undefined;
    }
    case 'articleList': {
      const category = text('category');
      return category && SLUG.test(category) ? { template: 'articleList', category } : undefined;
    }
    case 'externalLink': {
      const url = text('url');
      return url?.startsWith('https://') ? { template: 'externalLink', url } : undefined;
    }
    case 'screen': {
      const path = text('path');
      return path && findRoute(path)?.screen ? { template: 'screen', path } : undefined;
    }
    default:
      return undefined;
  }
}

/** The entry as the app shows it, or undefined when it cannot be shown. */
export function shownMenuEntry(entry: MenuEntry): MenuEntryView | undefined {
  const data = dataOf(entry.data);
  // A route that is one of the app's own is never the menu's to take, whatever an older list says.
  if (!data || findRoute(entry.route)) return undefined;
  return {
    route: entry.route,
    title: entry.title || entry.route,
    placement: PLACEMENTS.includes(entry.placement) ? (entry.placement as MenuPlacement) : 'none',
    data,
    children: shownMenu(entry.children),
  };
}

/** The entries of a stored list that can be shown, in the list's order. */
export function shownMenu(list: readonly MenuEntry[]): MenuEntryView[] {
  return list.map(shownMenuEntry).filter((entry): entry is MenuEntryView => entry !== undefined);
}

/** The top entries shown at a place (Mine, the home shortcuts). */
export function menuEntriesAt(list: readonly MenuEntry[], placement: MenuPlacement): MenuEntryView[] {
  return shownMenu(list).filter((entry) => entry.placement === placement);
}

/** Every entry that gets a route, children included, each once. */
export function menuRoutes(list: readonly MenuEntry[]): MenuEntryView[] {
  const seen = new Set<string>();
  return shownMenu(list)
    .flatMap((entry) => [entry, ...entry.children])
    .filter((entry) => {
      const key = normalizePath(entry.route);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The entry whose route is `pathname`. */
export function findMenuEntry(list: readonly MenuEntry[], pathname: string): MenuEntryView | undefined {
  const wanted = normalizePath(pathname);
  return menuRoutes(list).find((entry) => normalizePath(entry.route) === wanted);
}
