import type { AdminTexts } from './locales/en-US/admin';
import type { ServerTexts } from './locales/en-US/server';
import type { SharedTexts } from './locales/en-US/shared';
import type { WebTexts } from './locales/en-US/web';

export type { AdminTexts, ServerTexts, SharedTexts, WebTexts };

/**
 * A locale's texts come in four namespaces, by who shows them: `shared` (both apps), `web` (the user app), `admin`
 * (the back office) and `server` (only the server: refusals, e-mails, inbox messages). A key lives in exactly one.
 */
export const NAMESPACES = ['shared', 'web', 'admin', 'server'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Every text of every namespace: what the server may render. */
export type Catalogue = SharedTexts & WebTexts & AdminTexts & ServerTexts;

type Join<K extends string, P extends string> = `${K}.${P}`;

/** Every dotted key of a catalogue (every namespace by default), e.g. `auth.login.title`. */
export type TranslationKey<T = Catalogue> = {
  [K in keyof T & string]: T[K] extends string ? K : Join<K, TranslationKey<T[K]>>;
}[keyof T & string];

type Tree = { [key: string]: string | Tree };

/**
 * Joins namespaces into one catalogue. A section may be split between namespaces (`validation` has shared and
 * user app keys), so sections are merged key by key; no key is in two namespaces (catalogues.test.ts).
 */
export function mergeTexts<A extends object, B extends object>(first: A, second: B): A & B {
  return mergeTrees(first as Tree, second as Tree) as A & B;
}

function mergeTrees(first: Tree, second: Tree): Tree {
  const merged: Tree = { ...first };
  for (const [key, value] of Object.entries(second)) {
    const existing = merged[key];
    merged[key] =
      typeof existing === 'object' && typeof value === 'object' ? mergeTrees(existing, value) : value;
  }
  return merged;
}
