import { ApiError, useIdempotentSubmission } from '@kestrel/client';
import { CHAIN_LABELS, type WithdrawalBody, type WithdrawalTarget, withdrawalBody } from '@kestrel/contract';
import { formatQuantity } from '@kestrel/money';
import { Button, SelectField, TextField } from '@kestrel/ui';
import { ChevronRight, Info, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ASSETS_PATH, IDENTITY_PATH, WITHDRAWAL_MANAGE_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { showNotice } from '../../components/notice/noticeStore';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import type { SafeParser } from '../../lib/formErrors';
import { useAmountCheck } from '../../lib/useAmountCheck';
import { useContractForm } from '../../lib/useContractForm';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { SecurityPasswordInput } from '../bank-cards/SecurityPasswordInput';
import { useSubmitWithdrawalMutation, useWithdrawalTargetsQuery } from './queries';
import { RecordsButton } from './RecordsButton';
import { maxFor, receivedFor } from './terms';
import styles from './Withdraw.module.css';
import { WithdrawRecordsSheet } from './WithdrawRecordsSheet';

type Withdrawal = ReturnType<typeof withdrawalBody.parse>;
type Values = { target: string; asset: string; amount: string; securityPassword: string };

/** A target as the form's select knows it: its type and id in one value. */
const targetKey = (target: WithdrawalTarget) => `${target.type}:${target.id}`;

/** Digits and one decimal point, as an amount is typed. */
const decimalOnly = (value: string) => value.replace(/[^\d.]/g, '').replace(/(\..*)\./g, '$1');

/**
 * The contract's schema over the form's values: the chosen target is split into its type and id, and their
 * messages ("Withdrawal amount and withdrawal account required") are shown under the account field.
 */
const withdrawalSchema: SafeParser<Withdrawal> = {
  safeParse: (input) => {
    const { target, ...values } = input as Values;
    const [targetType, id] = target.split(':');
    // The wire takes the id as a JSON number; an empty choice becomes NaN, which the schema refuses.
    const result = withdrawalBody.safeParse({
      ...values,
      targetType,
      targetId: id ? Number(id) : Number.NaN,
    });
    if (result.success) return result;
    const issues = result.error.issues.map((issue) =>
      issue.path[0] === 'targetType' || issue.path[0] === 'targetId' ? { ...issue, path: ['target'] } : issue,
    );
    return { success: false, error: { issues } };
  },
};

/**
 * /user/wallet/withdraw: an approved wallet or card, a coin it takes, the amount within the network's range,
 * with the fee and what arrives computed as it is typed, and the security password. The fee is inside the
 * amount. Records open as a sheet from the header.
 */
/** The start and end of an address, as wallets show it, so the chain stays readable in a narrow picker. */
function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-6)}` : address;
}

export function WithdrawScreen() {
  const { t } = useTranslation();
  const targets = useWithdrawalTargetsQuery();
  const [recordsOpen, setRecordsOpen] = useState(false);
  useDocumentTitle(t('withdraw.title'));

  return (
    <div className={styles.screen}>
      <TopBar
        title={t('withdraw.title')}
        backTo={ASSETS_PATH}
        end={<RecordsButton onClick={() => setRecordsOpen(true)} />}
      />
      <main className={styles.main}>
        {targets.isError ? (
          <ErrorState message={targets.error.message} onRetry={() => void targets.refetch()} />
        ) : !targets.data ? (
          <LoadingState />
        ) : targets.data.identityRequired ? (
          <Link to={IDENTITY_PATH} className={styles.identityPanel} data-testid={TestId.withdrawIdentity}>
            <ShieldCheck size={28} aria-hidden className={styles.identityIcon} />
            <span className={styles.bindText}>
              <span className={styles.identityTitle}>{t('withdraw.identityTitle')}</span>
              <span>{t('withdraw.identityBody')}</span>
              <strong>{t('withdraw.identityAction')}</strong>
            </span>
            <ChevronRight size={20} aria-hidden className="flip-rtl" />
          </Link>
        ) : targets.data.items.length === 0 ? (
          <Link to={WITHDRAWAL_MANAGE_PATH} className={styles.bindRow} data-testid={TestId.withdrawBind}>
            <span className={styles.bindText}>
              <span>{t('withdraw.noAccounts')}</span>
              <strong>{t('withdraw.bindAccount')}</strong>
            </span>
            <ChevronRight size={20} aria-hidden className="flip-rtl" />
          </Link>
        ) : (
          <WithdrawForm targets={targets.data.items} />
        )}
      </main>
      <WithdrawRecordsSheet open={recordsOpen} onClose={() => setRecordsOpen(false)} />
    </div>
  );
}

function WithdrawForm({ targets }: { targets: WithdrawalTarget[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const submit = useSubmitWithdrawalMutation();
  // The same withdrawal sent again after a lost answer freezes its amount at most once.
  const attempts = useIdempotentSubmission((body: WithdrawalBody) => [
    body.targetType,
    body.targetId,
    body.asset,
    body.amount,
  ]);
  const first = targets[0];
  const initial: Values = {
    target: first ? targetKey(first) : '',
    asset: first?.options[0]?.asset ?? '',
    amount: '',
    securityPassword: '',
  };
  const form = useContractForm(withdrawalSchema, initial);
  const target = targets.find((each) => targetKey(each) === form.values.target);
  const option = target?.options.find((each) => each.asset === form.values.asset);
  const received = option ? receivedFor(form.values.amount, option) : null;
  const checkAmount = useAmountCheck();
  const amountProblem = option
    ? checkAmount(
        form.values.amount,
        { precision: option.precision, min: option.min, max: option.max, available: option.withdrawable },
        option.asset,
      )
    : undefined;
  const amountField = form.bind('amount', decimalOnly);
  const quantity = (value: string) => `${formatQuantity(value, language)} ${option?.asset ?? ''}`;

  const targetLabel = (each: WithdrawalTarget) =>
    each.type === 'wallet' && each.chain
      ? `${CHAIN_LABELS[each.chain]} · ${shortAddress(each.destination)}`
      : `${t('withdraw.bankCard')} · ${each.bankName ?? ''} ${each.destination}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const body = form.parse(event);
    if (!body || amountProblem || submit.isPending) return;
    submit.mutate(
      { body, key: attempts.keyFor(body) },
      {
        onSuccess: () => {
          attempts.settle();
          form.reset({ ...form.values, amount: '', securityPassword: '' });
          showNotice({ tone: 'positive', message: t('common.submitted') });
        },
        onError: (error) => {
          // A refusal is final for that key; only an answer lost on the way keeps the key for a resend.
          if (error instanceof ApiError && error.kind === 'business') attempts.settle();
        },
      },
    );
  };

  return (
    <form
      ref={form.formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('withdraw.title')}
      data-testid={TestId.withdrawForm}
    >
      <SelectField
        label={t('withdraw.account')}
        value={form.values.target}
        onChange={(next) => {
          const chosen = targets.find((each) => targetKey(each) === next);
          form.reset({ ...form.values, target: next, asset: chosen?.options[0]?.asset ?? '', amount: '' });
        }}
        options={targets.map((each) => ({ value: targetKey(each), label: targetLabel(each) }))}
        testId={TestId.withdrawTarget}
      />
      {form.errors.target ? (
        <p className={styles.error} role="alert">
          {t('withdraw.errors.required')}
        </p>
      ) : null}

      {!target || target.options.length === 0 || !option ? (
        <p className={styles.unavailable} data-testid={TestId.withdrawUnavailable}>
          {t('withdraw.noCoins')}
        </p>
      ) : (
        <>
          <SelectField
            label={t('withdraw.coin')}
            value={option.asset}
            onChange={(asset) => form.reset({ ...form.values, asset, amount: '' })}
            options={target.options.map((each) => ({
              value: each.asset,
              label: `${each.asset} · ${CHAIN_LABELS[each.chain]}`,
            }))}
            testId={TestId.withdrawAsset}
          />
          <TextField
            label={t('withdraw.amount')}
            placeholder={t('withdraw.amountPlaceholder')}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            hint={t('withdraw.range', {
              min: formatQuantity(option.min, language),
              max: formatQuantity(option.max, language),
              asset: option.asset,
            })}
            {...amountField}
            error={amountField.error ?? amountProblem}
            trailing={
              <button
                type="button"
                className={styles.max}
                onClick={() => form.setValue('amount', maxFor(option))}
                data-testid={TestId.withdrawMax}
              >
                {t('withdraw.max')}
              </button>
            }
            data-testid={TestId.withdrawAmount}
          />
          <dl className={styles.terms}>
            <div>
              <dt>{t('withdraw.withdrawable')}</dt>
              <dd data-testid={TestId.withdrawWithdrawable}>
                <bdi dir="ltr">{quantity(option.withdrawable)}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('withdraw.fee')}</dt>
              <dd data-testid={TestId.withdrawFee}>
                <bdi dir="ltr">{quantity(option.fee)}</bdi>
              </dd>
            </div>
            <div className={styles.receivedRow}>
              <dt>{t('withdraw.received')}</dt>
              <dd data-testid={TestId.withdrawReceived}>
                <bdi dir="ltr">{received === null ? '—' : quantity(received)}</bdi>
              </dd>
            </div>
          </dl>
          <p className={styles.note}>
            <Info size={16} aria-hidden />
            <span>{t('withdraw.feeIncluded')}</span>
          </p>
          <SecurityPasswordInput
            label={t('withdraw.securityPassword')}
            placeholder={t('withdraw.securityPasswordPlaceholder')}
            setLabel={t('withdraw.setSecurityPassword')}
            testId={TestId.withdrawPassword}
            {...form.bind('securityPassword', (value) => value.replace(/\D/g, ''))}
          />
          <Button type="submit" block loading={submit.isPending} data-testid={TestId.withdrawSubmit}>
            {t('withdraw.submit')}
          </Button>
        </>
      )}
    </form>
  );
}
