import {
  type AdminEarnProductBody,
  type EarnOrderView,
  type EarnProduct,
  type EarnRedemptionQuote,
  type EarnSubscriptionQuote,
  type EarnSummary,
  type LedgerBook,
  STABLECOINS,
  USD_DECIMALS,
} from '@kestrel/contract';
import {
  decimalOf,
  formatAmount,
  multiplyDecimals,
  parseAmount,
  parseDecimal,
  type Units,
  unitsAt,
  unitsFromNumeric,
} from '@kestrel/money';
import { AppError } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { type Actor, withAudit } from '../admin';
import type { UserRow } from '../auth';
import type { LedgerActor, LedgerService, MovePosting } from '../ledger';
import type { EarnRepository, ProductSettings } from './earn.repository';
import type { EarnOrderRow, EarnProductRow } from './earn.schema';
import {
  addDays,
  cumulativeInterest,
  dayInterest,
  earlyRedemption,
  startOf,
  utcDayOf,
} from './earn-interest';
import { amountText, orderView, productState, productView, rateText, unitsText } from './earn-views';

/** The app's clock for earn: tests and browser tests move it a day on to see an accrual. */
export type EarnClock = () => Date;

/** Index prices, for the summary's $ values (the markets module). */
export type EarnPrices = { indexPrice(symbol: string): string | null };

export type EarnParts = {
  repository: EarnRepository;
  ledger: LedgerService;
  prices?: EarnPrices;
  clock?: EarnClock;
};

type OrdersQuery = {
  state: 'active' | 'closed';
  userId?: number;
  productId?: string;
  cursor?: string;
  limit: number;
};

/** A redemption's figures in units. */
type Redemption = { principal: bigint; reclaimed: bigint; penalty: bigint; payout: bigint; early: boolean };

const STABLE = new Set<string>(STABLECOINS);

/**
 * Earn (issue 21, docs/decisions/0049-earn.md): products, subscriptions from the spot account to `earn_principal`
 * (one transaction with the order row, under the product's lock), redemptions, and what the back office reads.
 * The daily accrual and maturities are EarnAccrualJob's.
 */
export class EarnService {
  readonly clock: EarnClock;

  constructor(private readonly parts: EarnParts) {
    this.clock = parts.clock ?? (() => new Date());
  }

  // ---- Products ----

  async listProducts(userId: number): Promise<EarnProduct[]> {
    const [products, held, places] = await Promise.all([
      this.parts.repository.listProducts(true),
      this.parts.repository.heldBy(userId),
      this.places(),
    ]);
    const now = this.clock();
    return products.map((product) =>
      productView(product, now, placesOf(places, product.asset), held.get(String(product.id)) ?? '0'),
    );
  }

  /** Every figure of a subscription, refused for what the subscription would be refused for (but the balance). */
  async quote(userId: number, body: { productId: string; amount: string }): Promise<EarnSubscriptionQuote> {
    const product = await this.productOf(body.productId);
    const places = placesOf(await this.places(), product.asset);
    const amount = amountOf(body.amount, places, product.asset);
    const held = (await this.parts.repository.heldBy(userId)).get(body.productId) ?? '0';
    checkSubscription(product, amount, unitsFromNumeric(held, places), this.clock(), places);
    const terms = termsOf(product, this.clock());
    const rate = decimalOf(product.annualRate);
    return {
      productId: body.productId,
      asset: product.asset,
      amount: unitsText(amount, places),
      annualRate: rateText(product.annualRate),
      accrualStartsOn: terms.accrualStartsOn,
      dailyInterest: unitsText(dayInterest(amount, rate, 1), places),
      maturesAt: terms.maturesAt?.toISOString() ?? null,
      totalInterest:
        product.termDays === null
          ? null
          : unitsText(cumulativeInterest(amount, rate, product.termDays), places),
    };
  }

