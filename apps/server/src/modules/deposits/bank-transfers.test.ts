import { ERRORS } from '@kestrel/contract';
import { catalogues } from '@kestrel/i18n/all';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { uploadPhoto } from '../identity/test-identity';
import type { LedgerService } from '../ledger/ledger.service';
import { balanceOf, ledgerOf } from '../ledger/test-ledger';
import { deposits } from './deposits.schema';
import { bankReferenceOf } from './deposits.service';
import { bankDepositBodyFor, openBankTransfers, submitBankDeposit, TEST_BANK_ACCOUNT } from './test-deposits';

let sut: TestApp;
let ledger: LedgerService;
let reviewer: { token: string };
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

async function freshUser() {
  accounts += 1;
  return registerAccount(sut, `wirer${accounts}@example.com`, { ip: `10.13.0.${accounts}` });
}

function setBankAccount(asset: string, body: unknown, token = superAdmin.token) {
  return adminApi(sut, 'PUT', `/api/admin/bank-accounts/${asset}`, { token, body });
}

function bankInfo(token: string) {
  return callApi(sut, 'GET', '/api/wallet/deposits/bank', { token });
}

async function bankAccountOf(asset: string) {
  const answer = await adminApi(sut, 'GET', '/api/admin/assets', { token: superAdmin.token });
  return answer.body.data.assets.find((each: { code: string }) => each.code === asset).bankAccount;
}

const en = catalogues['en-US'];

describe('the reference a user quotes in bank transfers', () => {
  it('is the user id with two check digits that a mistyped or swapped digit breaks', () => {
    const sut = bankReferenceOf;
    expect(sut(10000001)).toBe(sut(10000001));
    expect(sut(10000001)).toMatch(/^K10000001\d{2}$/);
    const holds = (reference: string) => BigInt(reference.slice(1)) % 97n === 1n;
    expect(holds(sut(10000001))).toBe(true);
    expect(holds(sut(12345678))).toBe(true);
    expect(holds(sut(10000001).replace('K1000', 'K1001'))).toBe(false);
    expect(holds(sut(12345678).replace('K1234', 'K1324'))).toBe(false);
    expect(sut(10000001)).not.toBe(sut(10000002));
  });
});

describe('configuring the platform bank account in the back office', () => {
  it('sets the account of an asset, tidies what was typed and keeps before and after in the audit log', async () => {
    const set = await setBankAccount('ETH', { ...TEST_BANK_ACCOUNT, reason: 'Euro account opened' });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({
      asset: 'ETH',
      currency: 'USD',
      bankName: 'First Harbour Bank',
      accountNumber: 'GB33BUKB20201555555555',
      routingCode: 'BUKBGB22',
      enabled: true,
    });
    expect(await bankAccountOf('ETH')).toMatchObject({ accountNumber: 'GB33BUKB20201555555555' });

    const changed = await setBankAccount('ETH', {
      ...TEST_BANK_ACCOUNT,
      currency: 'EUR',
      enabled: false,
      reason: 'Moved to euros',
    });
    expect(changed.body.data).toMatchObject({ currency: 'EUR', enabled: false });
    const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=setBankAccount&pageSize=1', {
      token: superAdmin.token,
    });
    expect(audit.body.data.items[0]).toMatchObject({
      targetType: 'bank_account',
      targetId: 'ETH',
      reason: 'Moved to euros',
      before: { currency: 'USD', enabled: true },
      after: { currency: 'EUR', enabled: false },
    });
  });

  it('refuses every field that is missing or malformed, and changes nothing', async () => {
    const errors = en.admin.assets.errors;
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: 'US' }, errors.currencyInvalid],
      [{ currency: 'US1' }, errors.currencyInvalid],
      [{ bankName: ' ' }, errors.bankFieldRequired],
      [{ bankName: 'x'.repeat(65) }, errors.bankFieldTooLong],
      [{ accountName: 'Kestrel\u202eLtd' }, errors.bankFieldInvalid],
      [{ accountName: undefined }, errors.bankFieldRequired],
      [{ accountNumber: '12345' }, errors.accountNumberInvalid],
      [{ accountNumber: 'GB33/BUKB' }, errors.accountNumberInvalid],
      [{ routingCode: 'BUK' }, errors.routingCodeInvalid],
      [{ routingCode: 'BUKBGB22XXXX' }, errors.routingCodeInvalid],
      [{ reason: '' }, en.backOffice.validation.reasonRequired],
    ];
    for (const [change, message] of cases) {
      const answer = await setBankAccount('BTC', { ...TEST_BANK_ACCOUNT, reason: 'Open', ...change });
      expect([answer.status, answer.body.msg], JSON.stringify(change)).toEqual([400, message]);
    }
    const enabled = await setBankAccount('BTC', { ...TEST_BANK_ACCOUNT, enabled: 'yes', reason: 'Open' });
    expect(enabled.status).toBe(400);
    const unknown = await setBankAccount('PEPE', { ...TEST_BANK_ACCOUNT, reason: 'Open' });
    expect(unknown.body.code).toBe(ERRORS.assetUnknown.code);
    expect(await bankAccountOf('BTC')).toBeNull();
  });

  it('is for super admins only', async () => {
    const answer = await setBankAccount('BTC', { ...TEST_BANK_ACCOUNT, reason: 'Open' }, reviewer.token);
    expect(answer.status).toBe(403);
    expect(await bankAccountOf('BTC')).toBeNull();
  });
});

