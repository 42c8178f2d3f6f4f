import { asc, count, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditEntryRow, type Audited, appendAuditEntry } from '../admin';
import { banners } from './banners.schema';

export type BannerRow = typeof banners.$inferSelect;
export type NewBannerRow = typeof banners.$inferInsert;
export type BannerChanges = Partial<Pick<NewBannerRow, 'uploadId' | 'titles' | 'link' | 'active'>>;

const inShowingOrder = [asc(banners.sortOrder), asc(banners.id)];

/** Every SQL statement of the home banners. */
export class BannersRepository implements Audited<BannersRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: BannersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new BannersRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  /** Every banner, shown or hidden, in the order the app shows them. */
  list(): Promise<BannerRow[]> {
    return this.db
      .select()
      .from(banners)
      .orderBy(...inShowingOrder);
  }

  listActive(): Promise<BannerRow[]> {
    return this.db
      .select()
      .from(banners)
      .where(eq(banners.active, true))
      .orderBy(...inShowingOrder);
  }

  /** The banner, locked for the rest of the transaction so that concurrent edits apply one after the other. */
  async findForUpdate(id: number): Promise<BannerRow | undefined> {
    const [row] = await this.db.select().from(banners).where(eq(banners.id, id)).for('update');
    return row;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(banners);
    return row?.value ?? 0;
  }

  /** The order a new banner takes: after every other one. */
  async nextSortOrder(): Promise<number> {
    const [row] = await this.db.select({ value: max(banners.sortOrder) }).from(banners);
    return row?.value === null || row?.value === undefined ? 0 : row.value + 1;
  }

  async insert(banner: NewBannerRow): Promise<BannerRow> {
    const [row] = await this.db.insert(banners).values(banner).returning();
    if (!row) throw new Error('the banner insert returned no row');
    return row;
  }

  async update(id: number, changes: BannerChanges): Promise<BannerRow> {
    const [row] = await this.db
      .update(banners)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(banners.id, id))
      .returning();
    if (!row) throw new Error('the banner update returned no row');
    return row;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(banners).where(eq(banners.id, id));
  }

  /** Locks every banner row, so that a reorder and a create or delete never interleave. */
  lockAll(): Promise<BannerRow[]> {
    return this.db
      .select()
      .from(banners)
      .orderBy(...inShowingOrder)
      .for('update');
  }

  async setSortOrder(id: number, sortOrder: number): Promise<void> {
    await this.db.update(banners).set({ sortOrder, updatedAt: new Date() }).where(eq(banners.id, id));
  }
}
