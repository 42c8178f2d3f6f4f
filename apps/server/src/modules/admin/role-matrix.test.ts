import { ADMIN_ROLES, type AdminRole } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, createAdmin, signInEnrolled } from './test-admins';

/**
 * Who may call each back-office operation. 'public' is open to anyone, 'any' to every signed-in admin;
 * otherwise the roles listed. A new /api/admin operation fails this suite until it has a row here.
 */
const ACCESS: Record<string, 'public' | 'any' | readonly AdminRole[]> = {
  adminLogin: 'public',
  adminLogout: 'any',
  getAdminMe: 'any',
  setupAdminTotp: 'any',
  enableAdminTotp: 'any',
  listAdmins: ['super_admin'],
  createAdmin: ['super_admin'],
  updateAdmin: ['super_admin'],
  resetAdminTotp: ['super_admin'],
  getAdminSettings: ['super_admin'],
  updateAdminSettings: ['super_admin'],
  searchAudit: ['super_admin'],
  searchUsers: ['super_admin', 'support'],
  getUserDetail: ['super_admin', 'support'],
  freezeUser: ['super_admin', 'support'],
  unfreezeUser: ['super_admin', 'support'],
  revokeUserSessions: ['super_admin', 'support'],
  setUserCreditScore: ['super_admin', 'support'],
  searchOutbox: ['super_admin', 'support'],
  createAnnouncement: ['super_admin', 'content'],
  getAdminUpload: ['super_admin', 'reviewer', 'support'],
  listIdentitySubmissions: ['super_admin', 'reviewer'],
  getIdentitySubmission: ['super_admin', 'reviewer'],
  approveIdentity: ['super_admin', 'reviewer'],
  rejectIdentity: ['super_admin', 'reviewer'],
  listBankCardSubmissions: ['super_admin', 'reviewer'],
  getBankCardSubmission: ['super_admin', 'reviewer'],
  approveBankCard: ['super_admin', 'reviewer'],
  rejectBankCard: ['super_admin', 'reviewer'],
  listCryptoWalletSubmissions: ['super_admin', 'reviewer'],
  getCryptoWalletSubmission: ['super_admin', 'reviewer'],
  approveCryptoWallet: ['super_admin', 'reviewer'],
  rejectCryptoWallet: ['super_admin', 'reviewer'],
  listDepositReviews: ['super_admin', 'reviewer'],
  getDepositReview: ['super_admin', 'reviewer'],
  correctDepositAmount: ['super_admin', 'reviewer'],
  approveDeposit: ['super_admin', 'reviewer'],
  rejectDeposit: ['super_admin', 'reviewer'],
  listWithdrawalReviews: ['super_admin', 'reviewer'],
  getWithdrawalReview: ['super_admin', 'reviewer'],
  approveWithdrawal: ['super_admin', 'reviewer'],
  rejectWithdrawal: ['super_admin', 'reviewer'],
  listAssetNetworks: ['super_admin'],
  createNetwork: ['super_admin'],
  updateNetwork: ['super_admin'],
  setBankAccount: ['super_admin'],
  listAdminMarkets: ['super_admin'],
  updateMarket: ['super_admin'],
  listAdminFuturesMarkets: ['super_admin'],
  updateFuturesMarket: ['super_admin'],
  listAdminOptionProducts: ['super_admin'],
  createOptionProduct: ['super_admin'],
  updateOptionProduct: ['super_admin'],
  getOptionExposure: ['super_admin', 'reviewer', 'support'],
  getAdminMembership: ['super_admin', 'reviewer', 'support'],
  updateMembership: ['super_admin'],
  listAdminMissions: ['super_admin', 'reviewer', 'support', 'content'],
  createMission: ['super_admin'],
  updateMission: ['super_admin'],
  getAdminReferral: ['super_admin', 'reviewer', 'support'],
  updateReferralSettings: ['super_admin'],
  listAdminEarnProducts: ['super_admin', 'reviewer', 'support'],
  createEarnProduct: ['super_admin'],
  updateEarnProduct: ['super_admin'],
  listAdminEarnOrders: ['super_admin', 'reviewer', 'support'],
  listEarnAccrualRuns: ['super_admin', 'reviewer', 'support'],
  getSwapDesk: ['super_admin', 'reviewer', 'support'],
  updateSwapSettings: ['super_admin'],
  updateSwapCoin: ['super_admin'],
  updateSwapPair: ['super_admin'],
  listAdminSwapOrders: ['super_admin', 'reviewer', 'support'],
  getAdminSwapOrder: ['super_admin', 'reviewer', 'support'],
  confirmSwapDeposit: ['super_admin', 'reviewer'],
  reviewSwapOrder: ['super_admin', 'reviewer'],
  approveSwapPayout: ['super_admin', 'reviewer'],
  sendSwapPayout: ['super_admin', 'reviewer'],
  sendSwapRefund: ['super_admin', 'reviewer'],
  checkLedger: ['super_admin', 'reviewer'],
  getUserBalances: ['super_admin', 'support', 'reviewer'],
  // The role that may adjust is a setting; support by default.
  adjustUserBalance: ['super_admin', 'support'],
  listAdjustmentProposals: ['super_admin', 'reviewer', 'support'],
  approveAdjustment: ['super_admin', 'reviewer'],
  rejectAdjustment: ['super_admin', 'reviewer'],
  listAnnouncements: ['super_admin', 'content'],
  listAdminBanners: ['super_admin', 'content'],
  uploadBannerImage: ['super_admin', 'content'],
  createBanner: ['super_admin', 'content'],
  updateBanner: ['super_admin', 'content'],
  deleteBanner: ['super_admin', 'content'],
  reorderBanners: ['super_admin', 'content'],
  getAdminMenu: ['super_admin', 'content'],
  saveAdminMenu: ['super_admin', 'content'],
  listContentCategories: ['super_admin', 'content'],
  createContentCategory: ['super_admin', 'content'],
  updateContentCategory: ['super_admin', 'content'],
  listContentArticles: ['super_admin', 'content'],
  getContentArticle: ['super_admin', 'content'],
  createContentArticle: ['super_admin', 'content'],
  updateContentArticle: ['super_admin', 'content'],
  deleteContentArticle: ['super_admin', 'content'],
  saveArticleTranslation: ['super_admin', 'content'],
  deleteArticleTranslation: ['super_admin', 'content'],
  // Customer service chat (decision 0052): agents answer customers and may call nothing else.
  listInbox: ['super_admin', 'support', 'agent'],
  getInboxConversation: ['super_admin', 'support', 'agent'],
  listInboxMessages: ['super_admin', 'support', 'agent'],
  replyToConversation: ['super_admin', 'support', 'agent'],
  markInboxMessages: ['super_admin', 'support', 'agent'],
  listSupportAgents: ['super_admin', 'support', 'agent'],
  assignConversation: ['super_admin', 'support', 'agent'],
  closeConversation: ['super_admin', 'support', 'agent'],
  listConversationNotes: ['super_admin', 'support', 'agent'],
  addConversationNote: ['super_admin', 'support', 'agent'],
  getAdminSupportImage: ['super_admin', 'support', 'agent'],
  listCannedReplies: ['super_admin', 'support', 'agent'],
  createCannedReply: ['super_admin', 'support', 'agent'],
  updateCannedReply: ['super_admin', 'support', 'agent'],
  deleteCannedReply: ['super_admin', 'support', 'agent'],
  getDemoSummary: ['super_admin', 'reviewer', 'support', 'content'],
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Operation = { operationId: string; method: Method; url: string };
type Caller = AdminRole | 'user token' | 'no token';

const CALLERS: readonly Caller[] = [...ADMIN_ROLES, 'user token', 'no token'];

let sut: TestApp;
let operations: Operation[];
let userToken: string;

beforeAll(async () => {
  sut = await createTestApp();
  for (const role of ADMIN_ROLES) await createAdmin(sut, role);
  userToken = (await registerAccount(sut, 'matrix@example.com')).token;
  operations = await adminOperations(sut);
});
afterAll(async () => {
  await sut?.close();
});

/** Every /api/admin operation of the OpenAPI document, with its path parameters filled in. */
async function adminOperations(app: TestApp): Promise<Operation[]> {
  const document = (await app.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        operationId: operation.operationId ?? `${method} ${path}`,
        method: method.toUpperCase() as Method,
        url: path.replace(/\{[^}]+\}/g, '999999'),
      })),
    );
}

