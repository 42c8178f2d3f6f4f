import { randomUUID } from 'node:crypto';
import { ERRORS } from '@kestrel/contract';
import { catalogues } from '@kestrel/i18n/all';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { onServer } from '../../../test/database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { users } from '../auth/auth.schema';
import { verifyIdentity } from '../identity/test-identity';
import type { LedgerService } from '../ledger/ledger.service';
import { balanceOf, ledgerOf } from '../ledger/test-ledger';
import { userWithPendingWallet } from '../payout-accounts/test-payout-accounts';
import {
  submitWithdrawal,
  TEST_TRANSACTION_HASH,
  userWithApprovedCard,
  userWithApprovedWallet,
  userWithPendingWithdrawal,
} from './test-withdrawals';

let sut: TestApp;
let ledger: LedgerService;
let reviewer: { token: string; admin: { id: number } };
let secondReviewer: { token: string; admin: { id: number } };
let superAdmin: { token: string };

beforeAll(async () => {
  sut = await createTestApp();
  ledger = ledgerOf(sut);
  reviewer = await adminWithRole(sut, 'reviewer');
  secondReviewer = await adminWithRole(sut, 'reviewer', 'second.reviewer@kestrel.test');
  superAdmin = await adminWithRole(sut, 'super_admin');
});
afterAll(async () => {
  await sut?.close();
});

function targets(token: string) {
  return callApi(sut, 'GET', '/api/wallet/withdrawal-targets', { token });
}

function myWithdrawals(token: string) {
  return callApi(sut, 'GET', '/api/wallet/withdrawals', { token });
}

function approve(id: number, body: Record<string, unknown> = {}, token = reviewer.token) {
  return adminApi(sut, 'POST', `/api/admin/withdrawals/${id}/approve`, { token, body });
}

function reject(id: number, reason: string, token = reviewer.token) {
  return adminApi(sut, 'POST', `/api/admin/withdrawals/${id}/reject`, { token, body: { reason } });
}

function toWallet(walletId: number, amount: string, asset = 'USDT') {
  return { targetType: 'wallet', targetId: walletId, asset, amount };
}

function position(report: Awaited<ReturnType<LedgerService['check']>>, account: string, asset: string) {
  return report.systemPositions.find((row) => row.account === account && row.asset === asset)?.amount;
}

describe('where a user can withdraw to', () => {
  it('lists approved wallets with the assets of their chain, and approved cards with USDT only', async () => {
    const payee = await userWithApprovedWallet(sut, '250');
    const answer = await targets(payee.token);
    expect(answer.body.data.identityRequired).toBe(false);
    expect(answer.body.data.items).toEqual([
      {
        type: 'wallet',
        id: payee.walletId,
        chain: 'tron',
        destination: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        bankName: null,
        options: [
          {
            asset: 'USDT',
            chain: 'tron',
            precision: 6,
            fee: '1.000000',
            min: '10.000000',
            max: '100000.000000',
            withdrawable: '250.000000',
          },
          {
            asset: 'TRX',
            chain: 'tron',
            precision: 6,
            fee: '1.000000',
            min: '20.000000',
            max: '1000000.000000',
            withdrawable: '0.000000',
          },
        ],
      },
    ]);
    const cardholder = await userWithApprovedCard(sut, '40');
    const cards = (await targets(cardholder.token)).body.data.items;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ type: 'bank_card', chain: null, destination: '**** 2222' });
    expect(cards[0].options.map((option: { asset: string }) => option.asset)).toEqual(['USDT']);
  });

  it('leaves out wallets still under review', async () => {
    const pending = await userWithPendingWallet(sut);
    expect((await targets(pending.token)).body.data.items).toEqual([]);
  });
});

