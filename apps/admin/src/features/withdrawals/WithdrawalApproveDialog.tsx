import {
  type AdminWithdrawalDetail,
  isPlausibleBankReference,
  isPlausibleTransactionHash,
  withdrawalApproveBody,
} from '@kestrel/contract';
import { TextArea, TextField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/Dialog';
import { useLocale } from '../../i18n/i18n';
import { type ApproveDialogProps, REVIEW_TEXT_MAX_LENGTH, refusal, useDecide } from '../review/DecisionBar';
import { ReviewTestId } from '../review/testIds';
import { WithdrawalTestId } from './testIds';

/**
 * The approval that pays a withdrawal out asks for the payment's reference (the transaction hash, or the bank's
 * reference for a card); the first approval of a large one does not, since the second reviewer makes the payment.
 */
export function WithdrawalApproveDialog({ queue, item, onClose }: ApproveDialogProps<AdminWithdrawalDetail>) {
  const { t } = useTranslation();
  const { formatAmount } = useLocale();
  const { error, setError, shownError, send } = useDecide(queue, item.id);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const firstOfTwo = item.needsSecondApproval && item.state === 'pending';
  const plausible =
    item.targetType === 'bank_card' || !item.chain
      ? isPlausibleBankReference(reference)
      : isPlausibleTransactionHash(item.chain, reference);
  const submit = () => {
    // The same loose check as the server's, so a reference that cannot be a payment's is never sent.
    if (!firstOfTwo && !plausible) return send({ refused: 'admin.withdrawals.errors.referenceInvalid' });
    const parsed = withdrawalApproveBody.safeParse({
      payoutReference: firstOfTwo ? undefined : reference,
      note: note.trim() ? note : undefined,
    });
    return send(parsed.success ? { kind: 'approve', body: parsed.data } : refusal(parsed.error));
  };
  return (
    <FormDialog
      title={t('admin.withdrawals.approveTitle')}
      description={
        firstOfTwo
          ? t('admin.withdrawals.firstApprovalBody')
          : t('admin.withdrawals.approveBody', { amount: formatAmount(item.received), asset: item.asset })
      }
      submitLabel={t('admin.review.approve')}
      onSubmit={submit}
      onClose={onClose}
      testId={ReviewTestId.approveDialog}
    >
      {firstOfTwo ? null : (
        <TextField
          label={
            item.targetType === 'bank_card'
              ? t('admin.withdrawals.bankReference')
              : t('admin.withdrawals.transactionHash')
          }
          hint={shownError ?? undefined}
          dir="ltr"
          required
          maxLength={128}
          value={reference}
          onChange={(event) => {
            setReference(event.target.value.trim());
            setError('');
          }}
          aria-invalid={error ? true : undefined}
          data-testid={WithdrawalTestId.referenceInput}
        />
      )}
      <TextArea
        label={t('admin.review.note')}
        hint={firstOfTwo ? (shownError ?? t('admin.review.noteHint')) : t('admin.review.noteHint')}
        maxLength={REVIEW_TEXT_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        data-testid={ReviewTestId.note}
      />
    </FormDialog>
  );
}
