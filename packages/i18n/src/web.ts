import type { Locale } from './locales';
import { type TranslationKey as KeyOf, mergeTexts, type SharedTexts, type WebTexts } from './texts';

/** What the user app shows: the shared texts and its own, never another app's. */
export type WebCatalogue = SharedTexts & WebTexts;

/** Every key the user app may show, e.g. `auth.login.title`. */
export type TranslationKey = KeyOf<WebCatalogue>;

const loaders: Record<Locale, () => Promise<[{ default: SharedTexts }, { default: WebTexts }]>> = {
  'en-US': () => Promise.all([import('./locales/en-US/shared'), import('./locales/en-US/web')]),
  'zh-CN': () => Promise.all([import('./locales/zh-CN/shared'), import('./locales/zh-CN/web')]),
  'zh-TC': () => Promise.all([import('./locales/zh-TC/shared'), import('./locales/zh-TC/web')]),
  'ja-JP': () => Promise.all([import('./locales/ja-JP/shared'), import('./locales/ja-JP/web')]),
  ko: () => Promise.all([import('./locales/ko/shared'), import('./locales/ko/web')]),
  tr: () => Promise.all([import('./locales/tr/shared'), import('./locales/tr/web')]),
  de: () => Promise.all([import('./locales/de/shared'), import('./locales/de/web')]),
  es: () => Promise.all([import('./locales/es/shared'), import('./locales/es/web')]),
  fr: () => Promise.all([import('./locales/fr/shared'), import('./locales/fr/web')]),
  pt: () => Promise.all([import('./locales/pt/shared'), import('./locales/pt/web')]),
  ru: () => Promise.all([import('./locales/ru/shared'), import('./locales/ru/web')]),
  ar: () => Promise.all([import('./locales/ar/shared'), import('./locales/ar/web')]),
  id: () => Promise.all([import('./locales/id/shared'), import('./locales/id/web')]),
  vn: () => Promise.all([import('./locales/vn/shared'), import('./locales/vn/web')]),
  'th-TH': () => Promise.all([import('./locales/th-TH/shared'), import('./locales/th-TH/web')]),
};

/** Loads one locale's texts for the user app on demand, so it downloads only the language it shows. */
export async function loadCatalogue(locale: Locale): Promise<WebCatalogue> {
  const [shared, own] = await loaders[locale]();
  return mergeTexts(shared.default, own.default);
}
