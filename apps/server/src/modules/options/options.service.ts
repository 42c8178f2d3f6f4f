import {
  type AdminOptionProductBody,
  channels,
  type OptionExposure,
  type OptionOrderView,
  type OptionProduct,
  type OptionProof,
  type OptionTick,
  type PlaceOptionOrderBody,
} from '@kestrel/contract';
import {
  addDecimals,
  compareDecimals,
  decimalOf,
  formatAmount,
  formatShortest,
  parseAmount,
  parseDecimal,
  subtractDecimals,
  type Units,
} from '@kestrel/money';
import { roundOnSale } from '@kestrel/options';
import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership';
import { AppError } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import type { RealtimePublisher } from '../../realtime/publisher';
import { type Actor, withAudit } from '../admin';
import type { LedgerService } from '../ledger';
import type { OptionOrdersRepository, OrderViewRow } from './option-orders.repository';
import { type OptionIndex, OptionOwner } from './option-owner';
import type { OptionProductsRepository, ProductSettings, StoredProduct } from './option-products.repository';
import { OptionSettlement, type SettledChunk } from './option-settlement';
import { amountText, orderView, productView, proofView, shortest, tickView } from './option-views';

/** The markets options are written on: a product's symbol must be one of them, and their index ticks are heard. */
export type OptionMarkets = OptionIndex & { market(symbol: string): unknown | undefined };

export type OptionsParts = {
  products: OptionProductsRepository;
  orders: OptionOrdersRepository;
  ledger: LedgerService;
  markets: OptionMarkets;
  publisher: RealtimePublisher;
  leadership: Pick<Leadership, 'contend'>;
  log?: FastifyBaseLogger;
  /** Orders settled in one transaction; tests make it small. */
  settlementChunk?: number;
  /** Chunks settled at once, each in its own transaction: several on PostgreSQL, one on PGlite. */
  settlementParallel?: number;
  settleEveryMs?: number;
};

/** The stake of every product: the options pool and the products are in this asset. */
const POOL_ASSET = 'USDT';

type ParsedOrder = Omit<PlaceOptionOrderBody, 'periodNumber'> & { periodNumber?: number };

/**
 * Timed up/down options (ARCHITECTURE.md section 6, docs/decisions/0047-options.md). Buying runs on any node, in
 * one transaction under a per-user lock that checks the caps, stores the order and moves its stake from the
 * user's spot account to the options pool. Each product's owner records ticks and settles (OptionOwner).
 */
export class OptionsService {
  readonly owner: OptionOwner;
  readonly settlement: OptionSettlement;

  constructor(private readonly parts: OptionsParts) {
    this.settlement = new OptionSettlement(
      parts.orders,
      parts.ledger,
      (chunk) => void this.publishSettled(chunk),
      parts.settlementChunk,
      parts.settlementParallel,
    );
    this.owner = new OptionOwner({
      repository: parts.orders,
      settlement: this.settlement,
      products: () => parts.products.list(),
      index: parts.markets,
      publisher: parts.publisher,
      leadership: parts.leadership,
      log: parts.log,
      settleEveryMs: parts.settleEveryMs,
    });
  }

  start(): Promise<void> {
    return this.owner.start();
  }

  stop(): Promise<void> {
    return this.owner.stop();
  }

  // ---- Products and ticks ----

  async listProducts(): Promise<OptionProduct[]> {
    const products = await this.parts.products.list();
    const { now, ticks } = await this.parts.orders.latestTicks();
    const places = await this.assetPlaces();
    return products.map((product) =>
      productView(product, now, ticks.get(String(product.id)), placesOf(places, product.asset)),
    );
  }

  async product(id: string): Promise<OptionProduct> {
    const product = await this.productOf(id);
    const { now, ticks } = await this.parts.orders.latestTicks();
    return productView(product, now, ticks.get(id), placesOf(await this.assetPlaces(), product.asset));
  }

  async ticks(id: string, after: string | undefined, limit: number): Promise<OptionTick[]> {
    await this.productOf(id);
    return (await this.parts.orders.ticks(id, after, limit)).map(tickView);
  }

  // ---- Buying ----

