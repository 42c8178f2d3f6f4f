import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditEntryRow, type Audited, appendAuditEntry } from '../admin';
import { type OptionPeriodRow, type OptionProductRow, optionPeriods, optionProducts } from './options.schema';

/** A product with its periods, shortest first. */
export type StoredProduct = OptionProductRow & { periods: OptionPeriodRow[] };

/** What operators set on a product; decimals as strings the service checked. */
export type ProductSettings = {
  open: boolean;
  maxOpenOrders: number;
  maxDailyLoss: string;
  periods: Array<Omit<OptionPeriodRow, 'productId'>>;
};

/** Every SQL statement of option products and their periods. */
export class OptionProductsRepository implements Audited<OptionProductsRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: OptionProductsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new OptionProductsRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  async list(): Promise<StoredProduct[]> {
    const products = await this.db.select().from(optionProducts).orderBy(asc(optionProducts.id));
    const periods = await this.db
      .select()
      .from(optionPeriods)
      .orderBy(asc(optionPeriods.productId), asc(optionPeriods.seconds));
    return products.map((product) => ({
      ...product,
      periods: periods.filter((period) => period.productId === product.id),
    }));
  }

  async find(id: bigint): Promise<StoredProduct | undefined> {
    const [product] = await this.db.select().from(optionProducts).where(eq(optionProducts.id, id));
    if (!product) return undefined;
    return { ...product, periods: await this.periodsOf(id) };
  }

  /** The product as it is now, locked until the end of the transaction, so that its audit entry's "before" holds. */
  async lock(id: bigint): Promise<StoredProduct | undefined> {
    const [product] = await this.db
      .select()
      .from(optionProducts)
      .where(eq(optionProducts.id, id))
      .for('update');
    if (!product) return undefined;
    return { ...product, periods: await this.periodsOf(id) };
  }

  async findBySymbol(symbol: string): Promise<OptionProductRow | undefined> {
    const [product] = await this.db.select().from(optionProducts).where(eq(optionProducts.symbol, symbol));
    return product;
  }

  async insert(symbol: string, asset: string, settings: ProductSettings): Promise<StoredProduct> {
    const [product] = await this.db
      .insert(optionProducts)
      .values({
        symbol,
        asset,
        open: settings.open,
        maxOpenOrders: settings.maxOpenOrders,
        maxDailyLoss: settings.maxDailyLoss,
      })
      .returning();
    if (!product) throw new Error('an inserted product was not returned');
    await this.replacePeriods(product.id, settings.periods);
    return { ...product, periods: await this.periodsOf(product.id) };
  }

  async update(id: bigint, settings: ProductSettings): Promise<StoredProduct> {
    const [product] = await this.db
      .update(optionProducts)
      .set({
        open: settings.open,
        maxOpenOrders: settings.maxOpenOrders,
        maxDailyLoss: settings.maxDailyLoss,
        updatedAt: sql`now()`,
      })
      .where(eq(optionProducts.id, id))
      .returning();
    if (!product) throw new Error(`product ${id} vanished inside its transaction`);
    await this.replacePeriods(id, settings.periods);
    return { ...product, periods: await this.periodsOf(id) };
  }

  // Periods are settings for new orders only: an order copies its rate, cutoff and close when accepted.
  private async replacePeriods(productId: bigint, periods: ProductSettings['periods']) {
    await this.db.delete(optionPeriods).where(eq(optionPeriods.productId, productId));
    await this.db.insert(optionPeriods).values(periods.map((period) => ({ ...period, productId })));
  }

  private periodsOf(productId: bigint) {
    return this.db
      .select()
      .from(optionPeriods)
      .where(eq(optionPeriods.productId, productId))
      .orderBy(asc(optionPeriods.seconds));
  }
}
