import { callApi, registerAccount } from '../../../test/api';
import type { TestApp } from '../../../test/test-app';
import { uploadPhoto } from '../identity/test-identity';

/*
 * Helpers for tests that need bank cards or wallets waiting for review: bound through the API, as the user app
 * does, by a new user who has set a security password.
 */

const SECURITY_PASSWORD = '135790';
let payees = 0;

async function payee(sut: TestApp) {
  payees += 1;
  const { token, user } = await registerAccount(sut, `bound${payees}@example.com`, {
    ip: `10.6.${Math.floor(payees / 200)}.${payees % 200}`,
  });
  await callApi(sut, 'POST', '/api/user/security-password', {
    token,
    body: { loginPassword: 'secret123', password: SECURITY_PASSWORD, confirmPassword: SECURITY_PASSWORD },
  });
  return { token, userId: user.id };
}

async function bound(answer: Promise<{ body: { code: number; msg: string; data: { id: number } } }>) {
  const { body } = await answer;
  if (body.code !== 0) throw new Error(`could not bind: ${body.msg}`);
  return body.data.id;
}

/** A new user with a pending bank card, and that card's id. */
export async function userWithPendingBankCard(sut: TestApp) {
  const user = await payee(sut);
  const id = await bound(
    callApi(sut, 'POST', '/api/wallet/bank-cards', {
      token: user.token,
      body: {
        bankName: 'HDFC Bank',
        cardNumber: '6521000011112222',
        cardholder: 'Ravi Kumar',
        phone: '+919812345678',
        securityPassword: SECURITY_PASSWORD,
      },
    }),
  );
  return { ...user, bankCardId: id };
}

/** A new user with a pending TRON withdrawal wallet, and that wallet's id. */
export async function userWithPendingWallet(sut: TestApp) {
  const user = await payee(sut);
  const id = await bound(
    callApi(sut, 'POST', '/api/wallet/crypto-wallets', {
      token: user.token,
      body: {
        chain: 'tron',
        address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        walletType: 'exchange',
        screenshotUploadId: await uploadPhoto(sut, user.token, 'payment_proof'),
        securityPassword: SECURITY_PASSWORD,
      },
    }),
  );
  return { ...user, walletId: id };
}
