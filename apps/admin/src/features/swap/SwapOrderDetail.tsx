import type { AdminSwapOrder } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import { X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Facts } from '../../components/Page';
import { Badge } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { Mono } from '../review/Mono';
import { coinName, type OperatorStep, operatorStepOf, shortAmount } from './format';
import { useSwapOrder } from './queries';
import styles from './Swap.module.css';
import { SwapOrderActionDialog } from './SwapOrderActionDialog';
import { SwapTestId } from './testIds';

/**
 * One order as the desk sees it: every amount, address and transaction, why it is under review, who asked for and
 * approved its payout, its timeline, and the one step its status allows, for operators who may take it.
 */
export function SwapOrderDetail({
  row,
  acts,
  onClose,
}: {
  row: AdminSwapOrder;
  acts: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { formatDate, formatAmount } = useLocale();
  const order = useSwapOrder(row.id, row).data ?? row;
  const [acting, setActing] = useState<OperatorStep | null>(null);
  const step = operatorStepOf(order);

  const mono = (value: string | null) => (value ? <Mono>{value}</Mono> : '—');
  const amount = (value: string | null, asset: string) => (value ? formatAmount(value, asset) : '—');
  const fact = (name: string, label: string, value: ReactNode) => ({
    label,
    value,
    testId: SwapTestId.fact(name),
  });

  return (
    <Card testId={SwapTestId.detail}>
      <div className={styles.detailHeader}>
        <h2>{t('admin.swapDesk.orderTitle', { id: order.id })}</h2>
        <Button
          variant="ghost"
          onClick={onClose}
          aria-label={t('admin.common.close')}
          data-testid={SwapTestId.closeDetail}
        >
          <X size={16} aria-hidden />
        </Button>
      </div>
      <span className={styles.badges}>
        <Badge tone={order.status === 'completed' ? 'positive' : 'neutral'}>
          {t(`swap.status.${order.status}`)}
        </Badge>
        <Badge tone="neutral">{t(`swap.payStatus.${order.payStatus}`)}</Badge>
        {order.simulated ? <Badge tone="neutral">{t('admin.swapDesk.simulated')}</Badge> : null}
        {step ? <Badge tone="negative">{t(`admin.swapDesk.waitsOn.${step}`)}</Badge> : null}
      </span>
      {acts && step ? (
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => setActing(step)} data-testid={SwapTestId.action(step)}>
            {t(`admin.swapDesk.actions.${step}`)}
          </Button>
        </div>
      ) : null}
      <Facts
        items={[
          fact(
            'pair',
            t('admin.swapDesk.pair'),
            `${coinName(order.fromAsset, order.fromNetwork)} → ${coinName(order.toAsset, order.toNetwork)}`,
          ),
          fact(
            'rateType',
            t('admin.swapDesk.fields.rateType'),
            t(`admin.swapDesk.rateTypes.${order.rateType}`),
          ),
          fact(
            'sendAmount',
            t('admin.swapDesk.fields.sendAmount'),
            amount(order.sendAmount, order.fromAsset),
          ),
          fact(
            'receiveAmount',
            t('admin.swapDesk.fields.receiveAmount'),
            amount(order.receiveAmount, order.toAsset),
          ),
          fact('rate', t('admin.swapDesk.fields.rate'), mono(shortAmount(order.rate))),
          fact('networkFee', t('admin.swapDesk.fields.networkFee'), amount(order.networkFee, order.toAsset)),
          fact(
            'spreadAmount',
            t('admin.swapDesk.fields.spreadAmount'),
            amount(order.spreadAmount, order.fromAsset),
          ),
          fact('depositAddress', t('admin.swapDesk.fields.depositAddress'), mono(order.depositAddress)),
          ...(order.depositMemo
            ? [fact('depositMemo', t('admin.swapDesk.fields.depositMemo'), mono(order.depositMemo))]
            : []),
          fact('receiveAddress', t('admin.swapDesk.fields.receiveAddress'), mono(order.receiveAddress)),
          ...(order.receiveMemo
            ? [fact('receiveMemo', t('admin.swapDesk.fields.receiveMemo'), mono(order.receiveMemo))]
            : []),
          fact('refundAddress', t('admin.swapDesk.fields.refundAddress'), mono(order.refundAddress)),
          fact('createdAt', t('admin.common.created'), formatDate(order.createdAt)),
          fact('expiresAt', t('admin.swapDesk.fields.expiresAt'), formatDate(order.expiresAt)),
          fact(
            'depositAmount',
            t('admin.swapDesk.fields.depositAmount'),
            amount(order.depositAmount, order.fromAsset),
          ),
          fact('depositTxHash', t('admin.swapDesk.fields.depositTxHash'), mono(order.depositTxHash)),
          fact('payoutTxHash', t('admin.swapDesk.fields.payoutTxHash'), mono(order.payoutTxHash)),
          fact(
            'refundAmount',
            t('admin.swapDesk.fields.refundAmount'),
            amount(order.refundAmount, order.fromAsset),
          ),
          fact('refundTxHash', t('admin.swapDesk.fields.refundTxHash'), mono(order.refundTxHash)),
          fact(
            'reviewReason',
            t('admin.swapDesk.fields.reviewReason'),
            order.reviewReason ? t(`admin.swapDesk.reviewReasons.${order.reviewReason}`) : '—',
          ),
          fact(
            'needsApproval',
            t('admin.swapDesk.fields.needsApproval'),
            t(order.needsApproval ? 'admin.swapDesk.approvalNeeded' : 'admin.swapDesk.approvalNotNeeded'),
          ),
          fact(
            'payoutRequestedBy',
            t('admin.swapDesk.fields.payoutRequestedBy'),
            order.payoutRequestedBy ?? '—',
          ),
          fact(
            'payoutApprovedBy',
            t('admin.swapDesk.fields.payoutApprovedBy'),
            order.payoutApprovedBy ?? '—',
          ),
          fact(
            'userId',
            t('admin.swapDesk.fields.userId'),
            order.userId ? mono(order.userId) : t('admin.swapDesk.noAccount'),
          ),
        ]}
      />
      <h3>{t('admin.swapDesk.fields.timeline')}</h3>
      <ol className={styles.timeline} data-testid={SwapTestId.timeline}>
        {order.events.map((event) => (
          <li key={`${event.status}-${event.at}`}>
            {t(`swap.status.${event.status}`)} · {formatDate(event.at)}
          </li>
        ))}
      </ol>
      {acting ? <SwapOrderActionDialog order={order} step={acting} onClose={() => setActing(null)} /> : null}
    </Card>
  );
}
