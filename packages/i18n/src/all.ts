import type { Locale } from './locales';
import arAdmin from './locales/ar/admin';
import arServer from './locales/ar/server';
import arShared from './locales/ar/shared';
import arWeb from './locales/ar/web';
import deAdmin from './locales/de/admin';
import deServer from './locales/de/server';
import deShared from './locales/de/shared';
import deWeb from './locales/de/web';
import enUSAdmin from './locales/en-US/admin';
import enUSServer from './locales/en-US/server';
import enUSShared from './locales/en-US/shared';
import enUSWeb from './locales/en-US/web';
import esAdmin from './locales/es/admin';
import esServer from './locales/es/server';
import esShared from './locales/es/shared';
import esWeb from './locales/es/web';
import frAdmin from './locales/fr/admin';
import frServer from './locales/fr/server';
import frShared from './locales/fr/shared';
import frWeb from './locales/fr/web';
import idAdmin from './locales/id/admin';
import idServer from './locales/id/server';
import idShared from './locales/id/shared';
import idWeb from './locales/id/web';
import jaJPAdmin from './locales/ja-JP/admin';
import jaJPServer from './locales/ja-JP/server';
import jaJPShared from './locales/ja-JP/shared';
import jaJPWeb from './locales/ja-JP/web';
import koAdmin from './locales/ko/admin';
import koServer from './locales/ko/server';
import koShared from './locales/ko/shared';
import koWeb from './locales/ko/web';
import ptAdmin from './locales/pt/admin';
import ptServer from './locales/pt/server';
import ptShared from './locales/pt/shared';
import ptWeb from './locales/pt/web';
import ruAdmin from './locales/ru/admin';
import ruServer from './locales/ru/server';
import ruShared from './locales/ru/shared';
import ruWeb from './locales/ru/web';
import thTHAdmin from './locales/th-TH/admin';
import thTHServer from './locales/th-TH/server';
import thTHShared from './locales/th-TH/shared';
import thTHWeb from './locales/th-TH/web';
import trAdmin from './locales/tr/admin';
import trServer from './locales/tr/server';
import trShared from './locales/tr/shared';
import trWeb from './locales/tr/web';
import vnAdmin from './locales/vn/admin';
import vnServer from './locales/vn/server';
import vnShared from './locales/vn/shared';
import vnWeb from './locales/vn/web';
import zhCNAdmin from './locales/zh-CN/admin';
import zhCNServer from './locales/zh-CN/server';
import zhCNShared from './locales/zh-CN/shared';
import zhCNWeb from './locales/zh-CN/web';
import zhTCAdmin from './locales/zh-TC/admin';
import zhTCServer from './locales/zh-TC/server';
import zhTCShared from './locales/zh-TC/shared';
import zhTCWeb from './locales/zh-TC/web';
import {
  type AdminTexts,
  type Catalogue,
  mergeTexts,
  type ServerTexts,
  type SharedTexts,
  type WebTexts,
} from './texts';

function catalogue(shared: SharedTexts, web: WebTexts, admin: AdminTexts, server: ServerTexts): Catalogue {
  return mergeTexts(mergeTexts(shared, web), mergeTexts(admin, server));
}

/**
 * Every namespace of every locale at once, for the server: it answers both apps in whichever language a request
 * asks for, refusing in the words the app would use, and writes e-mails and inbox messages.
 */
export const catalogues: Record<Locale, Catalogue> = {
  'en-US': catalogue(enUSShared, enUSWeb, enUSAdmin, enUSServer),
  'zh-CN': catalogue(zhCNShared, zhCNWeb, zhCNAdmin, zhCNServer),
  'zh-TC': catalogue(zhTCShared, zhTCWeb, zhTCAdmin, zhTCServer),
  'ja-JP': catalogue(jaJPShared, jaJPWeb, jaJPAdmin, jaJPServer),
  ko: catalogue(koShared, koWeb, koAdmin, koServer),
  tr: catalogue(trShared, trWeb, trAdmin, trServer),
  de: catalogue(deShared, deWeb, deAdmin, deServer),
  es: catalogue(esShared, esWeb, esAdmin, esServer),
  fr: catalogue(frShared, frWeb, frAdmin, frServer),
  pt: catalogue(ptShared, ptWeb, ptAdmin, ptServer),
  ru: catalogue(ruShared, ruWeb, ruAdmin, ruServer),
  ar: catalogue(arShared, arWeb, arAdmin, arServer),
  id: catalogue(idShared, idWeb, idAdmin, idServer),
  vn: catalogue(vnShared, vnWeb, vnAdmin, vnServer),
  'th-TH': catalogue(thTHShared, thTHWeb, thTHAdmin, thTHServer),
};
