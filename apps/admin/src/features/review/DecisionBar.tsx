import { approveBody, type ReviewStatus, rejectBody } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { Button, TextArea } from '@kestrel/ui';
import { Check, X } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog } from '../../components/Dialog';
import { type ReviewDecision, type ReviewQueueName, useReviewDecision } from './queries';
import styles from './Review.module.css';
import { ReviewTestId } from './testIds';

const REVIEW_TEXT_MAX_LENGTH = 500;

/**
 * Approve or reject a pending item. Both ask first; a rejection needs the reason the user will read. Once the
 * item is decided there is nothing left to decide, so the bar is gone.
 */
export function DecisionBar({
  queue,
  id,
  status,
}: {
  queue: ReviewQueueName;
  id: number;
  status: ReviewStatus;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  if (status !== 'pending') return null;
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
      {open ? <DecisionDialog queue={queue} id={id} kind={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/** The decision as the contract's schema reads it, or the catalogue key of why the server would refuse it. */
function decisionOf(kind: 'approve' | 'reject', text: string): ReviewDecision | { refused: string } {
  if (kind === 'approve') {
    const parsed = approveBody.safeParse({ note: text.trim() ? text : undefined });
    return parsed.success ? { kind, body: parsed.data } : { refused: parsed.error.issues[0]?.message ?? '' };
  }
  const parsed = rejectBody.safeParse({ reason: text });
  return parsed.success ? { kind, body: parsed.data } : { refused: parsed.error.issues[0]?.message ?? '' };
}

function DecisionDialog({
  queue,
  id,
  kind,
  onClose,
}: {
  queue: ReviewQueueName;
  id: number;
  kind: 'approve' | 'reject';
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const decide = useReviewDecision(queue, id);
  const [text, setText] = useState('');
  const [error, setError] = useState('');

  const submit = async () => {
    // Checked here with the server's own schema, so an empty reason is never sent.
    const decision = decisionOf(kind, text);
    if ('refused' in decision) {
      const key = decision.refused;
      setError(i18n.exists(key) ? t(key as TranslationKey) : t('validation.parameterError'));
      throw new Error(key);
    }
    await decide.mutateAsync(decision);
    notify({
      tone: 'positive',
      message: t(kind === 'approve' ? 'admin.review.approvedDone' : 'admin.review.rejectedDone'),
    });
  };

  const field = {
    maxLength: REVIEW_TEXT_MAX_LENGTH,
    value: text,
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
      setText(event.target.value);
      setError('');
    },
    'aria-invalid': error ? true : undefined,
  };
  const shownError = error ? (
    <span role="alert" className={styles.error}>
      {error}
    </span>
  ) : null;

  return kind === 'approve' ? (
    <FormDialog
      title={t('admin.review.approveTitle')}
      description={t('admin.review.approveBody')}
      submitLabel={t('admin.review.approve')}
      onSubmit={submit}
      onClose={onClose}
      testId={ReviewTestId.approveDialog}
    >
      <TextArea
        label={t('admin.review.note')}
        hint={shownError ?? t('admin.review.noteHint')}
        {...field}
        data-testid={ReviewTestId.note}
      />
    </FormDialog>
  ) : (
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
        hint={shownError ?? t('admin.review.reasonHint')}
        aria-required
        {...field}
        data-testid={ReviewTestId.reason}
      />
    </FormDialog>
  );
}