  /** Buys up or down for the round of the period on sale now; the stake leaves the spot account at once. */
  async buy(userId: number, body: ParsedOrder): Promise<OptionOrderView> {
    const product = await this.productOf(body.productId);
    if (!product.open) throw new AppError('optionProductClosed');
    const period = product.periods.find((each) => each.seconds === body.periodSeconds);
    if (!period) throw new AppError('optionPeriodUnknown');
    const places = placesOf(await this.assetPlaces(), product.asset);
    const stake = parseAmount(body.amount, places);
    if (stake === undefined || stake <= 0n) throw new AppError('amountInvalid');
    const asset = product.asset;
    const min = amountText(period.minStake, places);
    const max = amountText(period.maxStake, places);
    if (stake < (parseAmount(min, places) ?? 0n) || stake > (parseAmount(max, places) ?? 0n)) {
      throw new AppError('optionStakeOutOfRange', { min, max, asset });
    }
    const amount = formatAmount(stake, places);
    // A demo account's stake goes to the demo book's options pool, and its payout comes from there.
    const book = await this.parts.ledger.bookOfUser(userId);
    const id = await this.parts.orders.transaction(async (orders, tx) => {
      await orders.lockUser(userId);
      const now = await orders.now();
      const [last] = await orders.ticks(body.productId, undefined, 1);
      if (!last || now.getTime() - last.recordedAt.getTime() > product.staleSeconds * 1000) {
        throw new AppError('priceStale');
      }
      const round = roundOnSale(now, period.seconds, period.buyCutoffSeconds);
      if (body.periodNumber !== undefined && body.periodNumber !== round.periodNumber) {
        throw new AppError('optionRoundClosed');
      }
      const standing = await orders.standingOf(userId, body.productId);
      if (standing.openOrders >= product.maxOpenOrders) {
        throw new AppError('optionOpenOrdersCap', { max: product.maxOpenOrders });
      }
      const atStake = addDecimals(
        addDecimals(decimalOf(standing.lossesToday), decimalOf(standing.openStakes)),
        decimalOf(amount),
      );
      if (compareDecimals(atStake, decimalOf(product.maxDailyLoss)) > 0) {
        throw new AppError('optionDailyLossCap', { max: amountText(product.maxDailyLoss, places), asset });
      }
      const inserted = await orders.insertOrder({
        userId,
        book,
        productId: body.productId,
        periodSeconds: period.seconds,
        periodNumber: round.periodNumber,
        direction: body.direction,
        amount,
        payoutRate: period.payoutRate,
        buyCutoffTime: round.buyCutoffTime,
        closeTime: round.closeTime,
      });
      if (!inserted) throw new AppError('optionRoundClosed');
      await this.parts.ledger.within(tx).execute({
        type: 'debit',
        kind: 'option_stake',
        to: 'options_pool',
        userId,
        account: 'spot',
        asset,
        amount,
        reference: `option-stake:${inserted.id}`,
        actor: `user:${userId}`,
      });
      return inserted.id;
    });
    const row = await this.parts.orders.findOrder(id);
    if (!row) throw new Error(`option order ${id} vanished after it was stored`);
    const view = orderView(row, new Date(), places);
    this.parts.publisher.publishToUser(userId, channels.optionOrders, view);
    return view;
  }

  // ---- The user's orders ----

