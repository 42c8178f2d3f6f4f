import { createNotices } from '@kestrel/client';

/** How long each of the console's notices stays in the top corner. */
export const NOTICE_SHOWN_MS = 5_000;

/** The console's notices, stacked. */
const notices = createNotices('all');

export const notify = notices.show;
export const dismissNotice = notices.dismiss;
export const useNotices = notices.useNotices;
