import type { Chain } from '@kestrel/contract';
import { type ApiAnswer, registerAccount } from '../../../test/api';
import type { TestApp } from '../../../test/test-app';
import { uploadPhoto } from '../identity/test-identity';
import { NetworksRepository } from '../networks';

/*
 * Helpers for tests that need deposits: a network is given a deposit address, and deposits are declared through
 * the API with an uploaded credential, as the user app does.
 */

/** Valid mainnet addresses (checksums included) for networks in tests. */
export const TEST_ADDRESSES: Record<Chain, string> = {
  tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ethereum: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  bsc: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  solana: 'So11111111111111111111111111111111111111112',
  litecoin: 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
};

/** Sets a network's deposit address, as an operator does in the back office, so it takes deposits. */
export async function openDeposits(sut: TestApp, asset: string, chain: Chain) {
  const repository = new NetworksRepository(sut.database.db);
  const network = await repository.findOf(asset, chain);
  if (!network) throw new Error(`no ${asset} network on ${chain}`);
  await repository.update(network.id, { depositAddress: TEST_ADDRESSES[chain], depositEnabled: true });
  return network.id;
}

export async function submitDeposit(
  sut: TestApp,
  token: string,
  body: unknown,
  options: { key?: string; lang?: string } = {},
): Promise<ApiAnswer> {
  const response = await sut.app.inject({
    method: 'POST',
    url: '/api/wallet/deposits',
    payload: body as Record<string, unknown>,
    headers: {
      authorization: token,
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...(options.lang ? { 'think-lang': options.lang } : {}),
    },
  });
  return { status: response.statusCode, body: response.json() };
}

/** A USDT on TRC20 deposit body with a credential the user uploaded. */
export async function depositBodyFor(sut: TestApp, token: string, amount = '100') {
  return {
    asset: 'USDT',
    chain: 'tron',
    account: 'spot',
    amount,
    credentialUploadId: await uploadPhoto(sut, token, 'payment_proof'),
  };
}

let users = 0;

/** A new user with a pending USDT deposit (its network opened for deposits), and the deposit's id. */
export async function userWithPendingDeposit(sut: TestApp, options: { amount?: string; lang?: string } = {}) {
  users += 1;
  await openDeposits(sut, 'USDT', 'tron');
  const { token, user } = await registerAccount(sut, `depositor${users}@example.com`, {
    ip: `10.11.${Math.floor(users / 200)}.${users % 200}`,
    lang: options.lang,
  });
  const answer = await submitDeposit(sut, token, await depositBodyFor(sut, token, options.amount));
  if (answer.body.code !== 0) throw new Error(`could not declare a deposit: ${answer.body.msg}`);
  return { token, userId: user.id, depositId: answer.body.data.id as number };
}

/** A platform bank account as an operator enters it. */
export const TEST_BANK_ACCOUNT = {
  currency: 'usd',
  bankName: 'First Harbour Bank',
  accountName: 'Kestrel Markets Ltd',
  accountNumber: 'GB33 BUKB 2020 1555 5555 55',
  routingCode: 'bukbgb22',
  enabled: true,
};

/** Gives an asset a platform bank account, as an operator does in the back office, so it takes bank transfers. */
export async function openBankTransfers(sut: TestApp, asset = 'USDT') {
  await new NetworksRepository(sut.database.db).saveBankAccount(asset, {
    currency: 'USD',
    bankName: TEST_BANK_ACCOUNT.bankName,
    accountName: TEST_BANK_ACCOUNT.accountName,
    accountNumber: 'GB33BUKB20201555555555',
    routingCode: 'BUKBGB22',
    enabled: true,
  });
}

export async function submitBankDeposit(
  sut: TestApp,
  token: string,
  body: unknown,
  options: { key?: string } = {},
): Promise<ApiAnswer> {
  const response = await sut.app.inject({
    method: 'POST',
    url: '/api/wallet/deposits/bank',
    payload: body as Record<string, unknown>,
    headers: { authorization: token, ...(options.key ? { 'idempotency-key': options.key } : {}) },
  });
  return { status: response.statusCode, body: response.json() };
}

/** A USDT bank transfer body with a receipt the user uploaded. */
export async function bankDepositBodyFor(sut: TestApp, token: string, amount = '500') {
  return {
    asset: 'USDT',
    account: 'spot',
    amount,
    credentialUploadId: await uploadPhoto(sut, token, 'payment_proof'),
  };
}
