import { createNotices, type ShownNotice } from '@kestrel/client';

/** How long a notice stays at the top of the screen. */
export const NOTICE_DURATION_MS = 2_500;

/** The app's top notice: one at a time, a newer one replacing it. */
const notices = createNotices('latest');

export const showNotice = notices.show;
export const dismissNotice = notices.dismiss;
export const useNotices = notices.useNotices;

/** The notice on screen, if any. */
export function currentNotice(): ShownNotice | null {
  return notices.current().at(-1) ?? null;
}
