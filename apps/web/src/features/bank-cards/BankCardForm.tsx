import { type BankCardBody, bankCardBody } from '@kestrel/contract';
import { Button, TextField } from '@kestrel/ui';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../components/notice/noticeStore';
import { useContractForm } from '../../lib/useContractForm';
import { TestId } from '../../testIds';
import styles from './PayoutAccounts.module.css';
import { useBindBankCardMutation } from './queries';
import { SecurityPasswordInput } from './SecurityPasswordInput';

const EMPTY = {
  bankName: '',
  bankAccount: '',
  cardNumber: '',
  cardholder: '',
  phone: '',
  routingCode: '',
  securityPassword: '',
};

/** Binding a card: the spec's fields, checked by the contract as typed, then sent for review. */
export function BankCardForm({ onBound }: { onBound: () => void }) {
  const { t } = useTranslation();
  const form = useContractForm(bankCardBody, EMPTY);
  const bind = useBindBankCardMutation();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The server normalises the number and phone itself; the form sends what was typed once it is valid.
    if (!form.parse(event) || bind.isPending) return;
    const body: BankCardBody = form.values;
    bind.mutate(body, {
      onSuccess: () => {
        showNotice({ tone: 'positive', message: t('common.submitted') });
        form.reset(EMPTY);
        onBound();
      },
    });
  };

  return (
    <form
      ref={form.formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="bank-card-form-title"
      data-testid={TestId.bankCardForm}
    >
      <h2 id="bank-card-form-title" className={styles.formTitle}>
        {t('bankCards.formTitle')}
      </h2>
      <TextField
        label={t('bankCards.bankName')}
        placeholder={t('bankCards.bankNamePlaceholder')}
        autoComplete="off"
        {...form.bind('bankName')}
        data-testid={TestId.bankCardBankName}
      />
      <TextField
        label={t('bankCards.bankAccount')}
        placeholder={t('bankCards.bankAccountPlaceholder')}
        autoComplete="off"
        {...form.bind('bankAccount')}
        data-testid={TestId.bankCardBankAccount}
      />
      <TextField
        label={t('bankCards.cardNumber')}
        placeholder={t('bankCards.cardNumberPlaceholder')}
        autoComplete="off"
        inputMode="text"
        dir="ltr"
        {...form.bind('cardNumber')}
        data-testid={TestId.bankCardNumber}
      />
      <TextField
        label={t('bankCards.cardholder')}
        placeholder={t('bankCards.cardholderPlaceholder')}
        autoComplete="off"
        {...form.bind('cardholder')}
        data-testid={TestId.bankCardCardholder}
      />
      <TextField
        label={t('bankCards.phone')}
        placeholder={t('bankCards.phonePlaceholder')}
        type="tel"
        autoComplete="tel"
        dir="ltr"
        {...form.bind('phone')}
        data-testid={TestId.bankCardPhone}
      />
      <TextField
        label={t('bankCards.routingCode')}
        placeholder={t('bankCards.routingCodePlaceholder')}
        autoComplete="off"
        autoCapitalize="characters"
        dir="ltr"
        {...form.bind('routingCode')}
        data-testid={TestId.bankCardRoutingCode}
      />
      <SecurityPasswordInput
        label={t('bankCards.securityPassword')}
        placeholder={t('bankCards.securityPasswordPlaceholder')}
        setLabel={t('bankCards.setSecurityPassword')}
        {...form.bind('securityPassword', (value) => value.replace(/\D/g, ''))}
        testId={TestId.bankCardSecurityPassword}
      />
      <Button type="submit" block loading={bind.isPending} data-testid={TestId.bankCardSubmit}>
        {t('bankCards.submit')}
      </Button>
    </form>
  );
}
