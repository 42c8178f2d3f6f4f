import { LOCALES } from '@kestrel/i18n';
import { z } from 'zod';

/*
 * Menus set at run time (spec §2, decision 0054). Operators keep one menu list: entries with a route of their
 * own, a title per locale, a template that says what the route shows, where the entry appears, and children. The
 * app keeps the list in the session (its `menuList`) and adds the routes as it starts. A route that clashes with
 * one of the app's fixed routes, or with another entry, is refused when the list is saved.
 */

/**
 * What an entry's route shows: `article` one article by slug; `articleList` one help-centre category's articles;
 * `externalLink` an https address, opened outside the app; `screen` one of the app's own screens by its path.
 */
export const MENU_TEMPLATES = ['article', 'articleList', 'externalLink', 'screen'] as const;
export type MenuTemplate = (typeof MENU_TEMPLATES)[number];

/** Where an entry appears: a row in Mine, a shortcut on the home screen, or nowhere (reachable by its route). */
export const MENU_PLACEMENTS = ['mine', 'homeShortcuts', 'none'] as const;
export type MenuPlacement = (typeof MENU_PLACEMENTS)[number];

export const MENU_MAX_ENTRIES = 100;
/** Entries nest one level: a top entry's children have no children of their own. */
export const MENU_MAX_DEPTH = 2;

/** A menu route: lower case, under its own path, e.g. `/promo/spring`. */
export const MENU_ROUTE_PATTERN = /^(\/[a-z0-9][a-z0-9-]{0,39}){1,3}$/;

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'menus.errors.dataInvalid');

/** The template's settings. */
export const menuData = z.discriminatedUnion(
  'template',
  [
    z.object({ template: z.literal('article'), slug }),
    z.object({ template: z.literal('articleList'), category: slug }),
    z.object({
      template: z.literal('externalLink'),
      url: z
        .url({ protocol: /^https$/, error: 'menus.errors.dataInvalid' })
        .max(500, 'menus.errors.dataInvalid'),
    }),
    /** `path` is one of the app's fixed routes (the spec's route table). */
    z.object({ template: z.literal('screen'), path: z.string().max(80, 'menus.errors.dataInvalid') }),
  ],
  'menus.errors.templateUnknown',
);
export type MenuData = z.infer<typeof menuData>;

/** An entry as the app receives it, in the reader's language (en-US when the title has no translation). */
export type MenuEntryView = {
  route: string;
  title: string;
  placement: MenuPlacement;
  data: MenuData;
  children: MenuEntryView[];
};
export const menuEntryView: z.ZodType<MenuEntryView> = z.lazy(() =>
  z.object({
    route: z.string(),
    title: z.string(),
    placement: z.enum(MENU_PLACEMENTS),
    data: menuData,
    children: z.array(menuEntryView),
  }),
);
export const menuList = z.object({ items: z.array(menuEntryView) });

// ---- Back office (content role) ----

const menuTitles = z
  .partialRecord(
    z.enum(LOCALES),
    z.string().trim().min(1, 'validation.contentBlank').max(60, 'menus.errors.titleTooLong'),
  )
  .refine((titles) => titles['en-US'] !== undefined, {
    message: 'menus.errors.englishRequired',
    path: ['en-US'],
  });

export type AdminMenuEntry = {
  route: string;
  titles: Partial<Record<(typeof LOCALES)[number], string>>;
  placement: MenuPlacement;
  data: MenuData;
  visible: boolean;
  children: AdminMenuEntry[];
};
export const adminMenuEntry: z.ZodType<AdminMenuEntry> = z.lazy(() =>
  z.object({
    route: z.string('validation.contentBlank').regex(MENU_ROUTE_PATTERN, 'menus.errors.routeInvalid'),
    titles: menuTitles,
    placement: z.enum(MENU_PLACEMENTS, 'validation.parameterError'),
    data: menuData,
    /** A hidden entry is kept but not sent to the app. */
    visible: z.boolean('validation.parameterError'),
    children: z.array(adminMenuEntry).max(MENU_MAX_ENTRIES, 'menus.errors.tooMany'),
  }),
);

/** The whole list, saved at once; the answer is the list as stored. */
export const adminMenuBody = z.object({
  entries: z.array(adminMenuEntry).max(MENU_MAX_ENTRIES, 'menus.errors.tooMany'),
});
export const adminMenu = z.object({
  entries: z.array(adminMenuEntry),
  updatedAt: z.iso.datetime().nullable(),
});
