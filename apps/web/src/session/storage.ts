import type { PublicUser } from '@kestrel/contract';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@kestrel/i18n';
import { asPublicUser } from './shapes';

/**
 * The one owner of what the app keeps in localStorage. The spec persists one session object and also keeps
 * the token and the language under the plain names `token` and `lang`; every write here keeps them in step.
 */
export const STORAGE_KEYS = {
  session: 'session',
  token: 'token',
  lang: 'lang',
  /** The swap orders this device created, with their secrets (features/swap/orderStore.ts). */
  swapOrders: 'swapOrders',
  /** An anonymous visitor's customer service conversation (features/service/visitorToken.ts). */
  supportVisitor: 'supportVisitor',
} as const;

/**
 * A run-time menu entry (spec §2, decision 0054) as the session keeps it: the contract's `MenuEntryView`, as the
 * server sent it. A session stored before menus had titles kept only a route, data and children: such an entry
 * reads with an empty title and no placement. The data is kept as stored; features/menus shows only templates it
 * knows, so an entry from a newer server (or a damaged one) is kept but never shown.
 */
export type MenuEntry = {
  route: string;
  title: string;
  /** `mine`, `homeShortcuts` or `none` (MENU_PLACEMENTS); anything else shows nowhere. */
  placement: string;
  data: { template?: unknown; [field: string]: unknown };
  children: MenuEntry[];
};

export type StoredSession = {
  token: string;
  language: Locale;
  userInfo: PublicUser | null;
  menuList: MenuEntry[];
  swiperInfo: unknown[];
  /**
   * While the session is a real user's demo twin (decision 0055): the real session's token, which stays open, so
   * the app switches back without signing in again. Empty otherwise.
   */
  realToken: string;
  /** The real account's user, shown again at once on the switch back; null outside a twin. */
  realUserInfo: PublicUser | null;
};

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some browsers throw on access when storage is disabled; the app then behaves as a guest.
    return null;
  }
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stored menu entry in today's shape, or undefined when it has no route (its children go with it). */
function asMenuEntry(value: unknown): MenuEntry | undefined {
  if (!isRecord(value) || typeof value.route !== 'string') return undefined;
  return {
    route: value.route,
    title: typeof value.title === 'string' ? value.title : '',
    placement: typeof value.placement === 'string' ? value.placement : 'none',
    data: isRecord(value.data) ? value.data : {},
    children: asMenuList(value.children),
  };
}

function asMenuList(value: unknown): MenuEntry[] {
  if (!Array.isArray(value)) return [];
  return value.map(asMenuEntry).filter((entry): entry is MenuEntry => entry !== undefined);
}

/** Reads the session, falling back to the plain keys and then to defaults for anything missing or damaged. */
export function readSession(): StoredSession {
  const store = storage();
  const raw = parseJson(store?.getItem(STORAGE_KEYS.session) ?? null);
  const stored = isRecord(raw) ? raw : {};
  const plainToken = store?.getItem(STORAGE_KEYS.token) ?? '';
  const plainLang = store?.getItem(STORAGE_KEYS.lang);
  return {
    token: typeof stored.token === 'string' ? stored.token : plainToken,
    language: isLocale(stored.language) ? stored.language : isLocale(plainLang) ? plainLang : DEFAULT_LOCALE,
    userInfo: asPublicUser(stored.userInfo),
    menuList: asMenuList(stored.menuList),
    swiperInfo: Array.isArray(stored.swiperInfo) ? stored.swiperInfo : [],
    realToken: typeof stored.realToken === 'string' ? stored.realToken : '',
    realUserInfo: asPublicUser(stored.realUserInfo),
  };
}

function writeSession(next: StoredSession): void {
  const store = storage();
  if (!store) return;
  store.setItem(STORAGE_KEYS.session, JSON.stringify(next));
  if (next.token) store.setItem(STORAGE_KEYS.token, next.token);
  else store.removeItem(STORAGE_KEYS.token);
  store.setItem(STORAGE_KEYS.lang, next.language);
  emit();
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string {
  return readSession().token;
}

export function hasToken(): boolean {
  return getToken() !== '';
}

/** The stored language, en-US when none is stored. */
export function getLanguage(): Locale {
  return readSession().language;
}

/** Stores what a successful login or registration returns. */
export function saveSignIn(token: string, user: PublicUser): void {
  writeSession({ ...readSession(), token, userInfo: user, realToken: '', realUserInfo: null });
}

/** Enters a real user's demo twin: the twin's session becomes the session, the real one is kept to come back to. */
export function saveDemoTwin(token: string, user: PublicUser): void {
  const current = readSession();
  // Already in a twin (another tab switched first): the real session kept is still the one to come back to.
  const realToken = current.realToken || current.token;
  const realUserInfo = current.realToken ? current.realUserInfo : current.userInfo;
  writeSession({ ...current, token, userInfo: user, realToken, realUserInfo });
}

/** Leaves the demo twin: the kept real session becomes the session again. False when there is none to restore. */
export function restoreRealSession(): boolean {
  const current = readSession();
  if (!current.realToken) return false;
  writeSession({
    ...current,
    token: current.realToken,
    userInfo: current.realUserInfo,
    realToken: '',
    realUserInfo: null,
  });
  return true;
}

export function saveUserInfo(user: PublicUser): void {
  writeSession({ ...readSession(), userInfo: user });
}

export function saveLanguage(language: Locale): void {
  writeSession({ ...readSession(), language });
}

/** Stores the home banners (the session's swiper info), only when they changed, so readers are not woken for nothing. */
export function saveSwiperInfo(swiperInfo: unknown[]): void {
  const current = readSession();
  if (JSON.stringify(current.swiperInfo) === JSON.stringify(swiperInfo)) return;
  writeSession({ ...current, swiperInfo });
}

/** Stores the menu list the server sent (decision 0054), only when it changed, so readers are not woken for nothing. */
export function saveMenuList(menuList: MenuEntry[]): void {
  const current = readSession();
  if (JSON.stringify(current.menuList) === JSON.stringify(menuList)) return;
  writeSession({ ...current, menuList });
}

/** Clears ALL of localStorage, as the spec asks on logout, on a guarded route without a token and on 401. */
export function clearStorage(): void {
  const store = storage();
  // A visitor's swap orders open only with the secrets kept here, shown once: they are not the session's, and
  // signing out (or a 401) must not lose them.
  const swapOrders = store?.getItem(STORAGE_KEYS.swapOrders) ?? null;
  // A visitor's chat is kept while nobody was signed in (a guarded route cleared the storage of the same visitor);
  // signing out or a 401 drops it, so the next person on this browser never sees the previous one's messages.
  const visitorChat = hasToken() ? null : (store?.getItem(STORAGE_KEYS.supportVisitor) ?? null);
  store?.clear();
  if (swapOrders !== null) store?.setItem(STORAGE_KEYS.swapOrders, swapOrders);
  if (visitorChat !== null) store?.setItem(STORAGE_KEYS.supportVisitor, visitorChat);
  emit();
}

/** Notifies on every change made through this module and on changes made by other tabs. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.session || event.key === STORAGE_KEYS.token) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** A cheap, stable snapshot of the session for useSyncExternalStore: the raw stored strings. */
export function sessionSnapshot(): string {
  const store = storage();
  return `${store?.getItem(STORAGE_KEYS.session) ?? ''}\u0000${store?.getItem(STORAGE_KEYS.token) ?? ''}`;
}
