import { ERRORS, PAYOUT_ACCOUNTS_LIMIT } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { uploadPhoto } from '../identity/test-identity';

let sut: TestApp;
let reviewer: { token: string; admin: { id: number } };
let support: { token: string };
let accounts = 0;

const SECURITY_PASSWORD = '246810';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

beforeAll(async () => {
  sut = await createTestApp();
  reviewer = await adminWithRole(sut, 'reviewer');
  support = await adminWithRole(sut, 'support');
});
afterAll(async () => {
  await sut?.close();
});

/** A new user; with `securityPassword` they have set one, as binding requires. */
async function freshUser(options: { securityPassword?: boolean; lang?: string } = {}) {
  accounts += 1;
  const registered = await registerAccount(sut, `payee${accounts}@example.com`, {
    ip: `10.8.${Math.floor(accounts / 200)}.${accounts % 200}`,
    lang: options.lang,
  });
  if (options.securityPassword !== false) {
    const set = await callApi(sut, 'POST', '/api/user/security-password', {
      token: registered.token,
      body: { loginPassword: 'secret123', password: SECURITY_PASSWORD, confirmPassword: SECURITY_PASSWORD },
    });
    if (set.body.code !== 0) throw new Error(`could not set the security password: ${set.body.msg}`);
  }
  return registered;
}

function card(overrides: Record<string, unknown> = {}) {
  return {
    bankName: 'State Bank of India',
    bankAccount: 'Connaught Place branch',
    cardNumber: '4111 1111 1111 1234',
    cardholder: 'Asha Verma',
    phone: '+91 98765 43210',
    routingCode: 'sbin0001234',
    securityPassword: SECURITY_PASSWORD,
    ...overrides,
  };
}

async function wallet(token: string, overrides: Record<string, unknown> = {}) {
  return {
    chain: 'ethereum',
    address: ETH_ADDRESS,
    walletType: 'personal',
    screenshotUploadId: await uploadPhoto(sut, token, 'payment_proof'),
    securityPassword: SECURITY_PASSWORD,
    ...overrides,
  };
}

const bindCard = (token: string, body: unknown, lang?: string) =>
  callApi(sut, 'POST', '/api/wallet/bank-cards', { token, body, lang });
const bindWallet = (token: string, body: unknown, lang?: string) =>
  callApi(sut, 'POST', '/api/wallet/crypto-wallets', { token, body, lang });
const list = (token: string, kind: 'bank-cards' | 'crypto-wallets') =>
  callApi(sut, 'GET', `/api/wallet/${kind}`, { token });

async function remove(token: string, kind: 'bank-cards' | 'crypto-wallets', id: number) {
  const response = await sut.app.inject({
    method: 'DELETE',
    url: `/api/wallet/${kind}/${id}`,
    headers: { authorization: token },
  });
  return { status: response.statusCode, body: response.json() as { code: number; msg: string } };
}

