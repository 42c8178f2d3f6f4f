import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type AdminSwapCoin,
  type AdminSwapCoinBody,
  type AdminSwapDesk,
  type AdminSwapOrder,
  type AdminSwapPair,
  type AdminSwapPairBody,
  type Chain,
  channels,
  isValidAddress,
  MEMO_CHAINS,
  type SwapDeskSettings,
  type SwapDeskSettingsBody,
  type SwapListTab,
  type SwapOrderCreated,
  type SwapOrderView,
  type SwapPair,
  type SwapPairList,
  type SwapQuote,
  type SwapQuoteBody,
  type SwapStatus,
  type SwapWatcherMode,
} from '@kestrel/contract';
import {
  compareDecimals,
  type Decimal,
  decimalOf,
  formatAmount,
  formatShortest,
  multiplyDecimals,
  parseAmount,
  parseDecimal,
  type Units,
  unitsAt,
} from '@kestrel/money';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { fieldRefusal } from '../../http/field-refusal';
import type { RealtimePublisher } from '../../realtime/publisher';
import { type Actor, withAudit } from '../admin';
import { sha256 } from '../auth';
import {
  type LedgerActor,
  type LedgerService,
  type MoveEntry,
  SWAP_DESK_PURPOSES,
  type SystemAccountPurpose,
  swapInventoryOf,
} from '../ledger';
import { checkExtendedPublicKey, coinReady, depositOf } from './deposit-source';
import { QuoteSigner, type QuoteTerms } from './quote-token';
import { type OrderChanges, type PairKey, SwapRepository } from './swap.repository';
import type { SwapCoinRow, SwapOrderRow, SwapPairRow, SwapSettingsRow } from './swap.schema';
import {
  rateOf,
  receiveFor,
  refundOf,
  sendFor,
  shortest,
  spreadAmountOf,
  text,
  worthInUsdt,
} from './swap-pricing';
import { adminOrderView, amountAt, maskedKey, orderView, statusMessage } from './swap-views';

/** The index prices the desk reads: MarketsService's, refused (priceStale) when stale or missing. */
export type SwapIndex = { freshIndexPrice(symbol: string): string };

export type SwapParts = {
  repository: SwapRepository;
  ledger: LedgerService;
  index: SwapIndex;
  publisher: RealtimePublisher;
  /** The watcher mode the settings row starts with (SWAP_WATCHER_MODE). */
  watcherMode: SwapWatcherMode;
  /** SWAP_QUOTE_SECRET; unset, the secret drawn once into the settings row. */
  quoteSecret?: string;
  log?: FastifyBaseLogger;
  /** How long the desk's settings, coins and pairs are kept in memory before being read again. */
  cacheMs?: number;
};

/** Who moves an order: an operator, or the desk's own watcher (null). */
export type Mover = { adminId: number | null };

/** How a visitor opens an order: its secret, or the token of the account it was created under. */
export type OrderAccess = { secret?: string; userId?: number };

type Desk = {
  settings: SwapSettingsRow;
  coins: Map<string, SwapCoinRow>;
  pairs: Map<string, SwapPairRow>;
  places: ReadonlyMap<string, number>;
  signer: QuoteSigner;
  loadedAt: number;
};

const CACHE_MS = 1000;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const USDT = 'USDT';
const DEPOSIT_OPEN: readonly SwapStatus[] = ['waiting', 'expired'];

const coinKey = (asset: string, network: string) => `${asset}:${network}`;
const pairKey = (key: PairKey) => `${key.fromAsset}:${key.fromNetwork}>${key.toAsset}:${key.toNetwork}`;
const inventoryOf = (network: string) => swapInventoryOf(network as Chain);

/** A new order number: 16 random Crockford base-32 characters. */
export function newOrderId(): string {
  return [...randomBytes(16)].map((byte) => CROCKFORD[byte & 31]).join('');
}

/**
 * The swap desk (ARCHITECTURE.md section 6, docs/decisions/0048-swap-desk.md). Quotes are signed terms and write
 * nothing; an order is stored with its own deposit address; each change of status is a conditional update with
 * its event and its ledger legs in one transaction, published on `swapOrder:<id>` after commit.
 */
export class SwapService {
  private cached: Desk | undefined;
  private loading: Promise<Desk> | undefined;
  private readonly systemIds = new Map<string, number>();

  constructor(private readonly parts: SwapParts) {}

  /** Creates the settings row on the desk's first start and reads the desk. */
  async start(): Promise<void> {
    if (!(await this.parts.repository.settings())) {
      await this.parts.repository.createSettings(
        this.parts.watcherMode,
        randomBytes(32).toString('base64url'),
      );
    }
    await this.reload();
  }

  /** Reads the desk's settings, coins and pairs again now (after a change written elsewhere). */
  async refresh(): Promise<void> {
    await this.reload();
  }

  async watcherMode(): Promise<SwapWatcherMode> {
    return (await this.desk()).settings.watcherMode as SwapWatcherMode;
  }

  // ---- Pairs and quotes ----

