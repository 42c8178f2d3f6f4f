import { useEffect } from 'react';
import { afterNextPaint } from '../../lib/afterNextPaint';
import { saveMenuList } from '../../session/storage';
import { useSession } from '../../session/useSession';

/**
 * Asks the server for the menu list in the stored language and keeps it in the session (decision 0054). A failure
 * keeps the list from the last visit: the menus are extras, never a reason for a notice.
 */
export async function refreshMenuList(): Promise<void> {
  const [{ api }, { routes }] = await Promise.all([
    import('../../api/http'),
    import('@kestrel/contract/routes'),
  ]);
  try {
    const { items } = await api.call(routes.getMenuList, {}, { quiet: true });
    saveMenuList(items);
  } catch {
    // Kept as it was; the next start or language change asks again.
  }
}

/** Fetches the menu list as the app starts (after its first paint) and again whenever the language changes. */
export function useMenuListSync(): void {
  const { language } = useSession();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored language is what the request is sent in
  useEffect(() => {
    let cancelled = false;
    void afterNextPaint().then(() => (cancelled ? undefined : refreshMenuList()));
    return () => {
      cancelled = true;
    };
  }, [language]);
}
