import {
  type BankCardList,
  type BankCardView,
  type bankCardBody,
  maskCardNumber,
  PAYOUT_ACCOUNTS_LIMIT,
} from '@kestrel/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { ProfileService } from '../profile';
import type { BankCardRow, BankCardsRepository } from './bank-cards.repository';

function toView(row: BankCardRow): BankCardView {
  return {
    id: row.id,
    bankName: row.bankName,
    bankAccount: row.bankAccount,
    cardNumberMasked: maskCardNumber(row.cardNumber),
    cardholder: row.cardholder,
    phone: row.phone,
    routingCode: row.routingCode,
    status: row.status,
    rejectionReason: row.rejectionReason,
    createdAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** A user's own bank cards: listing, binding one for review, deleting one. */
export class BankCardsService {
  constructor(
    private readonly repository: BankCardsRepository,
    private readonly profile: Pick<ProfileService, 'verifySecurityPassword'>,
  ) {}

  async list(userId: number): Promise<BankCardList> {
    const rows = await this.repository.listLive(userId);
    return { items: rows.map(toView), limit: PAYOUT_ACCOUNTS_LIMIT };
  }

  /** Binding is a sensitive action: the security password comes first, so nothing else is revealed without it. */
  async bind(userId: number, body: z.output<typeof bankCardBody>): Promise<BankCardView> {
    await this.profile.verifySecurityPassword(userId, body.securityPassword);
    const stored = await this.repository.transaction(async (repository) => {
      await repository.lockOwner(userId);
      if ((await repository.countLive(userId)) >= PAYOUT_ACCOUNTS_LIMIT) throw new AppError('bankCardLimit');
      return repository.insert({
        userId,
        bankName: body.bankName,
        bankAccount: body.bankAccount,
        cardNumber: body.cardNumber,
        cardholder: body.cardholder,
        phone: body.phone,
        routingCode: body.routingCode,
      });
    });
    if (!stored) throw new AppError('bankCardDuplicate');
    return toView(stored);
  }

  /** A stranger's card, or one already deleted, is not found: nothing tells them it exists. */
  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.repository.softDelete(userId, id))) throw new AppError('notFound');
  }
}
