import { intlTag } from '@kestrel/i18n';
import { useMemo } from 'react';
import { useLocale } from '../../i18n/i18n';

/** Names an ISO 3166 country code in the console's language, e.g. `DE` as "Germany" or "ألمانيا". */
export function useCountryName(): (code: string) => string {
  const { locale } = useLocale();
  return useMemo(() => {
    const names = new Intl.DisplayNames([intlTag(locale)], { type: 'region', fallback: 'code' });
    return (code: string) => names.of(code) ?? code;
  }, [locale]);
}
