import { lastCodeSentTo } from './outbox';
import type { TestApp } from './test-app';

// biome-ignore lint/suspicious/noExplicitAny: each test asserts the fields of the answer it expects
export type ApiAnswer = { status: number; body: { code: number; msg: string; data: any } };

export type CallOptions = { body?: unknown; token?: string; lang?: string; ip?: string };

/** One request through `inject`, as a client would send it: JSON body, `think-lang`, token, caller's IP. */
export async function callApi(
  sut: TestApp,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: CallOptions = {},
): Promise<ApiAnswer> {
  const response = await sut.app.inject({
    method,
    url,
    payload: options.body as Record<string, unknown> | undefined,
    remoteAddress: options.ip ?? '10.0.0.1',
    headers: {
      ...(options.lang ? { 'think-lang': options.lang } : {}),
      ...(options.token ? { authorization: options.token } : {}),
    },
  });
  return { status: response.statusCode, body: response.json() };
}

/**
 * Registers an account through the API, reading its code from the outbox; fails the test if it cannot. `lang`
 * becomes the account's language, as the app's language does at sign-up.
 */
export async function registerAccount(
  sut: TestApp,
  account: string,
  options: { password?: string; ip?: string; lang?: string } = {},
) {
  const password = options.password ?? 'secret123';
  const sent = await callApi(sut, 'POST', '/api/auth/code', {
    body: { account, purpose: 'register' },
    ip: options.ip,
    lang: options.lang,
  });
  if (sent.body.code !== 0) throw new Error(`could not send a code to ${account}: ${sent.body.msg}`);
  const code = await lastCodeSentTo(sut.database, account);
  const registered = await callApi(sut, 'POST', '/api/auth/register', {
    body: { account, password, confirmPassword: password, code, termsAccepted: true },
    ip: options.ip,
    lang: options.lang,
  });
  if (registered.body.code !== 0) throw new Error(`could not register ${account}: ${registered.body.msg}`);
  return registered.body.data as { token: string; user: { id: number } };
}
