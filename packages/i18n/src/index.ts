import type { Locale } from './locales';
import type { Catalogue } from './locales/en-US';

export * from './intl';
export * from './locales';
export type { Catalogue };

type Join<K extends string, P extends string> = `${K}.${P}`;

/** Every dotted key of the source catalogue, e.g. `auth.login.title`. */
export type TranslationKey<T = Catalogue> = {
  [K in keyof T & string]: T[K] extends string ? K : Join<K, TranslationKey<T[K]>>;
}[keyof T & string];

const loaders: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  'en-US': () => import('./locales/en-US'),
  'zh-CN': () => import('./locales/zh-CN'),
  'zh-TC': () => import('./locales/zh-TC'),
  'ja-JP': () => import('./locales/ja-JP'),
  ko: () => import('./locales/ko'),
  tr: () => import('./locales/tr'),
  de: () => import('./locales/de'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  pt: () => import('./locales/pt'),
  ru: () => import('./locales/ru'),
  ar: () => import('./locales/ar'),
  id: () => import('./locales/id'),
  vn: () => import('./locales/vn'),
  'th-TH': () => import('./locales/th-TH'),
};

/** Loads one locale's catalogue on demand, so a client downloads only the language it shows. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return (await loaders[locale]()).default;
}