describe('declaring a bank transfer', () => {
  it('says bank transfers are not available while no asset has an open account, and refuses one', async () => {
    const { token } = await freshUser();
    const info = await bankInfo(token);
    expect(info.body.data.accounts.map((each: { asset: string }) => each.asset)).not.toContain('BNB');
    const body = { ...(await bankDepositBodyFor(sut, token)), asset: 'BNB' };
    const answer = await submitBankDeposit(sut, token, body);
    expect(answer).toMatchObject({
      status: 400,
      body: { code: ERRORS.bankTransferUnavailable.code, msg: en.deposit.errors.bankUnavailable },
    });
    // ETH's account is switched off by the configuration test above, or absent when run alone.
    const off = await submitBankDeposit(sut, token, { ...body, asset: 'ETH' });
    expect(off.body.code).toBe(ERRORS.bankTransferUnavailable.code);
  });

  it('shows the user their reference and the account of each asset that takes bank transfers', async () => {
    await openBankTransfers(sut, 'USDT');
    const { token, user } = await freshUser();
    const info = (await bankInfo(token)).body.data;
    expect(info.reference).toBe(bankReferenceOf(user.id));
    expect(info.accounts).toContainEqual({
      asset: 'USDT',
      precision: 6,
      currency: 'USD',
      bankName: 'First Harbour Bank',
      accountName: 'Kestrel Markets Ltd',
      accountNumber: 'GB33BUKB20201555555555',
      routingCode: 'BUKBGB22',
    });
  });

  it('stores a processing bank deposit with the account and reference shown, crediting nothing', async () => {
    await openBankTransfers(sut, 'USDT');
    const { token, user } = await freshUser();
    const answer = await submitBankDeposit(sut, token, await bankDepositBodyFor(sut, token, '250.25'));
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe(en.common.submitted);
    expect(answer.body.data).toMatchObject({
      method: 'bank',
      asset: 'USDT',
      chain: null,
      address: null,
      account: 'spot',
      amount: '250.250000',
      status: 'processing',
    });
    const [row] = await sut.database.db.select().from(deposits).where(eq(deposits.userId, user.id));
    expect(row).toMatchObject({
      method: 'bank',
      bankReference: bankReferenceOf(user.id),
      bank: expect.objectContaining({ accountNumber: 'GB33BUKB20201555555555', currency: 'USD' }),
    });
    expect(await balanceOf(ledger, user.id, 'spot', 'USDT')).toEqual({ available: null, frozen: null });
  });

  it('asks for each field in the spec’s words and refuses a bad amount or someone else’s receipt', async () => {
    await openBankTransfers(sut, 'USDT');
    const { token, user } = await freshUser();
    const stranger = await freshUser();
    const body = await bankDepositBodyFor(sut, token);
    const without = (field: string) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));
    expect((await submitBankDeposit(sut, token, without('asset'))).body.msg).toBe(
      en.deposit.errors.typeRequired,
    );
    expect((await submitBankDeposit(sut, token, without('account'))).body.msg).toBe(
      en.deposit.errors.walletTypeRequired,
    );
    expect((await submitBankDeposit(sut, token, without('credentialUploadId'))).body.msg).toBe(
      en.deposit.errors.credentialRequired,
    );
    for (const amount of ['', '0', '-5', '1e3', '10.0000001', '1000000000000000000000']) {
      const answer = await submitBankDeposit(sut, token, { ...body, amount });
      expect([answer.status, answer.body.msg], amount).toEqual([400, 'Amount Error']);
    }
    const theirs = await submitBankDeposit(sut, stranger.token, body);
    expect(theirs.body.code).toBe(ERRORS.depositCredentialInvalid.code);
    const avatar = await uploadPhoto(sut, token, 'avatar');
    const wrongPurpose = await submitBankDeposit(sut, token, { ...body, credentialUploadId: avatar });
    expect(wrongPurpose.body.code).toBe(ERRORS.depositCredentialInvalid.code);
    const stored = await sut.database.db.select().from(deposits).where(eq(deposits.userId, user.id));
    expect(stored).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key with the first deposit, storing one', async () => {
    await openBankTransfers(sut, 'USDT');
    const { token } = await freshUser();
    const body = await bankDepositBodyFor(sut, token, '75');
    const first = await submitBankDeposit(sut, token, body, { key: 'bank-key-1' });
    const second = await submitBankDeposit(sut, token, body, { key: 'bank-key-1' });
    expect(second.body).toEqual(first.body);
    const mine = await callApi(sut, 'GET', '/api/wallet/deposits', { token });
    expect(mine.body.data.total).toBe(1);
  });
});

