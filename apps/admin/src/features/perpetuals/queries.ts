import { type AdminFuturesMarketUpdateBody, routes } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

export const perpetualKeys = { all: ['perpetuals'] as const };

/** Mark and index prices move every second; the console refreshes them this often while the page is open. */
const PRICE_REFRESH_MS = 5_000;

/** Every perpetual with its settings, brackets, funding parameters and prices. */
export function usePerpetuals() {
  return useQuery({
    queryKey: perpetualKeys.all,
    queryFn: () => client.call(routes.listAdminFuturesMarkets),
    refetchInterval: PRICE_REFRESH_MS,
  });
}

export function useUpdatePerpetual(symbol: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminFuturesMarketUpdateBody) =>
      client.call(routes.updateFuturesMarket, { params: { symbol }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: perpetualKeys.all }),
  });
}
