import { approveBody, type ReviewStatus, rejectBody } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { Button, TextArea } from '@kestrel/ui';
import { Check, X } from 'lucide-react';
import { type ChangeEvent, type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog } from '../../components/Dialog';
import { type ReviewDecision, type ReviewQueueName, useReviewDecision } from './queries';
import styles from './Review.module.css';
import { ReviewTestId } from './testIds';

export const REVIEW_TEXT_MAX_LENGTH = 500;

/** What an approval dialog is given: the queue, the item, and how to close. */
export type ApproveDialogProps<Item> = { queue: ReviewQueueName; item: Item; onClose: () => void };

/**
 * Approve or reject a pending item. Both ask first; a rejection needs the reason the user will read. Once the
 * item is decided there is nothing left to decide, so the bar is gone.
 */
export function DecisionBar<Item extends { id: number; status: ReviewStatus }>({
  queue,
  item,
  ApproveDialog,
}: {
  queue: ReviewQueueName;
  item: Item;
  /** The kind's own approval, when it sends more than an optional note. */
  ApproveDialog?: ComponentType<ApproveDialogProps<Item>>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  if (item.status !== 'pending') return null;
  const close = () => setOpen(null);
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
      {open === 'approve' && ApproveDialog ? (
        <ApproveDialog queue={queue} item={item} onClose={close} />
      ) : open ? (
        <DecisionDialog queue={queue} id={item.id} kind={open} onClose={close} />
      ) : null}
    </div>
  );
}

/** A decision as the contract's schema reads it, or the catalogue key of why the server would refuse it. */
export type CheckedDecision = ReviewDecision | { refused: string };

/** The refusal of a schema's failed parse: its first message, a catalogue key. */
export function refusal(error: { issues: { message: string }[] }): { refused: string } {
  return { refused: error.issues[0]?.message ?? '' };
}

/** Sends a checked decision; a refusal stays in the dialog as its message, and the dialog stays open. */
export function useDecide(queue: ReviewQueueName, id: number) {
  const { t, i18n } = useTranslation();
  const decide = useReviewDecision(queue, id);
  const [error, setError] = useState('');
  const send = async (decision: CheckedDecision) => {
    // Checked with the server's own schema first, so an empty reason or a malformed reference is never sent.
    if ('refused' in decision) {
      const key = decision.refused;
      setError(i18n.exists(key) ? t(key as TranslationKey) : t('validation.parameterError'));
      throw new Error(key);
    }
    await decide.mutateAsync(decision);
    notify({
      tone: 'positive',
      message: t(decision.kind === 'approve' ? 'admin.review.approvedDone' : 'admin.review.rejectedDone'),
    });
  };
  /** The refusal where a field's hint would be, read out as it appears. */
  const shownError: ReactNode = error ? (
    <span role="alert" className={styles.error}>
      {error}
    </span>
  ) : null;
  return { error, setError, shownError, send };
}

/** The decision's text as the contract's schema reads it: an optional note for the audit log, or a reason. */
function decisionOf(kind: 'approve' | 'reject', text: string): CheckedDecision {
  if (kind === 'approve') {
    const parsed = approveBody.safeParse({ note: text.trim() ? text : undefined });
    return parsed.success ? { kind, body: parsed.data } : refusal(parsed.error);
  }
  const parsed = rejectBody.safeParse({ reason: text });
  return parsed.success ? { kind, body: parsed.data } : refusal(parsed.error);
}

/** Approves with an optional note, or rejects with the reason the user will read. */
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
  const { t } = useTranslation();
  const { error, setError, shownError, send } = useDecide(queue, id);
  const [text, setText] = useState('');

  const field = {
    maxLength: REVIEW_TEXT_MAX_LENGTH,
    value: text,
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
      setText(event.target.value);
      setError('');
    },
    'aria-invalid': error ? true : undefined,
  };

  return kind === 'approve' ? (
    <FormDialog
      title={t('admin.review.approveTitle')}
      description={t('admin.review.approveBody')}
      submitLabel={t('admin.review.approve')}
      onSubmit={() => send(decisionOf(kind, text))}
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
      onSubmit={() => send(decisionOf(kind, text))}
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
