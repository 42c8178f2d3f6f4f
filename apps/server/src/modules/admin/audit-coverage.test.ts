import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { uploadBannerImage } from '../banners/test-banners';
import { TEST_ADDRESSES, TEST_BANK_ACCOUNT, userWithPendingDeposit } from '../deposits/test-deposits';
import { userWithPendingSubmission } from '../identity/test-identity';
import { userWithPendingBankCard, userWithPendingWallet } from '../payout-accounts/test-payout-accounts';
import { indexFresh, manualDesk, swapOrderAt } from '../swap/test-swap';
import { TEST_TRANSACTION_HASH, userWithPendingWithdrawal } from '../withdrawals/test-withdrawals';
import { ADMIN_PASSWORD, adminApi, authenticatorCode, createAdmin, signInEnrolled } from './test-admins';

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Operation = { operationId: string; method: Method; path: string };

/** A valid body for an operation, made with the caller's fresh token; path ids name the objects below. */
type Example = (context: { token: string; run: number }) => Promise<unknown>;

/**
 * A valid request for every changing back-office operation. Left out: setupAdminTotp, which draws a pending
 * secret that changes nothing until enableAdminTotp, which is audited; uploadBannerImage, which takes a
 * multipart body this JSON loop cannot send (banners.test.ts checks its audit entry); and an agent's answers
 * and read marks in a conversation, which are the conversation itself rather than a change to the platform
 * (decision 0052; assignment, closing, notes and canned replies are audited).
 */
const NOT_AUDITED = new Set([
  'setupAdminTotp',
  'uploadBannerImage',
  'replyToConversation',
  'markInboxMessages',
]);

/** An option product's settings, for the operations that add or change one. */
const OPTION_SETTINGS = {
  periods: [{ seconds: 60, payoutRate: '0.8', minStake: '10', maxStake: '1000', buyCutoffSeconds: 10 }],
  maxOpenOrders: 10,
  maxDailyLoss: '10000',
  open: true,
};

/** An earn product's settings, for the operations that add or change one. */
const EARN_SETTINGS = {
  asset: 'USDT',
  termDays: 14,
  annualRate: '0.05',
  minAmount: '10',
  maxPerUser: '10000',
  quota: '1000000',
  saleStartsAt: '2026-01-01T00:00:00.000Z',
  saleEndsAt: null,
  earlyRedemption: { allowed: true, penaltyRate: '0.01' },
  visible: true,
};

