import { callApi } from '../../../test/api';
import type { TestApp } from '../../../test/test-app';

/** Starts an anonymous demo account through the API, as the login screen does; fails the test if it cannot. */
export async function startDemo(sut: TestApp, ip = '10.9.0.1') {
  const started = await callApi(sut, 'POST', '/api/auth/demo', { ip });
  if (started.body.code !== 0) throw new Error(`could not start a demo account: ${started.body.msg}`);
  return started.body.data as { token: string; user: { id: number; demo: boolean } };
}
