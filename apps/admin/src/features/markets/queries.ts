import type { AdminMarket, AdminMarketUpdateBody } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';

export const marketKeys = { all: ['markets'] as const };

/** Index prices move every second; the console refreshes them this often while the page is open. */
const PRICE_REFRESH_MS = 5_000;

/** Every market with its settings, index price and staleness. */
export function useMarkets() {
  return useQuery({
    queryKey: marketKeys.all,
    queryFn: () => api.get<{ items: AdminMarket[] }>('/markets'),
    refetchInterval: PRICE_REFRESH_MS,
  });
}

export function useUpdateMarket(symbol: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminMarketUpdateBody) => api.patch<AdminMarket>(`/markets/${symbol}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: marketKeys.all }),
  });
}