const EXAMPLES: Record<string, Example> = {
  adminLogin: async () => credentials(),
  adminLogout: async () => undefined,
  enableAdminTotp: async ({ token }) => {
    const setup = await adminApi(sut, 'POST', '/api/admin/totp/setup', { token });
    totpSecret = setup.body.data.secret;
    return { code: authenticatorCode(setup.body.data.secret) };
  },
  createAdmin: async ({ run }) => ({
    email: `created${run}@kestrel.test`,
    name: 'Created',
    role: 'content',
    password: ADMIN_PASSWORD,
  }),
  updateAdmin: async () => ({ role: 'reviewer', reason: 'Joins the review team' }),
  resetAdminTotp: async () => ({ reason: 'Lost their phone' }),
  updateAdminSettings: async () => ({ requireTotp: false, reason: 'Confirming the policy' }),
  freezeUser: async () => ({ reason: 'Suspicious activity reported' }),
  unfreezeUser: async () => ({ reason: 'Checked with the user' }),
  revokeUserSessions: async () => ({ reason: 'Lost phone' }),
  setUserCreditScore: async () => ({ score: 120, reason: 'Good standing' }),
  createAnnouncement: async () => ({
    audience: { to: 'everyone' },
    texts: { 'en-US': { title: 'Maintenance', body: 'Trading pauses on Sunday at 02:00 UTC.' } },
  }),
  approveIdentity: async () => ({ note: 'Matches the document' }),
  rejectIdentity: async () => ({ reason: 'The photo is blurred' }),
  correctDepositAmount: async () => ({ amount: '99.5', reason: 'The credential shows 99.5' }),
  approveDeposit: async () => ({ note: 'Seen on chain' }),
  rejectDeposit: async () => ({ reason: 'No such transfer on chain' }),
  approveWithdrawal: async () => ({ payoutReference: TEST_TRANSACTION_HASH }),
  rejectWithdrawal: async () => ({ reason: 'The destination address is flagged' }),
  approveAdjustment: async () => ({ note: 'Matches ticket 42' }),
  rejectAdjustment: async () => ({ reason: 'No ticket for this credit' }),
  createNetwork: async () => ({
    asset: 'USDT',
    chain: 'solana',
    depositAddress: null,
    minDeposit: '10',
    withdrawalFee: '1',
    withdrawalMin: '10',
    withdrawalMax: '10000',
    depositEnabled: true,
    withdrawalEnabled: true,
    displayOrder: 30,
    reason: 'USDT on Solana',
  }),
  updateNetwork: async () => ({ depositAddress: TEST_ADDRESSES.tron, reason: 'Hot wallet ready' }),
  setBankAccount: async () => ({ ...TEST_BANK_ACCOUNT, reason: 'Bank account opened' }),
  updateMarket: async () => ({ takerFee: '0.0012', reason: 'Fee schedule review' }),
  updateFuturesMarket: async () => ({ takerFee: '0.0006', reason: 'Fee schedule review' }),
  createOptionProduct: async () => ({ ...OPTION_SETTINGS, symbol: 'LTCUSDT', reason: 'Options on LTC' }),
  updateOptionProduct: async () => ({ ...OPTION_SETTINGS, reason: 'Shorter periods only' }),
  createEarnProduct: async () => ({ ...EARN_SETTINGS, reason: 'Two weeks at 5 %' }),
  updateEarnProduct: async () => ({ ...EARN_SETTINGS, annualRate: '0.045', reason: 'Rates fell' }),
  approveBankCard: async () => ({ note: 'Holder matches the verified identity' }),
  rejectBankCard: async () => ({ reason: 'The cardholder differs from the verified name' }),
  approveCryptoWallet: async () => ({}),
  rejectCryptoWallet: async () => ({ reason: 'The screenshot shows another address' }),
  createBanner: async ({ token }) => ({
    uploadId: await uploadBannerImage(sut, token),
    titles: { 'en-US': 'Trade on the go' },
    link: '/trade/detail?symbol=BTCUSDT',
  }),
  updateBanner: async () => ({ active: false }),
  deleteBanner: async () => undefined,
  reorderBanners: async ({ token }) => ({
    ids: (await adminApi(sut, 'GET', '/api/admin/banners', { token })).body.data.items
      .map((item: { id: number }) => item.id)
      .reverse(),
  }),
  saveAdminMenu: async ({ run }) => ({
    entries: [
      {
        route: `/promo/audited-${run}`,
        titles: { 'en-US': 'Spring promotion' },
        placement: 'mine',
        data: { template: 'externalLink', url: 'https://example.com/spring' },
        visible: true,
        children: [],
      },
    ],
  }),
  createContentCategory: async ({ run }) => ({
    slug: `audited-${run}`,
    names: { 'en-US': 'Audited' },
    position: 5,
  }),
  updateContentCategory: async ({ run }) => ({
    slug: `audited-changed-${run}`,
    names: { 'en-US': 'Audited', de: 'Geprüft' },
    position: 6,
  }),
  createContentArticle: async ({ run }) => ({
    slug: `audited-${run}`,
    kind: 'news',
    categoryId: null,
    position: 1,
  }),
  updateContentArticle: async ({ run }) => ({
    slug: `audited-changed-${run}`,
    kind: 'news',
    categoryId: null,
    position: 2,
  }),
  deleteContentArticle: async () => undefined,
  saveArticleTranslation: async () => ({ title: 'Neuigkeit', body: 'Der **Text**.', status: 'published' }),
  deleteArticleTranslation: async () => undefined,
  updateSwapSettings: async () => ({
    fixedRateSeconds: 900,
    floatingWaitSeconds: 7200,
    watcherMode: 'manual',
    approvalThreshold: '10000',
    reason: 'Confirming the desk settings',
  }),
  updateSwapCoin: async () => ({ enabled: true, networkFee: '1', reason: 'Fee review' }),
  updateMembership: async () => ({
    levels: [
      { minVolume: '0', minHoldings: '0', makerDiscount: '0', takerDiscount: '0' },
      { minVolume: '100000', minHoldings: '10000', makerDiscount: '0.1', takerDiscount: '0.05' },
    ],
    graceDays: 7,
    reason: 'Two levels for the launch',
  }),
  // A pair's minimum is valued at the index, which the clock this test moves on makes stale until the next tick.
  updateSwapPair: async () => {
    await indexFresh(sut);
    return { enabled: true, spread: '0.004', min: '100', max: '50000', reason: 'Spread review' };
  },
  confirmSwapDeposit: async () => ({
    amount: '1000',
    txHash: TEST_TRANSACTION_HASH,
    reason: 'Seen on chain',
  }),
  reviewSwapOrder: async () => ({ decision: 'refund', reason: 'The customer asked for it back' }),
  approveSwapPayout: async () => ({ reason: 'Checked the payout' }),
  sendSwapPayout: async () => ({ txHash: TEST_TRANSACTION_HASH, reason: 'Sent from the hot wallet' }),
  sendSwapRefund: async () => ({ txHash: TEST_TRANSACTION_HASH, reason: 'Sent back' }),
  adjustUserBalance: async () => ({
    direction: 'add',
    account: 'spot',
    asset: 'USDT',
    amount: '5',
    reason: 'Compensation for a delayed deposit',
  }),
  createMission: async () => ({ ...MISSION_SETTINGS, reason: 'A task for the launch week' }),
  updateMission: async () => ({ ...MISSION_SETTINGS, rewardAmount: '6', reason: 'Reward raised' }),
  updateReferralSettings: async () => ({
    commissionRate: '0.2',
    batchMinutes: 5,
    reason: 'Confirming the rate',
  }),
  assignConversation: async () => ({ agentId: null }),
  closeConversation: async () => undefined,
  addConversationNote: async () => ({ text: 'Asked about a late deposit' }),
  createCannedReply: async ({ run }) => ({
    shortcut: `reply-${run}`,
    texts: { 'en-US': 'Thanks for waiting.' },
  }),
  updateCannedReply: async ({ run }) => ({
    shortcut: `changed-${run}`,
    texts: { 'en-US': 'Thanks for waiting.', fr: 'Merci de votre patience.' },
  }),
  deleteCannedReply: async () => undefined,
};

