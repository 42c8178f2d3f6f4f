import { useIdempotentSubmission } from '@kestrel/client';
import { type AdminDepositDetail, type DepositAmountBody, depositAmountBody } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { TextField } from '@kestrel/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../app/api';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import { reviewKeys } from '../review/queries';
import { DepositTestId } from './testIds';

/** Corrects what a pending deposit will credit, with the reason the audit log keeps beside both amounts. */
export function CorrectAmountDialog({
  deposit,
  onClose,
}: {
  deposit: AdminDepositDetail;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(deposit.amount);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  // The same correction sent again after a lost answer is made once.
  const attempts = useIdempotentSubmission((body: DepositAmountBody) => body);
  const correct = useMutation({
    mutationFn: (body: DepositAmountBody) =>
      client.call(
        routes.correctDepositAmount,
        { params: { id: deposit.id }, body },
        { idempotencyKey: attempts.keyFor(body) },
      ),
    // Also after a refusal: a 409 means the deposit was decided meanwhile, and the page should show it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.queue('deposits') }),
  });

  const submit = async () => {
    // Checked with the server's own schema first, so an obviously wrong amount is never sent.
    const parsed = depositAmountBody.safeParse({ amount, reason });
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? '';
      setError(i18n.exists(key) ? t(key as TranslationKey) : t('validation.parameterError'));
      throw new Error(key);
    }
    await correct.mutateAsync(parsed.data);
    notify({ tone: 'positive', message: t('admin.deposits.correctedDone') });
  };

  return (
    <FormDialog
      title={t('admin.deposits.correctTitle')}
      description={t('admin.deposits.correctBody')}
      submitLabel={t('admin.deposits.correct')}
      onSubmit={submit}
      onClose={onClose}
      testId={DepositTestId.correctDialog}
    >
      <TextField
        label={`${t('admin.deposits.amount')} (${deposit.asset})`}
        hint={error || `${t('admin.deposits.claimedAmount')}: ${deposit.claimedAmount}`}
        inputMode="decimal"
        dir="ltr"
        required
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value.trim());
          setError('');
        }}
        aria-invalid={error ? true : undefined}
        data-testid={DepositTestId.newAmount}
      />
      <ReasonField value={reason} onChange={setReason} />
    </FormDialog>
  );
}
