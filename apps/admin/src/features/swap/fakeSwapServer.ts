import {
  type AdminRole,
  type AdminSummary,
  type AdminSwapCoin,
  type AdminSwapDesk,
  type AdminSwapOrder,
  type AdminSwapPair,
  type Endpoint,
  ERRORS,
  endpoints,
  LANGUAGE_HEADER,
  payStatusOf,
  type SwapDeskSettings,
  type SwapStatus,
} from '@kestrel/contract';
import type { Locale } from '@kestrel/i18n';
import { catalogues } from '@kestrel/i18n/all';
import { compareDecimals, decimalOf } from '@kestrel/money';
import { vi } from 'vitest';

type OperationId = keyof typeof endpoints;
/** A request as the fake took it, and whether it kept to its endpoint's schemas. */
export type FakeCall = {
  operationId: OperationId;
  params: unknown;
  query: unknown;
  body: unknown;
  violation: string | null;
};
type Refusal = keyof typeof ERRORS;

/** The clock of the fake: every change it makes happens at this time. */
export const NOW = '2026-11-27T10:00:00.000Z';

/** The operator the fake is signed in as; approvals compare with this name. */
export const OPERATOR = 'Ines Moreau';

/** An order as the desk would describe it: waiting for its deposit unless changed. */
export function swapOrder(id: string, changes: Partial<AdminSwapOrder> = {}): AdminSwapOrder {
  const status = changes.status ?? 'waiting';
  return {
    id,
    status,
    payStatus: payStatusOf(status),
    rateType: 'fixed',
    fromAsset: 'USDT',
    fromNetwork: 'tron',
    toAsset: 'BTC',
    toNetwork: 'bitcoin',
    sendAmount: '1000.000000',
    receiveAmount: '0.01040000',
    rate: '0.0000104',
    networkFee: '0.00005000',
    depositAddress: 'TXa1b2c3d4e5f6g7h8i9j0kLmNoPqRsTuV',
    depositMemo: null,
    receiveAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    receiveMemo: null,
    refundAddress: 'TRefundAddr9x8y7z6w5v4u3t2s1r0qPoN',
    expiresAt: '2026-11-27T09:30:00.000Z',
    createdAt: '2026-11-27T09:00:00.000Z',
    depositAmount: null,
    depositTxHash: null,
    payoutTxHash: null,
    refundAmount: null,
    refundTxHash: null,
    reviewReason: null,
    events: [{ status: 'waiting', at: '2026-11-27T09:00:00.000Z' }],
    simulated: false,
    userId: null,
    payoutRequestedBy: null,
    payoutApprovedBy: null,
    needsApproval: false,
    spreadAmount: null,
    ...changes,
  };
}

const pattern = (endpoint: Endpoint) => new RegExp(`^${endpoint.path.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`);

/** A dotted key of the full catalogue in one locale, as the server words its refusals. */
function wordsOf(key: string, locale: string): string {
  const catalogue = catalogues[(locale in catalogues ? locale : 'en-US') as Locale];
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return typeof node === 'string' ? node : key;
}

const PRIVATE_KEY_PREFIXES = /^[xyzt]prv/;

/** The first and last characters of an extended public key, as the desk sends it back. */
const masked = (key: string) => `${key.slice(0, 8)}…${key.slice(-6)}`;

type Handler = (request: {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: never;
}) => unknown;

/**
 * A fake admin API for the swap desk that keeps to the contract: each request is matched to its endpoint in the
 * contract's table, its params, query and body are parsed with the endpoint's schemas (a mismatch is recorded as a
 * violation and refused), and each answer is parsed with the endpoint's response schema before it is sent. Orders
 * move between statuses as the contract describes, and the desk's refusals come back in the caller's language.
 */