const MISSION_SETTINGS = {
  event: 'identityVerified',
  threshold: '1',
  rewardAsset: 'USDT',
  rewardAmount: '5',
  repeat: 'once',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  claimHours: 720,
  visible: true,
};

/** Operations on objects other than the user and the admin made below: each run gets a fresh object. */
const TARGETS: Record<string, () => Promise<number | string>> = {
  approveIdentity: async () => (await userWithPendingSubmission(sut)).submissionId,
  rejectIdentity: async () => (await userWithPendingSubmission(sut)).submissionId,
  correctDepositAmount: async () => (await userWithPendingDeposit(sut)).depositId,
  approveDeposit: async () => (await userWithPendingDeposit(sut)).depositId,
  rejectDeposit: async () => (await userWithPendingDeposit(sut)).depositId,
  approveWithdrawal: async () => (await userWithPendingWithdrawal(sut)).withdrawalId,
  rejectWithdrawal: async () => (await userWithPendingWithdrawal(sut)).withdrawalId,
  approveAdjustment: async () => proposedAdjustment(),
  rejectAdjustment: async () => proposedAdjustment(),
  // Network 1 is the seeded USDT on TRC20.
  updateNetwork: async () => 1,
  approveBankCard: async () => (await userWithPendingBankCard(sut)).bankCardId,
  rejectBankCard: async () => (await userWithPendingBankCard(sut)).bankCardId,
  approveCryptoWallet: async () => (await userWithPendingWallet(sut)).walletId,
  rejectCryptoWallet: async () => (await userWithPendingWallet(sut)).walletId,
  updateBanner: async () => (await bannerToChange()).id,
  updateContentCategory: async () =>
    (await contentToChange('categories', { names: { 'en-US': 'To change' } })).id,
  updateContentArticle: async () =>
    (await contentToChange('articles', { kind: 'news', categoryId: null })).id,
  deleteContentArticle: async () =>
    (await contentToChange('articles', { kind: 'news', categoryId: null })).id,
  saveArticleTranslation: async () =>
    (await contentToChange('articles', { kind: 'news', categoryId: null })).id,
  deleteArticleTranslation: async () => {
    const { id } = await contentToChange('articles', { kind: 'news', categoryId: null });
    await adminApi(sut, 'PUT', `/api/admin/content/articles/${id}/translations/de`, {
      token: superToken,
      body: { title: 'Zu löschen', body: 'Bald weg.', status: 'draft' },
    });
    return id;
  },
  deleteBanner: async () => (await bannerToChange()).id,
  // Option product 1 is the seeded BTCUSDT.
  updateOptionProduct: async () => 1,
  // Task 1 is the seeded identity task.
  updateMission: async () => 1,
  // Earn product 1 is the seeded USDT flexible product.
  updateEarnProduct: async () => 1,
  // Swap orders are made before the clock moves on: a quote needs the index fresh.
  confirmSwapDeposit: async () => swapOrders.waiting,
  reviewSwapOrder: async () => swapOrders.review,
  approveSwapPayout: async () => swapOrders.approval,
  sendSwapPayout: async () => swapOrders.sending,
  sendSwapRefund: async () => swapOrders.refunding,
  assignConversation: async () => supportConversation(),
  closeConversation: async () => supportConversation(),
  addConversationNote: async () => supportConversation(),
  updateCannedReply: async () => cannedReplyToChange(),
  deleteCannedReply: async () => cannedReplyToChange(),
};

