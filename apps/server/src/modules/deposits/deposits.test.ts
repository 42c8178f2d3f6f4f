import { ERRORS } from '@kestrel/contract';
import { catalogues } from '@kestrel/i18n/all';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { onServer } from '../../../test/database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { users } from '../auth/auth.schema';
import { uploadPhoto } from '../identity/test-identity';
import type { LedgerService } from '../ledger/ledger.service';
import { balanceOf, ledgerOf } from '../ledger/test-ledger';
import { deposits } from './deposits.schema';
import {
  depositBodyFor,
  openDeposits,
  submitDeposit,
  TEST_ADDRESSES,
  userWithPendingDeposit,
} from './test-deposits';

let sut: TestApp;
let ledger: LedgerService;
let reviewer: { token: string; admin: { id: number } };
let superAdmin: { token: string };
let accounts = 0;

beforeAll(async () => {
  sut = await createTestApp();
  ledger = ledgerOf(sut);
  reviewer = await adminWithRole(sut, 'reviewer');
  superAdmin = await adminWithRole(sut, 'super_admin');
});
afterAll(async () => {
  await sut?.close();
});

async function freshUser(lang?: string) {
  accounts += 1;
  return registerAccount(sut, `payer${accounts}@example.com`, { ip: `10.12.0.${accounts}`, lang });
}

function networks(token: string) {
  return callApi(sut, 'GET', '/api/wallet/networks', { token });
}

function myDeposits(token: string, query = '') {
  return callApi(sut, 'GET', `/api/wallet/deposits${query}`, { token });
}

function approve(id: number, token = reviewer.token) {
  return adminApi(sut, 'POST', `/api/admin/deposits/${id}/approve`, { token, body: {} });
}

function reject(id: number, reason: string, token = reviewer.token) {
  return adminApi(sut, 'POST', `/api/admin/deposits/${id}/reject`, { token, body: { reason } });
}

function correct(id: number, amount: string, reason: string) {
  return adminApi(sut, 'POST', `/api/admin/deposits/${id}/amount`, {
    token: reviewer.token,
    body: { amount, reason },
  });
}

function updateNetwork(id: number, body: unknown, token = superAdmin.token) {
  return adminApi(sut, 'PATCH', `/api/admin/networks/${id}`, { token, body });
}

async function networkId(asset: string, chain: string): Promise<number> {
  const answer = await adminApi(sut, 'GET', '/api/admin/assets', { token: superAdmin.token });
  const found = answer.body.data.assets
    .flatMap((each: { networks: { id: number; asset: string; chain: string }[] }) => each.networks)
    .find((each: { asset: string; chain: string }) => each.asset === asset && each.chain === chain);
  return found.id;
}

describe('the networks the wallet offers', () => {
  it('lists the default assets and networks, with no deposit address until an operator sets one', async () => {
    const { token } = await freshUser();
    const answer = await networks(token);
    expect(answer.status).toBe(200);
    const assets = answer.body.data.assets;
    expect(assets.map((each: { asset: string }) => each.asset)).toEqual([
      'USDT',
      'BTC',
      'ETH',
      'TRX',
      'SOL',
      'BNB',
    ]);
    expect(assets[0]).toEqual({
      asset: 'USDT',
      precision: 6,
      networks: [
        expect.objectContaining({ chain: 'tron', label: 'TRC20', minDeposit: '10.000000' }),
        expect.objectContaining({ chain: 'ethereum', label: 'ERC20' }),
      ],
    });
    const btc = assets[1].networks[0];
    expect(btc).toEqual({
      chain: 'bitcoin',
      label: 'Bitcoin',
      depositAddress: null,
      minDeposit: '0.00010000',
      withdrawalFee: '0.00020000',
      withdrawalMin: '0.00100000',
      withdrawalMax: '10.00000000',
      depositAvailable: false,
      withdrawalAvailable: true,
    });
  });

  it('offers deposits on a network once it has an address, and hides a network with both sides closed', async () => {
    const { token } = await freshUser();
    const id = await networkId('SOL', 'solana');
    const set = await updateNetwork(id, {
      depositAddress: TEST_ADDRESSES.solana,
      reason: 'Hot wallet ready',
    });
    expect(set.body.data).toMatchObject({ depositAddress: TEST_ADDRESSES.solana, depositEnabled: true });
    const sol = (await networks(token)).body.data.assets.find(
      (each: { asset: string }) => each.asset === 'SOL',
    );
    expect(sol.networks[0]).toMatchObject({ depositAddress: TEST_ADDRESSES.solana, depositAvailable: true });

    await updateNetwork(id, { depositEnabled: false, withdrawalEnabled: false, reason: 'Chain halted' });
    const after = (await networks(token)).body.data.assets.map((each: { asset: string }) => each.asset);
    expect(after).not.toContain('SOL');
    await updateNetwork(id, { depositEnabled: true, withdrawalEnabled: true, reason: 'Chain resumed' });
  });
});

