import { changeSecurityPasswordBody, setSecurityPasswordBody } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSecurityPasswordMutation } from '../../api/profile';
import { showNotice } from '../../components/notice/noticeStore';
import { PasswordField } from '../../components/PasswordField';
import { type FieldBinding, useContractForm } from '../../lib/useContractForm';
import { TestId } from '../../testIds';
import styles from './SecurityScreen.module.css';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The two six-digit fields shared by setting and changing the security password. */
function NewSecurityPasswordFields({
  bind,
}: {
  bind: (field: 'password' | 'confirmPassword', transform: (value: string) => string) => FieldBinding;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('security.newSecurityPassword')}
        placeholder={t('security.newSecurityPasswordPlaceholder')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        {...bind('password', digitsOnly)}
        data-testid={TestId.securityNewSecurityPassword}
      />
      <PasswordField
        label={t('security.confirmPassword')}
        placeholder={t('security.confirmSecurityPasswordPlaceholder')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        {...bind('confirmPassword', digitsOnly)}
        data-testid={TestId.securityConfirmSecurityPassword}
      />
    </>
  );
}

const FIRST_EMPTY = { loginPassword: '', password: '', confirmPassword: '' };
const CHANGE_EMPTY = { oldSecurityPassword: '', password: '', confirmPassword: '' };

/** First time: the login password proves it is the account holder. */
function SetSecurityPasswordForm() {
  const { t } = useTranslation();
  const save = useSecurityPasswordMutation();
  const form = useContractForm(setSecurityPasswordBody, FIRST_EMPTY);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const body = form.parse(event);
    if (!body || save.isPending) return;
    save.mutate(body, {
      onSuccess: () => showNotice({ tone: 'positive', message: t('security.saved') }),
    });
  };

  return (
    <form
      ref={form.formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('security.securityPasswordTab')}
      data-testid={TestId.securitySetForm}
    >
      <p className={styles.hint}>{t('security.setFirstHint')}</p>
      <PasswordField
        label={t('security.loginPassword')}
        placeholder={t('security.loginPasswordPlaceholder')}
        autoComplete="current-password"
        {...form.bind('loginPassword')}
        data-testid={TestId.securityLoginPassword}
      />
      <NewSecurityPasswordFields bind={form.bind} />
      <Button type="submit" block loading={save.isPending} className={styles.submit}>
        {t('security.submit')}
      </Button>
    </form>
  );
}

/** Later: the current security password is needed to choose a new one. */
function ChangeSecurityPasswordForm() {
  const { t } = useTranslation();
  const save = useSecurityPasswordMutation();
  const form = useContractForm(changeSecurityPasswordBody, CHANGE_EMPTY);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const body = form.parse(event);
    if (!body || save.isPending) return;
    save.mutate(body, {
      onSuccess: () => {
        showNotice({ tone: 'positive', message: t('security.saved') });
        form.reset(CHANGE_EMPTY);
      },
    });
  };

  return (
    <form
      ref={form.formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('security.securityPasswordTab')}
      data-testid={TestId.securityChangeForm}
    >
      <p className={styles.hint}>{t('security.changeHint')}</p>
      <PasswordField
        label={t('security.oldSecurityPassword')}
        placeholder={t('security.oldSecurityPasswordPlaceholder')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        {...form.bind('oldSecurityPassword', digitsOnly)}
        data-testid={TestId.securityOldSecurityPassword}
      />
      <NewSecurityPasswordFields bind={form.bind} />
      <Button type="submit" block loading={save.isPending} className={styles.submit}>
        {t('security.submit')}
      </Button>
    </form>
  );
}

/** The form the account needs: set for the first time, or change. */
export function SecurityPasswordForm({ hasSecurityPassword }: { hasSecurityPassword: boolean }) {
  return hasSecurityPassword ? <ChangeSecurityPasswordForm /> : <SetSecurityPasswordForm />;
}
