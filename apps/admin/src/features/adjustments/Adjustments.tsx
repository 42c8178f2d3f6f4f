import { ApiError, useIdempotentSubmission } from '@kestrel/client';
import { ADJUSTMENT_DIRECTIONS, type AdjustmentBody, USER_ACCOUNTS } from '@kestrel/contract';
import { Button, SelectField, TextField } from '@kestrel/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import { Card, Page, pageStyles } from '../../components/Page';
import styles from './Adjustments.module.css';
import { useAdjustment, useUserBalances } from './queries';
import { UserBalances } from './UserBalances';

/** The user id in the address (?user=12), so the user detail page can link straight here. */
function userIdOf(text: string | null): number | undefined {
  return text && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}

/** /adjustments: look a user up, see their balances, and add or debit funds with a reason. */
export function Adjustments() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const userId = userIdOf(params.get('user'));
  const [typed, setTyped] = useState(params.get('user') ?? '');

  const find = (event: FormEvent) => {
    event.preventDefault();
    setParams(typed.trim() ? { user: typed.trim() } : {});
  };

  return (
    <Page title={t('admin.adjustments.title')}>
      <p className={pageStyles.muted}>{t('admin.adjustments.intro')}</p>
      <form className={styles.finder} onSubmit={find}>
        <TextField
          label={t('admin.adjustments.userId')}
          inputMode="numeric"
          value={typed}
          onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
          data-testid="adjustment-user"
        />
        <Button variant="secondary" type="submit" data-testid="adjustment-find">
          {t('admin.adjustments.find')}
        </Button>
      </form>
      {userId === undefined ? null : (
        <>
          <UserBalances userId={userId} />
          <AdjustmentForm key={userId} userId={userId} />
        </>
      )}
    </Page>
  );
}

const EMPTY: AdjustmentBody = { direction: 'add', account: 'spot', asset: 'USDT', amount: '', reason: '' };

function AdjustmentForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const balances = useUserBalances(userId);
  const adjust = useAdjustment(userId);
  const [body, setBody] = useState<AdjustmentBody>(EMPTY);
  const [confirming, setConfirming] = useState(false);
  // One key per confirmed adjustment; a resend after a lost answer reuses it, so the funds move once.
  const attempts = useIdempotentSubmission((adjustment: AdjustmentBody) => adjustment);
  const assets = [...new Set((balances.data ?? []).map((balance) => balance.asset))];
  const set = (change: Partial<AdjustmentBody>) => setBody((current) => ({ ...current, ...change }));

  const submit = async () => {
    try {
      const result = await adjust.mutateAsync({ body, key: attempts.keyFor(body) });
      attempts.settle();
      setBody(EMPTY);
      notify({
        tone: 'positive',
        message:
          result.state === 'proposed'
            ? t('admin.adjustments.proposed', { id: result.proposalId })
            : `${t('admin.adjustments.done')} · ${t('admin.adjustments.transaction', { id: result.id })}`,
      });
    } catch (error) {
      // A refusal is final for that key; only an answer lost on the way keeps it for a resend.
      if (error instanceof ApiError && error.code !== null) attempts.settle();
      throw error;
    }
  };

  return (
    <Card title={t('admin.adjustments.open')} testId="adjustment-form">
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <SelectField
          label={t('admin.adjustments.direction')}
          value={body.direction}
          onChange={(direction) => set({ direction })}
          options={ADJUSTMENT_DIRECTIONS.map((direction) => ({
            value: direction,
            label: t(`admin.adjustments.${direction}`),
          }))}
          testId="adjustment-direction"
        />
        <SelectField
          label={t('admin.adjustments.account')}
          value={body.account}
          onChange={(account) => set({ account })}
          options={USER_ACCOUNTS.map((account) => ({
            value: account,
            label: t(`assets.accounts.${account}`),
          }))}
          testId="adjustment-account"
        />
        <SelectField
          label={t('admin.adjustments.asset')}
          value={body.asset}
          onChange={(asset) => set({ asset })}
          options={assets.map((asset) => ({ value: asset, label: asset }))}
          testId="adjustment-asset"
        />
        <TextField
          label={t('admin.adjustments.amount')}
          inputMode="decimal"
          required
          value={body.amount}
          onChange={(event) => set({ amount: event.target.value.replace(/[^\d.]/g, '') })}
          data-testid="adjustment-amount"
        />
        <ReasonField value={body.reason} onChange={(reason) => set({ reason })} />
        <div>
          <Button type="submit" variant="primary" data-testid="adjustment-submit">
            {t('admin.adjustments.submit')}
          </Button>
        </div>
      </form>
      {confirming ? (
        <FormDialog
          title={t('admin.adjustments.submit')}
          description={t('admin.adjustments.confirm', {
            direction: t(`admin.adjustments.${body.direction}`),
            amount: body.amount,
            asset: body.asset,
            account: t(`assets.accounts.${body.account}`),
            id: userId,
          })}
          submitLabel={t('admin.common.confirm')}
          tone={body.direction === 'debit' ? 'danger' : 'primary'}
          onSubmit={submit}
          onClose={() => setConfirming(false)}
          testId="dialog-adjustment"
        />
      ) : null}
    </Card>
  );
}
