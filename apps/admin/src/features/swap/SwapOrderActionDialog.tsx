import { useIdempotentSubmission } from '@kestrel/client';
import {
  type AdminSwapOrder,
  adminSwapDepositBody,
  adminSwapReviewBody,
  adminSwapTransferBody,
} from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { TextField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import settings from '../../components/SettingsForm.module.css';
import { useLocale } from '../../i18n/i18n';
import type { OperatorStep } from './format';
import { type SwapOrderAction, useSwapOrderAction } from './queries';
import styles from './Swap.module.css';
import { SwapTestId } from './testIds';

type Decision = 'exchange' | 'refund';

/** The first refusal of the contract, in the operator's language. */
function useRefusal() {
  const { t, i18n } = useTranslation();
  return (issue: { message: string } | undefined) =>
    issue && i18n.exists(issue.message) ? t(issue.message as TranslationKey) : t('validation.parameterError');
}

/**
 * The step an order waits on, as a small form with the reason the audit log keeps: the deposit seen on chain (its
 * amount and transaction), the decision on an order under review, a second operator's approval of a large payout,
 * or the payout or refund sent on chain (its transaction). The server answers with the order as it now stands.
 */
export function SwapOrderActionDialog({
  order,
  step,
  onClose,
}: {
  order: AdminSwapOrder;
  step: OperatorStep;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { formatAmount } = useLocale();
  const refusal = useRefusal();
  const [amount, setAmount] = useState(step === 'deposit' ? order.sendAmount : '');
  const [txHash, setTxHash] = useState('');
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const act = useSwapOrderAction(order.id);
  // The same step sent again after a lost answer is taken once.
  const attempts = useIdempotentSubmission((action: SwapOrderAction) => action);

  /** The step's body, checked with the server's own schema so that an obviously wrong one is never sent. */
  const actionOf = (): SwapOrderAction | string => {
    switch (step) {
      case 'deposit': {
        const parsed = adminSwapDepositBody.safeParse({ amount, txHash, reason });
        return parsed.success ? { kind: 'deposit', body: parsed.data } : refusal(parsed.error.issues[0]);
      }
      case 'review': {
        if (!decision) return t('admin.swapDesk.actions.chooseDecision');
        const parsed = adminSwapReviewBody.safeParse({ decision, reason });
        return parsed.success ? { kind: 'review', body: parsed.data } : refusal(parsed.error.issues[0]);
      }
      case 'approval': {
        const parsed = adminSwapTransferBody.pick({ reason: true }).safeParse({ reason });
        return parsed.success ? { kind: 'approval', body: parsed.data } : refusal(parsed.error.issues[0]);
      }
      case 'payout':
      case 'refund': {
        const parsed = adminSwapTransferBody.safeParse({ txHash, reason });
        return parsed.success ? { kind: step, body: parsed.data } : refusal(parsed.error.issues[0]);
      }
    }
  };

  const submit = async () => {
    const action = actionOf();
    if (typeof action === 'string') {
      setError(action);
      throw new Error(action);
    }
    try {
      await act.mutateAsync({ action, idempotencyKey: attempts.keyFor(action) });
    } finally {
      attempts.settle();
    }
    notify({ tone: 'positive', message: t('admin.swapDesk.actions.done') });
  };

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError('');
  };

  const description = {
    deposit: t('admin.swapDesk.actions.depositBody', {
      amount: formatAmount(order.sendAmount, order.fromAsset),
    }),
    review: t('admin.swapDesk.actions.reviewBody'),
    approval: order.payoutRequestedBy
      ? t('admin.swapDesk.actions.approvalAskedBy', { operator: order.payoutRequestedBy })
      : t('admin.swapDesk.actions.approvalBody'),
    payout: t('admin.swapDesk.actions.payoutBody', {
      amount: formatAmount(order.receiveAmount, order.toAsset),
    }),
    refund: t('admin.swapDesk.actions.refundBody', {
      amount: formatAmount(order.refundAmount ?? order.depositAmount ?? order.sendAmount, order.fromAsset),
    }),
  }[step];

  const txHashField = (
    <TextField
      label={t('admin.swapDesk.actions.txHash')}
      hint={t('admin.swapDesk.actions.txHashHint')}
      dir="ltr"
      required
      maxLength={130}
      value={txHash}
      onChange={(event) => edit(setTxHash)(event.target.value.trim())}
      data-testid={SwapTestId.field('txHash')}
    />
  );

  return (
    <FormDialog
      title={t(`admin.swapDesk.actions.${step}`)}
      description={description}
      submitLabel={t(`admin.swapDesk.actions.${step}`)}
      onSubmit={submit}
      onClose={onClose}
      testId={SwapTestId.actionDialog}
    >
      {step === 'deposit' ? (
        <>
          <TextField
            label={`${t('admin.swapDesk.fields.depositAmount')} (${order.fromAsset})`}
            inputMode="decimal"
            dir="ltr"
            required
            value={amount}
            onChange={(event) => edit(setAmount)(event.target.value.trim())}
            data-testid={SwapTestId.field('amount')}
          />
          {txHashField}
        </>
      ) : null}
      {step === 'payout' || step === 'refund' ? txHashField : null}
      {step === 'review' ? (
        <fieldset className={styles.choices}>
          <legend>{t('admin.swapDesk.actions.decision')}</legend>
          {(['exchange', 'refund'] as const).map((each) => (
            <label key={each} className={settings.switch}>
              <input
                type="radio"
                name="decision"
                checked={decision === each}
                onChange={() => {
                  setDecision(each);
                  setError('');
                }}
                data-testid={SwapTestId.decision(each)}
              />
              <span>{t(`admin.swapDesk.actions.decisions.${each}`)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <ReasonField value={reason} onChange={edit(setReason)} />
      {error ? (
        <p role="alert" className={settings.error} data-testid={SwapTestId.formError}>
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
