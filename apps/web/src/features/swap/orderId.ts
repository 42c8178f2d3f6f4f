import { SWAP_ORDER_ID_PATTERN } from '@kestrel/contract';

const ORDER_ID = new RegExp(`^${SWAP_ORDER_ID_PATTERN}$`);

/** The order number in `?id=`, if it is one: anything else is not asked of the server. */
export function orderIdFrom(params: URLSearchParams): string | null {
  const id = params.get('id')?.trim().toUpperCase() ?? '';
  return ORDER_ID.test(id) ? id : null;
}
