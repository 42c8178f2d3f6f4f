import { SUPPORT_VISITOR_HEADER } from '@kestrel/contract';
import type { ApiAnswer } from '../../../test/api';
import type { TestApp } from '../../../test/test-app';

/*
 * Helpers for the chat's tests: requests as the app sends them, as a user (token), a visitor (the header) or an
 * agent (an operator's token).
 */

export type Caller = { token?: string; visitor?: string; ip?: string; lang?: string };

export async function supportApi(
  sut: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  caller: Caller = {},
  body?: unknown,
): Promise<ApiAnswer> {
  const response = await sut.app.inject({
    method,
    url,
    payload: body as Record<string, unknown> | undefined,
    remoteAddress: caller.ip ?? '10.0.0.1',
    headers: {
      ...(caller.token ? { authorization: caller.token } : {}),
      ...(caller.visitor ? { [SUPPORT_VISITOR_HEADER]: caller.visitor } : {}),
      ...(caller.lang ? { 'think-lang': caller.lang } : {}),
    },
  });
  return { status: response.statusCode, body: response.json() };
}

/** A multipart body with one `file`, as a browser's FormData sends it. */
export function imageForm(file: { name: string; type: string; data: Buffer }) {
  const boundary = `----kestrel${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

let clientIds = 0;
/** A fresh clientId for a send. */
export function clientId(): string {
  clientIds += 1;
  return `client-${process.pid}-${clientIds}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Starts a visitor and returns its token. */
export async function newVisitor(sut: TestApp, ip = '10.0.0.1'): Promise<string> {
  const answer = await supportApi(sut, 'POST', '/api/support/visitors', { ip });
  if (answer.body.code !== 0) throw new Error(`could not start a visitor: ${answer.body.msg}`);
  return answer.body.data.visitorToken as string;
}