describe('bank cards', () => {
  it('binds a card for review, storing the number compacted and listing it masked', async () => {
    const user = await freshUser();
    const answer = await bindCard(user.token, card());
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe('Submitted successfully, please be patient');
    expect(answer.body.data).toMatchObject({
      bankName: 'State Bank of India',
      bankAccount: 'Connaught Place branch',
      cardNumberMasked: '**** 1234',
      cardholder: 'Asha Verma',
      phone: '+919876543210',
      routingCode: 'SBIN0001234',
      status: 'pending',
      rejectionReason: null,
    });
    const listed = await list(user.token, 'bank-cards');
    expect(listed.body.data).toEqual({ items: [answer.body.data], limit: PAYOUT_ACCOUNTS_LIMIT });
    expect(JSON.stringify(listed.body.data)).not.toContain('4111111111111234');
  });

  it('requires the spec’s fields, answering in the caller’s language, and stores nothing', async () => {
    const user = await freshUser();
    const blank = await bindCard(user.token, card({ cardholder: '  ' }));
    expect(blank).toMatchObject({
      status: 400,
      body: {
        code: ERRORS.parameterError.code,
        msg: "Please enter the cardholder's name",
      },
    });
    const badNumber = await bindCard(user.token, card({ cardNumber: '12-34' }), 'de');
    expect(badNumber.body.msg).toBe('Die Kartennummer muss aus 8 bis 34 Buchstaben und Ziffern bestehen');
    // Bank account and routing code are optional.
    const minimal = await bindCard(user.token, card({ bankAccount: '', routingCode: undefined }));
    expect(minimal.body.data).toMatchObject({ bankAccount: null, routingCode: null });
    expect((await list(user.token, 'bank-cards')).body.data.items).toHaveLength(1);
  });

  it('needs the security password: not set, then wrong', async () => {
    const unset = await freshUser({ securityPassword: false });
    const answer = await bindCard(unset.token, card());
    expect(answer.body).toMatchObject({ code: ERRORS.securityPasswordNotSet.code, msg: 'Password not set' });

    const user = await freshUser();
    const wrong = await bindCard(user.token, card({ securityPassword: '000000' }));
    expect(wrong.body.code).toBe(ERRORS.wrongPassword.code);
    expect((await list(user.token, 'bank-cards')).body.data.items).toEqual([]);
  });

  it('refuses the same number twice, until the first is deleted', async () => {
    const user = await freshUser();
    const first = await bindCard(user.token, card());
    const again = await bindCard(user.token, card({ cardNumber: '4111-1111-1111-1234' }));
    expect(again).toMatchObject({ status: 409, body: { code: ERRORS.bankCardDuplicate.code } });

    expect((await remove(user.token, 'bank-cards', first.body.data.id)).status).toBe(200);
    expect((await bindCard(user.token, card())).status).toBe(200);
  });

  it('keeps at most the limit of live cards', async () => {
    const user = await freshUser();
    for (let i = 0; i < PAYOUT_ACCOUNTS_LIMIT; i += 1) {
      const answer = await bindCard(user.token, card({ cardNumber: `55000000000000${10 + i}` }));
      expect(answer.body.code).toBe(0);
    }
    const over = await bindCard(user.token, card({ cardNumber: '5500000000009999' }));
    expect(over).toMatchObject({ status: 409, body: { code: ERRORS.bankCardLimit.code } });
  });

  it('holds the limit when binds arrive at the same moment', async () => {
    const user = await freshUser();
    for (let i = 0; i < PAYOUT_ACCOUNTS_LIMIT - 1; i += 1) {
      await bindCard(user.token, card({ cardNumber: `66000000000000${10 + i}` }));
    }
    const racing = await Promise.all(
      [1, 2, 3].map((i) => bindCard(user.token, card({ cardNumber: `770000000000000${i}` }))),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect((await list(user.token, 'bank-cards')).body.data.items).toHaveLength(PAYOUT_ACCOUNTS_LIMIT);
  });

  it('lets only the owner delete a card; a stranger gets 404 and the card stays', async () => {
    const owner = await freshUser();
    const stranger = await freshUser();
    const bound = await bindCard(owner.token, card());
    const id = bound.body.data.id;

    expect(await remove(stranger.token, 'bank-cards', id)).toMatchObject({
      status: 404,
      body: { code: ERRORS.notFound.code },
    });
    expect((await list(owner.token, 'bank-cards')).body.data.items).toHaveLength(1);

    expect((await remove(owner.token, 'bank-cards', id)).status).toBe(200);
    expect((await list(owner.token, 'bank-cards')).body.data.items).toEqual([]);
    expect((await remove(owner.token, 'bank-cards', id)).status).toBe(404);
  });
});

describe('crypto withdrawal wallets', () => {
  it('binds a wallet with an address valid for its chain', async () => {
    const user = await freshUser();
    const body = await wallet(user.token, { address: ` ${ETH_ADDRESS} ` });
    const answer = await bindWallet(user.token, body);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      chain: 'ethereum',
      address: ETH_ADDRESS,
      walletType: 'personal',
      screenshotUrl: `/api/uploads/${body.screenshotUploadId}`,
      status: 'pending',
    });
    expect((await list(user.token, 'crypto-wallets')).body.data.items).toHaveLength(1);
  });

  it('answers "Invalid Address" for an address of another chain or a broken checksum', async () => {
    const user = await freshUser();
    const otherChain = await bindWallet(user.token, await wallet(user.token, { address: TRON_ADDRESS }));
    expect(otherChain).toMatchObject({
      status: 400,
      body: { code: ERRORS.parameterError.code, msg: 'Invalid Address' },
    });
    const brokenChecksum = ETH_ADDRESS.replace('aAeb', 'aaeb');
    const broken = await bindWallet(user.token, await wallet(user.token, { address: brokenChecksum }), 'fr');
    expect(broken.body.msg).toBe('Adresse invalide');
    expect((await list(user.token, 'crypto-wallets')).body.data.items).toEqual([]);
  });

  it('refuses the same address on the same chain twice, in any letter case, but not on another chain', async () => {
    const user = await freshUser();
    expect((await bindWallet(user.token, await wallet(user.token))).status).toBe(200);
    const sameLowered = await bindWallet(
      user.token,
      await wallet(user.token, { address: ETH_ADDRESS.toLowerCase() }),
    );
    expect(sameLowered).toMatchObject({ status: 409, body: { code: ERRORS.cryptoWalletDuplicate.code } });
    expect((await bindWallet(user.token, await wallet(user.token, { chain: 'bsc' }))).status).toBe(200);
  });

  it('takes only the caller’s own payment_proof upload as the screenshot', async () => {
    const user = await freshUser();
    const stranger = await freshUser();
    const theirs = await uploadPhoto(sut, stranger.token, 'payment_proof');
    const avatar = await uploadPhoto(sut, user.token, 'avatar');
    for (const screenshotUploadId of [theirs, avatar]) {
      const answer = await bindWallet(user.token, await wallet(user.token, { screenshotUploadId }));
      expect(answer.body.code).toBe(ERRORS.cryptoWalletScreenshotInvalid.code);
    }
    const missing = await bindWallet(user.token, {
      ...(await wallet(user.token)),
      screenshotUploadId: undefined,
    });
    expect(missing.body.msg).toBe('Please upload a screenshot of the wallet');
  });

  it('lets only the owner delete a wallet', async () => {
    const owner = await freshUser();
    const stranger = await freshUser();
    const id = (await bindWallet(owner.token, await wallet(owner.token))).body.data.id;
    expect((await remove(stranger.token, 'crypto-wallets', id)).status).toBe(404);
    expect((await remove(owner.token, 'crypto-wallets', id)).status).toBe(200);
    expect((await list(owner.token, 'crypto-wallets')).body.data.items).toEqual([]);
  });
});

