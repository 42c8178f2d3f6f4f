import { INVITE_CODE_PARAM } from '@kestrel/contract';
import { REGISTER_PATH } from '../../app/paths';

/** Where invitation links point: the public origin when configured (behind a proxy), else this page's. */
export function inviteLink(code: string): string {
  const origin = (import.meta.env.VITE_PUBLIC_ORIGIN || window.location.origin).replace(/\/+$/, '');
  return `${origin}${REGISTER_PATH}?${INVITE_CODE_PARAM}=${encodeURIComponent(code)}`;
}
