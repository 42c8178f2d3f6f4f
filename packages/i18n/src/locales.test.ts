import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, intlTag, LOCALE_NAMES, LOCALES, resolveLocale, textDirection } from './locales';

describe('locales', () => {
  it('lists the 15 languages of the spec', () => {
    expect([...LOCALES].sort()).toEqual(
      [
        'en-US',
        'zh-CN',
        'zh-TC',
        'ja-JP',
        'tr',
        'de',
        'es',
        'fr',
        'pt',
        'ru',
        'ar',
        'ko',
        'id',
        'vn',
        'th-TH',
      ].sort(),
    );
  });

  it('falls back to en-US for a missing or unknown language', () => {
    expect(DEFAULT_LOCALE).toBe('en-US');
    expect(resolveLocale(undefined)).toBe('en-US');
    expect(resolveLocale('klingon')).toBe('en-US');
    expect(resolveLocale(['ar'])).toBe('en-US');
    expect(resolveLocale('ar')).toBe('ar');
  });

  it('writes only Arabic right to left', () => {
    expect(LOCALES.filter((locale) => textDirection(locale) === 'rtl')).toEqual(['ar']);
  });

  it('maps every locale to a tag that Intl accepts and names it in its own language', () => {
    for (const locale of LOCALES) {
      expect(Intl.getCanonicalLocales(intlTag(locale))).toHaveLength(1);
      expect(LOCALE_NAMES[locale]).not.toBe('');
    }
    expect(intlTag('vn')).toBe('vi-VN');
    expect(intlTag('zh-TC')).toBe('zh-Hant-TW');
  });
});
