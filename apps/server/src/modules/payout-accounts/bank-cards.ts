import {
  type AdminBankCardDetail,
  type AdminBankCardSummary,
  type BankCardView,
  type bankCardBody,
  endpoints,
  maskCardNumber,
} from '@kestrel/contract';
import { ilike } from 'drizzle-orm';
import type { z } from 'zod';
import type { PayoutAccountKind } from './payout-account-kind';
import { bankCards } from './payout-accounts.schema';

/** Bank cards: found in the queue by cardholder or number; users see only the number's last four characters. */
export const bankCardAccounts: PayoutAccountKind<
  typeof bankCards,
  z.output<typeof bankCardBody>,
  BankCardView,
  AdminBankCardSummary,
  AdminBankCardDetail
> = {
  table: bankCards,
  search: (table, pattern) => [ilike(table.cardholder, pattern), ilike(table.cardNumber, pattern)],
  endpoints: {
    list: endpoints.listBankCards,
    bind: endpoints.bindBankCard,
    remove: endpoints.deleteBankCard,
    submissions: endpoints.listBankCardSubmissions,
    submission: endpoints.getBankCardSubmission,
    approve: endpoints.approveBankCard,
    reject: endpoints.rejectBankCard,
  },
  deletedMessage: 'bankCards.deleted',
  refusals: { limit: 'bankCardLimit', duplicate: 'bankCardDuplicate' },

  toRow: async (userId, body) => ({
    userId,
    bankName: body.bankName,
    bankAccount: body.bankAccount,
    cardNumber: body.cardNumber,
    cardholder: body.cardholder,
    phone: body.phone,
    routingCode: body.routingCode,
  }),

  toView: (row) => ({
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
  }),

  target: 'bankCard',

  toSummary: (row, user) => ({
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
  }),

  toDetail: (row, user, decided) => ({
    ...bankCardAccounts.toSummary(row, user),
    bankAccount: row.bankAccount,
    cardNumber: row.cardNumber,
    phone: row.phone,
    routingCode: row.routingCode,
    ...decided,
  }),

  async notify(messages, row, decision) {
    const card = { card: maskCardNumber(row.cardNumber), bank: row.bankName };
    if (decision.status === 'approved') await messages.notify(row.userId, 'bankCardApproved', card);
    else await messages.notify(row.userId, 'bankCardRejected', { ...card, reason: decision.reason });
  },
};