  /**
   * Moves the amount from the spot account to `earn_principal` and stores the order with the product's rate,
   * term and early redemption rule, in one transaction under the product's lock, which checks the sale window,
   * the minimum, the user's maximum and the quota against every other subscription.
   */
  async subscribe(user: UserRow, body: { productId: string; amount: string }): Promise<EarnOrderView> {
    if (user.frozenAt) throw new AppError('accountFrozen');
    const found = await this.productOf(body.productId);
    const places = placesOf(await this.places(), found.asset);
    const amount = amountOf(body.amount, places, found.asset);
    const accountId = (await this.parts.ledger.userAccountIds([user.id], 'spot')).get(user.id);
    if (accountId === undefined) throw new Error(`user ${user.id} has no spot account`);
    const order = await this.parts.repository.transaction(async (repository, tx) => {
      const product = await repository.lockProduct(found.id);
      if (!product) throw new AppError('earnProductUnknown');
      const now = this.clock();
      const held = (await repository.heldBy(user.id)).get(String(product.id)) ?? '0';
      // A demo account's principal is virtual (decision 0055): it takes none of a product's quota.
      const demo = user.book === 'demo';
      checkSubscription(
        demo ? { ...product, held: '0' } : product,
        amount,
        unitsFromNumeric(held, places),
        now,
        places,
      );
      const principal = unitsText(amount, places);
      const terms = termsOf(product, now);
      const inserted = await repository.insertOrder({
        userId: user.id,
        book: user.book,
        accountId,
        productId: product.id,
        asset: product.asset,
        principal,
        annualRate: product.annualRate,
        termDays: product.termDays,
        earlyRedemptionAllowed: product.earlyRedemptionAllowed,
        penaltyRate: product.penaltyRate,
        accrualStartsOn: terms.accrualStartsOn,
        maturesAt: terms.maturesAt,
        createdAt: now,
      });
      if (!demo) await repository.addHeld(product.id, principal);
      await this.parts.ledger.within(tx).execute({
        type: 'debit',
        kind: 'earn_subscription',
        to: 'earn_principal',
        userId: user.id,
        account: 'spot',
        asset: product.asset,
        amount: principal,
        reference: `earn-subscription:${inserted.id}`,
        actor: `user:${user.id}`,
      });
      return inserted;
    });
    return orderView(order, places);
  }

  // ---- Orders ----

  /** The user's orders, newest first, a page at a time. */
  async orders(
    userId: number,
    query: { state: 'active' | 'closed'; cursor?: string; limit: number },
  ): Promise<{ items: EarnOrderView[]; next: string | null }> {
    const page = await this.ordersPage({ ...query, userId });
    return {
      items: page.items.map(({ userId: _user, account: _account, ...view }) => view),
      next: page.next,
    };
  }

  /** Every customer's orders, by user and product, newest first; demo accounts' are not customers' (decision 0055). */
  adminOrders(query: OrdersQuery) {
    return this.ordersPage(query, 'real');
  }

