import type { RecordType } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { api } from '../../api/http';
import { useCursorPages } from '../../lib/useCursorPages';
import { WALLET_STALE_MS, walletKeys } from '../assets/queries';

export const RECORDS_PAGE_SIZE = 20;

/** The filters of the log; empty means all. */
export type RecordFilter = { type: RecordType | ''; asset: string };

/** The account change log, newest first, one cursor page after another. */
export function useRecordsQuery(filter: RecordFilter) {
  return useCursorPages({
    queryKey: walletKeys.records(filter.type, filter.asset),
    read: (cursor) =>
      api.call(routes.listAccountRecords, {
        query: { limit: RECORDS_PAGE_SIZE, type: filter.type || undefined, asset: filter.asset, cursor },
      }),
    staleTime: WALLET_STALE_MS,
  });
}
