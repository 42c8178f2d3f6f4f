import type { AdminBankCardDetail, AdminBankCardSummary } from '@kestrel/contract';
import { pageStyles } from '../../components/Page';
import type { ReviewKind } from '../review/ReviewKind';
import { BankCardTestId } from './testIds';

const mono = (text: string) => <bdi className={pageStyles.mono}>{text}</bdi>;

/**
 * Bank cards: the whole number beside the holder, bank and routing code. A card has no image; reviewers compare
 * the holder with the user's verified identity.
 */
export const bankCardReview: ReviewKind<AdminBankCardSummary, AdminBankCardDetail> = {
  queue: 'bank-cards',
  text: {
    title: 'admin.bankCards.title',
    search: 'admin.bankCards.search',
    itemTitle: 'admin.bankCards.detailTitle',
    number: 'admin.bankCards.submissionId',
    user: 'admin.bankCards.user',
  },
  columns: ({ t }) => [
    { key: 'bank', header: t('admin.bankCards.bankName'), render: (item) => <bdi>{item.bankName}</bdi> },
    {
      key: 'cardholder',
      header: t('admin.bankCards.cardholder'),
      render: (item) => <bdi>{item.cardholder}</bdi>,
    },
    {
      key: 'number',
      header: t('admin.bankCards.cardNumber'),
      render: (item) => mono(item.cardNumberMasked),
      nowrap: true,
    },
  ],
  facts: (item, { t }) => [
    { label: t('admin.bankCards.bankName'), value: <bdi>{item.bankName}</bdi>, testId: BankCardTestId.bank },
    {
      label: t('admin.bankCards.bankAccount'),
      value: item.bankAccount ? <bdi>{item.bankAccount}</bdi> : '—',
    },
    {
      label: t('admin.bankCards.cardNumber'),
      value: mono(item.cardNumber),
      testId: BankCardTestId.cardNumber,
    },
    {
      label: t('admin.bankCards.cardholder'),
      value: <bdi>{item.cardholder}</bdi>,
      testId: BankCardTestId.cardholder,
    },
    { label: t('admin.bankCards.phone'), value: mono(item.phone) },
    { label: t('admin.bankCards.routingCode'), value: item.routingCode ? mono(item.routingCode) : '—' },
  ],
  // No upload to show, yet the facts keep the reading width they have beside the other queues' images.
  images: () => [],
  history: {
    columns: ({ t }) => [
      { key: 'bank', header: t('admin.bankCards.bankName'), render: (h) => <bdi>{h.bankName}</bdi> },
      { key: 'number', header: t('admin.bankCards.cardNumber'), render: (h) => mono(h.cardNumberMasked) },
    ],
  },
};