function expectedOutcome(operationId: string, caller: Caller): 'allowed' | 401 | 403 {
  const access = ACCESS[operationId];
  if (access === 'public') return 'allowed';
  if (caller === 'user token' || caller === 'no token') return 401;
  if (access === 'any' || caller === 'super_admin' || access?.includes(caller)) return 'allowed';
  return 403;
}

const tokens = new Map<Caller, string>();

/**
 * A signed-in session per caller, signed in again only when an operation (such as logout) ended it: a sign-in
 * costs a password hash, and the matrix grows with every admin endpoint.
 */
async function tokenOf(caller: Caller) {
  if (caller === 'no token') return undefined;
  if (caller === 'user token') return userToken;
  const held = tokens.get(caller);
  if (held && (await adminApi(sut, 'GET', '/api/admin/me', { token: held })).status === 200) return held;
  const { token } = await signInEnrolled(sut, `${caller}@kestrel.test`);
  tokens.set(caller, token);
  return token;
}

describe('the back-office role matrix', () => {
  it('has a row for every /api/admin operation and no row for an operation that is gone', () => {
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(ACCESS).sort());
  });

  it('answers every operation for every caller as the access table says', async () => {
    const mismatches: string[] = [];
    for (const operation of operations) {
      for (const caller of CALLERS) {
        // No body: an allowed caller gets a validation error, which still shows the door was open.
        const answer = await adminApi(sut, operation.method, operation.url, { token: await tokenOf(caller) });
        const expected = expectedOutcome(operation.operationId, caller);
        const allowed = answer.status !== 401 && answer.status !== 403;
        if (expected === 'allowed' ? !allowed : answer.status !== expected) {
          mismatches.push(
            `${operation.operationId} as ${caller}: expected ${expected}, got ${answer.status}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