  private async ordersPage(
    query: OrdersQuery,
    book?: LedgerBook,
  ): Promise<{ items: Array<EarnOrderView & { userId: number; account: string }>; next: string | null }> {
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && before === undefined) throw new AppError('parameterError');
    const rows = await this.parts.repository.listOrders({
      book,
      userId: query.userId,
      productId: query.productId === undefined ? undefined : BigInt(query.productId),
      state: query.state,
      before,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const places = await this.places();
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        ...orderView(row, placesOf(places, row.asset)),
        userId: row.userId,
        account: 'spot',
      })),
      next: rows.length > query.limit && last ? encodeCursor(last.id) : null,
    };
  }

  async summary(userId: number): Promise<EarnSummary> {
    const places = await this.places();
    let principalValue = 0n;
    let interestValue = 0n;
    const holdings = (await this.parts.repository.holdings(userId)).map((row) => {
      const at = placesOf(places, row.asset);
      principalValue += this.usdOf(row.asset, row.principal);
      interestValue += this.usdOf(row.asset, row.interest);
      return {
        asset: row.asset,
        principal: amountText(row.principal, at),
        interestEarned: amountText(row.interest, at),
        lastDayInterest: amountText(row.lastDay, at),
      };
    });
    return {
      holdings,
      principalValue: formatAmount(principalValue as Units, USD_DECIMALS),
      interestValue: formatAmount(interestValue as Units, USD_DECIMALS),
    };
  }

  /** Today's subscriptions and interest of a user, for the wallet's today's figures (amounts per asset). */
  async activitySince(userId: number, since: Date) {
    const { subscribed, interest } = await this.parts.repository.activitySince(userId, since);
    return {
      orderCount: subscribed.reduce((sum, row) => sum + row.orders, 0),
      subscribed: subscribed.map(({ asset, amount }) => ({ asset, amount })),
      interest,
    };
  }

  // ---- Redemption ----

  async redemptionQuote(userId: number, orderId: string): Promise<EarnRedemptionQuote> {
    const order = await this.parts.repository.findOrder(BigInt(orderId));
    if (!order || order.userId !== userId) throw new AppError('earnOrderUnknown');
    const places = placesOf(await this.places(), order.asset);
    return quoteView(order, redemptionOf(order, this.clock(), places), places);
  }

  /**
   * Redeems an order for the payout the user was shown: the principal leaves `earn_principal`, an early fixed
   * term's interest paid goes back to `earn_interest` and its penalty to `fees`, the rest to the spot account, in
   * one journal entry with the order's closing, under the order's lock (the job cannot pay a day in between).
   */
  async redeem(userId: number, orderId: string, expectedPayout: string): Promise<EarnOrderView> {
    const found = await this.parts.repository.findOrder(BigInt(orderId));
    if (!found || found.userId !== userId) throw new AppError('earnOrderUnknown');
    const places = placesOf(await this.places(), found.asset);
    const expected = parseAmount(expectedPayout, places);
    const closed = await this.close(found, `user:${userId}`, (order, now) => {
      const redemption = redemptionOf(order, now, places);
      if (expected !== redemption.payout) throw new AppError('earnRedemptionChanged');
      return redemption;
    });
    return orderView(closed, places);
  }

  /**
   * Ends a demo account's active orders before a reset or a closing (decision 0055), so that the principal is
   * back in its spot account: a flexible order or a fixed term past its maturity pays its whole principal, a fixed
   * term before it is redeemed early with the interest paid reclaimed and its penalty (as an early redemption is,
   * even where the product does not offer one to the user).
   */
  async windDemo(userId: number): Promise<{ cancelledOrders: number; closedPositions: 0 }> {
    let cancelledOrders = 0;
    for (const found of await this.parts.repository.activeOrdersOf(userId)) {
      if (found.book !== 'demo') throw new Error(`earn order ${found.id} is not a demo account's`);
      const places = placesOf(await this.places(), found.asset);
      try {
        await this.close(found, 'system', (order, now) => windingOf(order, now, places));
        cancelledOrders += 1;
      } catch (error) {
        // The job closed it at maturity meanwhile: its principal is back already.
        if (!(error instanceof AppError && error.reason === 'earnOrderNotActive')) throw error;
      }
    }
    return { cancelledOrders, closedPositions: 0 };
  }

  /**
   * Closes an order for what `redemption` decides under its lock: the principal leaves `earn_principal`, an early
   * fixed term's interest paid goes back to `earn_interest` and its penalty to `fees`, the rest to the spot
   * account, in one journal entry of the order's book with the order's closing (the job cannot pay a day between).
   */
  private async close(
    found: EarnOrderRow,
    actor: LedgerActor,
    redemptionAt: (order: EarnOrderRow, now: Date) => Redemption,
  ): Promise<EarnOrderRow> {
    const id = found.id;
    const places = placesOf(await this.places(), found.asset);
    const { book } = found;
    const [principalAccount, interestAccount, feesAccount] = await Promise.all([
      this.parts.ledger.systemAccount('earn_principal', book),
      this.parts.ledger.systemAccount('earn_interest', book),
      this.parts.ledger.systemAccount('fees', book),
    ]);
    return this.parts.ledger.batch(async (batch) => {
      const repository = this.parts.repository.on(batch.connection);
      const order = await repository.lockOrder(id);
      if (!order) throw new AppError('earnOrderUnknown');
      const now = this.clock();
      const redemption = redemptionAt(order, now);
      // Orders, then products, then balances: the order every earn transaction locks them in.
      if (book === 'real')
        await repository.addHeld(order.productId, `-${unitsText(redemption.principal, places)}`);
      const postings: MovePosting[] = [
        { accountId: principalAccount, asset: order.asset, units: -redemption.principal as Units },
        { accountId: order.accountId, asset: order.asset, units: redemption.payout as Units },
        { accountId: interestAccount, asset: order.asset, units: redemption.reclaimed as Units },
        { accountId: feesAccount, asset: order.asset, units: redemption.penalty as Units },
      ].filter((posting) => posting.units !== 0n);
      await batch.move(
        [{ kind: 'earn_redemption', reference: `earn-redemption:${id}`, actor, postings }],
        [],
      );
      return repository.closeOrder(id, {
        status: 'redeemed',
        closedAt: now,
        returned: unitsText(redemption.payout, places),
        interestReclaimed: unitsText(redemption.reclaimed, places),
        penalty: unitsText(redemption.penalty, places),
      });
    }, book);
  }

  // ---- Back office ----

  async adminProducts() {
    const [products, standings, places] = await Promise.all([
      this.parts.repository.listProducts(false),
      this.parts.repository.productStandings(),
      this.places(),
    ]);
    const byProduct = new Map(standings.map((each) => [each.productId, each]));
    const now = this.clock();
    return products.map((product) => adminView(product, now, placesOf(places, product.asset), byProduct));
  }

  async adminProduct(id: bigint) {
    const product = await this.parts.repository.findProduct(id);
    if (!product) throw new AppError('earnProductUnknown');
    const standings = await this.parts.repository.productStandings();
    const places = placesOf(await this.places(), product.asset);
    return adminView(product, this.clock(), places, new Map(standings.map((each) => [each.productId, each])));
  }

  /** Adds a product; audited with its reason. */
  async createProduct(body: AdminEarnProductBody, actor: Actor) {
    const settings = await this.settingsOf(body);
    const created = await withAudit(
      this.parts.repository,
      actor,
      { type: 'earnProduct', id: null },
      body.reason,
      async (repository) => {
        const product = await repository.insertProduct(settings);
        return { before: null, after: auditedOf(product), result: product, targetId: String(product.id) };
      },
    );
    return this.adminProduct(created.id);
  }

  /** Changes a product for new orders; active orders keep the rate, term and rule they were placed with. */
  async updateProduct(id: string, body: AdminEarnProductBody, actor: Actor) {
    const settings = await this.settingsOf(body);
    await withAudit(
      this.parts.repository,
      actor,
      { type: 'earnProduct', id },
      body.reason,
      async (repository) => {
        const before = await repository.lockProduct(BigInt(id));
        if (!before) throw new AppError('earnProductUnknown');
        if (before.asset !== settings.asset && decimalOf(before.held).units !== 0n) {
          // Active orders hold the old asset: the product's holdings would be counted in another.
          throw new AppError('earnProductInvalid');
        }
        const after = await repository.updateProduct(BigInt(id), settings);
        return { before: auditedOf(before), after: auditedOf(after), result: after };
      },
    );
    return this.adminProduct(BigInt(id));
  }

  async accrualRuns() {
    const runs = await this.parts.repository.runs(30);
    const places = await this.places();
    return runs.map((run) => ({
      day: run.day,
      orders: run.orders,
      interest: run.interest.map((each) => ({
        asset: each.asset,
        amount: amountText(each.amount, placesOf(places, each.asset)),
      })),
      matured: run.matured,
      finishedAt: run.finishedAt.toISOString(),
    }));
  }

  // ---- Inside ----

  private async productOf(id: string): Promise<EarnProductRow> {
    const product = await this.parts.repository.findProduct(BigInt(id));
    if (!product) throw new AppError('earnProductUnknown');
    return product;
  }

  private places() {
    return this.parts.ledger.assets();
  }

  /** An amount in $ units at today's index price; 0 for an asset without one. */
  private usdOf(asset: string, numeric: string): bigint {
    const price = STABLE.has(asset) ? '1' : this.parts.prices?.indexPrice(`${asset}${STABLECOINS[0]}`);
    if (!price) return 0n;
    return unitsAt(multiplyDecimals(decimalOf(numeric), decimalOf(price)), USD_DECIMALS, 'down');
  }

  /** An operator's settings, checked against the asset's places and each other. */
  private async settingsOf(body: AdminEarnProductBody): Promise<ProductSettings> {
    const places = (await this.places()).get(body.asset);
    if (places === undefined) throw new AppError('earnProductInvalid');
    const exact = (text: string) => {
      const units = parseAmount(text, places);
      if (units === undefined || units <= 0n)
        throw new AppError('earnAmountPrecision', { asset: body.asset, places });
      return { units, text: formatAmount(units, places) };
    };
    const min = exact(body.minAmount);
    const max = exact(body.maxPerUser);
    const quota = exact(body.quota);
    const saleStartsAt = new Date(body.saleStartsAt);
    const saleEndsAt = body.saleEndsAt === null ? null : new Date(body.saleEndsAt);
    if (max.units < min.units || quota.units < max.units || (saleEndsAt && saleEndsAt <= saleStartsAt)) {
      throw new AppError('earnProductInvalid');
    }
    return {
      asset: body.asset,
      termDays: body.termDays,
      annualRate: rateText(body.annualRate),
      minAmount: min.text,
      maxPerUser: max.text,
      quota: quota.text,
      saleStartsAt,
      saleEndsAt,
      earlyRedemptionAllowed: body.earlyRedemption.allowed,
      penaltyRate: rateText(body.earlyRedemption.penaltyRate),
      visible: body.visible,
    };
  }
}

