import {
  type AdminWithdrawalDetail,
  isPlausibleBankReference,
  isPlausibleTransactionHash,
  rejectBody,
  withdrawalApproveBody,
} from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { Button, TextArea, TextField } from '@kestrel/ui';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog } from '../../components/Dialog';
import { useLocale } from '../../i18n/i18n';
import styles from '../review/Review.module.css';
import { ReviewTestId } from '../review/testIds';
import { useWithdrawalDecision, type WithdrawalDecision } from './queries';
import { WithdrawalTestId } from './testIds';

const NOTE_MAX_LENGTH = 500;

/**
 * Approve or reject an undecided withdrawal. The approval that pays it out asks for the payment's reference
 * (the transaction hash, or the bank's reference for a card); the first approval of a large one does not,
 * since the second reviewer makes the payment. A rejection needs the reason the user will read.
 */
export function WithdrawalDecisionBar({ item }: { item: AdminWithdrawalDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  if (item.status !== 'pending') return null;
  return (
    <div className={styles.decisionBar}>
      <Button variant="primary" onClick={() => setOpen('approve')} data-testid={ReviewTestId.approve}>
        <Check size={16} aria-hidden />
        {t('admin.review.approve')}
      </Button>
      <Button variant="danger" onClick={() => setOpen('reject')} data-testid={ReviewTestId.reject}>
        <X size={16} aria-hidden />
        {t('admin.review.reject')}
      </Button>
      {open === 'approve' ? <ApproveDialog item={item} onClose={() => setOpen(null)} /> : null}
      {open === 'reject' ? <RejectDialog item={item} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/** Sends a decision checked first with the server's own schema; a refusal shows its message in the dialog. */
function useDecide(item: AdminWithdrawalDetail) {
  const { t, i18n } = useTranslation();
  const decide = useWithdrawalDecision(item.id);
  const [error, setError] = useState('');
  const send = async (decision: WithdrawalDecision | { refused: string }, done: TranslationKey) => {
    if ('refused' in decision) {
      const key = decision.refused;
      setError(i18n.exists(key) ? t(key as TranslationKey) : t('validation.parameterError'));
      throw new Error(key);
    }
    await decide.mutateAsync(decision);
    notify({ tone: 'positive', message: t(done) });
  };
  return { error, setError, send };
}

function ApproveDialog({ item, onClose }: { item: AdminWithdrawalDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { formatAmount } = useLocale();
  const { error, setError, send } = useDecide(item);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const firstOfTwo = item.needsSecondApproval && item.state === 'pending';
  const plausible =
    item.targetType === 'bank_card' || !item.chain
      ? isPlausibleBankReference(reference)
      : isPlausibleTransactionHash(item.chain, reference);
  const submit = () => {
    // The same loose check as the server's, so a reference that cannot be a payment's is never sent.
    if (!firstOfTwo && !plausible) {
      return send({ refused: 'admin.withdrawals.errors.referenceInvalid' }, 'admin.review.approvedDone');
    }
    const parsed = withdrawalApproveBody.safeParse({
      payoutReference: firstOfTwo ? undefined : reference,
      note: note.trim() ? note : undefined,
    });
    return send(
      parsed.success
        ? { kind: 'approve', body: parsed.data }
        : { refused: parsed.error.issues[0]?.message ?? '' },
      'admin.review.approvedDone',
    );
  };
  const shownError = error ? (
    <span role="alert" className={styles.error}>
      {error}
    </span>
  ) : null;
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
        maxLength={NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        data-testid={ReviewTestId.note}
      />
    </FormDialog>
  );
}

function RejectDialog({ item, onClose }: { item: AdminWithdrawalDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { error, setError, send } = useDecide(item);
  const [reason, setReason] = useState('');
  const submit = () => {
    const parsed = rejectBody.safeParse({ reason });
    return send(
      parsed.success
        ? { kind: 'reject', body: parsed.data }
        : { refused: parsed.error.issues[0]?.message ?? '' },
      'admin.review.rejectedDone',
    );
  };
  return (
    <FormDialog
      title={t('admin.review.rejectTitle')}
      description={t('admin.review.rejectBody')}
      submitLabel={t('admin.review.reject')}
      tone="danger"
      onSubmit={submit}
      onClose={onClose}
      testId={ReviewTestId.rejectDialog}
    >
      <TextArea
        label={t('admin.common.reason')}
        hint={
          error ? (
            <span role="alert" className={styles.error}>
              {error}
            </span>
          ) : (
            t('admin.review.reasonHint')
          )
        }
        aria-required
        maxLength={NOTE_MAX_LENGTH}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setError('');
        }}
        aria-invalid={error ? true : undefined}
        data-testid={ReviewTestId.reason}
      />
    </FormDialog>
  );
}
