import { PAYOUT_ACCOUNTS_LIMIT } from '@kestrel/contract';
import { AppError } from '../../http/app-error';
import type { ProfileService } from '../profile';
import type { BindBody, BindChecks, PayoutAccountKind } from './payout-account-kind';
import type { PayoutAccountsRepository, PayoutTable } from './payout-accounts.repository';

/** A user's own payout accounts of one kind: listing, binding one for review, deleting one. */
export class PayoutAccountsService<T extends PayoutTable, Body extends BindBody, View, Summary, Detail> {
  constructor(
    readonly kind: PayoutAccountKind<T, Body, View, Summary, Detail>,
    private readonly repository: PayoutAccountsRepository<T>,
    private readonly profile: Pick<ProfileService, 'verifySecurityPassword'>,
    private readonly checks: BindChecks,
  ) {}

  async list(userId: number): Promise<{ items: View[]; limit: number }> {
    const rows = await this.repository.listLive(userId);
    return { items: rows.map((row) => this.kind.toView(row)), limit: PAYOUT_ACCOUNTS_LIMIT };
  }

  /**
   * Binding is a sensitive action: the security password comes first, so nothing else is revealed without it;
   * then the kind's own checks (a wallet's screenshot), the limit and the one-of-each rule.
   */
  async bind(userId: number, body: Body): Promise<View> {
    const { kind } = this;
    await this.profile.verifySecurityPassword(userId, body.securityPassword);
    const row = await kind.toRow(userId, body, this.checks);
    const stored = await this.repository.transaction(async (repository) => {
      await repository.lockOwner(userId);
      if ((await repository.countLive(userId)) >= PAYOUT_ACCOUNTS_LIMIT)
        throw new AppError(kind.refusals.limit);
      return repository.insert(row);
    });
    if (!stored) throw new AppError(kind.refusals.duplicate);
    return kind.toView(stored);
  }

  /** A stranger's account, or one already deleted, is not found: nothing tells them it exists. */
  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.repository.softDelete(userId, id))) throw new AppError('notFound');
  }
}
