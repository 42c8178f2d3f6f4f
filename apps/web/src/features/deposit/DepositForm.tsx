import { ApiError, useIdempotentSubmission } from '@kestrel/client';
import {
  bankDepositBody,
  depositBody,
  type UploadResult,
  USER_ACCOUNTS,
  type UserAccount,
  type WalletNetwork,
} from '@kestrel/contract';
import { Button, TextField } from '@kestrel/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../components/ImagePicker';
import { showNotice } from '../../components/notice/noticeStore';
import { RadioSegment } from '../../components/RadioSegment';
import type { FieldErrors, SafeParser } from '../../lib/formErrors';
import { useContractForm } from '../../lib/useContractForm';
import { useFieldMessage } from '../../lib/useFieldMessage';
import { TestId } from '../../testIds';
import styles from './Deposit.module.css';
import { type AnyDepositBody, useSubmitDepositMutation } from './queries';

type Values = { amount: string; account: UserAccount };

const INITIAL: Values = { amount: '', account: 'spot' };

/** Where the money goes: a network's address (the crypto transfer), or the platform bank account of the asset. */
export type DepositDestination =
  | { method: 'crypto'; network: WalletNetwork }
  | { method: 'bank'; currency: string };

/**
 * The contract's schema with what the form does not type: the coin and network chosen on the way here, and the
 * credential, which is kept apart because its upload can finish at any moment.
 */
function depositSchema(
  asset: string,
  destination: DepositDestination,
  credential: UploadResult | null,
): SafeParser<AnyDepositBody> {
  return {
    safeParse: (input) => {
      const fields = { ...(input as Values), asset, credentialUploadId: credential?.id ?? '' };
      return destination.method === 'crypto'
        ? depositBody.safeParse({ ...fields, chain: destination.network.chain })
        : bankDepositBody.safeParse(fields);
    },
  };
}

/**
 * The recharge amount, the wallet type and the transfer credential of a deposit: on one network, or by bank
 * transfer (where the amount is what was transferred and the credential is the bank's receipt).
 */
export function DepositForm({ asset, destination }: { asset: string; destination: DepositDestination }) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const submit = useSubmitDepositMutation();
  // The same deposit sent again after a lost answer is stored at most once.
  const attempts = useIdempotentSubmission((body: AnyDepositBody) => [
    body.asset,
    'chain' in body ? body.chain : 'bank',
    body.account,
    body.amount,
    body.credentialUploadId,
  ]);
  const [credential, setCredential] = useState<UploadResult | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useContractForm(depositSchema(asset, destination, credential), INITIAL);
  const bank = destination.method === 'bank';
  const credentialError = (form.errors as FieldErrors<'credentialUploadId'>).credentialUploadId;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploading || submit.isPending) return;
    const body = form.parse();
    if (!body) return;
    try {
      await submit.mutateAsync({ body, key: attempts.keyFor(body) });
    } catch (error) {
      // Refused: the request client has shown why, and the next submission is a new one. No answer at all: the
      // same key goes with the same deposit again, so it is stored at most once.
      if (error instanceof ApiError && error.kind === 'business') attempts.settle();
      return;
    }
    attempts.settle();
    showNotice({ tone: 'positive', message: t('common.submitted') });
    form.reset(INITIAL);
    setCredential(null);
  };

  return (
    <form
      ref={form.formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('deposit.chargeTitle', { asset })}
      data-testid={TestId.depositForm}
    >
      <RadioSegment
        legend={t('deposit.walletType')}
        value={form.values.account}
        onChange={(account) => form.setValue('account', account)}
        options={USER_ACCOUNTS.map((account) => ({
          value: account,
          label: t(`deposit.accounts.${account}`),
          testId: TestId.depositAccount(account),
        }))}
      />
      <TextField
        label={bank ? t('deposit.bankAmount', { currency: destination.currency }) : t('deposit.amount')}
        placeholder={bank ? t('deposit.bankAmountPlaceholder') : t('deposit.amountPlaceholder')}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        hint={
          bank
            ? t('deposit.bankCredited', { currency: destination.currency, asset })
            : t('deposit.minimum', { amount: destination.network.minDeposit, asset })
        }
        {...form.bind('amount', (typed) => typed.replace(',', '.'))}
        data-testid={TestId.depositAmount}
      />
      <ImagePicker
        purpose="payment_proof"
        shape="screenshot"
        label={bank ? t('deposit.receipt') : t('deposit.credential')}
        hint={bank ? t('deposit.receiptHint') : t('deposit.credentialHint')}
        chooseText={t('deposit.upload')}
        replaceText={t('deposit.replace')}
        value={credential}
        onChange={setCredential}
        onUploadingChange={setUploading}
        error={credential ? undefined : message(credentialError)}
        testId={TestId.depositCredentialInput}
      />
      <Button
        type="submit"
        block
        loading={submit.isPending}
        disabled={uploading}
        data-testid={TestId.depositSubmit}
      >
        {t('deposit.submit')}
      </Button>
    </form>
  );
}
