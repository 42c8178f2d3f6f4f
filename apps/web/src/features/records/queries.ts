import { type RecordType, recordsPage } from '@kestrel/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../api/http';
import { WALLET_STALE_MS, walletKeys } from '../assets/queries';

export const RECORDS_PAGE_SIZE = 20;

/** The filters of the log; empty means all. */
export type RecordFilter = { type: RecordType | ''; asset: string };

/** The account change log, newest first, one cursor page after another. */
export function useRecordsQuery(filter: RecordFilter) {
  return useInfiniteQuery({
    queryKey: walletKeys.records(filter.type, filter.asset),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(RECORDS_PAGE_SIZE) });
      if (filter.type) query.set('type', filter.type);
      if (filter.asset) query.set('asset', filter.asset);
      if (pageParam) query.set('cursor', pageParam);
      return api.get(`/api/wallet/records?${query}`, recordsPage);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: WALLET_STALE_MS,
  });
}
