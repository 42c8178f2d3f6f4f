import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditEntryRow, type Audited, appendAuditEntry } from '../admin';
import { assetPrecisions } from '../ledger';
import { assetNetworks, platformBankAccounts } from './networks.schema';

export type NetworkRow = typeof assetNetworks.$inferSelect;
export type NewNetworkRow = typeof assetNetworks.$inferInsert;
/** Amount columns are written as NUMERIC literals already checked against the asset's precision. */
export type BankAccountRow = typeof platformBankAccounts.$inferSelect;
export type BankAccountValues = Omit<BankAccountRow, 'asset' | 'updatedAt'>;
export type NetworkChanges = Partial<Omit<NewNetworkRow, 'id' | 'asset' | 'chain' | 'updatedAt'>>;

/** Every SQL statement of assets' networks. */
export class NetworksRepository implements Audited<NetworksRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: NetworksRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new NetworksRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  listAssets() {
    return this.db.select().from(assetPrecisions).orderBy(assetPrecisions.code);
  }

  /** Every network, in the order the screens list them. */
  list(): Promise<NetworkRow[]> {
    return this.db
      .select()
      .from(assetNetworks)
      .orderBy(asc(assetNetworks.displayOrder), asc(assetNetworks.id));
  }

  async find(id: number): Promise<NetworkRow | undefined> {
    const [row] = await this.db.select().from(assetNetworks).where(eq(assetNetworks.id, id));
    return row;
  }

  async findOf(asset: string, chain: string): Promise<NetworkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(assetNetworks)
      .where(and(eq(assetNetworks.asset, asset), eq(assetNetworks.chain, chain as NetworkRow['chain'])));
    return row;
  }

  /** The network as it is now, locked until the end of the transaction, so its audit entry's "before" holds. */
  async lock(id: number): Promise<NetworkRow | undefined> {
    const [row] = await this.db.select().from(assetNetworks).where(eq(assetNetworks.id, id)).for('update');
    return row;
  }

  async update(id: number, changes: NetworkChanges): Promise<NetworkRow> {
    const [row] = await this.db
      .update(assetNetworks)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(assetNetworks.id, id))
      .returning();
    if (!row) throw new Error(`network ${id} vanished while locked`);
    return row;
  }

  /** Adds a network; nothing when the asset already has one on that chain. */
  async insert(row: NewNetworkRow): Promise<NetworkRow | undefined> {
    const [inserted] = await this.db.insert(assetNetworks).values(row).onConflictDoNothing().returning();
    return inserted;
  }

  /** Every asset's platform bank account, enabled or not. */
  bankAccounts(): Promise<BankAccountRow[]> {
    return this.db.select().from(platformBankAccounts).orderBy(platformBankAccounts.asset);
  }

  async bankAccountOf(asset: string): Promise<BankAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(platformBankAccounts)
      .where(eq(platformBankAccounts.asset, asset));
    return row;
  }

  /** The asset's bank account as it is now, locked until the end of the transaction (none yet: nothing locked). */
  async lockBankAccount(asset: string): Promise<BankAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(platformBankAccounts)
      .where(eq(platformBankAccounts.asset, asset))
      .for('update');
    return row;
  }

  /** Sets the asset's bank account, replacing the one it had. */
  async saveBankAccount(asset: string, values: BankAccountValues): Promise<BankAccountRow> {
    const updatedAt = new Date();
    const [row] = await this.db
      .insert(platformBankAccounts)
      .values({ asset, ...values, updatedAt })
      .onConflictDoUpdate({ target: platformBankAccounts.asset, set: { ...values, updatedAt } })
      .returning();
    if (!row) throw new Error(`bank account of ${asset} was not saved`);
    return row;
  }
}
