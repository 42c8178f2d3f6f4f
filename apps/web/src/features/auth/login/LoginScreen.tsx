import { loginBody } from '@kestrel/contract';
import { Button, TextField } from '@kestrel/ui';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLoginMutation } from '../../../api/session';
import { afterLoginPath } from '../../../app/guard';
import { FORGOT_PATH, HOME_PATH, REGISTER_PATH } from '../../../app/paths';
import type { LoginState } from '../../../app/RootLayout';
import { showNotice } from '../../../components/notice/noticeStore';
import { PasswordField } from '../../../components/PasswordField';
import { useContractForm } from '../../../lib/useContractForm';
import { TestId } from '../../../testIds';
import { TryDemo } from '../../demo/TryDemo';
import { AuthLayout } from '../AuthLayout';
import styles from '../AuthLayout.module.css';

export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLoginMutation();
  const form = useContractForm(loginBody, { account: '', password: '' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const body = form.parse(event);
    if (!body || login.isPending) return;
    login.mutate(body, {
      onSuccess: () => {
        showNotice({ tone: 'positive', message: t('auth.login.success') });
        const state = location.state as LoginState | null;
        navigate(afterLoginPath(state?.from, HOME_PATH), { replace: true });
      },
    });
  };

  return (
    <AuthLayout
      title={t('auth.login.welcome')}
      subtitle={t('app.tagline')}
      footer={
        <>
          <span>{t('auth.login.noAccount')}</span>
          <Link className={styles.link} to={REGISTER_PATH} data-testid={TestId.loginToRegister}>
            {t('auth.login.toRegister')}
          </Link>
        </>
      }
    >
      <form
        ref={form.formRef}
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('auth.login.title')}
        data-testid={TestId.loginForm}
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
          data-testid={TestId.loginAccount}
        />
        <PasswordField
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          {...form.bind('password')}
          data-testid={TestId.loginPassword}
        />
        <div className={styles.linkRow}>
          <Link className={styles.link} to={FORGOT_PATH} data-testid={TestId.loginToForgot}>
            {t('auth.login.forgot')}
          </Link>
        </div>
        <Button
          type="submit"
          block
          loading={login.isPending}
          className={styles.submit}
          data-testid={TestId.loginSubmit}
        >
          {t('auth.login.submit')}
        </Button>
      </form>
      <TryDemo />
    </AuthLayout>
  );
}
