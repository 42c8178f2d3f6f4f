import { changePasswordBody } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePasswordMutation } from '../../api/profile';
import { showNotice } from '../../components/notice/noticeStore';
import { PasswordField } from '../../components/PasswordField';
import { useContractForm } from '../../lib/useContractForm';
import { TestId } from '../../testIds';
import styles from './SecurityScreen.module.css';

const EMPTY = { oldPassword: '', password: '', confirmPassword: '' };

/** Old password, new password twice; the server signs out the other devices. */
export function LoginPasswordForm() {
  const { t } = useTranslation();
  const change = useChangePasswordMutation();
  const form = useContractForm(changePasswordBody, EMPTY);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const body = form.parse(event);
    if (!body || change.isPending) return;
    change.mutate(body, {
      onSuccess: () => {
        showNotice({ tone: 'positive', message: t('security.saved') });
        form.reset(EMPTY);
      },
    });
  };

  return (
    <form
      ref={form.formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('security.loginPasswordTab')}
      data-testid={TestId.securityLoginForm}
    >
      <p className={styles.hint}>{t('security.loginPasswordHint')}</p>
      <PasswordField
        label={t('security.oldPassword')}
        placeholder={t('security.oldPasswordPlaceholder')}
        autoComplete="current-password"
        {...form.bind('oldPassword')}
        data-testid={TestId.securityOldPassword}
      />
      <PasswordField
        label={t('security.newPassword')}
        placeholder={t('security.newPasswordPlaceholder')}
        autoComplete="new-password"
        {...form.bind('password')}
        data-testid={TestId.securityNewPassword}
      />
      <PasswordField
        label={t('security.confirmPassword')}
        placeholder={t('security.confirmPasswordPlaceholder')}
        autoComplete="new-password"
        {...form.bind('confirmPassword')}
        data-testid={TestId.securityConfirmPassword}
      />
      <Button
        type="submit"
        block
        loading={change.isPending}
        className={styles.submit}
        data-testid={TestId.securityLoginSubmit}
      >
        {t('security.submit')}
      </Button>
    </form>
  );
}
