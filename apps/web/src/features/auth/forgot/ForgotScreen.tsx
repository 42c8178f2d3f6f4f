import { accountField, resetBody } from '@kestrel/contract';
import { Button, TextField } from '@kestrel/ui';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useResetPasswordMutation } from '../../../api/session';
import { LOGIN_PATH } from '../../../app/paths';
import { CodeField } from '../../../components/CodeField';
import { showNotice } from '../../../components/notice/noticeStore';
import { PasswordField } from '../../../components/PasswordField';
import { useContractForm } from '../../../lib/useContractForm';
import { TestId } from '../../../testIds';
import { AuthLayout } from '../AuthLayout';
import styles from '../AuthLayout.module.css';
import { digitsOnly } from '../accountChannel';
import { useSendCode } from '../useSendCode';

export function ForgotScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPasswordMutation();
  const code = useSendCode('reset');
  const form = useContractForm(resetBody, { account: '', code: '', password: '', confirmPassword: '' });

  const sendCode = () => {
    const account = accountField.safeParse(form.values.account);
    if (!account.success) {
      form.setError('account', account.error.issues[0]?.message ?? 'validation.invalidAccount');
      return;
    }
    code.send(account.data);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const body = form.parse(event);
    if (!body || reset.isPending) return;
    reset.mutate(body, {
      onSuccess: () => {
        showNotice({ tone: 'positive', message: t('auth.forgot.success') });
        navigate(LOGIN_PATH, { replace: true });
      },
    });
  };

  return (
    <AuthLayout
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      backTo={LOGIN_PATH}
      footer={
        <Link className={styles.link} to={LOGIN_PATH}>
          {t('auth.register.toLogin')}
        </Link>
      }
    >
      <form
        ref={form.formRef}
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('auth.forgot.title')}
        data-testid={TestId.forgotForm}
      >
        <TextField
          label={t('auth.account')}
          placeholder={t('auth.accountPlaceholder')}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...form.bind('account')}
          data-testid={TestId.forgotAccount}
        />
        <CodeField
          label={t('auth.code')}
          placeholder={t('auth.codePlaceholder')}
          {...form.bind('code', digitsOnly)}
          onSend={sendCode}
          sending={code.sending}
          resendIn={code.resendIn}
          sendTestId={TestId.forgotSendCode}
          data-testid={TestId.forgotCode}
        />
        <PasswordField
          label={t('auth.forgot.newPassword')}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="new-password"
          hint={t('auth.register.passwordHint')}
          {...form.bind('password')}
          data-testid={TestId.forgotPassword}
        />
        <PasswordField
          label={t('auth.register.confirmPassword')}
          placeholder={t('auth.register.confirmPasswordPlaceholder')}
          autoComplete="new-password"
          {...form.bind('confirmPassword')}
          data-testid={TestId.forgotConfirmPassword}
        />
        <Button
          type="submit"
          block
          loading={reset.isPending}
          className={styles.submit}
          data-testid={TestId.forgotSubmit}
        >
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
