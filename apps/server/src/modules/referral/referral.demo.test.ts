import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startDemo } from '../demo/test-demo';
import { ReferralRepository } from './referral.repository';

/*
 * A demo account's fees are virtual, in the demo book (decision 0055): they earn no one a commission. The batch
 * pays only the fees of users `invitersOf` names an inviter of, so a demo account is never one of them, even were
 * its row to name an inviter.
 */

let sut: TestApp;

beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(async () => {
  await sut?.close();
});

describe('commissions and demo accounts', () => {
  it('names no inviter of a demo account, so its fees pay no commission', async () => {
    const inviter = await registerAccount(sut, 'inviter@referral-demo.test', { ip: '10.35.0.1' });
    const invitee = await registerAccount(sut, 'invitee@referral-demo.test', { ip: '10.35.0.2' });
    const demo = await startDemo(sut, '10.35.0.3');
    const db = sut.database.db;
    await db.execute(
      sql`update users set invited_by = ${inviter.user.id} where id in (${invitee.user.id}, ${demo.user.id})`,
    );

    const inviters = await new ReferralRepository(db).invitersOf([invitee.user.id, demo.user.id]);

    expect([...inviters]).toEqual([[invitee.user.id, inviter.user.id]]);
  });
});