let conversations = 0;

/** A customer's conversation with a message in it, for the agents' operations. */
async function supportConversation(): Promise<string> {
  conversations += 1;
  const visitor = (await sut.app.inject({ method: 'POST', url: '/api/support/visitors' })).json().data
    .visitorToken as string;
  const headers = { 'x-support-visitor': visitor };
  await sut.app.inject({
    method: 'POST',
    url: '/api/support/visitor/conversation/messages',
    headers,
    payload: { kind: 'text', text: 'Hello', clientId: `audit-${conversations}-message` },
  });
  const conversation = await sut.app.inject({
    method: 'GET',
    url: '/api/support/visitor/conversation',
    headers,
  });
  return conversation.json().data.id;
}

/** A canned reply made by the super admin, for the operations that change one. */
async function cannedReplyToChange(): Promise<string> {
  conversations += 1;
  const answer = await adminApi(sut, 'POST', '/api/admin/support/canned-replies', {
    token: superToken,
    body: { shortcut: `to-change-${conversations}`, texts: { 'en-US': 'To change' } },
  });
  return answer.body.data.id;
}

const SWAP_STAGES = ['waiting', 'review', 'approval', 'sending', 'refunding'] as const;
const swapOrders = {} as Record<(typeof SWAP_STAGES)[number], string>;

let sut: TestApp;
let superToken: string;
/** Set once enableAdminTotp has run: from then on the super admin signs in with a code. */
let totpSecret: string | undefined;

function credentials() {
  return {
    email: 'super_admin@kestrel.test',
    password: ADMIN_PASSWORD,
    ...(totpSecret ? { totp: authenticatorCode(totpSecret) } : {}),
  };
}

let proposals = 0;

/** An adjustment above the approval amount, proposed by a support operator for the super admin to decide. */
async function proposedAdjustment(): Promise<number> {
  await createAdmin(sut, 'support', 'proposer@kestrel.test');
  const { token } = await signInEnrolled(sut, 'proposer@kestrel.test');
  proposals += 1;
  const answer = await adminApi(sut, 'POST', `/api/admin/users/${userId}/adjustments`, {
    token,
    idempotencyKey: `audit-proposal-${proposals}`,
    body: { direction: 'add', account: 'spot', asset: 'USDT', amount: '5000', reason: 'Ticket 42' },
  });
  return answer.body.data.proposalId;
}

/** A new banner made by the super admin, for the banner operations to change. */
async function bannerToChange(): Promise<{ id: number }> {
  const uploadId = await uploadBannerImage(sut, superToken);
  const answer = await adminApi(sut, 'POST', '/api/admin/banners', {
    token: superToken,
    body: { uploadId, titles: { 'en-US': 'To change' } },
  });
  return answer.body.data;
}

let contentMade = 0;

