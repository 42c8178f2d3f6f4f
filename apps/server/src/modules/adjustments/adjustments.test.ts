import { catalogues } from '@kestrel/i18n/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import type { LedgerService } from '../ledger/ledger.service';
import { balanceOf, deposit, ledgerOf } from '../ledger/test-ledger';

let sut: TestApp;
let ledger: LedgerService;
let supportToken: string;
let supportId: number;
let reviewerToken: string;
let reviewerId: number;
let superToken: string;
let accounts = 0;

beforeAll(async () => {
  sut = await createTestApp();
  ledger = ledgerOf(sut);
  ({
    token: supportToken,
    admin: { id: supportId },
  } = await adminWithRole(sut, 'support'));
  ({
    token: reviewerToken,
    admin: { id: reviewerId },
  } = await adminWithRole(sut, 'reviewer'));
  ({ token: superToken } = await adminWithRole(sut, 'super_admin', 'root@kestrel.test'));
});
afterAll(async () => {
  await sut?.close();
});

async function newUser() {
  accounts += 1;
  const { token, user } = await registerAccount(sut, `adjusted${accounts}@example.com`, {
    ip: `10.3.0.${accounts}`,
  });
  return { token, userId: user.id };
}

const adjustment = (direction: 'add' | 'debit', amount: string, reason = 'Compensation for ticket 42') => ({
  direction,
  account: 'spot',
  asset: 'USDT',
  amount,
  reason,
});

