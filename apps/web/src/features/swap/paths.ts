import { SWAP_ORDER_DETAILS_PATH, SWAP_ORDER_PATH } from '../../app/paths';

export const swapOrderPath = (id: string) => `${SWAP_ORDER_PATH}?id=${encodeURIComponent(id)}`;
export const swapOrderDetailsPath = (id: string) => `${SWAP_ORDER_DETAILS_PATH}?id=${encodeURIComponent(id)}`;
