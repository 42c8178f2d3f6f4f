import { ADMIN_ROLES, type AdminRole, type Endpoint, ERRORS, endpoints, pathOf } from '@kestrel/contract';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminWithRole, unenrolledAdmin } from '../modules/admin/test-admins';
import { TEST_ADDRESSES } from '../modules/deposits/test-deposits';
import { TEST_TRANSACTION_HASH } from '../modules/withdrawals/test-withdrawals';

const TABLE: readonly Endpoint[] = Object.values(endpoints);
const UPLOAD_ID = '00000000-0000-4000-8000-000000000000';

/** Path parameters to try, by name; the first one an endpoint's schema accepts is used. */
const PARAMETER_VALUES: Record<string, readonly unknown[]> = {
  id: [1, '1', UPLOAD_ID, '0000000000000000'],
  symbol: ['BTCUSDT'],
  asset: ['USDT'],
  network: ['tron'],
  fromAsset: ['USDT'],
  fromNetwork: ['tron'],
  toAsset: ['ETH'],
  toNetwork: ['ethereum'],
  slug: ['introduction'],
  locale: ['de'],
};

/** A valid query for every endpoint whose query has a required field. */
const QUERIES: Record<string, Record<string, string>> = {
  searchContent: { q: 'deposit' },
};

/**
 * A valid body for every user endpoint that takes one (a user's token is checked once the input is valid) and
 * for every idempotent operator endpoint (whose key is checked once the input is valid).
 */
const BODIES: Record<string, unknown> = {
  submitDeposit: {
    asset: 'USDT',
    chain: 'tron',
    account: 'spot',
    amount: '100',
    credentialUploadId: UPLOAD_ID,
  },
  submitBankDeposit: { asset: 'USDT', account: 'spot', amount: '100', credentialUploadId: UPLOAD_ID },
  submitIdentity: {
    documentType: 'passport',
    realName: 'Ada Lovelace',
    documentNumber: 'AB123456',
    nation: 'GB',
    address: '12 St James Square, London',
    frontUploadId: UPLOAD_ID,
  },
  bindBankCard: {
    bankName: 'State Bank',
    cardNumber: '4111111111111111',
    cardholder: 'Ada Lovelace',
    phone: '+447700900123',
    securityPassword: '123456',
  },
  bindCryptoWallet: {
    chain: 'tron',
    address: TEST_ADDRESSES.tron,
    walletType: 'personal',
    screenshotUploadId: UPLOAD_ID,
    securityPassword: '123456',
  },
  updateProfile: { nickname: 'Ada' },
  changePassword: { oldPassword: 'secret123', password: 'secret456', confirmPassword: 'secret456' },
  setSecurityPassword: { loginPassword: 'secret123', password: '123456', confirmPassword: '123456' },
  placeSpotOrder: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100', size: '0.01' },
  cancelAllSpotOrders: {},
  transferFunds: { from: 'spot', to: 'futures', asset: 'USDT', amount: '1' },
  submitWithdrawal: {
    targetType: 'wallet',
    targetId: 1,
    asset: 'USDT',
    amount: '10',
    securityPassword: '123456',
  },
  adjustUserBalance: {
    direction: 'add',
    account: 'spot',
    asset: 'USDT',
    amount: '5',
    reason: 'Compensation for a delayed deposit',
  },
  approveAdjustment: { note: 'Matches ticket 42' },
  rejectAdjustment: { reason: 'No ticket for this credit' },
  correctDepositAmount: { amount: '99.5', reason: 'The credential shows 99.5' },
  approveDeposit: { note: 'Seen on chain' },
  rejectDeposit: { reason: 'No such transfer on chain' },
  updateFuturesSettings: { symbol: 'BTCUSDT', leverage: 10, marginMode: 'cross' },
  placeFuturesOrder: { symbol: 'BTCUSDT', action: 'openLong', type: 'limit', price: '100', size: '0.01' },
  closeFuturesPosition: { symbol: 'BTCUSDT', side: 'long' },
  setPositionTriggers: { symbol: 'BTCUSDT', side: 'long', takeProfit: null, stopLoss: null },
  changePositionMargin: { symbol: 'BTCUSDT', side: 'long', direction: 'add', amount: '10' },
  placeOptionOrder: { productId: '1', periodSeconds: 60, direction: 'up', amount: '10' },
  quoteEarnSubscription: { productId: '1', amount: '100' },
  subscribeEarn: { productId: '1', amount: '100' },
  redeemEarn: { expectedPayout: '100' },
  approveWithdrawal: { payoutReference: TEST_TRANSACTION_HASH },
  confirmSwapDeposit: { amount: '100', txHash: TEST_TRANSACTION_HASH, reason: 'Seen on chain' },
  reviewSwapOrder: { decision: 'refund', reason: 'Sent back at the customer request' },
  sendSwapPayout: { txHash: TEST_TRANSACTION_HASH, reason: 'Sent from the hot wallet' },
  sendSwapRefund: { txHash: TEST_TRANSACTION_HASH, reason: 'Sent back' },
  rejectWithdrawal: { reason: 'The destination address is flagged' },
  updateMembership: {
    levels: [{ minVolume: '0', minHoldings: '0', makerDiscount: '0', takerDiscount: '0' }],
    graceDays: 7,
    reason: 'Quarterly review of the levels',
  },
};

