import {
  type AdminCryptoWalletDetail,
  type AdminCryptoWalletSummary,
  type AdminPage,
  type ApproveBody,
  adminUploadUrl,
  CHAIN_LABELS,
  type RejectBody,
} from '@kestrel/contract';
import { AppError } from '../../http/app-error';
import type { Actor } from '../admin';
import type { MessagesService } from '../messages';
import { type Decision, decideOnce, type QueueFilter } from '../review';
import type { CryptoWalletRow, CryptoWalletsRepository } from './crypto-wallets.repository';

type UserContact = { userEmail: string | null; userPhone: string | null };

function toSummary(row: CryptoWalletRow, user: UserContact): AdminCryptoWalletSummary {
  return {
    id: row.id,
    userId: row.userId,
    userEmail: user.userEmail,
    userPhone: user.userPhone,
    chain: row.chain,
    address: row.address,
    walletType: row.walletType,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** The wallet queue of the back office: reviewers list, open, approve and reject withdrawal wallets. */
export class CryptoWalletsReviewService {
  constructor(
    private readonly repository: CryptoWalletsRepository,
    private readonly messages: Pick<MessagesService, 'notify'>,
  ) {}

  async list(filter: QueueFilter): Promise<AdminPage<AdminCryptoWalletSummary>> {
    const { rows, total } = await this.repository.page(filter);
    return { items: rows.map(({ wallet, ...user }) => toSummary(wallet, user)), total };
  }

  async detail(id: number): Promise<AdminCryptoWalletDetail> {
    const found = await this.repository.findForReview(id);
    if (!found) throw new AppError('notFound');
    const { wallet, reviewerEmail, ...user } = found;
    const earlier = await this.repository.earlierThan(wallet.userId, wallet.id);
    return {
      ...toSummary(wallet, user),
      screenshotUrl: adminUploadUrl(wallet.screenshotUploadId),
      rejectionReason: wallet.rejectionReason,
      reviewer:
        wallet.reviewerAdminId !== null && reviewerEmail !== null
          ? { id: wallet.reviewerAdminId, email: reviewerEmail }
          : null,
      history: earlier.map((row) => ({ ...toSummary(row, user), rejectionReason: row.rejectionReason })),
    };
  }

  approve(id: number, body: ApproveBody, actor: Actor): Promise<AdminCryptoWalletDetail> {
    return this.decide(id, { status: 'approved', note: body.note }, actor);
  }

  reject(id: number, body: RejectBody, actor: Actor): Promise<AdminCryptoWalletDetail> {
    return this.decide(id, { status: 'rejected', reason: body.reason }, actor);
  }

  private async decide(id: number, decision: Decision, actor: Actor): Promise<AdminCryptoWalletDetail> {
    if (actor.adminId === null) throw new Error('a review decision needs the deciding admin');
    const adminId = actor.adminId;
    const decided = await decideOnce(this.repository, actor, { type: 'cryptoWallet', id }, decision, {
      decide: (repository) => repository.decide(id, decision, adminId),
      exists: (repository) => repository.exists(id),
    });
    // After the commit: a decision is never undone because its notice could not be stored.
    const wallet = { chain: CHAIN_LABELS[decided.chain], address: decided.address };
    if (decision.status === 'approved') await this.messages.notify(decided.userId, 'walletApproved', wallet);
    else await this.messages.notify(decided.userId, 'walletRejected', { ...wallet, reason: decision.reason });
    return this.detail(id);
  }
}