function placesOf(places: ReadonlyMap<string, number>, asset: string): number {
  const found = places.get(asset);
  if (found === undefined) throw new Error(`asset ${asset} is unknown to the ledger`);
  return found;
}

/** An amount the user typed, in units: more decimals than the asset has is refused, not rounded. */
function amountOf(text: string, places: number, asset: string): bigint {
  const units = parseAmount(text, places);
  if (units === undefined) {
    if (parseDecimal(text) !== undefined) throw new AppError('earnAmountPrecision', { asset, places });
    throw new AppError('amountInvalid');
  }
  if (units <= 0n) throw new AppError('amountInvalid');
  return units;
}

/** The checks of a subscription: the sale window and visibility, the minimum, the user's maximum, the quota. */
function checkSubscription(
  product: EarnProductRow,
  amount: bigint,
  heldByUser: bigint,
  now: Date,
  places: number,
) {
  const state = productState(product, now, places);
  if (state === 'upcoming' || state === 'ended') throw new AppError('earnProductNotOnSale');
  const asset = product.asset;
  const min = unitsFromNumeric(product.minAmount, places);
  if (amount < min) throw new AppError('earnBelowMinimum', { min: unitsText(min, places), asset });
  const max = unitsFromNumeric(product.maxPerUser, places);
  if (heldByUser + amount > max)
    throw new AppError('earnAboveUserMax', { max: unitsText(max, places), asset });
  const left = unitsFromNumeric(product.quota, places) - unitsFromNumeric(product.held, places);
  if (amount > left) {
    throw new AppError('earnQuotaExhausted', { left: unitsText(left > 0n ? left : 0n, places), asset });
  }
}