/** Not a key a client may send: a space is outside the printable characters keys are made of. */
const MALFORMED_KEY = 'not a key';

function parametersOf(endpoint: Endpoint): Record<string, unknown> {
  const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => name as string);
  const params: Record<string, unknown> = {};
  // Each parameter is tried beside the first value of the others, so that a path of several parameters parses.
  const firsts = Object.fromEntries(names.map((name) => [name, PARAMETER_VALUES[name]?.[0]]));
  for (const name of names) {
    params[name] = (PARAMETER_VALUES[name] ?? []).find(
      (value) => endpoint.params?.safeParse({ ...firsts, ...params, [name]: value }).success,
    );
  }
  return params;
}

function urlOf(endpoint: Endpoint): string {
  return pathOf(endpoint, parametersOf(endpoint));
}

async function call(endpoint: Endpoint, headers: Record<string, string> = {}) {
  const body = BODIES[endpoint.operationId];
  const response = await sut.app.inject({
    method: endpoint.method,
    url: urlOf(endpoint),
    headers,
    ...(body === undefined || endpoint.consumes ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: response.statusCode, code: (response.json() as { code?: number }).code };
}

const describeEndpoint = (endpoint: Endpoint) =>
  `${endpoint.operationId} (${endpoint.method} ${endpoint.path})`;

/** The routes the server answers, read from Fastify's route tree, as "METHOD /path". */
function registeredRoutes(tree: string): string[] {
  const segments: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = line.match(/^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/);
    if (!match) continue;
    segments.length = (match[1] as string).length / 4;
    segments.push(match[2] as string);
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${segments.join('')}`);
  }
  return routes;
}

/** A path as a router matches it: Fastify answers a prefix's `/` route with and without the slash. */
const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

let sut: TestApp;
let userToken: string;
const operatorTokens = new Map<AdminRole, string>();
let unenrolledToken: string;

beforeAll(async () => {
  sut = await createTestApp();
  userToken = (await registerAccount(sut, 'caller@example.com')).token;
  for (const role of ADMIN_ROLES) operatorTokens.set(role, (await adminWithRole(sut, role)).token);
  unenrolledToken = (await unenrolledAdmin(sut, 'super_admin', 'enrolling@kestrel.test')).token;
  // Every operator's password is hashed at sign-in: slow on purpose, and five of them here.
}, 180_000);
afterAll(async () => {
  await sut?.close();
});

describe('the endpoints table', () => {
  it('names each endpoint once, by the key it is filed under', () => {
    for (const [key, endpoint] of Object.entries(endpoints)) expect(endpoint.operationId).toBe(key);
    const routes = TABLE.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('makes every endpoint that moves money a POST that accepts an Idempotency-Key', () => {
    const moving = TABLE.filter((endpoint) => endpoint.movesMoney);
    expect(moving.length).toBeGreaterThan(0);
    for (const endpoint of moving) {
      expect({
        endpoint: describeEndpoint(endpoint),
        method: endpoint.method,
        idempotent: endpoint.idempotent,
      }).toEqual({ endpoint: describeEndpoint(endpoint), method: 'POST', idempotent: true });
    }
  });

  it('has a valid example input for every endpoint whose caller is checked after validation', () => {
    const problems: string[] = [];
    for (const endpoint of TABLE) {
      const needsBody = endpoint.body && (endpoint.auth.kind === 'user' || endpoint.idempotent);
      if (needsBody && !endpoint.body?.safeParse(BODIES[endpoint.operationId]).success) {
        problems.push(`${describeEndpoint(endpoint)}: no valid body in BODIES`);
      }
      if (endpoint.query && !endpoint.query.safeParse(QUERIES[endpoint.operationId] ?? {}).success)
        problems.push(`${describeEndpoint(endpoint)}: query`);
      if (endpoint.params && !endpoint.params.safeParse(parametersOf(endpoint)).success) {
        problems.push(`${describeEndpoint(endpoint)}: no valid path parameters in PARAMETER_VALUES`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the server', () => {
  it('registers every endpoint of the table', () => {
    const missing = TABLE.filter(
      (endpoint) => !sut.app.hasRoute({ method: endpoint.method, url: endpoint.path }),
    );
    expect(missing.map(describeEndpoint)).toEqual([]);
  });

  it('registers no API route that the table lacks', () => {
    const declared = new Set(
      TABLE.map((endpoint) => `${endpoint.method} ${withoutTrailingSlash(endpoint.path)}`),
    );
    const api = registeredRoutes(sut.app.printRoutes({ commonPrefix: false }))
      .filter((route) => !route.startsWith('HEAD '))
      .filter((route) => / \/api\//.test(route))
      // The reference pages and the document they show are not endpoints of the API.
      .filter((route) => !/ \/api\/(docs|openapi\.json)/.test(route))
      .map((route) => route.replace(/ (.*)$/, (_, path: string) => ` ${withoutTrailingSlash(path)}`));
    expect(new Set(api).size).toBe(declared.size);
    expect(api.filter((route) => !declared.has(route))).toEqual([]);
  });

  it('documents every endpoint in /api/openapi.json under its operationId, and nothing else', async () => {
    const document = (
      await sut.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json() as OpenAPIV3.Document;
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item ?? {}).map(
        ([method, operation]) =>
          `${method.toUpperCase()} ${path} ${(operation as OpenAPIV3.OperationObject).operationId}`,
      ),
    );
    const declared = TABLE.map(
      (endpoint) =>
        `${endpoint.method} ${endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}')} ${endpoint.operationId}`,
    );
    expect(documented.sort()).toEqual(declared.sort());
  });

  it('answers a call without a token with 401 on every user and operator endpoint', async () => {
    const problems: string[] = [];
    for (const endpoint of TABLE) {
      const { status } = await call(endpoint);
      const expected = endpoint.auth.kind !== 'public';
      if (expected !== (status === 401)) problems.push(`${describeEndpoint(endpoint)}: ${status}`);
    }
    expect(problems).toEqual([]);
  });

  it('answers a user token with 401 on every operator endpoint', async () => {
    const problems: string[] = [];
    for (const endpoint of TABLE.filter((candidate) => candidate.auth.kind === 'operator')) {
      const { status } = await call(endpoint, { authorization: userToken });
      if (status !== 401) problems.push(`${describeEndpoint(endpoint)}: ${status}`);
    }
    expect(problems).toEqual([]);
  });

  it('refuses, with 403, an operator whose role the endpoint does not name, and lets a named one read', async () => {
    const problems: string[] = [];
    for (const endpoint of TABLE) {
      const { auth } = endpoint;
      if (auth.kind !== 'operator') continue;
      for (const role of ADMIN_ROLES) {
        const allowed = role === 'super_admin' || auth.roles.length === 0 || auth.roles.includes(role);
        // A change by an allowed role would change what the other checks see; reading shows the role is let in.
        if (allowed && endpoint.method !== 'GET') continue;
        const { status } = await call(endpoint, { authorization: operatorTokens.get(role) as string });
        if (allowed ? status === 401 || status === 403 : status !== 403) {
          problems.push(`${describeEndpoint(endpoint)} as ${role}: ${status}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps an operator who has not enrolled an authenticator out of all but the enrolment endpoints', async () => {
    const problems: string[] = [];
    for (const endpoint of TABLE) {
      const { auth } = endpoint;
      if (auth.kind !== 'operator' || endpoint.operationId === 'adminLogout') continue;
      const { code } = await call(endpoint, { authorization: unenrolledToken });
      const refused = code === ERRORS.totpEnrolmentRequired.code;
      if (refused === (auth.duringTotpEnrolment === true))
        problems.push(`${describeEndpoint(endpoint)}: ${code}`);
    }
    expect(problems).toEqual([]);
  });

  it('reads the Idempotency-Key of every idempotent endpoint before acting', async () => {
    const idempotent = TABLE.filter((endpoint) => endpoint.idempotent);
    expect(idempotent.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const endpoint of idempotent) {
      const token = endpoint.auth.kind === 'user' ? userToken : (operatorTokens.get('super_admin') as string);
      const answer = await call(endpoint, { authorization: token, 'idempotency-key': MALFORMED_KEY });
      if (answer.code !== ERRORS.parameterError.code)
        problems.push(`${describeEndpoint(endpoint)}: ${answer.code}`);
    }
    expect(problems).toEqual([]);
  });
});