describe('reviewing a bank transfer in the deposit queue', () => {
  it('shows the reviewer the type, account, reference and receipt, and credits once on approval', async () => {
    await openBankTransfers(sut, 'USDT');
    const { token, user } = await freshUser();
    const submitted = await submitBankDeposit(sut, token, await bankDepositBodyFor(sut, token, '300'));
    const id = submitted.body.data.id as number;

    const queue = await adminApi(sut, 'GET', `/api/admin/deposits?status=pending&q=${user.id}`, {
      token: reviewer.token,
    });
    expect(queue.body.data.items).toEqual([expect.objectContaining({ id, method: 'bank', chain: null })]);
    const detail = await adminApi(sut, 'GET', `/api/admin/deposits/${id}`, { token: reviewer.token });
    expect(detail.body.data).toMatchObject({
      method: 'bank',
      address: null,
      reference: bankReferenceOf(user.id),
      bank: { currency: 'USD', bankName: 'First Harbour Bank', accountNumber: 'GB33BUKB20201555555555' },
      credentialUrl: expect.stringMatching(/^\/api\/admin\/uploads\/[0-9a-f-]{36}$/),
    });

    const approve = () =>
      adminApi(sut, 'POST', `/api/admin/deposits/${id}/approve`, { token: reviewer.token, body: {} });
    expect((await approve()).body.data).toMatchObject({
      status: 'approved',
      transactionId: expect.any(String),
    });
    expect((await approve()).status).toBe(409);
    expect(await balanceOf(ledger, user.id, 'spot', 'USDT')).toMatchObject({ available: '300.000000' });
    const mine = await callApi(sut, 'GET', '/api/wallet/deposits', { token });
    expect(mine.body.data.items[0]).toMatchObject({ method: 'bank', status: 'completed' });
    expect((await ledger.check()).ok).toBe(true);
  });
});