describe('reviewing bank cards and wallets', () => {
  it('approves a card once, tells the user in their language, and audits it', async () => {
    const user = await freshUser({ lang: 'de' });
    const id = (await bindCard(user.token, card({ cardholder: 'Meera Pillai' }))).body.data.id;

    const queue = await adminApi(sut, 'GET', '/api/admin/bank-cards?status=pending&q=meera', {
      token: reviewer.token,
    });
    expect(queue.body.data.items.map((item: { id: number }) => item.id)).toEqual([id]);

    const detail = await adminApi(sut, 'GET', `/api/admin/bank-cards/${id}`, { token: reviewer.token });
    expect(detail.body.data).toMatchObject({ cardNumber: '4111111111111234', routingCode: 'SBIN0001234' });

    const approved = await adminApi(sut, 'POST', `/api/admin/bank-cards/${id}/approve`, {
      token: reviewer.token,
      body: { note: 'Name matches the identity' },
    });
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      reviewer: { id: reviewer.admin.id, email: 'reviewer@kestrel.test' },
    });
    const again = await adminApi(sut, 'POST', `/api/admin/bank-cards/${id}/reject`, {
      token: reviewer.token,
      body: { reason: 'too late' },
    });
    expect(again).toMatchObject({ status: 409, body: { code: ERRORS.reviewNotPending.code } });

    expect((await list(user.token, 'bank-cards')).body.data.items[0].status).toBe('approved');
    const inbox = await callApi(sut, 'GET', '/api/messages', { token: user.token, lang: 'de' });
    expect(inbox.body.data.items[0]).toMatchObject({
      title: 'Bankkarte verknüpft',
      body: expect.stringContaining('**** 1234 bei State Bank of India'),
    });
    const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=approveBankCard&pageSize=1', {
      token: (await adminWithRole(sut, 'super_admin', 'root-payout@kestrel.test')).token,
    });
    expect(audit.body.data.items[0]).toMatchObject({
      targetType: 'bankCard',
      targetId: String(id),
      reason: 'Name matches the identity',
    });
  });

  it('rejects a wallet with a reason the user reads, and shows reviewers the screenshot', async () => {
    const user = await freshUser();
    const id = (
      await bindWallet(user.token, await wallet(user.token, { chain: 'tron', address: TRON_ADDRESS }))
    ).body.data.id;

    const detail = await adminApi(sut, 'GET', `/api/admin/crypto-wallets/${id}`, { token: reviewer.token });
    const image = await sut.app.inject({
      method: 'GET',
      url: detail.body.data.screenshotUrl,
      headers: { authorization: reviewer.token },
    });
    expect(image.statusCode).toBe(200);

    const rejected = await adminApi(sut, 'POST', `/api/admin/crypto-wallets/${id}/reject`, {
      token: reviewer.token,
      body: { reason: 'The screenshot shows another address' },
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected' });
    const mine = (await list(user.token, 'crypto-wallets')).body.data.items[0];
    expect(mine).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The screenshot shows another address',
    });

    // Bound again after the rejection: the reviewer sees the earlier attempt and why it failed.
    await remove(user.token, 'crypto-wallets', id);
    const second = await bindWallet(
      user.token,
      await wallet(user.token, { chain: 'tron', address: TRON_ADDRESS }),
    );
    const again = await adminApi(sut, 'GET', `/api/admin/crypto-wallets/${second.body.data.id}`, {
      token: reviewer.token,
    });
    expect(again.body.data.history).toEqual([
      expect.objectContaining({
        id,
        status: 'rejected',
        rejectionReason: 'The screenshot shows another address',
      }),
    ]);
    const inbox = await callApi(sut, 'GET', '/api/messages', { token: user.token });
    expect(inbox.body.data.items[0]).toMatchObject({
      title: 'Wallet not approved',
      body: expect.stringContaining(`TRC20 wallet ${TRON_ADDRESS}`),
    });
  });

  it('hides deleted items from the queue and refuses to decide them', async () => {
    const user = await freshUser();
    const id = (await bindWallet(user.token, await wallet(user.token))).body.data.id;
    await remove(user.token, 'crypto-wallets', id);
    const answer = await adminApi(sut, 'POST', `/api/admin/crypto-wallets/${id}/approve`, {
      token: reviewer.token,
      body: {},
    });
    expect(answer.status).toBe(404);
  });

  it('is for reviewers only', async () => {
    for (const url of ['/api/admin/bank-cards', '/api/admin/crypto-wallets']) {
      expect((await adminApi(sut, 'GET', url, { token: support.token })).status).toBe(403);
    }
  });
});