export function fakeSwapServer({
  role = 'super_admin',
  orders = [],
  desk,
}: {
  role?: AdminRole;
  orders?: AdminSwapOrder[];
  desk: AdminSwapDesk;
}) {
  const state = {
    orders: orders.map((order) => structuredClone(order)),
    desk: structuredClone(desk),
    /** The next call of this operation is refused with this error, in the caller's language. */
    refusals: new Map<OperationId, Refusal>(),
  };
  const calls: FakeCall[] = [];

  const envelope = (data: unknown, status = 200, code = 0, msg = 'ok') =>
    new Response(JSON.stringify({ code, msg, data }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });

  const orderOf = (id: string | undefined) => state.orders.find((order) => order.id === id);
  /** Moves an order on through these statuses, each recorded on its timeline. */
  const move = (order: AdminSwapOrder, ...statuses: SwapStatus[]) => {
    for (const status of statuses) order.events.push({ status, at: NOW });
    const last = statuses[statuses.length - 1] ?? order.status;
    order.status = last;
    order.payStatus = payStatusOf(last);
  };
  const exchange = (order: AdminSwapOrder) => {
    order.spreadAmount = '5.000000';
    order.reviewReason = null;
    move(order, 'exchanging', 'sending');
    if (order.needsApproval) order.payoutRequestedBy = OPERATOR;
  };
  const sameCoin = (coin: AdminSwapCoin, params: Record<string, string>) =>
    coin.asset === params.asset && coin.network === params.network;
  const samePair = (pair: AdminSwapPair, params: Record<string, string>) =>
    pair.fromAsset === params.fromAsset &&
    pair.fromNetwork === params.fromNetwork &&
    pair.toAsset === params.toAsset &&
    pair.toNetwork === params.toNetwork;

  const handlers: Partial<Record<OperationId, Handler>> = {
    getAdminMe: (): AdminSummary => ({
      id: 3,
      email: 'ines.moreau@kestrel.example',
      name: OPERATOR,
      role,
      totpEnabled: true,
      disabled: false,
      createdAt: '2026-01-05T08:00:00.000Z',
    }),
    getSwapDesk: () => state.desk,
    updateSwapSettings: ({ body }: { body: SwapDeskSettings & { reason: string } }) => {
      const { reason: _reason, ...settings } = body;
      state.desk.settings = settings;
      return settings;
    },
    updateSwapCoin: ({ params, body }) => {
      const coin = state.desk.coins.find((each) => sameCoin(each, params));
      if (!coin) return ERRORS.notFound;
      const change = body as {
        enabled: boolean;
        networkFee: string;
        extendedPublicKey?: string;
        depositAddress?: string;
      };
      if (change.extendedPublicKey && PRIVATE_KEY_PREFIXES.test(change.extendedPublicKey))
        return ERRORS.swapExtendedKeyPrivate;
      coin.enabled = change.enabled;
      coin.networkFee = change.networkFee;
      if (change.extendedPublicKey) coin.extendedPublicKey = masked(change.extendedPublicKey);
      if (change.depositAddress) coin.depositAddress = change.depositAddress;
      coin.updatedAt = NOW;
      return coin;
    },
    updateSwapPair: ({ params, body }) => {
      const pair = state.desk.pairs.find((each) => samePair(each, params));
      if (!pair) return ERRORS.swapPairUnknown;
      const { reason: _reason, ...change } = body as {
        enabled: boolean;
        spread: string;
        min: string;
        max: string;
        reason: string;
      };
      Object.assign(pair, change, { updatedAt: NOW });
      return pair;
    },
    listAdminSwapOrders: ({ query }) => {
      const { status, search, cursor, limit } = query as {
        status?: SwapStatus;
        search?: string;
        cursor?: string;
        limit: number;
      };
      const needle = search?.toLowerCase();
      const found = state.orders
        .filter((order) => !status || order.status === status)
        .filter(
          (order) =>
            !needle ||
            [
              order.id,
              order.depositAddress,
              order.receiveAddress,
              order.refundAddress,
              order.depositTxHash,
              order.payoutTxHash,
              order.refundTxHash,
            ].some((text) => text?.toLowerCase().includes(needle)),
        )
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const from = cursor ? Number(cursor.slice(1)) : 0;
      const items = found.slice(from, from + limit);
      return { items, next: from + limit < found.length ? `c${from + limit}` : null };
    },
    getAdminSwapOrder: ({ params }) => orderOf(params.id) ?? ERRORS.swapOrderUnknown,
    confirmSwapDeposit: ({ params, body }) => {
      const order = orderOf(params.id);
      if (!order) return ERRORS.swapOrderUnknown;
      if (order.status !== 'waiting' && order.status !== 'expired') return ERRORS.swapStateConflict;
      const { amount, txHash } = body as { amount: string; txHash: string };
      order.depositAmount = amount;
      order.depositTxHash = txHash;
      move(order, 'confirming');
      // The quote's amount, written either way ("1000" or "1000.000000"), is exchanged; anything else is reviewed.
      if (compareDecimals(decimalOf(amount), decimalOf(order.sendAmount)) === 0) exchange(order);
      else {
        order.reviewReason = 'amountOutsideQuote';
        move(order, 'review');
      }
      return order;
    },
    reviewSwapOrder: ({ params, body }) => {
      const order = orderOf(params.id);
      if (!order) return ERRORS.swapOrderUnknown;
      if (order.status !== 'review') return ERRORS.swapStateConflict;
      if ((body as { decision: string }).decision === 'exchange') exchange(order);
      else {
        order.refundAmount = order.depositAmount;
        move(order, 'refunding');
      }
      return order;
    },
    approveSwapPayout: ({ params }) => {
      const order = orderOf(params.id);
      if (!order) return ERRORS.swapOrderUnknown;
      if (order.status !== 'sending' || !order.needsApproval || order.payoutApprovedBy)
        return ERRORS.swapStateConflict;
      if (order.payoutRequestedBy === OPERATOR) return ERRORS.swapApprovalSameOperator;
      order.payoutApprovedBy = OPERATOR;
      return order;
    },
    sendSwapPayout: ({ params, body }) => {
      const order = orderOf(params.id);
      if (!order) return ERRORS.swapOrderUnknown;
      if (order.status !== 'sending') return ERRORS.swapStateConflict;
      if (order.needsApproval && !order.payoutApprovedBy) return ERRORS.swapApprovalRequired;
      order.payoutTxHash = (body as { txHash: string }).txHash;
      move(order, 'completed');
      return order;
    },
    sendSwapRefund: ({ params, body }) => {
      const order = orderOf(params.id);
      if (!order) return ERRORS.swapOrderUnknown;
      if (order.status !== 'refunding') return ERRORS.swapStateConflict;
      order.refundTxHash = (body as { txHash: string }).txHash;
      move(order, 'refunded');
      return order;
    },
  };

  const handle = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const language = (init?.headers as Record<string, string> | undefined)?.[LANGUAGE_HEADER] ?? 'en-US';
    const found = Object.values(endpoints)
      .filter((endpoint) => endpoint.method === method)
      .map((endpoint) => ({ endpoint: endpoint as Endpoint, match: pattern(endpoint).exec(url.pathname) }))
      .find(({ match }) => match);
    if (!found?.match)
      return envelope(null, 404, ERRORS.notFound.code, wordsOf(ERRORS.notFound.message, language));
    const { endpoint, match } = found;
    const operationId = endpoint.operationId as OperationId;
    const params = Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
    );
    const rawQuery = Object.fromEntries(url.searchParams);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: FakeCall = { operationId, params, query: rawQuery, body, violation: null };
    calls.push(call);

    let query: Record<string, unknown> = rawQuery;
    for (const [part, schema, value] of [
      ['params', endpoint.params, params],
      ['query', endpoint.query, rawQuery],
      ['body', endpoint.body, body],
    ] as const) {
      const parsed = schema?.safeParse(value);
      if (parsed && !parsed.success) {
        call.violation = `${part}: ${parsed.error.message}`;
        return envelope(
          null,
          400,
          ERRORS.parameterError.code,
          wordsOf(ERRORS.parameterError.message, language),
        );
      }
      if (part === 'query' && parsed) query = parsed.data as Record<string, unknown>;
    }
    const refusal = state.refusals.get(operationId);
    const handler = handlers[operationId];
    if (refusal || !handler) {
      state.refusals.delete(operationId);
      const error = ERRORS[refusal ?? 'notFound'];
      return envelope(null, error.status, error.code, wordsOf(error.message, language));
    }
    const data = handler({ params, query, body: body as never });
    if (data && typeof data === 'object' && 'code' in data && 'message' in data && 'status' in data) {
      const error = data as (typeof ERRORS)[Refusal];
      return envelope(null, error.status, error.code, wordsOf(error.message, language));
    }
    const { response } = endpoint;
    return envelope('parse' in response ? response.parse(structuredClone(data)) : data);
  };

  vi.spyOn(window, 'fetch').mockImplementation(handle);
  return {
    calls,
    state,
    /** The requests of one operation. */
    callsOf: (operationId: OperationId) => calls.filter((call) => call.operationId === operationId),
    /** Refuses the next call of an operation with one of the contract's errors. */
    refuseNext: (operationId: OperationId, error: Refusal) => state.refusals.set(operationId, error),
  };
}
