import type { AdminSettings } from '@kestrel/contract';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminSessions, adminSettings, admins, DEFAULT_ADJUSTMENT_APPROVAL_ABOVE } from './admin.schema';

import type { Audited } from './audit';
import { type AuditEntryRow, appendAuditEntry } from './audit.repository';

/** The settings while no row is stored: the columns' defaults. */
const DEFAULT_SETTINGS: AdminSettings = {
  requireTotp: true,
  adjustmentApprovalAbove: DEFAULT_ADJUSTMENT_APPROVAL_ABOVE,
  adjustmentProposerRole: 'support',
  withdrawalsRequireIdentity: true,
};

export type AdminRow = typeof admins.$inferSelect;
export type NewAdmin = typeof admins.$inferInsert;

/** Admin accounts, their sessions and the back office's settings: every SQL statement about them. */
export class AdminsRepository implements Audited<AdminsRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: AdminsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AdminsRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  async findByEmail(email: string): Promise<AdminRow | undefined> {
    const [row] = await this.db.select().from(admins).where(eq(admins.email, email)).limit(1);
    return row;
  }

  /** The admin, locked until the end of the transaction so that two changes to it cannot interleave. */
  async findByIdForUpdate(id: number): Promise<AdminRow | undefined> {
    const [row] = await this.db.select().from(admins).where(eq(admins.id, id)).limit(1).for('update');
    return row;
  }

  async list(): Promise<AdminRow[]> {
    return this.db.select().from(admins).orderBy(asc(admins.id));
  }

  /** Inserts the admin, or returns undefined when the e-mail is already taken. */
  async insert(admin: NewAdmin): Promise<AdminRow | undefined> {
    const [row] = await this.db.insert(admins).values(admin).onConflictDoNothing().returning();
    return row;
  }

  async update(id: number, changes: Partial<Omit<NewAdmin, 'id'>>): Promise<AdminRow> {
    const [row] = await this.db.update(admins).set(changes).where(eq(admins.id, id)).returning();
    if (!row) throw new Error(`admin ${id} vanished during an update`);
    return row;
  }

  /** Records a code's time step as used; false when that step or a later one was used already. */
  async claimTotpStep(id: number, step: number): Promise<boolean> {
    const claimed = await this.db
      .update(admins)
      .set({ totpLastStep: step })
      .where(and(eq(admins.id, id), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
      .returning({ id: admins.id });
    return claimed.length > 0;
  }

  /**
   * Enabled super admins, counted with their rows locked: two operators demoting the last two super admins at
   * once must not both succeed.
   */
  async countActiveSuperAdminsForUpdate(): Promise<number> {
    const rows = await this.db
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.role, 'super_admin'), isNull(admins.disabledAt)))
      .for('update');
    return rows.length;
  }

  async insertSession(session: typeof adminSessions.$inferInsert) {
    await this.db.insert(adminSessions).values(session);
  }

  /** The live session a token hash names, with its admin. */
  async findLiveSession(tokenHash: string, idleSince: Date) {
    const [row] = await this.db
      .select({ session: adminSessions, admin: admins })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .where(
        and(
          eq(adminSessions.tokenHash, tokenHash),
          isNull(adminSessions.revokedAt),
          gt(adminSessions.expiresAt, sql`now()`),
          gt(adminSessions.lastSeenAt, idleSince),
        ),
      )
      .limit(1);
    return row;
  }

  async touchSession(tokenHash: string) {
    await this.db
      .update(adminSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(adminSessions.tokenHash, tokenHash));
  }

  async revokeSession(tokenHash: string) {
    await this.db
      .update(adminSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt)));
  }

  async revokeAllSessions(adminId: number) {
    await this.db
      .update(adminSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt)));
  }

  async readSettings(): Promise<AdminSettings> {
    const [row] = await this.db
      .select({
        requireTotp: adminSettings.requireTotp,
        adjustmentApprovalAbove: adminSettings.adjustmentApprovalAbove,
        adjustmentProposerRole: adminSettings.adjustmentProposerRole,
        withdrawalsRequireIdentity: adminSettings.withdrawalsRequireIdentity,
      })
      .from(adminSettings)
      .limit(1);
    return row ?? DEFAULT_SETTINGS;
  }

  async writeSettings(settings: AdminSettings) {
    await this.db
      .insert(adminSettings)
      .values({ id: 1, ...settings })
      .onConflictDoUpdate({ target: adminSettings.id, set: settings });
  }
}