describe('configuring networks in the back office', () => {
  it('checks the deposit address with its chain checksum and keeps the change in the audit log', async () => {
    const id = await networkId('USDT', 'ethereum');
    const lowercased = TEST_ADDRESSES.ethereum.replace('dAC17F', 'dAC17f');
    const refused = await updateNetwork(id, { depositAddress: lowercased, reason: 'New wallet' });
    expect(refused).toMatchObject({ status: 400, body: { code: ERRORS.networkAddressInvalid.code } });
    const tron = await updateNetwork(id, { depositAddress: TEST_ADDRESSES.tron, reason: 'New wallet' });
    expect(tron.body.code).toBe(ERRORS.networkAddressInvalid.code);

    const set = await updateNetwork(id, {
      depositAddress: TEST_ADDRESSES.ethereum,
      minDeposit: '25',
      reason: 'New wallet',
    });
    expect(set.body.data).toMatchObject({ depositAddress: TEST_ADDRESSES.ethereum, minDeposit: '25.000000' });
    const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=updateNetwork&pageSize=1', {
      token: superAdmin.token,
    });
    expect(audit.body.data.items[0]).toMatchObject({
      targetType: 'network',
      targetId: String(id),
      reason: 'New wallet',
      before: { depositAddress: null, minDeposit: '10.000000' },
      after: { depositAddress: TEST_ADDRESSES.ethereum, minDeposit: '25.000000' },
    });
  });

  it('refuses amounts finer than the asset, and a withdrawal range that is inverted', async () => {
    const id = await networkId('TRX', 'tron');
    const fine = await updateNetwork(id, { minDeposit: '1.0000001', reason: 'Lower minimum' });
    expect(fine.body.code).toBe(ERRORS.amountInvalid.code);
    const inverted = await updateNetwork(id, { withdrawalMax: '5', reason: 'Lower maximum' });
    expect(inverted.body.code).toBe(ERRORS.networkLimitsInvalid.code);
    const unchanged = await adminApi(sut, 'GET', '/api/admin/assets', { token: superAdmin.token });
    expect(JSON.stringify(unchanged.body.data)).toContain('"withdrawalMax":"1000000.000000"');
  });

  it('adds a network to a listed asset once, and none to an unknown asset', async () => {
    const body = {
      asset: 'USDT',
      chain: 'bsc',
      depositAddress: TEST_ADDRESSES.bsc,
      minDeposit: '10',
      withdrawalFee: '0.8',
      withdrawalMin: '10',
      withdrawalMax: '50000',
      depositEnabled: true,
      withdrawalEnabled: false,
      displayOrder: 25,
      reason: 'BEP20 support',
    };
    const created = await adminApi(sut, 'POST', '/api/admin/networks', { token: superAdmin.token, body });
    expect(created.body.data).toMatchObject({ asset: 'USDT', chain: 'bsc', withdrawalFee: '0.800000' });
    const again = await adminApi(sut, 'POST', '/api/admin/networks', { token: superAdmin.token, body });
    expect(again).toMatchObject({ status: 409, body: { code: ERRORS.networkExists.code } });
    const unknown = await adminApi(sut, 'POST', '/api/admin/networks', {
      token: superAdmin.token,
      body: { ...body, asset: 'PEPE' },
    });
    expect(unknown.body.code).toBe(ERRORS.assetUnknown.code);

    const { token } = await freshUser();
    const usdt = (await networks(token)).body.data.assets[0];
    expect(usdt.networks.map((each: { chain: string }) => each.chain)).toEqual(['tron', 'ethereum', 'bsc']);
  });
});

