import {
  type EarnOrderView,
  type EarnProduct,
  type EarnRedemptionQuote,
  type EarnSubscriptionQuote,
  type EarnSummary,
  endpoints,
  IDEMPOTENCY_KEY_HEADER,
} from '@kestrel/contract';
import { decimalOf, divideDecimals, formatDecimal, multiplyDecimals } from '@kestrel/money';

/*
 * A fake earn desk for the earn screens' tests: it answers the contract's earn endpoints from the state a test
 * sets, reads every request with the contract's own schemas (a request the server would refuse fails the test),
 * and records what it was sent. The app's client checks every answer against the contract's schemas.
 */

export function earnProduct(id: string, changes: Partial<EarnProduct> = {}): EarnProduct {
  return {
    id,
    asset: 'USDT',
    termDays: 30,
    annualRate: '0.0730',
    minAmount: '10',
    maxPerUser: '5000',
    quota: '100000',
    quotaLeft: '25000',
    saleStartsAt: '2026-11-01T00:00:00.000Z',
    saleEndsAt: null,
    earlyRedemption: { allowed: true, penaltyRate: '0.01' },
    state: 'onSale',
    held: '1000',
    ...changes,
  };
}

export function earnOrder(id: string, changes: Partial<EarnOrderView> = {}): EarnOrderView {
  return {
    id,
    productId: '1',
    asset: 'USDT',
    principal: '1000.000000',
    annualRate: '0.0730',
    termDays: 30,
    earlyRedemption: { allowed: true, penaltyRate: '0.01' },
    status: 'active',
    interestPaid: '2.000000',
    paidThrough: '2026-11-26',
    accrualStartsOn: '2026-11-17',
    maturesAt: '2026-12-16T00:00:00.000Z',
    createdAt: '2026-11-16T09:30:00.000Z',
    closedAt: null,
    returned: null,
    ...changes,
  };
}

export type FakeEarnDesk = {
  products: EarnProduct[];
  /** Newest first, as the server lists them. */
  orders: EarnOrderView[];
  summary: EarnSummary;
  /** The figures an order's redemption would pay now, by order id; the desk derives one when none is set. */
  redemptions: Map<string, EarnRedemptionQuote>;
  quotes: { productId: string; amount: string }[];
  subscriptions: { body: { productId: string; amount: string }; key: string | null }[];
  redeemed: { id: string; expectedPayout: string; key: string | null }[];
  /** Every page of orders asked for. */
  pagesAsked: URLSearchParams[];
  /** A refusal the next subscription gets, in the server's words. */
  refuseSubscription: { code: number; msg: string } | null;
  pageSize: number;
};

export function fakeEarnDesk(): FakeEarnDesk {
  return {
    products: [
      earnProduct('1'),
      earnProduct('2', {
        asset: 'BTC',
        termDays: null,
        annualRate: '0.015',
        minAmount: '0.001',
        maxPerUser: '2',
        quota: '50',
        quotaLeft: '10',
        earlyRedemption: { allowed: true, penaltyRate: '0' },
        held: '0',
      }),
      earnProduct('3', { termDays: 90, annualRate: '0.12', quotaLeft: '0', state: 'soldOut', held: '0' }),
    ],
    orders: [],
    summary: {
      holdings: [
        { asset: 'USDT', principal: '1000.000000', interestEarned: '2.000000', lastDayInterest: '0.200000' },
      ],
      principalValue: '1000.00',
      interestValue: '2.00',
    },
    redemptions: new Map(),
    quotes: [],
    subscriptions: [],
    redeemed: [],
    pagesAsked: [],
    refuseSubscription: null,
    pageSize: 20,
  };
}

function envelope(data: unknown, code = 0, msg = 'ok', status = code === 0 ? 200 : 400) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

/** The day after `now`, as the server names the first day that accrues. */
function dayAfter(now: Date): string {
  return new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
}

/** A subscription's figures by the product's formula: rate / 365 of the amount a day, rounded down. */
function quoteOf(product: EarnProduct, amount: string): EarnSubscriptionQuote {
  const places = 6;
  const daily = divideDecimals(
    multiplyDecimals(decimalOf(amount), decimalOf(product.annualRate)),
    decimalOf('365'),
    places,
    'down',
  );
  const total =
    product.termDays === null
      ? null
      : formatDecimal(multiplyDecimals(daily, decimalOf(String(product.termDays))));
  const now = new Date();
  return {
    productId: product.id,
    asset: product.asset,
    amount,
    annualRate: product.annualRate,
    accrualStartsOn: dayAfter(now),
    dailyInterest: formatDecimal(daily),
    maturesAt:
      product.termDays === null
        ? null
        : new Date(
            Date.parse(`${dayAfter(now)}T00:00:00.000Z`) + product.termDays * 86_400_000,
          ).toISOString(),
    totalInterest: total,
  };
}

