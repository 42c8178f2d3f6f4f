import 'i18next';
import type { AdminCatalogue } from '@kestrel/i18n/admin';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AdminCatalogue };
  }
}