  async orders(
    userId: number,
    query: { state: 'open' | 'settled'; productId?: string; cursor?: string; limit: number },
  ): Promise<{ items: OptionOrderView[]; next: string | null }> {
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && before === undefined) throw new AppError('parameterError');
    const rows = await this.parts.orders.listOrders({
      userId,
      state: query.state,
      productId: query.productId,
      before,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const places = await this.assetPlaces();
    const now = new Date();
    const last = page.at(-1);
    return {
      items: page.map((row) => orderView(row, now, placesOf(places, row.asset))),
      next: rows.length > query.limit && last ? encodeCursor(BigInt(last.id)) : null,
    };
  }

  /** One of the user's orders with the ticks it used and the rule applied; another user's is not found. */
  async proof(userId: number, orderId: string): Promise<OptionProof> {
    const row = await this.parts.orders.findOrder(orderId);
    if (!row || row.userId !== userId) throw new AppError('optionOrderUnknown');
    const product = await this.productOf(row.productId);
    return proofView(row, new Date(), placesOf(await this.assetPlaces(), row.asset), product.staleSeconds);
  }

  // ---- Back office ----

  async adminProducts() {
    const products = await this.parts.products.list();
    const views = await this.listProducts();
    return views.map((view, index) => ({
      ...view,
      updatedAt: (products[index]?.updatedAt ?? new Date(0)).toISOString(),
    }));
  }

  async adminProduct(id: string) {
    const product = await this.productOf(id);
    return { ...(await this.product(id)), updatedAt: product.updatedAt.toISOString() };
  }

  /** Adds a product on a known market's index; audited with its reason. */
  async createProduct(body: AdminOptionProductBody & { symbol: string }, actor: Actor) {
    if (this.parts.markets.market(body.symbol) === undefined) throw new AppError('unknownMarket');
    const settings = await this.settingsOf(body);
    const created = await withAudit(
      this.parts.products,
      actor,
      { type: 'optionProduct', id: null },
      body.reason,
      async (repository) => {
        if (await repository.findBySymbol(body.symbol)) throw new AppError('optionProductExists');
        const product = await repository.insert(body.symbol, POOL_ASSET, settings);
        return { before: null, after: auditedOf(product), result: product, targetId: String(product.id) };
      },
    );
    await this.owner.refresh();
    return this.adminProduct(String(created.id));
  }

  /** Changes a product's settings for new orders; open orders keep what they were accepted with. Audited. */
  async updateProduct(id: string, body: AdminOptionProductBody, actor: Actor) {
    await this.productOf(id);
    const settings = await this.settingsOf(body);
    await withAudit(
      this.parts.products,
      actor,
      { type: 'optionProduct', id },
      body.reason,
      async (repository) => {
        const before = await repository.lock(BigInt(id));
        if (!before) throw new AppError('optionProductUnknown');
        const after = await repository.update(BigInt(id), settings);
        return { before: auditedOf(before), after: auditedOf(after), result: after };
      },
    );
    await this.owner.refresh();
    return this.adminProduct(id);
  }

  /** How many orders demo accounts placed since a moment: the back office counts them apart (decision 0055). */
  demoOrdersSince(since: Date): Promise<number> {
    return this.parts.orders.demoOrdersSince(since);
  }

  /** The real pool's balance and, per open round of real orders, the stakes each way and the most the pool pays beyond them. */
  async exposure(): Promise<OptionExposure> {
    const places = placesOf(await this.assetPlaces(), POOL_ASSET);
    const rounds = await this.parts.orders.openRounds(places);
    const text = (value: string) => amountText(value, places);
    return {
      poolBalance: await this.parts.ledger.systemBalance('options_pool', POOL_ASSET),
      asset: POOL_ASSET,
      rounds: rounds.map((round) => {
        const stakes = addDecimals(decimalOf(round.upStake), decimalOf(round.downStake));
        const worst = [round.upPays, round.downPays]
          .map((pays) => subtractDecimals(decimalOf(pays), stakes))
          .reduce((max, each) => (compareDecimals(each, max) > 0 ? each : max), { units: 0n, scale: 0 });
        return {
          productId: round.productId,
          symbol: round.symbol,
          periodSeconds: round.periodSeconds,
          periodNumber: round.periodNumber,
          closeTime: round.closeTime.toISOString(),
          orders: round.orders,
          upStake: text(round.upStake),
          downStake: text(round.downStake),
          worstCase: text(formatShortest(worst)),
        };
      }),
    };
  }

  // ---- Inside ----

  private async productOf(id: string): Promise<StoredProduct> {
    const product = /^\d{1,18}$/.test(id) ? await this.parts.products.find(BigInt(id)) : undefined;
    if (!product) throw new AppError('optionProductUnknown');
    return product;
  }

  private assetPlaces() {
    return this.parts.ledger.assets();
  }

  /** An operator's settings, checked: periods of distinct lengths, stakes at the asset's places and in order. */
  private async settingsOf(body: AdminOptionProductBody): Promise<ProductSettings> {
    const places = placesOf(await this.assetPlaces(), POOL_ASSET);
    const exact = (text: string) => {
      const units = parseAmount(text, places);
      if (units === undefined || units <= 0n) throw new AppError('amountInvalid');
      return { units, text: formatAmount(units as Units, places) };
    };
    const seen = new Set<number>();
    const periods = body.periods.map((period) => {
      const min = exact(period.minStake);
      const max = exact(period.maxStake);
      const rate = parseDecimal(period.payoutRate);
      if (
        seen.has(period.seconds) ||
        max.units < min.units ||
        period.buyCutoffSeconds >= period.seconds ||
        rate === undefined ||
        rate.units <= 0n
      ) {
        throw new AppError('optionPeriodsInvalid');
      }
      seen.add(period.seconds);
      return {
        seconds: period.seconds,
        payoutRate: shortest(period.payoutRate),
        minStake: min.text,
        maxStake: max.text,
        buyCutoffSeconds: period.buyCutoffSeconds,
      };
    });
    return {
      open: body.open,
      maxOpenOrders: body.maxOpenOrders,
      maxDailyLoss: exact(body.maxDailyLoss).text,
      periods: periods.sort((a, b) => a.seconds - b.seconds),
    };
  }

  /** Pushes settled orders to their users (after the chunk committed), to those who follow them. */
  private async publishSettled(chunk: SettledChunk) {
    const { publisher } = this.parts;
    const followed = chunk.orders.filter((order) => publisher.follows(order.userId, channels.optionOrders));
    if (followed.length === 0) return;
    try {
      const rows: OrderViewRow[] = await this.parts.orders.ordersByIds(followed.map((order) => order.id));
      const places = await this.assetPlaces();
      const now = new Date();
      for (const row of rows) {
        publisher.publishToUser(
          row.userId,
          channels.optionOrders,
          orderView(row, now, placesOf(places, row.asset)),
        );
      }
    } catch (error) {
      this.parts.log?.warn({ err: error }, 'publishing settled option orders failed');
    }
  }
}

function placesOf(places: ReadonlyMap<string, number>, asset: string): number {
  const found = places.get(asset);
  if (found === undefined) throw new Error(`asset ${asset} is unknown to the ledger`);
  return found;
}

/** A product as the audit log keeps it: decimals at their shortest. */
function auditedOf(product: StoredProduct) {
  return {
    symbol: product.symbol,
    asset: product.asset,
    open: product.open,
    maxOpenOrders: product.maxOpenOrders,
    maxDailyLoss: shortest(product.maxDailyLoss),
    staleSeconds: product.staleSeconds,
    periods: product.periods.map((period) => ({
      seconds: period.seconds,
      payoutRate: shortest(period.payoutRate),
      minStake: shortest(period.minStake),
      maxStake: shortest(period.maxStake),
      buyCutoffSeconds: period.buyCutoffSeconds,
    })),
  };
}
