import {
  type AdminBankCardDetail,
  type AdminBankCardSummary,
  type AdminPage,
  type ApproveBody,
  maskCardNumber,
  type RejectBody,
} from '@kestrel/contract';
import { AppError } from '../../http/app-error';
import type { Actor } from '../admin';
import type { MessagesService } from '../messages';
import { type Decision, decideOnce, type QueueFilter } from '../review';
import type { BankCardRow, BankCardsRepository } from './bank-cards.repository';

type UserContact = { userEmail: string | null; userPhone: string | null };

function toSummary(row: BankCardRow, user: UserContact): AdminBankCardSummary {
  return {
    id: row.id,
    userId: row.userId,
    userEmail: user.userEmail,
    userPhone: user.userPhone,
    bankName: row.bankName,
    cardholder: row.cardholder,
    cardNumberMasked: maskCardNumber(row.cardNumber),
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** The bank-card queue of the back office: reviewers list, open, approve and reject cards. */
export class BankCardsReviewService {
  constructor(
    private readonly repository: BankCardsRepository,
    private readonly messages: Pick<MessagesService, 'notify'>,
  ) {}

  async list(filter: QueueFilter): Promise<AdminPage<AdminBankCardSummary>> {
    const { rows, total } = await this.repository.page(filter);
    return { items: rows.map(({ card, ...user }) => toSummary(card, user)), total };
  }

  async detail(id: number): Promise<AdminBankCardDetail> {
    const found = await this.repository.findForReview(id);
    if (!found) throw new AppError('notFound');
    const { card, reviewerEmail, ...user } = found;
    const earlier = await this.repository.earlierThan(card.userId, card.id);
    return {
      ...toSummary(card, user),
      bankAccount: card.bankAccount,
      cardNumber: card.cardNumber,
      phone: card.phone,
      routingCode: card.routingCode,
      rejectionReason: card.rejectionReason,
      reviewer:
        card.reviewerAdminId !== null && reviewerEmail !== null
          ? { id: card.reviewerAdminId, email: reviewerEmail }
          : null,
      history: earlier.map((row) => ({ ...toSummary(row, user), rejectionReason: row.rejectionReason })),
    };
  }

  approve(id: number, body: ApproveBody, actor: Actor): Promise<AdminBankCardDetail> {
    return this.decide(id, { status: 'approved', note: body.note }, actor);
  }

  reject(id: number, body: RejectBody, actor: Actor): Promise<AdminBankCardDetail> {
    return this.decide(id, { status: 'rejected', reason: body.reason }, actor);
  }

  private async decide(id: number, decision: Decision, actor: Actor): Promise<AdminBankCardDetail> {
    if (actor.adminId === null) throw new Error('a review decision needs the deciding admin');
    const adminId = actor.adminId;
    const decided = await decideOnce(this.repository, actor, { type: 'bankCard', id }, decision, {
      decide: (repository) => repository.decide(id, decision, adminId),
      exists: (repository) => repository.exists(id),
    });
    // After the commit: a decision is never undone because its notice could not be stored.
    const card = { card: maskCardNumber(decided.cardNumber), bank: decided.bankName };
    if (decision.status === 'approved') await this.messages.notify(decided.userId, 'bankCardApproved', card);
    else await this.messages.notify(decided.userId, 'bankCardRejected', { ...card, reason: decision.reason });
    return this.detail(id);
  }
}
