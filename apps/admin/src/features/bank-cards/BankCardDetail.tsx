import type { AdminBankCardDetail } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { pageStyles } from '../../components/Page';
import { ReviewDetailPage } from '../review/ReviewDetailPage';
import { BankCardTestId } from './testIds';

/**
 * One bank card: the whole number beside the holder, bank and routing code, and the decision. A card has no
 * image; reviewers compare the holder with the user's verified identity.
 */
export function BankCardDetail() {
  const { t } = useTranslation();
  const optional = (value: string | null) => (value ? <bdi>{value}</bdi> : '—');

  return (
    <ReviewDetailPage<AdminBankCardDetail>
      queue="bank-cards"
      title={(id) => t('admin.bankCards.detailTitle', { id })}
      facts={(item) => [
        {
          label: t('admin.bankCards.user'),
          value: (
            <>
              <bdi>{item.userEmail ?? item.userPhone ?? '—'}</bdi> · {t('admin.uid')} {item.userId}
            </>
          ),
        },
        {
          label: t('admin.bankCards.bankName'),
          value: <bdi>{item.bankName}</bdi>,
          testId: BankCardTestId.bank,
        },
        { label: t('admin.bankCards.bankAccount'), value: optional(item.bankAccount) },
        {
          label: t('admin.bankCards.cardNumber'),
          value: <bdi className={pageStyles.mono}>{item.cardNumber}</bdi>,
          testId: BankCardTestId.cardNumber,
        },
        {
          label: t('admin.bankCards.cardholder'),
          value: <bdi>{item.cardholder}</bdi>,
          testId: BankCardTestId.cardholder,
        },
        { label: t('admin.bankCards.phone'), value: <bdi className={pageStyles.mono}>{item.phone}</bdi> },
        {
          label: t('admin.bankCards.routingCode'),
          value: item.routingCode ? <bdi className={pageStyles.mono}>{item.routingCode}</bdi> : '—',
        },
      ]}
      images={() => []}
      historyColumns={[
        { key: 'bank', header: t('admin.bankCards.bankName'), render: (h) => <bdi>{h.bankName}</bdi> },
        {
          key: 'number',
          header: t('admin.bankCards.cardNumber'),
          render: (h) => <bdi className={pageStyles.mono}>{h.cardNumberMasked}</bdi>,
        },
      ]}
    />
  );
}