describe('identity verification before withdrawing', () => {
  function setIdentityRequired(required: boolean) {
    return adminApi(sut, 'PUT', '/api/admin/settings', {
      token: superAdmin.token,
      body: { withdrawalsRequireIdentity: required, reason: 'Withdrawal policy for this test' },
    });
  }

  it('refuses an unverified user, says so before the form, and freezes nothing', async () => {
    const payee = await userWithApprovedWallet(sut, '50', { verified: false });
    expect((await targets(payee.token)).body.data.identityRequired).toBe(true);
    const answer = await submitWithdrawal(sut, payee.token, toWallet(payee.walletId, '20'), { lang: 'de' });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({
      code: ERRORS.withdrawalIdentityRequired.code,
      msg: catalogues.de.withdraw.errors.identityRequired,
    });
    expect(await balanceOf(ledger, payee.userId, 'spot', 'USDT')).toEqual({
      available: '50.000000',
      frozen: '0.000000',
    });
    expect((await myWithdrawals(payee.token)).body.data.total).toBe(0);
  });

  it('lets an unverified user withdraw while a super admin has turned the requirement off, audited', async () => {
    const payee = await userWithApprovedWallet(sut, '50', { verified: false });
    const off = await setIdentityRequired(false);
    try {
      expect(off.body.data).toMatchObject({ withdrawalsRequireIdentity: false });
      expect((await targets(payee.token)).body.data.identityRequired).toBe(false);
      const answer = await submitWithdrawal(sut, payee.token, toWallet(payee.walletId, '20'));
      expect(answer.body.code).toBe(0);
      const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=updateAdminSettings', {
        token: superAdmin.token,
      });
      expect(audit.body.data.items[0]).toMatchObject({
        before: { withdrawalsRequireIdentity: true },
        after: { withdrawalsRequireIdentity: false },
        reason: 'Withdrawal policy for this test',
      });
    } finally {
      await setIdentityRequired(true);
    }
  });

  it('is a setting only a super admin changes', async () => {
    const answer = await adminApi(sut, 'PUT', '/api/admin/settings', {
      token: reviewer.token,
      body: { withdrawalsRequireIdentity: false, reason: 'Not mine to change' },
    });
    expect(answer.status).toBe(403);
    const settings = await adminApi(sut, 'GET', '/api/admin/settings', { token: superAdmin.token });
    expect(settings.body.data.withdrawalsRequireIdentity).toBe(true);
  });
});

