import 'i18next';
import type { WebCatalogue } from '@kestrel/i18n/web';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: WebCatalogue };
  }
}