/** A new help-centre category or article made by the super admin, for the content operations to change. */
async function contentToChange(kind: 'categories' | 'articles', body: object): Promise<{ id: string }> {
  contentMade += 1;
  const answer = await adminApi(sut, 'POST', `/api/admin/content/${kind}`, {
    token: superToken,
    body: { slug: `to-change-${contentMade}`, position: 1, ...body },
  });
  return answer.body.data;
}

let acting: string | undefined;
/**
 * The acting super admin's token, signed in again only once an operation ended its session. Each TOTP code signs
 * in once, so every sign-in after enrolment happens one period later on the fake clock; a PostgreSQL server's
 * now() does not follow that clock, so the fewer sign-ins the nearer the clocks stay (sessions idle after 30
 * minutes by the server's clock, compared with the fake one).
 */
async function freshToken() {
  if (acting && (await adminApi(sut, 'GET', '/api/admin/me', { token: acting })).status === 200)
    return acting;
  if (totpSecret) vi.setSystemTime(Date.now() + 30_000);
  const answer = await adminApi(sut, 'POST', '/api/admin/auth/login', { body: credentials() });
  acting = answer.body.data.token as string;
  return acting;
}
let userId: number;
let adminId: number;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  sut = await createTestApp();
  await createAdmin(sut, 'super_admin');
  // The acting super admin enrols through enableAdminTotp below; another one reads the audit log meanwhile.
  await createAdmin(sut, 'super_admin', 'auditor@kestrel.test');
  superToken = (await signInEnrolled(sut, 'auditor@kestrel.test')).token;
  userId = (await registerAccount(sut, 'audited@example.com')).user.id;
  adminId = (await createAdmin(sut, 'support', 'target@kestrel.test')).id;
  await manualDesk(sut);
  for (const stage of SWAP_STAGES) swapOrders[stage] = await swapOrderAt(sut, stage);
});
afterAll(async () => {
  await sut?.close();
  vi.useRealTimers();
});

async function changingOperations(): Promise<Operation[]> {
  const document = (await sut.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method !== 'get')
        .map(([method, operation]) => ({
          operationId: operation.operationId ?? `${method} ${path}`,
          method: method.toUpperCase() as Method,
          path,
        })),
    )
    .filter((operation) => !NOT_AUDITED.has(operation.operationId));
}

/** The newest audit entry for an action, if there is one. */
async function newestEntry(action: string): Promise<{ id: number; reason: string | null } | undefined> {
  const answer = await adminApi(sut, 'GET', `/api/admin/audit?action=${action}&pageSize=1`, {
    token: superToken,
  });
  return answer.body.data.items[0];
}

describe('the audit log', () => {
  it('gets an entry, under its operationId, for every changing back-office operation', async () => {
    const operations = await changingOperations();
    expect(operations.length).toBeGreaterThan(0);
    const problems: string[] = [];
    let run = 0;
    for (const operation of operations) {
      run += 1;
      const example = EXAMPLES[operation.operationId];
      if (!example) {
        problems.push(`${operation.operationId}: no example request; add one to EXAMPLES`);
        continue;
      }
      const token = await freshToken();
      const body = await example({ token, run });
      // Markets are named by symbol and bank accounts by asset, rather than id.
      const url = operation.path
        .replace('{symbol}', 'BTCUSDT')
        .replace('{asset}', 'USDT')
        .replace('{network}', 'tron')
        .replace('{fromAsset}', 'USDT')
        .replace('{fromNetwork}', 'tron')
        .replace('{toAsset}', 'ETH')
        .replace('{toNetwork}', 'ethereum')
        .replace('{locale}', 'de')
        .replace(
          '{id}',
          String(
            (await TARGETS[operation.operationId]?.()) ??
              (operation.path.startsWith('/api/admin/admins/') ? adminId : userId),
          ),
        );
      const before = await newestEntry(operation.operationId);

      const answer = await adminApi(sut, operation.method, url, { token, body });
      const after = await newestEntry(operation.operationId);

      if (answer.body.code !== 0) problems.push(`${operation.operationId}: failed with ${answer.body.msg}`);
      else if (!after || after.id === before?.id) problems.push(`${operation.operationId}: no audit entry`);
      else if (body && typeof body === 'object' && 'reason' in body && after.reason !== body.reason) {
        problems.push(`${operation.operationId}: the entry lacks the reason given`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