describe('asking for a withdrawal', () => {
  it('freezes the amount with the row; the fee is inside it', async () => {
    const payee = await userWithApprovedWallet(sut, '1000');
    const answer = await submitWithdrawal(sut, payee.token, toWallet(payee.walletId, '100'));
    expect(answer.body.msg).toBe('Submitted successfully, please be patient');
    expect(answer.body.data).toMatchObject({
      targetType: 'wallet',
      destination: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      asset: 'USDT',
      chain: 'tron',
      amount: '100.000000',
      fee: '1.000000',
      received: '99.000000',
      status: 'processing',
    });
    expect(await balanceOf(ledger, payee.userId, 'spot', 'USDT')).toEqual({
      available: '900.000000',
      frozen: '100.000000',
    });
    const mine = await myWithdrawals(payee.token);
    expect(mine.body.data).toMatchObject({ total: 1, items: [{ id: answer.body.data.id }] });
    expect((await ledger.check()).ok).toBe(true);
  });

  it('answers a retry with the same Idempotency-Key with the first withdrawal, frozen once', async () => {
    const payee = await userWithApprovedWallet(sut, '100');
    const key = randomUUID();
    const first = await submitWithdrawal(sut, payee.token, toWallet(payee.walletId, '60'), { key });
    const again = await submitWithdrawal(sut, payee.token, toWallet(payee.walletId, '60'), { key });
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await balanceOf(ledger, payee.userId, 'spot', 'USDT')).toEqual({
      available: '40.000000',
      frozen: '60.000000',
    });
  });

  it('refuses what the rules refuse, and freezes nothing', async () => {
    const payee = await userWithApprovedWallet(sut, '50');
    const stranger = await userWithApprovedWallet(sut, '50');
    const pending = await userWithPendingWallet(sut);
    const cases: [Record<string, unknown>, keyof typeof ERRORS][] = [
      [toWallet(payee.walletId, '5'), 'withdrawalOutOfRange'],
      [toWallet(payee.walletId, '100001'), 'withdrawalOutOfRange'],
      [toWallet(payee.walletId, '10.1234567'), 'amountInvalid'],
      [toWallet(payee.walletId, '-10'), 'parameterError'],
      [toWallet(payee.walletId, '60'), 'insufficientBalance'],
      [toWallet(payee.walletId, '1', 'BTC'), 'withdrawalNetworkUnavailable'],
      [toWallet(stranger.walletId, '20'), 'withdrawalTargetUnavailable'],
      [toWallet(pending.walletId, '20'), 'withdrawalTargetUnavailable'],
      [{ ...toWallet(payee.walletId, '20'), securityPassword: '000000' }, 'wrongPassword'],
    ];
    for (const [body, error] of cases) {
      const answer = await submitWithdrawal(sut, payee.token, body);
      expect({ body, code: answer.body.code }).toEqual({ body, code: ERRORS[error].code });
    }
    const low = await submitWithdrawal(sut, payee.token, toWallet(payee.walletId, '60'));
    expect(low.body.msg).toBe('Sorry your credit is running low');
    const range = await submitWithdrawal(sut, payee.token, toWallet(payee.walletId, '5'), { lang: 'de' });
    expect(range.body.msg).toBe('Der Betrag muss zwischen 10 und 100.000 USDT liegen');
    const missing = await submitWithdrawal(sut, payee.token, { asset: 'USDT' });
    expect(missing.body.msg).toContain('Withdrawal amount and withdrawal account required');
    expect(await balanceOf(ledger, payee.userId, 'spot', 'USDT')).toEqual({
      available: '50.000000',
      frozen: '0.000000',
    });
    expect((await myWithdrawals(payee.token)).body.data.total).toBe(0);
  });

  it('needs a security password set, and refuses a frozen account', async () => {
    const { token, user } = await registerAccount(sut, 'no.password@example.com', { ip: '10.40.0.1' });
    await verifyIdentity(sut, { token, userId: user.id });
    const unset = await submitWithdrawal(sut, token, toWallet(1, '20'));
    expect(unset.body).toMatchObject({ code: ERRORS.securityPasswordNotSet.code, msg: 'Password not set' });
    const payee = await userWithApprovedWallet(sut, '50');
    await sut.database.db.update(users).set({ frozenAt: sql`now()` }).where(eq(users.id, payee.userId));
    const frozen = await submitWithdrawal(sut, payee.token, toWallet(payee.walletId, '20'));
    // A frozen account's sessions no longer sign anything in; the service refuses it too, should one slip by.
    expect([ERRORS.unauthorized.code, ERRORS.accountFrozen.code]).toContain(frozen.body.code);
    expect(await balanceOf(ledger, payee.userId, 'spot', 'USDT')).toMatchObject({ frozen: '0.000000' });
  });

  it('sends USDT only to a bank card, on the TRC20 terms', async () => {
    const payee = await userWithApprovedCard(sut, '500');
    const card = { targetType: 'bank_card', targetId: payee.bankCardId };
    const btc = await submitWithdrawal(sut, payee.token, { ...card, asset: 'BTC', amount: '1' });
    expect(btc.body.code).toBe(ERRORS.withdrawalNetworkUnavailable.code);
    const answer = await submitWithdrawal(sut, payee.token, { ...card, asset: 'USDT', amount: '200' });
    expect(answer.body.data).toMatchObject({
      targetType: 'bank_card',
      destination: '**** 2222',
      bankName: 'HDFC Bank',
      chain: null,
      received: '199.000000',
    });
  });
});

