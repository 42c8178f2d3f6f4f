import {
  endpoints,
  type SwapOrderView,
  type SwapPair,
  type SwapQuote,
  type SwapQuoteBody,
} from '@kestrel/contract';
import {
  addDecimals,
  compareDecimals,
  decimalOf,
  divideDecimals,
  formatShortest,
  multiplyDecimals,
  subtractDecimals,
} from '@kestrel/money';

/*
 * A fake swap desk for the swap screens' tests: it answers the contract's public swap endpoints from the state a
 * test sets, and records what it was sent. The app's client checks every answer against the contract's schemas.
 */

export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const BITCOIN_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
export const SOLANA_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

export const btcToUsdt: SwapPair = {
  fromAsset: 'BTC',
  fromNetwork: 'bitcoin',
  toAsset: 'USDT',
  toNetwork: 'tron',
  min: '0.001',
  max: '10',
  rate: '60000',
  networkFee: '1',
};
export const usdtToBtc: SwapPair = {
  fromAsset: 'USDT',
  fromNetwork: 'tron',
  toAsset: 'BTC',
  toNetwork: 'bitcoin',
  min: '50',
  max: '500000',
  rate: '0.0000165',
  networkFee: '0.0001',
};
export const btcToSol: SwapPair = {
  fromAsset: 'BTC',
  fromNetwork: 'bitcoin',
  toAsset: 'SOL',
  toNetwork: 'solana',
  min: '0.001',
  max: '10',
  rate: '400',
  networkFee: '0.01',
};

const at = (ms: number) => new Date(ms).toISOString();

export function swapOrder(id: string, changes: Partial<SwapOrderView> = {}): SwapOrderView {
  const created = Date.now() - 60_000;
  return {
    id,
    status: 'waiting',
    payStatus: 'inPayment',
    rateType: 'floating',
    fromAsset: 'BTC',
    fromNetwork: 'bitcoin',
    toAsset: 'USDT',
    toNetwork: 'tron',
    sendAmount: '0.5',
    receiveAmount: '29999',
    rate: '60000',
    networkFee: '1',
    depositAddress: 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    depositMemo: null,
    receiveAddress: TRON_ADDRESS,
    receiveMemo: null,
    refundAddress: null,
    expiresAt: at(Date.now() + 10 * 60_000 + 30_000),
    createdAt: at(created),
    depositAmount: null,
    depositTxHash: null,
    payoutTxHash: null,
    refundAmount: null,
    refundTxHash: null,
    reviewReason: null,
    events: [{ status: 'waiting', at: at(created) }],
    simulated: false,
    ...changes,
  };
}

export type FakeSwapDesk = {
  pairs: SwapPair[];
  simulated: boolean;
  /** Every order the desk knows, with the secret that opens it and whether the signed-in user owns it. */
  orders: Map<string, { order: SwapOrderView; secret: string; mine: boolean }>;
  quotes: SwapQuoteBody[];
  created: Record<string, unknown>[];
  cancelled: string[];
  /** The headers of every order read: the secret, the token. */
  reads: { id: string; secret: string | null; token: string | null }[];
  lookups: { id: string; secret: string }[][];
  /** The id the next created order gets. */
  nextId: string;
  /** How long a quote holds. */
  quoteSeconds: number;
};

export function fakeSwapDesk(): FakeSwapDesk {
  return {
    pairs: [btcToUsdt, usdtToBtc, btcToSol],
    simulated: false,
    orders: new Map(),
    quotes: [],
    created: [],
    cancelled: [],
    reads: [],
    lookups: [],
    nextId: 'N3WQRD3R0000000A',
    quoteSeconds: 60,
  };
}

function envelope(data: unknown, code = 0, msg = 'ok', status = code === 0 ? 200 : 400) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

const unknownOrder = () => envelope(null, 7505, 'This order does not exist', 404);