describe('declaring a deposit', () => {
  it('refuses a network that has no deposit address yet', async () => {
    const { token } = await freshUser();
    const body = { ...(await depositBodyFor(sut, token)), asset: 'BNB', chain: 'bsc', amount: '1' };
    const answer = await submitDeposit(sut, token, body);
    expect(answer).toMatchObject({ status: 400, body: { code: ERRORS.depositNetworkUnavailable.code } });
  });

  it('stores a processing deposit and credits nothing until it is approved', async () => {
    await openDeposits(sut, 'USDT', 'tron');
    const { token, user } = await freshUser();
    const answer = await submitDeposit(sut, token, await depositBodyFor(sut, token, '150.5'));
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe('Submitted successfully, please be patient');
    expect(answer.body.data).toMatchObject({
      asset: 'USDT',
      chain: 'tron',
      account: 'spot',
      amount: '150.500000',
      address: TEST_ADDRESSES.tron,
      status: 'processing',
      rejectionReason: null,
      reviewedAt: null,
    });
    expect(await balanceOf(ledger, user.id, 'spot', 'USDT')).toEqual({ available: null, frozen: null });
  });

  it('answers a retry with the same Idempotency-Key with the first deposit, storing one', async () => {
    await openDeposits(sut, 'USDT', 'tron');
    const { token } = await freshUser();
    const body = await depositBodyFor(sut, token, '20');
    const first = await submitDeposit(sut, token, body, { key: 'deposit-key-1' });
    const second = await submitDeposit(sut, token, body, { key: 'deposit-key-1' });
    expect(second.body).toEqual(first.body);
    const other = await submitDeposit(sut, token, { ...body, amount: '21' }, { key: 'deposit-key-1' });
    expect(other.status).toBe(409);
    expect((await myDeposits(token)).body.data.total).toBe(1);
  });

  it('refuses amounts below the minimum, finer than the asset, negative or absurdly large', async () => {
    await openDeposits(sut, 'USDT', 'tron');
    const { token } = await freshUser();
    const body = await depositBodyFor(sut, token);
    const below = await submitDeposit(sut, token, { ...body, amount: '9.99' });
    expect(below.body).toMatchObject({
      code: ERRORS.depositBelowMinimum.code,
      msg: 'The minimum deposit is 10 USDT',
    });
    for (const amount of ['10.0000001', '-50', '0', '1e3', '1000000000000000000000', '']) {
      const answer = await submitDeposit(sut, token, { ...body, amount });
      expect([answer.status, answer.body.msg]).toEqual([400, 'Amount Error']);
    }
    expect((await myDeposits(token)).body.data.total).toBe(0);
  });

  it('asks for the type, the network, the wallet type and the credential in the spec’s words', async () => {
    const { token } = await freshUser();
    const missing = await submitDeposit(sut, token, { amount: '10' });
    expect(missing.status).toBe(400);
    const messages = missing.body.msg as string;
    expect(messages).toContain(catalogues['en-US'].deposit.errors.typeRequired);
    const noNetwork = await submitDeposit(sut, token, {
      asset: 'USDT',
      account: 'spot',
      amount: '10',
      credentialUploadId: 'x',
    });
    expect(noNetwork.body.msg).toBe(catalogues['en-US'].deposit.errors.networkRequired);
    const noWallet = await submitDeposit(sut, token, {
      asset: 'USDT',
      chain: 'tron',
      amount: '10',
      credentialUploadId: 'x',
    });
    expect(noWallet.body.msg).toBe(catalogues['en-US'].deposit.errors.walletTypeRequired);
    const noCredential = await submitDeposit(sut, token, {
      asset: 'USDT',
      chain: 'tron',
      account: 'spot',
      amount: '10',
    });
    expect(noCredential.body.msg).toBe(catalogues['en-US'].deposit.errors.credentialRequired);
  });

  it('takes only the caller’s own payment proof as the credential', async () => {
    await openDeposits(sut, 'USDT', 'tron');
    const owner = await freshUser();
    const stranger = await freshUser();
    const body = await depositBodyFor(sut, owner.token);
    const theirs = await submitDeposit(sut, stranger.token, body);
    expect(theirs.body.code).toBe(ERRORS.depositCredentialInvalid.code);
    const avatar = await uploadPhoto(sut, owner.token, 'avatar');
    const wrongPurpose = await submitDeposit(sut, owner.token, { ...body, credentialUploadId: avatar });
    expect(wrongPurpose.body.code).toBe(ERRORS.depositCredentialInvalid.code);
  });

  it('refuses a frozen account', async () => {
    await openDeposits(sut, 'USDT', 'tron');
    const { token, user } = await freshUser();
    const body = await depositBodyFor(sut, token);
    await sut.database.db.update(users).set({ frozenAt: new Date() }).where(eq(users.id, user.id));
    const answer = await submitDeposit(sut, token, body);
    expect(answer.status).toBe(401);
    const stored = await sut.database.db.select().from(deposits).where(eq(deposits.userId, user.id));
    expect(stored).toEqual([]);
  });

  it('lists only the caller’s deposits, newest first, in pages', async () => {
    await openDeposits(sut, 'USDT', 'tron');
    const { token } = await freshUser();
    for (const amount of ['11', '12', '13']) {
      await submitDeposit(sut, token, await depositBodyFor(sut, token, amount));
    }
    await userWithPendingDeposit(sut);
    const page = (await myDeposits(token, '?page=1&pageSize=2')).body.data;
    expect(page.total).toBe(3);
    expect(page.items.map((item: { amount: string }) => item.amount)).toEqual(['13.000000', '12.000000']);
    const next = (await myDeposits(token, '?page=2&pageSize=2')).body.data;
    expect(next.items.map((item: { amount: string }) => item.amount)).toEqual(['11.000000']);
  });
});

