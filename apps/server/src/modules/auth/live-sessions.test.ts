import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sessions } from './auth.schema';
import { sha256 } from './secrets';

let sut: TestApp;

beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(async () => {
  await sut?.close();
});

describe('sessions looked up together', () => {
  it('answer each request with its own session, and refuse the revoked, idle and unknown ones', async () => {
    const accounts = await Promise.all(
      ['together1', 'together2', 'together3', 'together4'].map((name, index) =>
        registerAccount(sut, `${name}@example.com`, { ip: `10.9.0.${index + 1}` }),
      ),
    );
    const [live, alsoLive, revoked, idle] = accounts.map((account) => account.token) as string[];
    await sut.database.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.tokenHash, sha256(revoked as string)));
    await sut.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '8 days'` })
      .where(eq(sessions.tokenHash, sha256(idle as string)));

    const tokens = [live, revoked, alsoLive, 'unknown-token', idle, live, alsoLive, revoked];
    const answers = await Promise.all(
      tokens.map((token) => callApi(sut, 'GET', '/api/user/info', { token })),
    );

    const idOf = new Map(accounts.map((account) => [account.token, account.user.id]));
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 200, 401, 401, 200, 200, 401]);
    answers.forEach((answer, index) => {
      if (answer.status === 200) expect(answer.body.data.id).toBe(idOf.get(tokens[index] as string));
    });
  });
});
