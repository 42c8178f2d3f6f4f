import { ApiError } from '@kestrel/client';
import { VISITOR_TOKEN_PATTERN } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { api } from '../../api/http';
import { STORAGE_KEYS } from '../../session/storage';

/*
 * The token of an anonymous visitor's conversation on /user/online, shown once by the server and kept in local
 * storage. Signing in or registering joins that conversation to the account and drops the token; signing out drops
 * it too (session/storage.ts), so the next person on this browser never sees the previous person's messages.
 */

/** The query that holds this device's visitor token (ServiceScreen.tsx). */
export const VISITOR_TOKEN_KEY = ['support', 'visitorToken'] as const;

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readVisitorToken(): string | null {
  const token = store()?.getItem(STORAGE_KEYS.supportVisitor) ?? null;
  return token !== null && VISITOR_TOKEN_PATTERN.test(token) ? token : null;
}

export function saveVisitorToken(token: string): void {
  store()?.setItem(STORAGE_KEYS.supportVisitor, token);
}

export function dropVisitorToken(): void {
  store()?.removeItem(STORAGE_KEYS.supportVisitor);
}

let joining: Promise<void> | null = null;

/**
 * Brings the visitor conversation this browser holds into the signed-in account, once (a second caller waits for
 * the first). The token is dropped when the server took it or refused it; a lost connection keeps it for the next
 * try, which the chat makes before it reads the user's conversation.
 */
export function joinStoredVisitor(): Promise<void> {
  const visitorToken = readVisitorToken();
  if (visitorToken === null) return Promise.resolve();
  if (joining) return joining;
  joining = api
    .call(routes.joinSupportConversation, { body: { visitorToken } }, { quiet: true })
    .then(
      () => dropVisitorToken(),
      (error: unknown) => {
        if (error instanceof ApiError && (error.kind === 'business' || error.kind === 'unauthorized')) {
          dropVisitorToken();
        }
      },
    )
    .finally(() => {
      joining = null;
    });
  return joining;
}