describe('reviewing deposits', () => {
  it('answers a decision retried with its Idempotency-Key exactly as the first time, crediting once', async () => {
    const depositor = await userWithPendingDeposit(sut, { amount: '40' });
    const other = await userWithPendingDeposit(sut, { amount: '40' });
    const approveWithKey = (id: number) =>
      adminApi(sut, 'POST', `/api/admin/deposits/${id}/approve`, {
        token: reviewer.token,
        body: {},
        idempotencyKey: 'decision-1',
      });
    const first = await approveWithKey(depositor.depositId);
    expect(first.body.data).toMatchObject({ status: 'approved' });
    expect(await approveWithKey(depositor.depositId)).toEqual(first);
    expect(await balanceOf(ledger, depositor.userId, 'spot', 'USDT')).toMatchObject({
      available: '40.000000',
    });
    // The same key on another deposit is another request.
    const elsewhere = await approveWithKey(other.depositId);
    expect(elsewhere).toMatchObject({ status: 409, body: { code: ERRORS.idempotencyConflict.code } });
    // Nothing was ever credited to the other depositor: no balance row at all.
    expect((await balanceOf(ledger, other.userId, 'spot', 'USDT')).available).toBeNull();
  });

  it('approves once: the amount is credited, the user sees completed and is told in their language', async () => {
    const depositor = await userWithPendingDeposit(sut, { amount: '100', lang: 'de' });
    const answer = await approve(depositor.depositId);
    expect(answer.body.data).toMatchObject({ status: 'approved', transactionId: expect.any(String) });
    expect(await balanceOf(ledger, depositor.userId, 'spot', 'USDT')).toMatchObject({
      available: '100.000000',
    });

    const again = await approve(depositor.depositId);
    expect(again).toMatchObject({ status: 409, body: { code: ERRORS.reviewNotPending.code } });
    expect((await reject(depositor.depositId, 'Too late')).status).toBe(409);
    expect(await balanceOf(ledger, depositor.userId, 'spot', 'USDT')).toMatchObject({
      available: '100.000000',
    });

    const mine = (await myDeposits(depositor.token)).body.data.items[0];
    expect(mine).toMatchObject({ status: 'completed', amount: '100.000000' });
    const inbox = await callApi(sut, 'GET', '/api/messages', { token: depositor.token, lang: 'de' });
    expect(inbox.body.data.items[0].title).toBe(catalogues.de.inbox.events.depositApproved.title);
    expect(inbox.body.data.items[0].body).toContain('100 USDT');
    expect((await ledger.check()).ok).toBe(true);
  });

  it('credits the corrected amount, with both amounts and the reason in the audit log', async () => {
    const depositor = await userWithPendingDeposit(sut, { amount: '100' });
    const fine = await correct(depositor.depositId, '99.1234567', 'Credential shows less');
    expect(fine.body.code).toBe(ERRORS.amountInvalid.code);
    const corrected = await correct(depositor.depositId, '98.5', 'Credential shows 98.5');
    expect(corrected.body.data).toMatchObject({ amount: '98.500000', claimedAmount: '100.000000' });
    const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=correctDepositAmount&pageSize=1', {
      token: superAdmin.token,
    });
    expect(audit.body.data.items[0]).toMatchObject({
      targetType: 'deposit',
      targetId: String(depositor.depositId),
      before: { amount: '100.000000' },
      after: { amount: '98.500000' },
      reason: 'Credential shows 98.5',
    });
    await approve(depositor.depositId);
    expect(await balanceOf(ledger, depositor.userId, 'spot', 'USDT')).toMatchObject({
      available: '98.500000',
    });
    const late = await correct(depositor.depositId, '97', 'After the fact');
    expect(late.status).toBe(409);
  });

  it('rejects with a reason: nothing is credited and the user sees fail with the reason', async () => {
    const depositor = await userWithPendingDeposit(sut);
    const answer = await reject(depositor.depositId, 'No such transfer on chain');
    expect(answer.body.data).toMatchObject({ status: 'rejected', transactionId: null });
    expect(await balanceOf(ledger, depositor.userId, 'spot', 'USDT')).toEqual({
      available: null,
      frozen: null,
    });
    const mine = (await myDeposits(depositor.token)).body.data.items[0];
    expect(mine).toMatchObject({ status: 'fail', rejectionReason: 'No such transfer on chain' });
    const inbox = await callApi(sut, 'GET', '/api/messages', { token: depositor.token });
    expect(inbox.body.data.items[0].body).toContain('No such transfer on chain');
    expect((await approve(depositor.depositId)).status).toBe(409);
  });

  it('shows the reviewer the deposit, the credential and the user’s earlier deposits', async () => {
    const depositor = await userWithPendingDeposit(sut, { amount: '30' });
    await submitDeposit(sut, depositor.token, await depositBodyFor(sut, depositor.token, '40'));
    const queue = await adminApi(sut, 'GET', `/api/admin/deposits?status=pending&q=${depositor.userId}`, {
      token: reviewer.token,
    });
    expect(queue.body.data.total).toBe(2);
    const newest = queue.body.data.items[1];
    const detail = await adminApi(sut, 'GET', `/api/admin/deposits/${newest.id}`, { token: reviewer.token });
    expect(detail.body.data).toMatchObject({
      amount: '40.000000',
      address: TEST_ADDRESSES.tron,
      credentialUrl: expect.stringMatching(/^\/api\/admin\/uploads\/[0-9a-f-]{36}$/),
      history: [{ id: depositor.depositId, amount: '30.000000' }],
    });
    const image = await sut.app.inject({
      method: 'GET',
      url: detail.body.data.credentialUrl,
      headers: { authorization: reviewer.token },
    });
    expect(image.statusCode).toBe(200);
    expect((await adminApi(sut, 'GET', '/api/admin/deposits/999999', { token: reviewer.token })).status).toBe(
      404,
    );
  });
});

onServer('approvals racing on the PostgreSQL server', () => {
  it('credits once however many reviewers approve at the same moment', async () => {
    const depositor = await userWithPendingDeposit(sut, { amount: '64' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => approve(depositor.depositId)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await balanceOf(ledger, depositor.userId, 'spot', 'USDT')).toMatchObject({
      available: '64.000000',
    });
    expect((await ledger.check()).ok).toBe(true);
  });

  it('lets exactly one of an approval and a rejection win', async () => {
    const depositor = await userWithPendingDeposit(sut, { amount: '12' });
    const answers = await Promise.all([
      approve(depositor.depositId),
      reject(depositor.depositId, 'Duplicate'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const approved = answers[0].status === 200;
    expect(await balanceOf(ledger, depositor.userId, 'spot', 'USDT')).toMatchObject({
      available: approved ? '12.000000' : null,
    });
  });
});
