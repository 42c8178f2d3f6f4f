import {
  type AdminMenuEntry,
  APP_ROUTES,
  adminMenuEntry,
  type MenuData,
  type MenuPlacement,
  type MenuTemplate,
} from '@kestrel/contract';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@kestrel/i18n';

/** Where an entry sits: a top entry's index, or a top entry's and its child's. */
export type EntryPath = readonly [number] | readonly [number, number];

export function entryAt(entries: readonly AdminMenuEntry[], path: EntryPath): AdminMenuEntry | undefined {
  const top = entries[path[0]];
  return path.length === 1 ? top : top?.children[path[1]];
}

/** The list with the siblings at `path`'s level changed by `change`. */
function withSiblings(
  entries: readonly AdminMenuEntry[],
  path: EntryPath,
  change: (siblings: AdminMenuEntry[]) => AdminMenuEntry[],
): AdminMenuEntry[] {
  if (path.length === 1) return change([...entries]);
  return entries.map((entry, index) =>
    index === path[0] ? { ...entry, children: change([...entry.children]) } : entry,
  );
}

/** The list with the entry at `path` moved one place up (-1) or down (+1) among its siblings. */
export function moveEntry(
  entries: readonly AdminMenuEntry[],
  path: EntryPath,
  step: -1 | 1,
): AdminMenuEntry[] {
  const index = path[path.length - 1] as number;
  return withSiblings(entries, path, (siblings) => {
    const target = index + step;
    if (target < 0 || target >= siblings.length) return siblings;
    [siblings[index], siblings[target]] = [
      siblings[target] as AdminMenuEntry,
      siblings[index] as AdminMenuEntry,
    ];
    return siblings;
  });
}

export function removeEntry(entries: readonly AdminMenuEntry[], path: EntryPath): AdminMenuEntry[] {
  const index = path[path.length - 1] as number;
  return withSiblings(entries, path, (siblings) => siblings.filter((_, at) => at !== index));
}

/** The list with `entry` in place of the one at `path`, its children kept. */
export function replaceEntry(
  entries: readonly AdminMenuEntry[],
  path: EntryPath,
  entry: AdminMenuEntry,
): AdminMenuEntry[] {
  const index = path[path.length - 1] as number;
  return withSiblings(entries, path, (siblings) =>
    siblings.map((sibling, at) => (at === index ? { ...entry, children: sibling.children } : sibling)),
  );
}

/** The list with `entry` added last at the top, or last among the children of the top entry `parent`. */
export function addEntry(
  entries: readonly AdminMenuEntry[],
  parent: number | null,
  entry: AdminMenuEntry,
): AdminMenuEntry[] {
  if (parent === null) return [...entries, entry];
  return entries.map((top, index) =>
    index === parent ? { ...top, children: [...top.children, entry] } : top,
  );
}

/** The entry a server's refusal names (`entries.1.children.0.route` → [1, 0]), and the field within it. */
export function refusedAt(field: string): { path: EntryPath; field: string } | undefined {
  const match = /^entries\.(\d+)(?:\.children\.(\d+))?(?:\.(.+))?$/.exec(field);
  if (!match) return undefined;
  const top = Number(match[1]);
  return {
    path: match[2] === undefined ? [top] : [top, Number(match[2])],
    field: match[3] ?? '',
  };
}

export function samePath(a: EntryPath, b: EntryPath): boolean {
  return a.length === b.length && a.every((part, index) => part === b[index]);
}

/** The fixed routes of the app that have a screen: what a `screen` entry may show. */
export const SCREEN_PATHS: readonly string[] = APP_ROUTES.filter((route) => route.screen).map(
  (route) => route.path,
);

/** The form of one entry: every template's fields kept, so switching templates loses nothing typed. */
export type EntryDraft = {
  route: string;
  titles: Record<Locale, string>;
  placement: MenuPlacement;
  template: MenuTemplate;
  slug: string;
  category: string;
  url: string;
  path: string;
  visible: boolean;
};

export function emptyEntryDraft(): EntryDraft {
  return {
    route: '',
    titles: Object.fromEntries(LOCALES.map((locale) => [locale, ''])) as Record<Locale, string>,
    placement: 'mine',
    template: 'article',
    slug: '',
    category: '',
    url: 'https://',
    path: SCREEN_PATHS[0] ?? '',
    visible: true,
  };
}

export function draftOfEntry(entry: AdminMenuEntry): EntryDraft {
  const draft = emptyEntryDraft();
  const { data } = entry;
  return {
    ...draft,
    route: entry.route,
    titles: { ...draft.titles, ...entry.titles },
    placement: entry.placement,
    template: data.template,
    slug: data.template === 'article' ? data.slug : '',
    category: data.template === 'articleList' ? data.category : '',
    url: data.template === 'externalLink' ? data.url : draft.url,
    path: data.template === 'screen' ? data.path : draft.path,
    visible: entry.visible,
  };
}

function dataOf(draft: EntryDraft): MenuData {
  switch (draft.template) {
    case 'article':
      return { template: 'article', slug: draft.slug.trim() };
    case 'articleList':
      return { template: 'articleList', category: draft.category.trim() };
    case 'externalLink':
      return { template: 'externalLink', url: draft.url.trim() };
    case 'screen':
      return { template: 'screen', path: draft.path };
  }
}

/** A field of the form: `route`, `title.<locale>`, `data` (the template's own field) or `placement`. */
export type EntryField = 'route' | `title.${Locale}` | 'data' | 'placement';
export type EntryErrors = Partial<Record<EntryField, string>>;

/** The entry the form describes, checked with the contract's schema; or each field's message key. */
export function checkEntryDraft(
  draft: EntryDraft,
): { ok: true; entry: AdminMenuEntry } | { ok: false; errors: EntryErrors } {
  const titles: AdminMenuEntry['titles'] = {};
  for (const locale of LOCALES) {
    const title = draft.titles[locale].trim();
    if (title) titles[locale] = title;
  }
  const entry: AdminMenuEntry = {
    route: draft.route.trim(),
    titles,
    placement: draft.placement,
    data: dataOf(draft),
    visible: draft.visible,
    children: [],
  };
  const parsed = adminMenuEntry.safeParse(entry);
  if (parsed.success) return { ok: true, entry };
  const errors: EntryErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path;
    const field: EntryField =
      first === 'titles'
        ? `title.${typeof second === 'string' ? (second as Locale) : DEFAULT_LOCALE}`
        : first === 'route' || first === 'placement'
          ? first
          : 'data';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
