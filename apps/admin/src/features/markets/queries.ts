import { type AdminMarketUpdateBody, routes } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

export const marketKeys = { all: ['markets'] as const };

/** Index prices move every second; the console refreshes them this often while the page is open. */
const PRICE_REFRESH_MS = 5_000;

/** Every market with its settings, index price and staleness. */
export function useMarkets() {
  return useQuery({
    queryKey: marketKeys.all,
    queryFn: () => client.call(routes.listAdminMarkets),
    refetchInterval: PRICE_REFRESH_MS,
  });
}

export function useUpdateMarket(symbol: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminMarketUpdateBody) =>
      client.call(routes.updateMarket, { params: { symbol }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketKeys.all }),
  });
}