  async pairs(): Promise<SwapPairList> {
    const desk = await this.desk();
    const items: SwapPair[] = [];
    for (const pair of desk.pairs.values()) {
      if (!this.open(desk, pair)) continue;
      const view = this.pairView(desk, pair);
      if (view) items.push(view);
    }
    return {
      items,
      fixedRateSeconds: desk.settings.fixedRateSeconds,
      floatingWaitSeconds: desk.settings.floatingWaitSeconds,
      simulated: desk.settings.watcherMode === 'simulated',
    };
  }

  /** A quote: nothing is stored; its id carries its terms, signed. */
  async quote(body: SwapQuoteBody): Promise<SwapQuote> {
    const desk = await this.desk();
    const pair = desk.pairs.get(pairKey(body));
    if (!pair || !this.open(desk, pair)) throw new AppError('swapPairUnknown');
    const fromPlaces = this.placesIn(desk, body.fromAsset);
    const toPlaces = this.placesIn(desk, body.toAsset);
    const amount = parseAmount(body.amount, body.amountSide === 'send' ? fromPlaces : toPlaces);
    if (amount === undefined || amount <= 0n) throw new AppError('amountInvalid');
    const rate = this.rateNow(body.fromAsset, body.toAsset, pair.spread);
    const fee = decimalOf(this.coinOf(desk, body.toAsset, body.toNetwork).networkFee);
    const entered: Decimal = { units: amount, scale: body.amountSide === 'send' ? fromPlaces : toPlaces };
    let send: Decimal;
    let receive: Decimal | undefined;
    if (body.amountSide === 'send') {
      send = entered;
      receive = receiveFor(send, rate, fee, toPlaces);
    } else {
      receive = entered;
      send = sendFor(receive, rate, fee, fromPlaces);
    }
    const min = decimalOf(pair.min);
    const max = decimalOf(pair.max);
    if (!receive || compareDecimals(send, min) < 0 || compareDecimals(send, max) > 0) {
      throw this.outOfRange(pair, fromPlaces);
    }
    const expiresAt = Date.now() + desk.settings.fixedRateSeconds * 1000;
    const terms: QuoteTerms = {
      fromAsset: body.fromAsset,
      fromNetwork: body.fromNetwork,
      toAsset: body.toAsset,
      toNetwork: body.toNetwork,
      rateType: body.rateType,
      amountSide: body.amountSide,
      sendAmount: text(send, fromPlaces),
      receiveAmount: text(receive, toPlaces),
      rate: formatShortest(rate),
      networkFee: text(fee, toPlaces),
      spread: shortest(pair.spread),
      min: amountAt(pair.min, fromPlaces),
      max: amountAt(pair.max, fromPlaces),
      expiresAt,
    };
    const { spread: _spread, expiresAt: _expires, ...shown } = terms;
    return { quoteId: desk.signer.sign(terms), ...shown, expiresAt: new Date(expiresAt).toISOString() };
  }

  // ---- Orders ----

  /** Turns a quote into an order with its own deposit address. Nothing is stored on a refusal. */
  async createOrder(
    body: { quoteId: string; receiveAddress: string; receiveMemo?: string; refundAddress?: string },
    userId: number | undefined,
  ): Promise<SwapOrderCreated> {
    const desk = await this.desk();
    const terms = desk.signer.verify(body.quoteId);
    const pair = desk.pairs.get(pairKey(terms));
    if (!pair || !this.open(desk, pair)) throw new AppError('swapPairUnknown');
    const fromPlaces = this.placesIn(desk, terms.fromAsset);
    const send = decimalOf(terms.sendAmount);
    if (compareDecimals(send, decimalOf(pair.min)) < 0 || compareDecimals(send, decimalOf(pair.max)) > 0) {
      throw this.outOfRange(pair, fromPlaces);
    }
    if (body.receiveMemo !== undefined && !MEMO_CHAINS.includes(terms.toNetwork)) {
      throw new AppError('swapMemoNotSupported');
    }
    if (!isValidAddress(terms.toNetwork, body.receiveAddress)) {
      throw fieldRefusal('cryptoWallets.invalidAddress', 'receiveAddress');
    }
    const refundAddress = body.refundAddress === '' ? undefined : body.refundAddress;
    if (terms.rateType === 'fixed' && refundAddress === undefined) {
      throw new AppError('swapRefundAddressRequired');
    }
    if (refundAddress !== undefined && !isValidAddress(terms.fromNetwork, refundAddress)) {
      throw fieldRefusal('cryptoWallets.invalidAddress', 'refundAddress');
    }
    const coin = this.coinOf(desk, terms.fromAsset, terms.fromNetwork);
    const simulated = desk.settings.watcherMode === 'simulated';
    const depositCoin = { ...coin, network: coin.network as Chain };
    if (!coinReady(depositCoin, simulated)) throw new AppError('swapCoinNotReady');
    const secret = randomBytes(24).toString('base64url');
    const expiresAt =
      terms.rateType === 'fixed'
        ? new Date(terms.expiresAt)
        : new Date(Date.now() + desk.settings.floatingWaitSeconds * 1000);
    const row = await this.parts.repository.transaction(async (repository) => {
      const index = await repository.takeDepositIndex(coin.asset, coin.network);
      const deposit = depositOf(depositCoin, index, simulated);
      return repository.insertOrder({
        id: newOrderId(),
        secretHash: sha256(secret),
        userId: userId ?? null,
        rateType: terms.rateType,
        amountSide: terms.amountSide,
        fromAsset: terms.fromAsset,
        fromNetwork: terms.fromNetwork,
        toAsset: terms.toAsset,
        toNetwork: terms.toNetwork,
        sendAmount: terms.sendAmount,
        receiveAmount: terms.receiveAmount,
        rate: terms.rate,
        networkFee: terms.networkFee,
        spread: terms.spread,
        min: terms.min,
        max: terms.max,
        depositAddress: deposit.address,
        depositMemo: deposit.memo,
        depositIndex: index,
        receiveAddress: body.receiveAddress,
        receiveMemo: body.receiveMemo ?? null,
        refundAddress: refundAddress ?? null,
        expiresAt,
        simulated,
      });
    });
    const events = await this.parts.repository.eventsOf([row.id]);
    this.publish(row, events.get(row.id) ?? []);
    return { ...orderView(row, events.get(row.id) ?? [], (asset) => this.placesIn(desk, asset)), secret };
  }

