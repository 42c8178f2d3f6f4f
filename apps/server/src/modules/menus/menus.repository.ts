import type { AdminMenuEntry } from '@kestrel/contract';
import type { Db } from '../../db/client';
import { type AuditEntryRow, type Audited, appendAuditEntry } from '../admin';
import { type MenuListRow, menuList } from './menus.schema';

/** Every SQL statement of the menu list. */
export class MenusRepository implements Audited<MenusRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: MenusRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new MenusRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  /** The stored list; undefined before the first save. */
  async find(): Promise<MenuListRow | undefined> {
    const [row] = await this.db.select().from(menuList);
    return row;
  }

  /** The stored list, locked until the end of the transaction so that two saves apply one after the other. */
  async findForUpdate(): Promise<MenuListRow | undefined> {
    const [row] = await this.db.select().from(menuList).for('update');
    return row;
  }

  async save(entries: AdminMenuEntry[], at: Date): Promise<MenuListRow> {
    const [row] = await this.db
      .insert(menuList)
      .values({ id: true, entries, updatedAt: at })
      .onConflictDoUpdate({ target: menuList.id, set: { entries, updatedAt: at } })
      .returning();
    if (!row) throw new Error('the menu list save returned no row');
    return row;
  }
}
