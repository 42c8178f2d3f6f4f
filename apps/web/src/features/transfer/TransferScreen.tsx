import { ApiError, useIdempotentSubmission } from '@kestrel/client';
import { type TransferBody, transferBody, USER_ACCOUNTS, type UserAccount } from '@kestrel/contract';
import { formatQuantity, parseTypedDecimal } from '@kestrel/money';
import { Button, IconButton, SelectField, TextField } from '@kestrel/ui';
import { ArrowUpDown } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSETS_PATH } from '../../app/paths';
import { showNotice } from '../../components/notice/noticeStore';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { amountInText, useAmountCheck } from '../../lib/useAmountCheck';
import { useContractForm } from '../../lib/useContractForm';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { useBalancesQuery } from '../assets/queries';
import { useTransferMutation } from './queries';
import styles from './TransferScreen.module.css';

const EMPTY = { from: 'spot', to: 'futures', asset: 'USDT', amount: '' };

/** Digits and one decimal point, as an amount is typed. */
const decimalOnly = (value: string) => value.replace(/[^\d.]/g, '').replace(/(\..*)\./g, '$1');

/** The asset's precision: the server gives balances with exactly that many decimals. */
const decimalsOf = (amount: string) => parseTypedDecimal(amount)?.scale ?? 0;

/** /user/wallet/transfer: moves funds between the user's own accounts, immediately. */
export function TransferScreen() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const balances = useBalancesQuery();
  const transfer = useTransferMutation();
  const form = useContractForm(transferBody, EMPTY);
  // The same transfer sent again after a lost answer moves the funds at most once.
  const attempts = useIdempotentSubmission((body: TransferBody) => [
    body.from,
    body.to,
    body.asset,
    body.amount,
  ]);
  useDocumentTitle(t('transfer.title'));

  const { from, to, asset } = form.values;
  const assets = [...new Set((balances.data ?? []).map((balance) => balance.asset))];
  const available = balances.data?.find(
    (balance) => balance.account === from && balance.asset === asset,
  )?.available;

  const checkAmount = useAmountCheck();
  const amountProblem =
    available === undefined
      ? undefined
      : checkAmount(form.values.amount, { precision: decimalsOf(available), available }, asset);
  const amountField = form.bind('amount', decimalOnly);

  // Both accounts change together; the form's setValue changes one field per render.
  const setAccounts = (next: { from: string; to: string }) => form.reset({ ...form.values, ...next });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const body = form.parse(event);
    if (!body || amountProblem || transfer.isPending) return;
    transfer.mutate(
      { body, key: attempts.keyFor(body) },
      {
        onSuccess: () => {
          attempts.settle();
          form.reset({ ...form.values, amount: '' });
          showNotice({ tone: 'positive', message: t('money.transferred') });
        },
        onError: (error) => {
          // A refusal is final for that key; only an answer lost on the way keeps the key for a resend.
          if (error instanceof ApiError && error.kind === 'business') attempts.settle();
        },
      },
    );
  };

  return (
    <div className={styles.screen}>
      <TopBar title={t('transfer.title')} backTo={ASSETS_PATH} />
      <main className={styles.main}>
        <form
          ref={form.formRef}
          className={styles.form}
          onSubmit={onSubmit}
          noValidate
          aria-label={t('transfer.title')}
          data-testid={TestId.transferForm}
        >
          <div className={styles.accounts}>
            <div className={styles.accountFields}>
              <AccountPicker
                label={t('transfer.from')}
                value={from as UserAccount}
                onChange={(next) => setAccounts({ from: next, to: next === to ? from : to })}
                testId={TestId.transferFrom}
              />
              <AccountPicker
                label={t('transfer.to')}
                value={to as UserAccount}
                onChange={(next) => setAccounts({ from: next === from ? to : from, to: next })}
                testId={TestId.transferTo}
              />
            </div>
            <IconButton
              label={t('transfer.swap')}
              onClick={() => setAccounts({ from: to, to: from })}
              className={styles.swap}
              data-testid={TestId.transferSwap}
            >
              <ArrowUpDown size={20} aria-hidden />
            </IconButton>
          </div>

          <SelectField
            label={t('transfer.coin')}
            value={asset}
            onChange={(next) => form.setValue('asset', next)}
            options={assets.map((code) => ({ value: code, label: code }))}
            testId={TestId.transferAsset}
          />

          <TextField
            label={t('transfer.amount')}
            placeholder={t('transfer.amountPlaceholder')}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            {...amountField}
            error={amountField.error ?? amountProblem}
            trailing={
              <button
                type="button"
                className={styles.max}
                disabled={available === undefined}
                onClick={() => available !== undefined && form.setValue('amount', available)}
                data-testid={TestId.transferMax}
              >
                {t('transfer.max')}
              </button>
            }
            data-testid={TestId.transferAmount}
          />
          {available === undefined ? null : (
            <p className={styles.available} data-testid={TestId.transferAvailable}>
              {t('transfer.available', {
                amount: amountInText(`${formatQuantity(available, language)} ${asset}`, language),
              })}
            </p>
          )}

          <p className={styles.note}>{t('transfer.note')}</p>
          <Button type="submit" block loading={transfer.isPending} data-testid={TestId.transferSubmit}>
            {t('transfer.submit')}
          </Button>
        </form>
      </main>
    </div>
  );
}

function AccountPicker(props: {
  label: string;
  value: UserAccount;
  onChange: (value: UserAccount) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      {...props}
      options={USER_ACCOUNTS.map((account) => ({ value: account, label: t(`assets.accounts.${account}`) }))}
    />
  );
}