function quoteOf(desk: FakeSwapDesk, body: SwapQuoteBody): Response {
  const pair = desk.pairs.find(
    (each) =>
      each.fromAsset === body.fromAsset &&
      each.fromNetwork === body.fromNetwork &&
      each.toAsset === body.toAsset &&
      each.toNetwork === body.toNetwork,
  );
  if (!pair) return envelope(null, 7501, 'This pair cannot be swapped', 404);
  const rate = decimalOf(pair.rate);
  const fee = decimalOf(pair.networkFee);
  const amount = decimalOf(body.amount);
  const send = body.amountSide === 'send' ? amount : divideDecimals(addDecimals(amount, fee), rate, 8, 'up');
  const receive = body.amountSide === 'send' ? subtractDecimals(multiplyDecimals(amount, rate), fee) : amount;
  if (compareDecimals(send, decimalOf(pair.min)) < 0 || compareDecimals(send, decimalOf(pair.max)) > 0) {
    return envelope(null, 7502, `The amount must be between ${pair.min} and ${pair.max} ${pair.fromAsset}`);
  }
  const quote: SwapQuote = {
    quoteId: `quote-${desk.quotes.length}-${body.amountSide}-${body.amount}`,
    rate: pair.rate,
    sendAmount: formatShortest(send),
    receiveAmount: formatShortest(receive),
    min: pair.min,
    max: pair.max,
    expiresAt: at(Date.now() + desk.quoteSeconds * 1000),
    fromAsset: pair.fromAsset,
    fromNetwork: pair.fromNetwork,
    toAsset: pair.toAsset,
    toNetwork: pair.toNetwork,
    rateType: body.rateType as SwapQuote['rateType'],
    amountSide: body.amountSide as SwapQuote['amountSide'],
    networkFee: pair.networkFee,
  };
  return envelope(quote);
}

/** The desk's answer to one request, or null for a path that is not the desk's. */
export function answerSwap(desk: FakeSwapDesk, url: URL, init: RequestInit | undefined): Response | null {
  const path = url.pathname;
  const method = init?.method ?? 'GET';
  const headers = new Headers(init?.headers);
  const body = () => JSON.parse(String(init?.body)) as Record<string, unknown>;
  if (path === endpoints.listSwapPairs.path) {
    return envelope({
      items: desk.pairs,
      fixedRateSeconds: 600,
      floatingWaitSeconds: 86_400,
      simulated: desk.simulated,
    });
  }
  if (path === endpoints.createSwapQuote.path && method === endpoints.createSwapQuote.method) {
    const sent = body() as SwapQuoteBody;
    desk.quotes.push(sent);
    return quoteOf(desk, sent);
  }
  if (path === endpoints.lookUpSwapOrders.path && method === endpoints.lookUpSwapOrders.method) {
    const asked = (body().orders ?? []) as { id: string; secret: string }[];
    desk.lookups.push(asked);
    const items = asked.flatMap(({ id, secret }) => {
      const held = desk.orders.get(id);
      return held && held.secret === secret ? [held.order] : [];
    });
    return envelope({ items });
  }
  if (path === endpoints.createSwapOrder.path && method === endpoints.createSwapOrder.method) {
    const sent = body();
    desk.created.push(sent);
    const order = swapOrder(desk.nextId, {
      receiveAddress: String(sent.receiveAddress),
      refundAddress: typeof sent.refundAddress === 'string' ? sent.refundAddress : null,
    });
    const secret = 'secret-of-the-new-order';
    desk.orders.set(order.id, { order, secret, mine: false });
    return envelope({ ...order, secret });
  }
  if (path === endpoints.listMySwapOrders.path) {
    if (!headers.get('Authorization')) return envelope(null, 401, 'unauthorized', 401);
    const items = [...desk.orders.values()].filter((held) => held.mine).map((held) => held.order);
    return envelope({ items, next: null });
  }
  const match = new RegExp(`^${endpoints.getSwapOrder.path.replace(':id', '([^/]+)')}(/cancel)?$`).exec(path);
  if (match?.[1]) {
    const id = decodeURIComponent(match[1]);
    const held = desk.orders.get(id);
    const secret = headers.get('x-swap-secret');
    const token = headers.get('Authorization');
    if (!match[2]) desk.reads.push({ id, secret, token });
    if (!held || !(held.secret === secret || (held.mine && token))) return unknownOrder();
    if (match[2]) {
      if (held.order.status !== 'waiting')
        return envelope(null, 7506, 'This order can no longer be cancelled', 409);
      desk.cancelled.push(id);
      held.order = {
        ...held.order,
        status: 'cancelled',
        payStatus: 'canceled',
        events: [...held.order.events, { status: 'cancelled', at: at(Date.now()) }],
      };
    }
    return envelope(held.order);
  }
  return null;
}