/** The first day that accrues (the UTC day after `now`) and, for a fixed term, its maturity. */
function termsOf(product: Pick<EarnProductRow, 'termDays'>, now: Date) {
  const accrualStartsOn = addDays(utcDayOf(now), 1);
  return {
    accrualStartsOn,
    maturesAt: product.termDays === null ? null : startOf(addDays(accrualStartsOn, product.termDays)),
  };
}

/**
 * What redeeming an order at `now` pays: a flexible order its whole principal; a fixed term before maturity,
 * when its rule allows, the principal less the interest paid and the penalty. A fixed term at or past maturity
 * is the job's to close (its last days may still be unpaid).
 */
function redemptionOf(order: EarnOrderRow, now: Date, places: number): Redemption {
  if (order.status !== 'active') throw new AppError('earnOrderNotActive');
  const principal = unitsFromNumeric(order.principal, places);
  if (order.termDays === null) {
    return { principal, reclaimed: 0n, penalty: 0n, payout: principal, early: false };
  }
  if (order.maturesAt && now >= order.maturesAt) throw new AppError('earnOrderNotActive');
  if (!order.earlyRedemptionAllowed) throw new AppError('earnRedemptionNotAllowed');
  const figures = earlyRedemption(
    principal,
    unitsFromNumeric(order.interestPaid, places),
    decimalOf(order.penaltyRate),
  );
  return { principal, ...figures, early: true };
}

