import { type AdminDepositDetail, depositAmountBody } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { TextField } from '@kestrel/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import { reviewKeys, useDecisionKey } from '../review/queries';
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
  const client = useQueryClient();
  const [amount, setAmount] = useState(deposit.amount);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const keyFor = useDecisionKey();
  const correct = useMutation({
    mutationFn: (body: unknown) =>
      api.post<AdminDepositDetail>(`/deposits/${deposit.id}/amount`, body, { headers: keyFor(body) }),
    // Also after a refusal: a 409 means the deposit was decided meanwhile, and the page should show it.
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.queue('deposits') }),
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
