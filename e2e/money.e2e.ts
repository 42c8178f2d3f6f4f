import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetsTestId } from '../apps/admin/src/features/assets/testIds';
import { DepositTestId } from '../apps/admin/src/features/deposits/testIds';
import { ReviewTestId } from '../apps/admin/src/features/review/testIds';
import { WithdrawalTestId } from '../apps/admin/src/features/withdrawals/testIds';
import { verifyIdentity } from '../apps/server/src/modules/identity/test-identity';
import { callApi, registerAccount } from '../apps/server/test/api';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { TestId } from '../apps/web/src/testIds';
import {
  byId,
  cameraPhoto,
  choosePhoto,
  createOperator,
  launchBrowser,
  logIn,
  type Operator,
  openConsole,
  openPhone,
  snapshot,
  storeArabic,
  waitForPath,
} from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;

const treasurer: Operator = {
  email: 'sam.okafor@kestrel.example',
  password: 'Treasury2026',
  name: 'Sam Okafor',
  role: 'super_admin',
};
const reviewer: Operator = {
  email: 'iris.lund@kestrel.example',
  password: 'Review2026',
  name: 'Iris Lund',
  role: 'reviewer',
};
const customer = {
  email: `ada.${Date.now()}@example.com`,
  password: 'Customer2026',
  securityPassword: '246810',
};
/** The platform's TRC20 address (the USDT contract's, a well-known valid TRON address). */
const platformAddress = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** The customer's own TRON wallet. */
const customerWallet = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

let browser: Browser;
let sut: TestApp;
let baseUrl: string;
/** The customer's first session, for what the journey does through the API. */
let customerSession: { token: string; userId: number };

