import { type AdminOptionProductBody, type AdminOptionProductCreateBody, routes } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

export const optionKeys = {
  products: ['options', 'products'] as const,
  exposure: ['options', 'exposure'] as const,
};

/** Stakes come in every second while rounds are open; the panel shows them this fresh. */
const EXPOSURE_REFRESH_MS = 3_000;
/** The current round of each period moves on at least every minute. */
const PRODUCTS_REFRESH_MS = 30_000;

/** Every up/down product with its periods, payout rates, stakes and limits. */
export function useOptionProducts() {
  return useQuery({
    queryKey: optionKeys.products,
    queryFn: () => client.call(routes.listAdminOptionProducts),
    refetchInterval: PRODUCTS_REFRESH_MS,
  });
}

/** The pool's balance and what it stands to pay on each open round. */
export function useOptionExposure() {
  return useQuery({
    queryKey: optionKeys.exposure,
    queryFn: () => client.call(routes.getOptionExposure),
    refetchInterval: EXPOSURE_REFRESH_MS,
  });
}

export function useCreateOptionProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminOptionProductCreateBody) => client.call(routes.createOptionProduct, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optionKeys.products }),
  });
}

export function useUpdateOptionProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminOptionProductBody) =>
      client.call(routes.updateOptionProduct, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optionKeys.products }),
  });
}