const unknownProduct = () => envelope(null, 40_400, 'This product does not exist', 404);

/** The desk's answer to one request, or null for a path that is not the desk's. */
export function answerEarn(desk: FakeEarnDesk, url: URL, init: RequestInit | undefined): Response | null {
  const path = url.pathname;
  const method = init?.method ?? 'GET';
  const headers = new Headers(init?.headers);
  const body = () => JSON.parse(String(init?.body)) as unknown;
  if (path === endpoints.listEarnProducts.path && method === 'GET') {
    return envelope({ items: desk.products });
  }
  if (path === endpoints.getEarnSummary.path && method === 'GET') return envelope(desk.summary);
  if (path === endpoints.quoteEarnSubscription.path && method === endpoints.quoteEarnSubscription.method) {
    const sent = endpoints.quoteEarnSubscription.body.parse(body());
    desk.quotes.push(sent);
    const product = desk.products.find((each) => each.id === sent.productId);
    return product ? envelope(quoteOf(product, sent.amount)) : unknownProduct();
  }
  if (path === endpoints.subscribeEarn.path && method === endpoints.subscribeEarn.method) {
    const sent = endpoints.subscribeEarn.body.parse(body());
    desk.subscriptions.push({ body: sent, key: headers.get(IDEMPOTENCY_KEY_HEADER) });
    if (desk.refuseSubscription) {
      const { code, msg } = desk.refuseSubscription;
      desk.refuseSubscription = null;
      return envelope(null, code, msg);
    }
    const product = desk.products.find((each) => each.id === sent.productId);
    if (!product) return unknownProduct();
    const quote = quoteOf(product, sent.amount);
    const order = earnOrder(String(900 + desk.subscriptions.length), {
      productId: product.id,
      asset: product.asset,
      principal: sent.amount,
      annualRate: product.annualRate,
      termDays: product.termDays,
      earlyRedemption: product.earlyRedemption,
      interestPaid: '0',
      paidThrough: null,
      accrualStartsOn: quote.accrualStartsOn,
      maturesAt: quote.maturesAt,
      createdAt: new Date().toISOString(),
    });
    desk.orders.unshift(order);
    return envelope(order);
  }
  if (path === endpoints.listEarnOrders.path && method === 'GET') {
    desk.pagesAsked.push(url.searchParams);
    const query = endpoints.listEarnOrders.query.parse(Object.fromEntries(url.searchParams));
    const wanted = desk.orders.filter((order) =>
      query.state === 'active' ? order.status === 'active' : order.status !== 'active',
    );
    const start = query.cursor ? wanted.findIndex((order) => order.id === query.cursor) + 1 : 0;
    const items = wanted.slice(start, start + Math.min(query.limit, desk.pageSize));
    const more = start + items.length < wanted.length;
    return envelope({ items, next: more ? (items.at(-1)?.id ?? null) : null });
  }
  const order = new RegExp(
    `^${endpoints.redeemEarn.path.replace(':id/redeem', '(\\d+)/(redeem|redemption)')}$`,
  ).exec(path);
  if (order?.[1]) {
    const id = endpoints.quoteEarnRedemption.params.parse({ id: order[1] }).id;
    const held = desk.orders.find((each) => each.id === id && each.status === 'active');
    if (!held) return envelope(null, 40_400, 'This order does not exist', 404);
    const quote = desk.redemptions.get(id) ?? {
      orderId: id,
      asset: held.asset,
      principal: held.principal,
      interestPaid: held.interestPaid,
      interestReclaimed: '0',
      penalty: '0',
      payout: held.principal,
      early: false,
    };
    if (order[2] === 'redemption' && method === endpoints.quoteEarnRedemption.method) return envelope(quote);
    if (order[2] === 'redeem' && method === endpoints.redeemEarn.method) {
      const sent = endpoints.redeemEarn.body.parse(body());
      desk.redeemed.push({
        id,
        expectedPayout: sent.expectedPayout,
        key: headers.get(IDEMPOTENCY_KEY_HEADER),
      });
      if (sent.expectedPayout !== quote.payout) {
        return envelope(null, 40_900, 'The payout has changed; please check the new figures', 409);
      }
      const closed: EarnOrderView = {
        ...held,
        status: 'redeemed',
        closedAt: new Date().toISOString(),
        returned: quote.payout,
      };
      desk.orders = desk.orders.map((each) => (each.id === id ? closed : each));
      return envelope(closed);
    }
  }
  return null;
}