beforeAll(async () => {
  sut = await createTestApp({ webDist: WEB_DIST });
  await createOperator(sut, treasurer);
  await createOperator(sut, reviewer);
  const { token, user } = await registerAccount(sut, customer.email, { password: customer.password });
  customerSession = { token, userId: user.id };
  const set = await callApi(sut, 'POST', '/api/user/security-password', {
    token,
    body: {
      loginPassword: customer.password,
      password: customer.securityPassword,
      confirmPassword: customer.securityPassword,
    },
  });
  expect(set.body.code).toBe(0);
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

/** Opens the newest pending item of a review queue. */
async function openFirstPending(console: Page, section: string, path: RegExp, image: string) {
  await byId(console, `nav-${section}`).click();
  await byId(console, ReviewTestId.statusTab('pending')).click();
  const rows = byId(console, ReviewTestId.queueTable).locator('tbody tr', { hasText: customer.email });
  await expect.poll(() => rows.count()).toBe(1);
  await rows.first().click();
  await console.waitForURL(path);
  await expect.poll(() => byId(console, ReviewTestId.image(image)).getAttribute('data-state')).toBe('shown');
}

async function approve(console: Page) {
  await byId(console, ReviewTestId.approve).click();
  await byId(console, ReviewTestId.approveDialog).getByTestId(ReviewTestId.confirm).click();
  await expect.poll(() => byId(console, ReviewTestId.approve).count()).toBe(0);
}

describe('money in the browser', () => {
  it('opens USDT deposits on TRC20 in the console with the platform address', async () => {
    const console = await openConsole(browser, baseUrl, treasurer, '/admin/users');
    await byId(console, 'nav-assets').click();
    await byId(console, AssetsTestId.edit('USDT', 'tron')).click();
    const dialog = byId(console, AssetsTestId.dialog);
    await dialog.getByTestId(AssetsTestId.address).fill(platformAddress);
    await dialog.getByTestId('reason').fill('Treasury wallet for TRC20 deposits');
    await dialog.getByTestId('dialog-submit').click();
    await expect
      .poll(() => byId(console, AssetsTestId.network('USDT', 'tron')).textContent())
      .toContain('TRC20');
    await expect.poll(() => dialog.count()).toBe(0);
    await snapshot(console, 'admin-assets-en-US');
    await console.context().close();
  });

  it('deposits with a transfer credential; the reviewer approves; balance and records follow', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await phone.goto(`${baseUrl}/user/wallet/recharge`);
    await byId(phone, TestId.depositCoinSearch).fill('usdt');
    await byId(phone, TestId.depositCoinOption).and(phone.locator('[data-asset="USDT"]')).click();
    await byId(phone, TestId.depositNetworkSheet).waitFor();
    await snapshot(phone, 'deposit-networks-en-US');
    await byId(phone, TestId.depositNetworkOption).and(phone.locator('[data-chain="tron"]')).click();
    await waitForPath(phone, '/user/wallet/charge1');
    await expect.poll(() => byId(phone, TestId.depositAddress).textContent()).toBe(platformAddress);
    await expect
      .poll(() => byId(phone, TestId.depositQr).getAttribute('src'))
      .toMatch(/^data:image\/svg\+xml/);

    await byId(phone, TestId.depositAmount).fill('250.5');
    const credential = await cameraPhoto('TRANSFER 250.5 USDT', '#1f7a5a');
    await choosePhoto(phone, TestId.depositCredentialInput, 'transfer.jpg', credential);
    await snapshot(phone, 'deposit-charge-en-US');
    await byId(phone, TestId.depositSubmit).click();
    await expect.poll(() => phone.getByText('Submitted successfully, please be patient').count()).toBe(1);
    await byId(phone, TestId.depositRecordsOpen).click();
    const record = byId(phone, TestId.depositRecord).first();
    await expect.poll(() => record.getAttribute('data-status')).toBe('processing');
    await snapshot(phone, 'deposit-records-processing-en-US');

    const console = await openConsole(browser, baseUrl, reviewer, '/admin/identity');
    await openFirstPending(console, 'deposits', /\/admin\/deposits\/\d+$/, 'credential');
    await snapshot(console, 'admin-deposit-detail-en-US');
    await approve(console);
    await console.context().close();

    await phone.goto(`${baseUrl}/home/assets`);
    await expect.poll(() => byId(phone, TestId.assetsTotal).textContent()).toContain('250.50');
    await snapshot(phone, 'assets-en-US');
    await phone.goto(`${baseUrl}/user/wallet/AccountRecord`);
    const entry = byId(phone, TestId.recordsItem).first();
    await expect.poll(() => entry.getAttribute('data-type')).toBe('deposit');
    expect(await entry.textContent()).toContain('250.5');
    await snapshot(phone, 'account-records-en-US');

    await storeArabic(phone);
    await phone.goto(`${baseUrl}/home/assets`);
    await expect.poll(() => byId(phone, TestId.assetsTotal).textContent()).toContain('250.50');
    await expect.poll(() => phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await snapshot(phone, 'assets-ar');
    await phone.goto(`${baseUrl}/user/wallet/charge?asset=USDT&chain=tron`);
    await expect.poll(() => byId(phone, TestId.depositAddress).textContent()).toBe(platformAddress);
    await snapshot(phone, 'deposit-charge-ar');
    await phone.goto(`${baseUrl}/user/wallet/AccountRecord`);
    await expect.poll(() => byId(phone, TestId.recordsItem).count()).toBe(1);
    await snapshot(phone, 'account-records-ar');
    await phone.context().close();
  });

  it('takes a bank transfer to the account set in the console, reviewed in the deposit queue', async () => {
    const console = await openConsole(browser, baseUrl, treasurer, '/admin/users');
    await byId(console, 'nav-assets').click();
    await byId(console, AssetsTestId.bankEdit('USDT')).click();
    const dialog = byId(console, AssetsTestId.bankDialog);
    await dialog.getByTestId(AssetsTestId.bankField('bankName')).fill('First Harbour Bank');
    await dialog.getByTestId(AssetsTestId.bankField('accountName')).fill('Kestrel Markets Ltd');
    await dialog.getByTestId(AssetsTestId.bankField('accountNumber')).fill('GB33 BUKB 2020 1555 5555 55');
    await dialog.getByTestId(AssetsTestId.bankField('routingCode')).fill('BUKBGB22');
    await dialog.getByTestId(AssetsTestId.bankField('currency')).fill('USD');
    await dialog.getByTestId('reason').fill('Dollar account for bank transfers');
    await snapshot(console, 'admin-bank-account-dialog-en-US');
    await dialog.getByTestId('dialog-submit').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => byId(console, AssetsTestId.bankAccount('USDT')).textContent())
      .toContain('GB33BUKB20201555555555');
    await snapshot(console, 'admin-assets-bank-en-US');
    await console.context().close();

    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await phone.goto(`${baseUrl}/user/wallet/recharge`);
    await byId(phone, TestId.depositCoinOption).first().waitFor();
    await snapshot(phone, 'recharge-crypto-en-US');
    // A click, not check(): the choice lands in the address first, so the radio turns on a moment later.
    await byId(phone, TestId.depositType('bank')).click();
    await byId(phone, TestId.depositBankOption).and(phone.locator('[data-asset="USDT"]')).waitFor();
    await snapshot(phone, 'recharge-bank-en-US');
    await byId(phone, TestId.depositBankOption).and(phone.locator('[data-asset="USDT"]')).click();
    await waitForPath(phone, '/user/wallet/charge2');
    const reference = await byId(phone, TestId.depositBankField('reference')).textContent();
    expect(reference).toMatch(/^K\d+$/);
    expect(await byId(phone, TestId.depositBankField('accountNumber')).textContent()).toBe(
      'GB33BUKB20201555555555',
    );
    await byId(phone, TestId.depositAmount).fill('300');
    const receipt = await cameraPhoto('WIRE 300 USD', '#2f4f8a');
    await choosePhoto(phone, TestId.depositCredentialInput, 'receipt.jpg', receipt);
    await snapshot(phone, 'deposit-bank-charge-en-US');
    await byId(phone, TestId.depositSubmit).click();
    await expect.poll(() => phone.getByText('Submitted successfully, please be patient').count()).toBe(1);
    // The form starts afresh: no amount and no receipt left from the deposit just sent.
    await expect.poll(() => byId(phone, TestId.depositAmount).inputValue()).toBe('');
    await expect
      .poll(() =>
        byId(phone, TestId.depositCredentialInput).evaluate((input) => input.parentElement?.dataset.state),
      )
      .toBe('empty');

    const review = await openConsole(browser, baseUrl, reviewer, '/admin/identity');
    // This deposit's own row, whatever else of the customer's the queue holds.
    await byId(review, 'nav-deposits').click();
    await byId(review, ReviewTestId.statusTab('pending')).click();
    const row = byId(review, ReviewTestId.queueTable)
      .locator('tbody tr', { hasText: customer.email })
      .filter({ has: review.locator('bdi', { hasText: /^300$/ }) });
    await expect.poll(() => row.count()).toBe(1);
    await row.click();
    await review.waitForURL(/\/admin\/deposits\/\d+$/);
    await expect
      .poll(() => byId(review, ReviewTestId.image('credential')).getAttribute('data-state'))
      .toBe('shown');
    expect(await byId(review, DepositTestId.reference).textContent()).toBe(reference);
    await snapshot(review, 'admin-deposit-bank-detail-en-US');
    await approve(review);
    await review.context().close();

    await byId(phone, TestId.depositRecordsOpen).click();
    const record = byId(phone, TestId.depositRecord).first();
    await expect.poll(() => record.getAttribute('data-status')).toBe('completed');
    expect(await record.textContent()).toContain('300');
    await phone.keyboard.press('Escape');

    await storeArabic(phone);
    await phone.goto(`${baseUrl}/user/wallet/recharge?type=bank`);
    await expect.poll(() => phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await byId(phone, TestId.depositBankOption).first().waitFor();
    await snapshot(phone, 'recharge-bank-ar');
    await phone.goto(`${baseUrl}/user/wallet/recharge`);
    await byId(phone, TestId.depositCoinOption).first().waitFor();
    await snapshot(phone, 'recharge-crypto-ar');
    await phone.goto(`${baseUrl}/user/wallet/charge2?asset=USDT`);
    await expect.poll(() => byId(phone, TestId.depositBankField('reference')).textContent()).toBe(reference);
    await snapshot(phone, 'deposit-bank-charge-ar');
    await phone.goto(`${baseUrl}/user/wallet/charge1?asset=USDT&chain=tron`);
    await expect.poll(() => byId(phone, TestId.depositAddress).textContent()).toBe(platformAddress);
    await snapshot(phone, 'deposit-charge1-ar');
    await phone.context().close();
    // Two operators and a customer in English and Arabic: a longer journey than the others.
  }, 120_000);

  it('binds a TRON wallet with the security password; the reviewer approves it', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await phone.goto(`${baseUrl}/user/wallet/bindWalletList`);
    await byId(phone, TestId.bindWalletChain).selectOption('tron');
    // One wrong character breaks the checksum.
    await byId(phone, TestId.bindWalletAddress).fill(customerWallet.replace('U7', 'U8'));
    await expect.poll(() => phone.getByText('Invalid Address').count()).toBe(1);
    await byId(phone, TestId.bindWalletAddress).fill(customerWallet);
    await expect.poll(() => phone.getByText('Invalid Address').count()).toBe(0);
    await byId(phone, TestId.bindWalletTypePersonal).check();
    await choosePhoto(
      phone,
      TestId.bindWalletScreenshot,
      'wallet.jpg',
      await cameraPhoto('MY TRON WALLET', '#8a3b2f'),
    );
    await byId(phone, TestId.bindWalletSecurityPassword).fill(customer.securityPassword);
    await snapshot(phone, 'bind-wallet-en-US');
    await byId(phone, TestId.bindWalletSubmit).click();
    await waitForPath(phone, '/user/wallet/withdrawalManage');
    const wallet = byId(phone, TestId.cryptoWalletItem).first();
    await expect.poll(() => wallet.getAttribute('data-status')).toBe('pending');

    const console = await openConsole(browser, baseUrl, reviewer, '/admin/identity');
    await openFirstPending(console, 'cryptoWallets', /\/admin\/crypto-wallets\/\d+$/, 'screenshot');
    await snapshot(console, 'admin-wallet-detail-en-US');
    await approve(console);
    await console.context().close();

    await phone.reload();
    await expect.poll(() => wallet.getAttribute('data-status')).toBe('approved');
    await snapshot(phone, 'wallets-en-US');
    await storeArabic(phone);
    await phone.reload();
    await expect.poll(() => wallet.getAttribute('data-status')).toBe('approved');
    await snapshot(phone, 'wallets-ar');
    await phone.context().close();
  });

  it('asks an unverified customer to verify their identity before the withdrawal form', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await phone.goto(`${baseUrl}/user/wallet/withdraw`);
    const panel = byId(phone, TestId.withdrawIdentity);
    await panel.waitFor();
    expect(await byId(phone, TestId.withdrawForm).count()).toBe(0);
    await snapshot(phone, 'withdraw-identity-required-en-US');
    await storeArabic(phone);
    await phone.reload();
    await panel.waitFor();
    await snapshot(phone, 'withdraw-identity-required-ar');
    await panel.click();
    await waitForPath(phone, '/user/identification');
    await phone.context().close();
    // The identity journey walks the submission and its review; here a reviewer's approval is taken as given.
    await verifyIdentity(sut, customerSession);
  });

  it('withdraws to the approved wallet with the security password; the reviewer pays it out', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await phone.goto(`${baseUrl}/home/assets`);
    await byId(phone, TestId.assetsWithdraw).click();
    await waitForPath(phone, '/user/wallet/withdraw');
    await byId(phone, TestId.withdrawAsset).selectOption('USDT');
    // The amount is checked as it is typed, with figures as the app writes them.
    const amountAlert = byId(phone, TestId.withdrawForm).getByRole('alert');
    await byId(phone, TestId.withdrawAmount).fill('5');
    await expect.poll(() => amountAlert.textContent()).toBe('The minimum is 10 USDT');
    await snapshot(phone, 'withdraw-below-minimum-en-US');
    await byId(phone, TestId.withdrawAmount).fill('600');
    // 250.50 deposited on TRC20 and 300 by bank transfer.
    await expect.poll(() => amountAlert.textContent()).toBe('More than you have available (550.5 USDT)');
    await snapshot(phone, 'withdraw-above-available-en-US');
    await byId(phone, TestId.withdrawAmount).fill('100');
    await expect.poll(() => amountAlert.count()).toBe(0);
    // The fee of USDT on TRC20 (1) comes out of the amount.
    await expect.poll(() => byId(phone, TestId.withdrawReceived).textContent()).toContain('99');
    await byId(phone, TestId.withdrawPassword).fill(customer.securityPassword);
    await snapshot(phone, 'withdraw-en-US');
    await byId(phone, TestId.withdrawSubmit).click();
    // The security password is hashed before anything else: on a loaded machine the answer takes seconds.
    await expect
      .poll(() => phone.getByText('Submitted successfully, please be patient').count(), { timeout: 20_000 })
      .toBe(1);
    await phone.goto(`${baseUrl}/home/assets`);
    await expect.poll(() => byId(phone, TestId.assetsInUse).textContent()).toContain('100.00');

    const console = await openConsole(browser, baseUrl, reviewer, '/admin/identity');
    await byId(console, 'nav-withdrawals').click();
    const rows = byId(console, ReviewTestId.queueTable).locator('tbody tr', { hasText: customer.email });
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().click();
    await console.waitForURL(/\/admin\/withdrawals\/\d+$/);
    await expect
      .poll(() => byId(console, WithdrawalTestId.destination).textContent())
      .toContain(customerWallet);
    await byId(console, ReviewTestId.approve).click();
    const dialog = byId(console, ReviewTestId.approveDialog);
    await dialog.getByTestId(WithdrawalTestId.referenceInput).fill('a'.repeat(64));
    await snapshot(console, 'admin-withdrawal-approve-en-US');
    await dialog.getByTestId(ReviewTestId.confirm).click();
    await expect.poll(() => byId(console, ReviewTestId.approve).count()).toBe(0);
    await console.context().close();

    await phone.goto(`${baseUrl}/user/wallet/withdraw`);
    await byId(phone, TestId.withdrawRecordsOpen).click();
    const record = byId(phone, TestId.withdrawRecord).first();
    await expect.poll(() => record.getAttribute('data-status')).toBe('completed');
    await snapshot(phone, 'withdraw-records-en-US');
    await phone.goto(`${baseUrl}/home/assets`);
    // 250.50 deposited on TRC20 and 300 by bank transfer, less the 100 withdrawn.
    await expect.poll(() => byId(phone, TestId.assetsTotal).textContent()).toContain('450.50');
    await storeArabic(phone);
    await phone.goto(`${baseUrl}/user/wallet/withdraw`);
    await byId(phone, TestId.withdrawForm).waitFor();
    await snapshot(phone, 'withdraw-ar');
    await byId(phone, TestId.withdrawAmount).fill('5');
    await expect.poll(() => byId(phone, TestId.withdrawForm).getByRole('alert').count()).toBe(1);
    await snapshot(phone, 'withdraw-below-minimum-ar');
    await byId(phone, TestId.withdrawAmount).fill('200');
    await snapshot(phone, 'withdraw-above-available-ar');
    await phone.goto(`${baseUrl}/user/wallet/AccountRecord`);
    await expect.poll(() => byId(phone, TestId.recordsItem).count()).toBeGreaterThan(1);
    await snapshot(phone, 'account-records-withdrawal-ar');
    await phone.context().close();
    // A phone and a console session, each signing in, with two reviews between them.
  }, 120_000);

  it('binds a bank card with the security password; the reviewer sees it without an image column and approves', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await phone.goto(`${baseUrl}/user/wallet/Bank`);
    await byId(phone, TestId.bankCardAdd).click();
    await byId(phone, TestId.bankCardBankName).fill('First Harbour Bank');
    await byId(phone, TestId.bankCardBankAccount).fill('Ada Lovelace, Main Street branch');
    await byId(phone, TestId.bankCardNumber).fill('4539 1488 0343 6467');
    await byId(phone, TestId.bankCardCardholder).fill('Ada Lovelace');
    await byId(phone, TestId.bankCardPhone).fill('+442071838750');
    await byId(phone, TestId.bankCardRoutingCode).fill('HBUK0001234');
    await byId(phone, TestId.bankCardSecurityPassword).fill(customer.securityPassword);
    await snapshot(phone, 'bank-card-form-en-US');
    await byId(phone, TestId.bankCardSubmit).click();
    const card = byId(phone, TestId.bankCardItem).first();
    await expect.poll(() => card.getAttribute('data-status')).toBe('pending');
    expect(await card.textContent()).toContain('**** 6467');

    const console = await openConsole(browser, baseUrl, reviewer, '/admin/identity');
    await byId(console, 'nav-bankCards').click();
    const rows = byId(console, ReviewTestId.queueTable).locator('tbody tr', { hasText: customer.email });
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().click();
    await console.waitForURL(/\/admin\/bank-cards\/\d+$/);
    await byId(console, ReviewTestId.approve).waitFor();
    await snapshot(console, 'admin-bank-card-detail-en-US');
    await approve(console);
    await console.context().close();

    await phone.reload();
    await expect.poll(() => card.getAttribute('data-status')).toBe('approved');
    await storeArabic(phone);
    await phone.reload();
    await expect.poll(() => card.getAttribute('data-status')).toBe('approved');
    await snapshot(phone, 'bank-cards-ar');
    await phone.context().close();
  });

  it('checks a transfer amount against the available funds as it is typed', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await phone.goto(`${baseUrl}/user/wallet/transfer`);
    await byId(phone, TestId.transferAvailable).waitFor();
    const alert = byId(phone, TestId.transferForm).getByRole('alert');
    await byId(phone, TestId.transferAmount).fill('1000');
    await expect.poll(() => alert.textContent()).toBe('More than you have available (450.5 USDT)');
    await snapshot(phone, 'transfer-above-available-en-US');
    await storeArabic(phone);
    await phone.reload();
    await byId(phone, TestId.transferAvailable).waitFor();
    await byId(phone, TestId.transferAmount).fill('1.1234567');
    await expect.poll(() => alert.count()).toBe(1);
    await snapshot(phone, 'transfer-too-many-decimals-ar');
    await byId(phone, TestId.transferAmount).fill('1000');
    await snapshot(phone, 'transfer-above-available-ar');
    await phone.context().close();
  });
});