describe('the withdrawals queue', () => {
  it('pays out on approval with the transaction hash: fee to fees, the rest to clearing', async () => {
    const payee = await userWithPendingWithdrawal(sut, '100');
    const before = await ledger.check();
    const bare = await approve(payee.withdrawalId);
    expect(bare.body.code).toBe(ERRORS.withdrawalReferenceInvalid.code);
    const malformed = await approve(payee.withdrawalId, { payoutReference: `0x${TEST_TRANSACTION_HASH}` });
    expect(malformed.body.code).toBe(ERRORS.withdrawalReferenceInvalid.code);

    const answer = await approve(payee.withdrawalId, { payoutReference: TEST_TRANSACTION_HASH });
    expect(answer.body.msg).toBe('Success');
    expect(answer.body.data).toMatchObject({
      state: 'approved',
      status: 'approved',
      payoutReference: TEST_TRANSACTION_HASH,
      reviewer: { id: reviewer.admin.id },
      firstReviewer: null,
      transactionId: expect.stringMatching(/^\d+$/),
    });
    expect(await balanceOf(ledger, payee.userId, 'spot', 'USDT')).toEqual({
      available: '900.000000',
      frozen: '0.000000',
    });
    const after = await ledger.check();
    expect(after.ok).toBe(true);
    const grew = (account: string) =>
      Number(position(after, account, 'USDT') ?? 0) - Number(position(before, account, 'USDT') ?? 0);
    expect(grew('fees')).toBe(1);
    expect(grew('withdrawals_clearing')).toBe(99);

    expect((await approve(payee.withdrawalId, { payoutReference: TEST_TRANSACTION_HASH })).status).toBe(409);
    expect((await reject(payee.withdrawalId, 'Too late')).status).toBe(409);
    const mine = (await myWithdrawals(payee.token)).body.data.items[0];
    expect(mine).toMatchObject({ status: 'completed', payoutReference: TEST_TRANSACTION_HASH });
    const inbox = await callApi(sut, 'GET', '/api/messages', { token: payee.token, lang: 'de' });
    expect(inbox.body.data.items[0].title).toBe(catalogues.de.inbox.events.withdrawalCompleted.title);
    expect(inbox.body.data.items[0].body).toContain('99 USDT');
  });

  it('gives the amount back on rejection, and tells the user why', async () => {
    const payee = await userWithPendingWithdrawal(sut, '100');
    const answer = await reject(payee.withdrawalId, 'The destination address is flagged');
    expect(answer.body.data).toMatchObject({ state: 'rejected', transactionId: null });
    expect(await balanceOf(ledger, payee.userId, 'spot', 'USDT')).toEqual({
      available: '1000.000000',
      frozen: '0.000000',
    });
    const mine = (await myWithdrawals(payee.token)).body.data.items[0];
    expect(mine).toMatchObject({ status: 'fail', rejectionReason: 'The destination address is flagged' });
    const inbox = await callApi(sut, 'GET', '/api/messages', { token: payee.token });
    expect(inbox.body.data.items[0].body).toContain('The destination address is flagged');
    const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=rejectWithdrawal&pageSize=1', {
      token: superAdmin.token,
    });
    expect(audit.body.data.items[0]).toMatchObject({
      targetType: 'withdrawal',
      targetId: String(payee.withdrawalId),
      reason: 'The destination address is flagged',
    });
    expect((await ledger.check()).ok).toBe(true);
  });

  it('needs a second, different reviewer from the configured amount', async () => {
    const payee = await userWithApprovedWallet(sut, '20000');
    const big = await submitWithdrawal(sut, payee.token, toWallet(payee.walletId, '10000'));
    const id = big.body.data.id as number;

    const first = await approve(id, {});
    expect(first.body.data).toMatchObject({
      state: 'awaiting_second',
      status: 'pending',
      needsSecondApproval: true,
      firstReviewer: { id: reviewer.admin.id },
    });
    expect(await balanceOf(ledger, payee.userId, 'spot', 'USDT')).toMatchObject({ frozen: '10000.000000' });
    expect((await myWithdrawals(payee.token)).body.data.items[0].status).toBe('processing');
    const queue = await adminApi(sut, 'GET', `/api/admin/withdrawals?status=pending&q=${payee.userId}`, {
      token: reviewer.token,
    });
    expect(queue.body.data.items.map((item: { id: number }) => item.id)).toEqual([id]);

    const same = await approve(id, { payoutReference: TEST_TRANSACTION_HASH });
    expect(same.body).toMatchObject({
      code: ERRORS.withdrawalSameReviewer.code,
      msg: catalogues['en-US'].admin.withdrawals.errors.sameReviewer,
    });
    const second = await approve(id, { payoutReference: TEST_TRANSACTION_HASH }, secondReviewer.token);
    expect(second.body.data).toMatchObject({
      state: 'approved',
      firstReviewer: { id: reviewer.admin.id },
      reviewer: { id: secondReviewer.admin.id },
    });
    expect(await balanceOf(ledger, payee.userId, 'spot', 'USDT')).toEqual({
      available: '10000.000000',
      frozen: '0.000000',
    });

    const small = await userWithPendingWithdrawal(sut, '9999', '9999');
    const once = await approve(small.withdrawalId, { payoutReference: TEST_TRANSACTION_HASH });
    expect(once.body.data).toMatchObject({ state: 'approved', needsSecondApproval: false });
  });

  it('pays a bank card with the bank reference, and shows the reviewer the whole card', async () => {
    const payee = await userWithApprovedCard(sut, '300');
    const asked = await submitWithdrawal(sut, payee.token, {
      targetType: 'bank_card',
      targetId: payee.bankCardId,
      asset: 'USDT',
      amount: '100',
    });
    const id = asked.body.data.id as number;
    const detail = await adminApi(sut, 'GET', `/api/admin/withdrawals/${id}`, { token: reviewer.token });
    expect(detail.body.data).toMatchObject({
      destination: '6521000011112222',
      bankName: 'HDFC Bank',
      cardholder: 'Ravi Kumar',
      received: '99.000000',
    });
    expect((await approve(id, { payoutReference: '!' })).body.code).toBe(
      ERRORS.withdrawalReferenceInvalid.code,
    );
    const paid = await approve(id, { payoutReference: 'UTR 2026 0001 7788' });
    expect(paid.body.data).toMatchObject({ state: 'approved', payoutReference: 'UTR 2026 0001 7788' });
  });

  it('shows each user only their own withdrawals, and 404 for an unknown one', async () => {
    const payee = await userWithPendingWithdrawal(sut, '20');
    const other = await userWithApprovedWallet(sut, '10');
    expect((await myWithdrawals(other.token)).body.data.items).toEqual([]);
    expect((await myWithdrawals(payee.token)).body.data.total).toBe(1);
    const unknown = await adminApi(sut, 'GET', '/api/admin/withdrawals/999999', { token: reviewer.token });
    expect(unknown.status).toBe(404);
    expect((await approve(999999, { payoutReference: TEST_TRANSACTION_HASH })).status).toBe(404);
  });
});