  async order(id: string, access: OrderAccess): Promise<SwapOrderView> {
    const row = await this.opened(id, access);
    return this.viewOf(row);
  }

  async cancel(id: string, access: OrderAccess): Promise<SwapOrderView> {
    const row = await this.opened(id, access);
    if (row.status !== 'waiting') throw new AppError('swapNotCancellable');
    const cancelled = await this.parts.repository.transaction((repository) =>
      repository.transition(id, ['waiting'], 'cancelled'),
    );
    if (!cancelled) throw new AppError('swapNotCancellable');
    await this.published([id]);
    return this.viewOf(cancelled);
  }

  /** The orders whose secrets match, newest first; a wrong pair is left out. */
  async lookUp(orders: ReadonlyArray<{ id: string; secret: string }>): Promise<{ items: SwapOrderView[] }> {
    const rows = await this.parts.repository.ordersByIds([...new Set(orders.map((order) => order.id))]);
    const found = rows.filter((row) =>
      orders.some((order) => order.id === row.id && secretMatches(row.secretHash, order.secret)),
    );
    return { items: await this.viewsOf(found) };
  }

  async myOrders(
    userId: number,
    query: { tab: SwapListTab; cursor?: string; limit: number },
  ): Promise<{ items: SwapOrderView[]; next: string | null }> {
    const before = this.cursorOf(query.cursor);
    const statuses: readonly SwapStatus[] | undefined =
      query.tab === 'cancelled'
        ? ['cancelled', 'expired']
        : query.tab === 'history'
          ? ['completed', 'refunded']
          : undefined;
    const rows = await this.parts.repository.listOrders({ userId, statuses, before, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: await this.viewsOf(page),
      next: rows.length > query.limit && last ? encodeCursor(last.seq) : null,
    };
  }

  // ---- The desk's actions on orders ----

  /**
   * A deposit seen on chain. On a waiting order within its quote (fixed: exactly the amount, before it expires;
   * floating: within its minimum and maximum) it is confirmed, exchanged and goes to sending; otherwise (another
   * amount, or late) it goes to review. `steps` stops after confirming, for the simulated watcher's pace.
   */
  async deposit(
    id: string,
    deposit: { amount: string; txHash: string },
    mover: Mover,
    audit?: { actor: Actor; reason: string },
    steps: 'all' | 'confirm' = 'all',
  ): Promise<SwapOrderRow> {
    const order = await this.orderOf(id);
    if (!DEPOSIT_OPEN.includes(order.status as SwapStatus)) throw new AppError('swapStateConflict');
    const desk = await this.desk();
    const places = this.placesIn(desk, order.fromAsset);
    const units = parseAmount(deposit.amount, places);
    if (units === undefined || units <= 0n) throw new AppError('amountInvalid');
    const amount: Decimal = { units, scale: places };
    const now = await this.parts.repository.now();
    const late = order.status === 'expired' || now.getTime() > order.expiresAt.getTime();
    const withinQuote =
      order.rateType === 'fixed'
        ? compareDecimals(amount, decimalOf(order.sendAmount)) === 0
        : compareDecimals(amount, decimalOf(order.min)) >= 0 &&
          compareDecimals(amount, decimalOf(order.max)) <= 0;
    const received = { depositAmount: formatAmount(units as Units, places), depositTxHash: deposit.txHash };
    const row = await this.unit(audit, order, async (repository, legs) => {
      const actor = ledgerActorOf(mover);
      legs.push(
        this.leg(
          `swap:${id}:received`,
          actor,
          order.fromAsset,
          units,
          'swap_deposits_clearing',
          inventoryOf(order.fromNetwork),
        ),
      );
      if (late || !withinQuote) {
        const reviewed = await repository.transition(id, [order.status as SwapStatus], 'review', {
          ...received,
          reviewReason: late ? 'lateDeposit' : 'amountOutsideQuote',
        });
        if (!reviewed) throw new AppError('swapStateConflict');
        return reviewed;
      }
      const confirming = await repository.transition(id, ['waiting'], 'confirming', received);
      if (!confirming) throw new AppError('swapStateConflict');
      if (steps === 'confirm') return confirming;
      const exchanging = await this.exchange(repository, legs, confirming, mover, 'confirming');
      return this.toSending(repository, exchanging, mover);
    });
    await this.published([id]);
    return row;
  }

  /** Moves a confirmed order on: exchanging, then sending (the simulated watcher's steps). */
  async advance(id: string, from: 'confirming' | 'exchanging', mover: Mover): Promise<SwapOrderRow> {
    const order = await this.orderOf(id);
    const row = await this.unit(undefined, order, async (repository, legs) => {
      if (from === 'confirming') return this.exchange(repository, legs, order, mover, 'confirming');
      return this.toSending(repository, order, mover);
    });
    await this.published([id]);
    return row;
  }

  /** An order under review: exchange what arrived at the rate now (then sending), or refund it. */
  async review(
    id: string,
    decision: 'exchange' | 'refund',
    mover: Mover,
    audit?: { actor: Actor; reason: string },
  ): Promise<SwapOrderRow> {
    const order = await this.orderOf(id);
    if (order.status !== 'review') throw new AppError('swapStateConflict');
    if (decision === 'refund' && order.refundAddress === null)
      throw new AppError('swapRefundAddressRequired');
    const row = await this.unit(audit, order, async (repository, legs) => {
      if (decision === 'refund') {
        const refunding = await repository.transition(id, ['review'], 'refunding');
        if (!refunding) throw new AppError('swapStateConflict');
        return refunding;
      }
      const exchanging = await this.exchange(repository, legs, order, mover, 'review');
      return this.toSending(repository, exchanging, mover);
    });
    await this.published([id]);
    return row;
  }

  /** A second operator approves a payout above the threshold. */
  async approve(id: string, mover: Mover, audit: { actor: Actor; reason: string }): Promise<SwapOrderRow> {
    const order = await this.orderOf(id);
    if (order.status !== 'sending' || !order.needsApproval || order.payoutApprovedBy !== null) {
      throw new AppError('swapStateConflict');
    }
    if (mover.adminId === null || mover.adminId === order.payoutRequestedBy) {
      throw new AppError('swapApprovalSameOperator');
    }
    return this.unit(audit, order, async (repository) => {
      const approved = await repository.amend(id, 'sending', { payoutApprovedBy: mover.adminId });
      if (!approved || order.payoutApprovedBy !== null) throw new AppError('swapStateConflict');
      return approved;
    });
  }

  /** The payout sent on chain: the order completes; paid out and network fee legs in the received asset. */
  async payout(
    id: string,
    txHash: string,
    mover: Mover,
    audit?: { actor: Actor; reason: string },
  ): Promise<SwapOrderRow> {
    const order = await this.orderOf(id);
    if (order.status !== 'sending') throw new AppError('swapStateConflict');
    if (order.needsApproval && order.payoutApprovedBy === null) throw new AppError('swapApprovalRequired');
    const desk = await this.desk();
    const places = this.placesIn(desk, order.toAsset);
    const row = await this.unit(audit, order, async (repository, legs) => {
      const completed = await repository.transition(id, ['sending'], 'completed', { payoutTxHash: txHash });
      if (!completed) throw new AppError('swapStateConflict');
      const actor = ledgerActorOf(mover);
      const inventory = inventoryOf(order.toNetwork);
      const paid = unitsAt(decimalOf(completed.receiveAmount), places, 'down');
      const fee = unitsAt(decimalOf(completed.networkFee), places, 'down');
      legs.push(
        this.leg(`swap:${id}:payout`, actor, order.toAsset, paid, inventory, 'swap_payouts_clearing'),
      );
      if (fee > 0n) {
        legs.push(
          this.leg(`swap:${id}:payout-fee`, actor, order.toAsset, fee, inventory, 'swap_network_fees'),
        );
      }
      return completed;
    });
    await this.published([id]);
    return row;
  }

  /** The refund sent on chain: what arrived less the sending network's fee goes back. */
  async refund(
    id: string,
    txHash: string,
    mover: Mover,
    audit?: { actor: Actor; reason: string },
  ): Promise<SwapOrderRow> {
    const order = await this.orderOf(id);
    if (order.status !== 'refunding' || order.depositAmount === null) throw new AppError('swapStateConflict');
    const desk = await this.desk();
    const places = this.placesIn(desk, order.fromAsset);
    const coinFee = decimalOf(this.coinOf(desk, order.fromAsset, order.fromNetwork).networkFee);
    const { refund, fee } = refundOf(decimalOf(order.depositAmount), coinFee, places);
    const row = await this.unit(audit, order, async (repository, legs) => {
      const refunded = await repository.transition(id, ['refunding'], 'refunded', {
        refundTxHash: txHash,
        refundAmount: formatAmount(refund.units as Units, places),
      });
      if (!refunded) throw new AppError('swapStateConflict');
      const actor = ledgerActorOf(mover);
      const inventory = inventoryOf(order.fromNetwork);
      if (refund.units > 0n) {
        legs.push(
          this.leg(
            `swap:${id}:refund`,
            actor,
            order.fromAsset,
            refund.units,
            inventory,
            'swap_refunds_clearing',
          ),
        );
      }
      if (fee.units > 0n) {
        legs.push(
          this.leg(
            `swap:${id}:refund-fee`,
            actor,
            order.fromAsset,
            fee.units,
            inventory,
            'swap_network_fees',
          ),
        );
      }
      return refunded;
    });
    await this.published([id]);
    return row;
  }

  /** Waiting orders past their time expire (fixed and floating). Answers how many. */
  async expireDue(): Promise<number> {
    const ids = await this.parts.repository.expireDue();
    if (ids.length > 0) await this.published(ids);
    return ids.length;
  }

  // ---- The back office ----

  async adminOrder(id: string): Promise<AdminSwapOrder> {
    const row = await this.orderOf(id);
    return this.adminViewOf(row);
  }

  async adminViewOf(row: SwapOrderRow): Promise<AdminSwapOrder> {
    const desk = await this.desk();
    const [events, operators] = await Promise.all([
      this.parts.repository.eventsOf([row.id]),
      this.parts.repository.operatorEmails(operatorsOf([row])),
    ]);
    return adminOrderView(row, events.get(row.id) ?? [], (asset) => this.placesIn(desk, asset), operators);
  }

  async adminOrders(query: {
    status?: SwapStatus;
    search?: string;
    cursor?: string;
    limit: number;
  }): Promise<{ items: AdminSwapOrder[]; next: string | null }> {
    const before = this.cursorOf(query.cursor);
    const rows = await this.parts.repository.listOrders({
      statuses: query.status ? [query.status] : undefined,
      search: query.search || undefined,
      before,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const desk = await this.desk();
    const [events, operators] = await Promise.all([
      this.parts.repository.eventsOf(page.map((row) => row.id)),
      this.parts.repository.operatorEmails(operatorsOf(page)),
    ]);
    const last = page.at(-1);
    return {
      items: page.map((row) =>
        adminOrderView(row, events.get(row.id) ?? [], (asset) => this.placesIn(desk, asset), operators),
      ),
      next: rows.length > query.limit && last ? encodeCursor(last.seq) : null,
    };
  }

  async adminDesk(): Promise<AdminSwapDesk> {
    const desk = await this.reload();
    const coins = await Promise.all([...desk.coins.values()].map((coin) => this.coinView(desk, coin)));
    const pairs = [...desk.pairs.values()].map((pair) => this.adminPairView(desk, pair));
    return { settings: settingsView(desk.settings), coins, pairs };
  }

  async updateSettings(body: SwapDeskSettingsBody, actor: Actor): Promise<SwapDeskSettings> {
    const threshold = parseDecimal(body.approvalThreshold);
    if (threshold === undefined || threshold.units < 0n) throw new AppError('parameterError');
    const row = await withAudit(
      this.parts.repository,
      actor,
      { type: 'swapSettings', id: 1 },
      body.reason,
      async (repository) => {
        const before = await repository.lockSettings();
        const after = await repository.updateSettings({
          fixedRateSeconds: body.fixedRateSeconds,
          floatingWaitSeconds: body.floatingWaitSeconds,
          watcherMode: body.watcherMode,
          approvalThreshold: formatShortest(threshold),
        });
        return { before: before && settingsView(before), after: settingsView(after), result: after };
      },
    );
    await this.reload();
    return settingsView(row);
  }

  async updateCoin(
    asset: string,
    network: Chain,
    body: AdminSwapCoinBody & { reason: string },
    actor: Actor,
  ): Promise<AdminSwapCoin> {
    const desk = await this.desk();
    if (!desk.coins.has(coinKey(asset, network))) throw new AppError('swapPairUnknown');
    const places = this.placesIn(desk, asset);
    const fee = parseAmount(body.networkFee, places);
    if (fee === undefined || fee < 0n) throw new AppError('amountInvalid');
    if (body.extendedPublicKey !== undefined) checkExtendedPublicKey(network, body.extendedPublicKey);
    const address =
      body.depositAddress === undefined || body.depositAddress === '' ? undefined : body.depositAddress;
    if (address !== undefined && !isValidAddress(network, address)) {
      throw fieldRefusal('cryptoWallets.invalidAddress', 'depositAddress');
    }
    const row = await withAudit(
      this.parts.repository,
      actor,
      { type: 'swapCoin', id: coinKey(asset, network) },
      body.reason,
      async (repository) => {
        const before = await repository.lockCoin(asset, network);
        if (!before) throw new AppError('swapPairUnknown');
        const after = await repository.updateCoin(asset, network, {
          enabled: body.enabled,
          networkFee: formatAmount(fee, places),
          extendedPublicKey: body.extendedPublicKey ?? before.extendedPublicKey,
          depositAddress: address ?? before.depositAddress,
        });
        return { before: auditedCoin(before), after: auditedCoin(after), result: after };
      },
    );
    const reloaded = await this.reload();
    return this.coinView(reloaded, row);
  }

  async updatePair(
    key: PairKey,
    body: AdminSwapPairBody & { reason: string },
    actor: Actor,
  ): Promise<AdminSwapPair> {
    const desk = await this.desk();
    if (!desk.pairs.has(pairKey(key))) throw new AppError('swapPairUnknown');
    const places = this.placesIn(desk, key.fromAsset);
    const min = parseAmount(body.min, places);
    const max = parseAmount(body.max, places);
    const spread = parseDecimal(body.spread);
    if (min === undefined || max === undefined || min <= 0n || max < min)
      throw new AppError('swapPairInvalid');
    if (spread === undefined || spread.units < 0n || compareDecimals(spread, { units: 1n, scale: 0 }) >= 0) {
      throw new AppError('parameterError');
    }
    // The minimum must be worth at least five network fees of the receiving chain, at the index now.
    const fee = decimalOf(this.coinOf(desk, key.toAsset, key.toNetwork).networkFee);
    const minWorth = worthInUsdt({ units: min, scale: places }, this.indexOf(key.fromAsset));
    const fiveFees = worthInUsdt(multiplyDecimals(fee, { units: 5n, scale: 0 }), this.indexOf(key.toAsset));
    if (compareDecimals(minWorth, fiveFees) < 0) throw new AppError('swapPairInvalid');
    const row = await withAudit(
      this.parts.repository,
      actor,
      { type: 'swapPair', id: pairKey(key) },
      body.reason,
      async (repository) => {
        const before = await repository.lockPair(key);
        if (!before) throw new AppError('swapPairUnknown');
        const after = await repository.updatePair(key, {
          enabled: body.enabled,
          spread: formatShortest(spread),
          min: formatAmount(min, places),
          max: formatAmount(max, places),
        });
        return { before: auditedPair(before), after: auditedPair(after), result: after };
      },
    );
    const reloaded = await this.reload();
    return this.adminPairView(reloaded, row);
  }

  // ---- Inside ----

  /** The desk as cached: read again once older than the cache time (operators' changes on other nodes). */
  private async desk(): Promise<Desk> {
    const cached = this.cached;
    if (cached && Date.now() - cached.loadedAt < (this.parts.cacheMs ?? CACHE_MS)) return cached;
    if (cached) {
      // Serve the old one meanwhile: quotes never wait for a read.
      void this.reload().catch((error) =>
        this.parts.log?.warn({ err: error }, 'reading the swap desk failed'),
      );
      return cached;
    }
    return this.reload();
  }

  private reload(): Promise<Desk> {
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load(): Promise<Desk> {
    const repository = this.parts.repository;
    const [settings, coins, pairs, places] = await Promise.all([
      repository.settings(),
      repository.coins(),
      repository.pairs(),
      this.parts.ledger.assets(),
    ]);
    if (!settings) throw new Error('the swap desk has no settings row: start() creates it');
    const desk: Desk = {
      settings,
      coins: new Map(coins.map((coin) => [coinKey(coin.asset, coin.network), coin])),
      pairs: new Map(pairs.map((pair) => [pairKey(pair), pair])),
      places,
      signer: new QuoteSigner(this.parts.quoteSecret ?? settings.quoteSecret),
      loadedAt: Date.now(),
    };
    this.cached = desk;
    return desk;
  }

  private open(desk: Desk, pair: SwapPairRow): boolean {
    return (
      pair.enabled &&
      desk.coins.get(coinKey(pair.fromAsset, pair.fromNetwork))?.enabled === true &&
      desk.coins.get(coinKey(pair.toAsset, pair.toNetwork))?.enabled === true
    );
  }

  private coinOf(desk: Desk, asset: string, network: string): SwapCoinRow {
    const coin = desk.coins.get(coinKey(asset, network));
    if (!coin) throw new AppError('swapPairUnknown');
    return coin;
  }

  private placesIn(desk: Desk, asset: string): number {
    const places = desk.places.get(asset);
    if (places === undefined) throw new Error(`asset ${asset} is unknown to the ledger`);
    return places;
  }

  private indexOf(asset: string): string {
    return asset === USDT ? '1' : this.parts.index.freshIndexPrice(`${asset}USDT`);
  }

  private rateNow(fromAsset: string, toAsset: string, spread: string): Decimal {
    return rateOf(this.indexOf(fromAsset), this.indexOf(toAsset), spread);
  }

  private outOfRange(pair: SwapPairRow, places: number) {
    return new AppError('swapAmountOutOfRange', {
      min: amountAt(pair.min, places),
      max: amountAt(pair.max, places),
      asset: pair.fromAsset,
    });
  }

  private pairView(desk: Desk, pair: SwapPairRow): SwapPair | undefined {
    const fromPlaces = this.placesIn(desk, pair.fromAsset);
    const toPlaces = this.placesIn(desk, pair.toAsset);
    let rate: string;
    try {
      rate = formatShortest(this.rateNow(pair.fromAsset, pair.toAsset, pair.spread));
    } catch {
      // A pair without a fresh index is not offered until its price is back.
      return undefined;
    }
    return {
      fromAsset: pair.fromAsset,
      fromNetwork: pair.fromNetwork as Chain,
      toAsset: pair.toAsset,
      toNetwork: pair.toNetwork as Chain,
      min: amountAt(pair.min, fromPlaces),
      max: amountAt(pair.max, fromPlaces),
      rate,
      networkFee: amountAt(this.coinOf(desk, pair.toAsset, pair.toNetwork).networkFee, toPlaces),
    };
  }

  private adminPairView(desk: Desk, pair: SwapPairRow): AdminSwapPair {
    const fromPlaces = this.placesIn(desk, pair.fromAsset);
    const toPlaces = this.placesIn(desk, pair.toAsset);
    let rate = '0';
    try {
      rate = formatShortest(this.rateNow(pair.fromAsset, pair.toAsset, pair.spread));
    } catch {
      // The back office shows the pair without a rate while its index is stale.
    }
    return {
      fromAsset: pair.fromAsset,
      fromNetwork: pair.fromNetwork as Chain,
      toAsset: pair.toAsset,
      toNetwork: pair.toNetwork as Chain,
      min: amountAt(pair.min, fromPlaces),
      max: amountAt(pair.max, fromPlaces),
      rate,
      networkFee: amountAt(this.coinOf(desk, pair.toAsset, pair.toNetwork).networkFee, toPlaces),
      enabled: pair.enabled,
      spread: shortest(pair.spread),
      updatedAt: pair.updatedAt.toISOString(),
    };
  }

  private async coinView(desk: Desk, coin: SwapCoinRow): Promise<AdminSwapCoin> {
    const places = this.placesIn(desk, coin.asset);
    return {
      asset: coin.asset,
      network: coin.network as Chain,
      enabled: coin.enabled,
      networkFee: amountAt(coin.networkFee, places),
      extendedPublicKey: maskedKey(coin.extendedPublicKey),
      depositAddress: coin.depositAddress,
      addressesIssued: coin.nextIndex,
      inventory: await this.parts.ledger.systemBalance(inventoryOf(coin.network), coin.asset),
      updatedAt: coin.updatedAt.toISOString(),
    };
  }

  private async orderOf(id: string): Promise<SwapOrderRow> {
    const row = await this.parts.repository.findOrder(id);
    if (!row) throw new AppError('swapOrderUnknown');
    return row;
  }

  /** An order its secret or its owner's token opens; anything else answers swapOrderUnknown alike. */
  private async opened(id: string, access: OrderAccess): Promise<SwapOrderRow> {
    const row = await this.parts.repository.findOrder(id);
    const bySecret =
      access.secret !== undefined && row !== undefined && secretMatches(row.secretHash, access.secret);
    const byOwner = access.userId !== undefined && row?.userId === access.userId;
    if (!row || !(bySecret || byOwner)) throw new AppError('swapOrderUnknown');
    return row;
  }

  private cursorOf(cursor: string | undefined): bigint | undefined {
    if (cursor === undefined) return undefined;
    const before = decodeCursor(cursor);
    if (before === undefined) throw new AppError('parameterError');
    return before;
  }

  private async viewOf(row: SwapOrderRow): Promise<SwapOrderView> {
    const [view] = await this.viewsOf([row]);
    if (!view) throw new Error(`swap order ${row.id} has no view`);
    return view;
  }

  private async viewsOf(rows: readonly SwapOrderRow[]): Promise<SwapOrderView[]> {
    const desk = await this.desk();
    const events = await this.parts.repository.eventsOf(rows.map((row) => row.id));
    return rows.map((row) => orderView(row, events.get(row.id) ?? [], (asset) => this.placesIn(desk, asset)));
  }

  /**
   * One business operation: the order's conditional updates, its ledger legs and the operator's audit entry in
   * one transaction (the ledger's unit of work), or nothing at all.
   */
  private async unit<T>(
    audit: { actor: Actor; reason: string } | undefined,
    order: SwapOrderRow,
    work: (repository: SwapRepository, legs: MoveEntry[]) => Promise<T & SwapOrderRow>,
  ): Promise<T & SwapOrderRow> {
    await this.systemAccounts();
    return this.parts.ledger.batch(async (batch) => {
      const repository = new SwapRepository(batch.connection);
      const legs: MoveEntry[] = [];
      const result = await work(repository, legs);
      if (legs.length > 0) await batch.move(legs, []);
      if (audit) {
        await repository.appendAudit({
          adminId: audit.actor.adminId,
          action: audit.actor.action,
          targetType: 'swapOrder',
          targetId: order.id,
          before: { status: order.status },
          after: { status: result.status, legs: legs.map((leg) => leg.reference) },
          reason: audit.reason,
          ip: audit.actor.ip,
        });
      }
      return result;
    });
  }

  /** Names the desk's system accounts to the ledger once, so that its batches post to them as such. */
  private async systemAccounts() {
    if (this.systemIds.size > 0) return;
    const purposes: readonly SystemAccountPurpose[] = SWAP_DESK_PURPOSES;
    const ids = await Promise.all(purposes.map((purpose) => this.parts.ledger.systemAccount(purpose)));
    purposes.forEach((purpose, index) => {
      this.systemIds.set(purpose, ids[index] as number);
    });
  }

  private leg(
    reference: string,
    actor: LedgerActor,
    asset: string,
    units: bigint,
    from: SystemAccountPurpose,
    to: SystemAccountPurpose,
  ): MoveEntry {
    const fromId = this.systemIds.get(from);
    const toId = this.systemIds.get(to);
    if (fromId === undefined || toId === undefined)
      throw new Error(`system account ${from} or ${to} unknown`);
    return {
      kind: 'swap',
      reference,
      actor,
      postings: [
        { accountId: fromId, asset, units: -units as Units },
        { accountId: toId, asset, units: units as Units },
      ],
    };
  }

  /** The exchange: the rate fixed (quoted for a fixed order in its time, the rate now otherwise), spread leg. */
  private async exchange(
    repository: SwapRepository,
    legs: MoveEntry[],
    order: SwapOrderRow,
    mover: Mover,
    from: 'confirming' | 'review',
  ): Promise<SwapOrderRow> {
    if (order.depositAmount === null) throw new AppError('swapStateConflict');
    const desk = await this.desk();
    const fromPlaces = this.placesIn(desk, order.fromAsset);
    const toPlaces = this.placesIn(desk, order.toAsset);
    const deposit = decimalOf(order.depositAmount);
    const changes: OrderChanges = {};
    if (order.rateType === 'floating' || from === 'review') {
      const rate = this.rateNow(order.fromAsset, order.toAsset, order.spread);
      const receive = receiveFor(deposit, rate, decimalOf(order.networkFee), toPlaces);
      if (!receive)
        throw new AppError('swapAmountOutOfRange', {
          min: order.min,
          max: order.max,
          asset: order.fromAsset,
        });
      changes.rate = formatShortest(rate);
      changes.receiveAmount = text(receive, toPlaces);
    }
    const spread = spreadAmountOf(deposit, decimalOf(order.spread), fromPlaces);
    changes.spreadAmount = text(spread, fromPlaces);
    const exchanging = await repository.transition(order.id, [from], 'exchanging', changes);
    if (!exchanging) throw new AppError('swapStateConflict');
    if (spread.units > 0n) {
      legs.push(
        this.leg(
          `swap:${order.id}:spread`,
          ledgerActorOf(mover),
          order.fromAsset,
          spread.units,
          inventoryOf(order.fromNetwork),
          'swap_revenue',
        ),
      );
    }
    return exchanging;
  }

  /** To sending: a payout worth more than the threshold (or not valued, the index being stale) needs approval. */
  private async toSending(
    repository: SwapRepository,
    order: SwapOrderRow,
    mover: Mover,
  ): Promise<SwapOrderRow> {
    const desk = await this.desk();
    let needsApproval = false;
    if (!order.simulated) {
      try {
        const worth = worthInUsdt(decimalOf(order.receiveAmount), this.indexOf(order.toAsset));
        needsApproval = compareDecimals(worth, decimalOf(desk.settings.approvalThreshold)) > 0;
      } catch {
        needsApproval = true;
      }
    }
    const sending = await repository.transition(order.id, ['exchanging'], 'sending', {
      needsApproval,
      payoutRequestedBy: mover.adminId,
    });
    if (!sending) throw new AppError('swapStateConflict');
    return sending;
  }

  /** Publishes orders' statuses after their commit. */
  private async published(ids: readonly string[]) {
    try {
      const rows = await this.parts.repository.ordersByIds(ids);
      const events = await this.parts.repository.eventsOf(ids);
      for (const row of rows) this.publish(row, events.get(row.id) ?? []);
    } catch (error) {
      this.parts.log?.warn({ err: error }, 'publishing swap orders failed');
    }
  }

  private publish(row: SwapOrderRow, events: Parameters<typeof statusMessage>[1]) {
    this.parts.publisher.publish(channels.swapOrder, { order: row.id }, statusMessage(row, events));
  }
}

function secretMatches(hash: string, secret: string): boolean {
  const given = Buffer.from(sha256(secret));
  const stored = Buffer.from(hash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

function ledgerActorOf(mover: Mover): LedgerActor {
  return mover.adminId === null ? 'system' : `admin:${mover.adminId}`;
}

function settingsView(row: SwapSettingsRow): SwapDeskSettings {
  return {
    fixedRateSeconds: row.fixedRateSeconds,
    floatingWaitSeconds: row.floatingWaitSeconds,
    watcherMode: row.watcherMode as SwapWatcherMode,
    approvalThreshold: shortest(row.approvalThreshold),
  };
}

function auditedCoin(coin: SwapCoinRow) {
  return {
    enabled: coin.enabled,
    networkFee: shortest(coin.networkFee),
    extendedPublicKey: maskedKey(coin.extendedPublicKey),
    depositAddress: coin.depositAddress,
  };
}

function auditedPair(pair: SwapPairRow) {
  return {
    enabled: pair.enabled,
    spread: shortest(pair.spread),
    min: shortest(pair.min),
    max: shortest(pair.max),
  };
}

/** The operators orders name: who asked for and who approved their payouts. */
function operatorsOf(rows: readonly SwapOrderRow[]): number[] {
  return rows.flatMap((row) => [row.payoutRequestedBy, row.payoutApprovedBy]).filter((id) => id !== null);
}
