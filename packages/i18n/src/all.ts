import type { Locale } from './locales';
import ar from './locales/ar';
import de from './locales/de';
import type { Catalogue } from './locales/en-US';
import enUS from './locales/en-US';
import es from './locales/es';
import fr from './locales/fr';
import id from './locales/id';
import jaJP from './locales/ja-JP';
import ko from './locales/ko';
import pt from './locales/pt';
import ru from './locales/ru';
import thTH from './locales/th-TH';
import tr from './locales/tr';
import vn from './locales/vn';
import zhCN from './locales/zh-CN';
import zhTC from './locales/zh-TC';

/** Every catalogue at once, for the server, which answers in whichever language a request asks for. */
export const catalogues: Record<Locale, Catalogue> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'zh-TC': zhTC,
  'ja-JP': jaJP,
  ko,
  tr,
  de,
  es,
  fr,
  pt,
  ru,
  ar,
  id,
  vn,
  'th-TH': thTH,
};