onServer('withdrawals racing on the PostgreSQL server', () => {
  it.each([50, 200])('accepts exactly one of %i withdrawals of the whole balance at once', async (count) => {
    const payee = await userWithApprovedWallet(sut, '100');
    const answers = await Promise.all(
      Array.from({ length: count }, () =>
        submitWithdrawal(sut, payee.token, toWallet(payee.walletId, '100')),
      ),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    // The others find the balance gone, or never reach the security password: each check reserves an attempt
    // and a turn at hashing before it runs (decision 0029), so a burst beyond those bounds is turned away first.
    const turnedAway: number[] = [
      ERRORS.insufficientBalance.code,
      ERRORS.tooManyAttempts.code,
      ERRORS.busy.code,
    ];
    expect(codes.filter((code) => code !== 0 && !turnedAway.includes(code))).toEqual([]);
    expect(await balanceOf(ledger, payee.userId, 'spot', 'USDT')).toEqual({
      available: '0.000000',
      frozen: '100.000000',
    });
    expect((await myWithdrawals(payee.token)).body.data.total).toBe(1);
    expect((await ledger.check()).ok).toBe(true);
  });

  it('pays out once however many reviewers approve at the same moment', async () => {
    const payee = await userWithPendingWithdrawal(sut, '64');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        approve(payee.withdrawalId, { payoutReference: TEST_TRANSACTION_HASH }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await balanceOf(ledger, payee.userId, 'spot', 'USDT')).toEqual({
      available: '936.000000',
      frozen: '0.000000',
    });
    expect((await ledger.check()).ok).toBe(true);
  });

  it('lets exactly one of an approval and a rejection win', async () => {
    const payee = await userWithPendingWithdrawal(sut, '12');
    const answers = await Promise.all([
      approve(payee.withdrawalId, { payoutReference: TEST_TRANSACTION_HASH }),
      reject(payee.withdrawalId, 'Duplicate'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const approved = answers[0].status === 200;
    expect(await balanceOf(ledger, payee.userId, 'spot', 'USDT')).toEqual({
      available: approved ? '988.000000' : '1000.000000',
      frozen: '0.000000',
    });
    expect((await ledger.check()).ok).toBe(true);
  });
});