async function adjust(userId: number, body: unknown, key?: string, lang?: string, token = supportToken) {
  const response = await sut.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/adjustments`,
    payload: body as Record<string, unknown>,
    headers: {
      authorization: token,
      ...(key ? { 'idempotency-key': key } : {}),
      ...(lang ? { 'think-lang': lang } : {}),
    },
  });
  return { status: response.statusCode, body: response.json() };
}

async function auditEntries(userId: number) {
  const answer = await adminApi(sut, 'GET', `/api/admin/audit?action=adjustUserBalance&q=${userId}`, {
    token: superToken,
  });
  return answer.body.data.items as { targetId: string; reason: string }[];
}

function decide(proposalId: number, decision: 'approve' | 'reject', token: string, lang?: string) {
  return adminApi(sut, 'POST', `/api/admin/adjustment-proposals/${proposalId}/${decision}`, {
    token,
    lang,
    body: decision === 'reject' ? { reason: 'No ticket backs this' } : {},
  });
}

async function proposalStatus(proposalId: number, status = 'pending') {
  const answer = await adminApi(sut, 'GET', `/api/admin/adjustment-proposals?status=${status}&pageSize=100`, {
    token: reviewerToken,
  });
  const items = answer.body.data.items as { id: number; status: string }[];
  return items.find((item) => item.id === proposalId)?.status;
}

function updateSettings(body: Record<string, unknown>) {
  return adminApi(sut, 'PUT', '/api/admin/settings', {
    token: superToken,
    body: { ...body, reason: 'Four eyes on large adjustments' },
  });
}

async function inbox(token: string) {
  return (await callApi(sut, 'GET', '/api/messages', { token })).body.data.items as {
    title: string;
    body: string;
  }[];
}

describe('system add and system debit', () => {
  it("credits the user's account through the ledger, audits the reason and notifies the user", async () => {
    const { token, userId } = await newUser();
    const answer = await adjust(userId, adjustment('add', '25.5'), 'key-add-1');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      userId,
      direction: 'add',
      account: 'spot',
      asset: 'USDT',
      amount: '25.500000',
    });
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '25.500000' });
    expect(await auditEntries(userId)).toMatchObject([{ reason: 'Compensation for ticket 42' }]);
    expect((await inbox(token))[0]).toMatchObject({
      title: catalogues['en-US'].inbox.events.systemAdd.title,
      body: expect.stringContaining('25.5 USDT'),
    });
    const records = await callApi(sut, 'GET', '/api/wallet/records?type=systemAdd', { token });
    expect(records.body.data.items).toMatchObject([{ type: 'systemAdd', amount: '25.500000' }]);
    expect((await ledger.check()).ok).toBe(true);
  });

  it('debits available funds and refuses more than the user holds, moving nothing', async () => {
    const { userId } = await newUser();
    await deposit(ledger, userId, 'USDT', '10');
    const refused = await adjust(userId, adjustment('debit', '10.000001'));
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 6001, msg: 'Sorry your credit is running low' },
    });
    const answer = await adjust(userId, adjustment('debit', '4'));
    expect(answer.body.data).toMatchObject({ direction: 'debit', amount: '4.000000' });
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '6.000000' });
    expect((await ledger.check()).systemPositions).toContainEqual(
      expect.objectContaining({ account: 'adjustments', asset: 'USDT' }),
    );
  });

  it('answers a retry with the same Idempotency-Key as the first time, moving, auditing and notifying once', async () => {
    const { token, userId } = await newUser();
    const first = await adjust(userId, adjustment('add', '3'), 'key-retry');
    const again = await adjust(userId, adjustment('add', '3'), 'key-retry');
    expect(again.body.data).toEqual(first.body.data);
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '3.000000' });
    expect(await auditEntries(userId)).toHaveLength(1);
    expect((await inbox(token)).filter((message) => message.title.includes('added'))).toHaveLength(1);
  });

  // PGlite has a single connection, so only the PostgreSQL server can race these.
  it.skipIf(!process.env.DATABASE_URL)(
    'gives 20 concurrent sends of one adjustment one credit, one audit entry and one notification',
    async () => {
      const { token, userId } = await newUser();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => adjust(userId, adjustment('add', '7'), 'key-race')),
      );
      expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
      expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '7.000000' });
      expect(await auditEntries(userId)).toHaveLength(1);
      expect((await inbox(token)).filter((message) => message.title.includes('added'))).toHaveLength(1);
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'applies only one of an add and a debit sent at the same moment under one key',
    async () => {
      const { userId } = await newUser();
      await deposit(ledger, userId, 'USDT', '10');
      const answers = await Promise.all([
        adjust(userId, adjustment('add', '5'), 'key-opposite'),
        adjust(userId, adjustment('debit', '5'), 'key-opposite'),
      ]);
      expect(answers.map((answer) => answer.body.code).sort()).toEqual([0, 1409]);
      const available = (await balanceOf(ledger, userId, 'spot', 'USDT')).available;
      expect(['15.000000', '5.000000']).toContain(available);
    },
  );

  it('refuses the same key for another adjustment, in the caller language', async () => {
    const { userId } = await newUser();
    await adjust(userId, adjustment('add', '3'), 'key-reused');
    const otherAmount = await adjust(userId, adjustment('add', '4'), 'key-reused');
    expect(otherAmount).toMatchObject({ status: 409, body: { code: 1409 } });
    const otherDirection = await adjust(userId, adjustment('debit', '3'), 'key-reused', 'de');
    expect(otherDirection.body.msg).toBe(catalogues.de.errors.idempotencyConflict);
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '3.000000' });
  });

  it('refuses a credit that would overflow the balance, every time, with a clear message and no change', async () => {
    const { userId } = await newUser();
    const largest = '999999999999999999';
    const first = await adjust(userId, adjustment('add', largest), 'key-largest');
    expect((await decide(first.body.data.proposalId, 'approve', reviewerToken)).body.code).toBe(0);
    const second = await adjust(userId, adjustment('add', largest), 'key-overflow');
    for (const _attempt of [1, 2]) {
      const refused = await decide(second.body.data.proposalId, 'approve', reviewerToken, 'fr');
      expect(refused).toMatchObject({
        status: 400,
        body: { code: 6005, msg: catalogues.fr.money.errors.balanceLimit },
      });
    }
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: `${largest}.000000` });
    expect(await proposalStatus(second.body.data.proposalId)).toBe('pending');
    expect((await ledger.check()).ok).toBe(true);
  });

  it('refuses an unknown user, a missing reason and more decimals than the asset allows', async () => {
    const { userId } = await newUser();
    expect((await adjust(999999, adjustment('add', '1'))).status).toBe(404);
    expect((await adjust(userId, adjustment('add', '1', ' '))).body.code).toBe(1000);
    expect((await adjust(userId, adjustment('add', '1.0000001'))).body).toMatchObject({ code: 6002 });
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: null });
  });
});

describe('GET /api/admin/users/:id/balances', () => {
  it("lists the user's balances, zeros included, and 404 for an unknown user", async () => {
    const { userId } = await newUser();
    await deposit(ledger, userId, 'USDT', '8');
    const answer = await adminApi(sut, 'GET', `/api/admin/users/${userId}/balances`, { token: supportToken });
    expect(answer.body.data.balances).toContainEqual({
      account: 'spot',
      asset: 'USDT',
      available: '8.000000',
      frozen: '0.000000',
    });
    expect(answer.body.data.balances).toHaveLength(18);
    const missing = await adminApi(sut, 'GET', '/api/admin/users/999999/balances', { token: supportToken });
    expect(missing.status).toBe(404);
  });
});

describe('adjustments above the approval amount', () => {
  it('posts an adjustment at the amount at once and only proposes one above it, moving nothing', async () => {
    const { token, userId } = await newUser();
    const atThreshold = await adjust(userId, adjustment('add', '1000'), 'key-at-threshold');
    expect(atThreshold.body.data).toMatchObject({ state: 'posted', proposalId: null, amount: '1000.000000' });
    const above = await adjust(userId, adjustment('add', '1000.000001'), 'key-above-threshold', 'es');
    expect(above.status).toBe(200);
    expect(above.body.data).toMatchObject({ state: 'proposed', id: null });
    expect(above.body.data.proposalId).toEqual(expect.any(Number));
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '1000.000000' });
    expect(await proposalStatus(above.body.data.proposalId)).toBe('pending');
    // The user hears of it once it posts, not while it waits.
    expect((await inbox(token)).filter((message) => message.title.includes('added'))).toHaveLength(1);

    const resent = await adjust(userId, adjustment('add', '1000.000001'), 'key-above-threshold');
    expect(resent.body.data.proposalId).toBe(above.body.data.proposalId);
  });

  it('needs approval for any amount of a coin without a configured amount', async () => {
    const { userId } = await newUser();
    const answer = await adjust(userId, { ...adjustment('add', '0.00000001'), asset: 'DOGE' }, 'key-doge');
    expect(answer.body.data).toMatchObject({ state: 'proposed' });
    expect(await balanceOf(ledger, userId, 'spot', 'DOGE')).toMatchObject({ available: null });
  });

  it('posts once another operator approves, notifies the user, and the audit log names both operators', async () => {
    const { token, userId } = await newUser();
    const proposed = await adjust(userId, adjustment('add', '5000'), 'key-approved', undefined, supportToken);
    const proposalId = proposed.body.data.proposalId;
    const approved = await decide(proposalId, 'approve', reviewerToken);
    expect(approved.body.data).toMatchObject({
      id: proposalId,
      status: 'approved',
      proposer: { id: supportId, email: 'support@kestrel.test' },
      reviewer: { id: reviewerId, email: 'reviewer@kestrel.test' },
      transactionId: expect.stringMatching(/^\d+$/),
    });
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '5000.000000' });
    expect((await inbox(token))[0]).toMatchObject({ body: expect.stringContaining('5,000 USDT') });

    const proposal = await adminApi(sut, 'GET', `/api/admin/audit?action=adjustUserBalance&q=${userId}`, {
      token: superToken,
    });
    expect(proposal.body.data.items).toMatchObject([
      {
        admin: { id: supportId },
        after: { state: 'proposed', proposalId },
        reason: 'Compensation for ticket 42',
      },
    ]);
    const approval = await adminApi(sut, 'GET', '/api/admin/audit?action=approveAdjustment&pageSize=1', {
      token: superToken,
    });
    expect(approval.body.data.items[0]).toMatchObject({
      admin: { id: reviewerId },
      targetType: 'adjustment_proposal',
      targetId: String(proposalId),
      after: {
        status: 'approved',
        proposerAdminId: supportId,
        approverAdminId: reviewerId,
        transactionId: approved.body.data.transactionId,
      },
    });
    expect((await ledger.check()).ok).toBe(true);
  });

  it('does not let the proposer decide their own proposal, nor a role without approval rights', async () => {
    const { userId } = await newUser();
    const proposed = await adjust(userId, adjustment('add', '2000'), 'key-own', undefined, superToken);
    const proposalId = proposed.body.data.proposalId;
    for (const decision of ['approve', 'reject'] as const) {
      const own = await decide(proposalId, decision, superToken, 'de');
      expect(own).toMatchObject({
        status: 409,
        body: { code: 6501, msg: catalogues.de.admin.adjustments.errors.sameOperator },
      });
    }
    const bySupport = await decide(proposalId, 'approve', supportToken);
    expect(bySupport).toMatchObject({ status: 403, body: { code: 5005 } });
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: null });
    expect(await proposalStatus(proposalId)).toBe('pending');
  });

  it('rejects with a reason and moves nothing; a decided proposal cannot be decided again', async () => {
    const { userId } = await newUser();
    const proposed = await adjust(userId, adjustment('add', '3000'), 'key-rejected');
    const proposalId = proposed.body.data.proposalId;
    const rejected = await decide(proposalId, 'reject', reviewerToken);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectionReason: 'No ticket backs this' });
    const late = await decide(proposalId, 'approve', superToken);
    expect(late).toMatchObject({ status: 409, body: { code: 5101 } });
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: null });
    expect(await proposalStatus(proposalId, 'rejected')).toBe('rejected');
  });

  it('gives two approvals sent at once one ledger entry', async () => {
    const { userId } = await newUser();
    const proposed = await adjust(userId, adjustment('add', '4000'), 'key-race-approvals');
    const proposalId = proposed.body.data.proposalId;
    const answers = await Promise.all([
      decide(proposalId, 'approve', reviewerToken),
      decide(proposalId, 'approve', superToken),
    ]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([0, 5101]);
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '4000.000000' });
    const records = await adminApi(sut, 'GET', `/api/admin/audit?action=approveAdjustment&q=${proposalId}`, {
      token: superToken,
    });
    const entries = records.body.data.items as { targetId: string }[];
    expect(entries.filter((entry) => entry.targetId === String(proposalId))).toHaveLength(1);
  });

  it('refuses at approval a debit the user can no longer cover, and the proposal waits', async () => {
    const { userId } = await newUser();
    await deposit(ledger, userId, 'USDT', '1500');
    const proposed = await adjust(userId, adjustment('debit', '1200'), 'key-debit-proposal');
    // No funds are frozen by a proposal: one operator alone cannot lock a user's money.
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({
      available: '1500.000000',
      frozen: '0.000000',
    });
    await adjust(userId, adjustment('debit', '400'), 'key-debit-small');
    const refused = await decide(proposed.body.data.proposalId, 'approve', reviewerToken);
    expect(refused).toMatchObject({ status: 400, body: { code: 6001 } });
    expect(await proposalStatus(proposed.body.data.proposalId)).toBe('pending');
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '1100.000000' });
  });

  it('takes the proposing role and the amounts from the settings a super admin changes', async () => {
    const { userId } = await newUser();
    try {
      const changed = await updateSettings({
        adjustmentProposerRole: 'reviewer',
        adjustmentApprovalAbove: { USDT: '50' },
      });
      expect(changed.body.data).toMatchObject({
        adjustmentProposerRole: 'reviewer',
        adjustmentApprovalAbove: { USDT: '50' },
        requireTotp: true,
      });
      const bySupport = await adjust(userId, adjustment('add', '10'), 'key-role-support');
      expect(bySupport).toMatchObject({ status: 403, body: { code: 5005 } });
      const byReviewer = await adjust(
        userId,
        adjustment('add', '10'),
        'key-role-reviewer',
        undefined,
        reviewerToken,
      );
      expect(byReviewer.body.data).toMatchObject({ state: 'posted' });
      const large = await adjust(userId, adjustment('add', '60'), 'key-role-large', undefined, reviewerToken);
      expect(large.body.data).toMatchObject({ state: 'proposed' });
      const bySupportSettings = await adminApi(sut, 'PUT', '/api/admin/settings', {
        token: supportToken,
        body: { adjustmentApprovalAbove: { USDT: '999999' }, reason: 'More room' },
      });
      expect(bySupportSettings.status).toBe(403);
      const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=updateAdminSettings&pageSize=1', {
        token: superToken,
      });
      expect(audit.body.data.items[0]).toMatchObject({
        before: { adjustmentProposerRole: 'support' },
        after: { adjustmentProposerRole: 'reviewer', adjustmentApprovalAbove: { USDT: '50' } },
      });
    } finally {
      await updateSettings({
        adjustmentProposerRole: 'support',
        adjustmentApprovalAbove: { USDT: '1000', BTC: '0.01', ETH: '0.3', BNB: '1.5', SOL: '6', TRX: '4000' },
      });
    }
  });

  it('refuses settings that are not amounts per coin, in the caller language', async () => {
    const refused = await adminApi(sut, 'PUT', '/api/admin/settings', {
      token: superToken,
      lang: 'ko',
      body: { adjustmentApprovalAbove: { USDT: ' 1000' }, reason: 'Typo' },
    });
    expect(refused).toMatchObject({ status: 400, body: { msg: catalogues.ko.money.errors.amountInvalid } });
  });
});