/** What winding a demo account's order down pays (EarnService.windDemo). */
function windingOf(order: EarnOrderRow, now: Date, places: number): Redemption {
  if (order.status !== 'active') throw new AppError('earnOrderNotActive');
  const principal = unitsFromNumeric(order.principal, places);
  if (order.termDays === null || (order.maturesAt && now >= order.maturesAt)) {
    return { principal, reclaimed: 0n, penalty: 0n, payout: principal, early: false };
  }
  const figures = earlyRedemption(
    principal,
    unitsFromNumeric(order.interestPaid, places),
    decimalOf(order.penaltyRate),
  );
  return { principal, ...figures, early: true };
}

function quoteView(order: EarnOrderRow, redemption: Redemption, places: number): EarnRedemptionQuote {
  return {
    orderId: String(order.id),
    asset: order.asset,
    principal: unitsText(redemption.principal, places),
    interestPaid: amountText(order.interestPaid, places),
    interestReclaimed: unitsText(redemption.reclaimed, places),
    penalty: unitsText(redemption.penalty, places),
    payout: unitsText(redemption.payout, places),
    early: redemption.early,
  };
}

function adminView(
  product: EarnProductRow,
  now: Date,
  places: number,
  standings: ReadonlyMap<string, { activeOrders: number; interestPaid: string }>,
) {
  const { held: _held, ...view } = productView(product, now, places, '0');
  const standing = standings.get(String(product.id));
  return {
    ...view,
    visible: product.visible,
    subscribed: amountText(product.held, places),
    activeOrders: standing?.activeOrders ?? 0,
    interestPaid: amountText(standing?.interestPaid ?? '0', places),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** A product as the audit log keeps it. */
function auditedOf(product: EarnProductRow) {
  return {
    asset: product.asset,
    termDays: product.termDays,
    annualRate: rateText(product.annualRate),
    minAmount: rateText(product.minAmount),
    maxPerUser: rateText(product.maxPerUser),
    quota: rateText(product.quota),
    saleStartsAt: product.saleStartsAt.toISOString(),
    saleEndsAt: product.saleEndsAt?.toISOString() ?? null,
    earlyRedemption: { allowed: product.earlyRedemptionAllowed, penaltyRate: rateText(product.penaltyRate) },
    visible: product.visible,
  };
}
