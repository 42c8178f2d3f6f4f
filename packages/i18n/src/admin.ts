import type { Locale } from './locales';
import { type AdminTexts, type TranslationKey as KeyOf, mergeTexts, type SharedTexts } from './texts';

/** What the back office shows: the shared texts and its own, never another app's. */
export type AdminCatalogue = SharedTexts & AdminTexts;

/** Every key the back office may show, e.g. `admin.nav.markets`. */
export type TranslationKey = KeyOf<AdminCatalogue>;

const loaders: Record<Locale, () => Promise<[{ default: SharedTexts }, { default: AdminTexts }]>> = {
  'en-US': () => Promise.all([import('./locales/en-US/shared'), import('./locales/en-US/admin')]),
  'zh-CN': () => Promise.all([import('./locales/zh-CN/shared'), import('./locales/zh-CN/admin')]),
  'zh-TC': () => Promise.all([import('./locales/zh-TC/shared'), import('./locales/zh-TC/admin')]),
  'ja-JP': () => Promise.all([import('./locales/ja-JP/shared'), import('./locales/ja-JP/admin')]),
  ko: () => Promise.all([import('./locales/ko/shared'), import('./locales/ko/admin')]),
  tr: () => Promise.all([import('./locales/tr/shared'), import('./locales/tr/admin')]),
  de: () => Promise.all([import('./locales/de/shared'), import('./locales/de/admin')]),
  es: () => Promise.all([import('./locales/es/shared'), import('./locales/es/admin')]),
  fr: () => Promise.all([import('./locales/fr/shared'), import('./locales/fr/admin')]),
  pt: () => Promise.all([import('./locales/pt/shared'), import('./locales/pt/admin')]),
  ru: () => Promise.all([import('./locales/ru/shared'), import('./locales/ru/admin')]),
  ar: () => Promise.all([import('./locales/ar/shared'), import('./locales/ar/admin')]),
  id: () => Promise.all([import('./locales/id/shared'), import('./locales/id/admin')]),
  vn: () => Promise.all([import('./locales/vn/shared'), import('./locales/vn/admin')]),
  'th-TH': () => Promise.all([import('./locales/th-TH/shared'), import('./locales/th-TH/admin')]),
};

/** Loads one locale's texts for the back office on demand, so it downloads only the language it shows. */
export async function loadCatalogue(locale: Locale): Promise<AdminCatalogue> {
  const [shared, own] = await loaders[locale]();
  return mergeTexts(shared.default, own.default);
}
