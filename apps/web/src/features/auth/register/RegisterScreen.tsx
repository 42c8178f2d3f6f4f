import { type RegisterBody, registerBody } from '@kestrel/contract';
import { Button, TextField } from '@kestrel/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRegisterMutation } from '../../../api/session';
import { HOME_PATH, LOGIN_PATH } from '../../../app/paths';
import { Checkbox } from '../../../components/Checkbox';
import { CodeField } from '../../../components/CodeField';
import { showNotice } from '../../../components/notice/noticeStore';
import { PasswordField } from '../../../components/PasswordField';
import { SegmentedTabs } from '../../../components/SegmentedTabs';
import { useContractForm } from '../../../lib/useContractForm';
import { useFieldMessage } from '../../../lib/useFieldMessage';
import { TestId } from '../../../testIds';
import { TryDemo } from '../../demo/TryDemo';
import { AuthLayout } from '../AuthLayout';
import styles from '../AuthLayout.module.css';
import {
  type AccountChannel,
  accountMessageFor,
  channelAccountError,
  digitsOnly,
  tidyPhone,
} from '../accountChannel';
import { TermsSheet } from '../TermsSheet';
import { useSendCode } from '../useSendCode';

type RegisterValues = {
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
  inviteCode: string;
  termsAccepted: boolean;
};

export function RegisterScreen() {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const register = useRegisterMutation();
  const code = useSendCode('register');
  const [channel, setChannel] = useState<AccountChannel>('email');
  const [termsOpen, setTermsOpen] = useState(false);
  const form = useContractForm<RegisterBody, RegisterValues>(registerBody, {
    account: '',
    code: '',
    password: '',
    confirmPassword: '',
    inviteCode: searchParams.get('inviteCode')?.trim() ?? '',
    termsAccepted: false,
  });

  const changeChannel = (next: AccountChannel) => {
    if (next === channel) return;
    setChannel(next);
    form.reset({ ...form.values, account: '' });
  };

  const sendCode = () => {
    const problem = channelAccountError(channel, form.values.account);
    if (problem) {
      form.setError('account', problem);
      return;
    }
    code.send(form.values.account.trim());
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const body = form.parse(event);
    if (!body || register.isPending) return;
    const problem = channelAccountError(channel, body.account);
    if (problem) {
      form.setError('account', problem);
      return;
    }
    register.mutate(body, {
      onSuccess: () => {
        showNotice({ tone: 'positive', message: t('auth.register.success') });
        navigate(HOME_PATH, { replace: true });
      },
    });
  };

  const isEmail = channel === 'email';

  return (
    <AuthLayout
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          <span>{t('auth.register.haveAccount')}</span>
          <Link className={styles.link} to={LOGIN_PATH}>
            {t('auth.register.toLogin')}
          </Link>
        </>
      }
    >
      <form
        ref={form.formRef}
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('auth.register.title')}
        data-testid={TestId.registerForm}
      >
        <SegmentedTabs
          label={t('auth.account')}
          value={channel}
          onChange={changeChannel}
          options={[
            { value: 'email', label: t('auth.register.tabEmail'), testId: TestId.registerTabEmail },
            { value: 'phone', label: t('auth.register.tabPhone'), testId: TestId.registerTabPhone },
          ]}
        />
        <TextField
          key={channel}
          label={isEmail ? t('auth.register.email') : t('auth.register.phone')}
          placeholder={isEmail ? t('auth.register.emailPlaceholder') : t('auth.register.phonePlaceholder')}
          type={isEmail ? 'email' : 'tel'}
          inputMode={isEmail ? 'email' : 'tel'}
          autoComplete={isEmail ? 'email' : 'tel'}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          value={form.values.account}
          onChange={(event) =>
            form.setValue('account', isEmail ? event.target.value : tidyPhone(event.target.value))
          }
          error={message(accountMessageFor(channel, form.errors.account))}
          data-testid={TestId.registerAccount}
        />
        <CodeField
          label={t('auth.code')}
          placeholder={t('auth.codePlaceholder')}
          {...form.bind('code', digitsOnly)}
          onSend={sendCode}
          sending={code.sending}
          resendIn={code.resendIn}
          sendTestId={TestId.registerSendCode}
          data-testid={TestId.registerCode}
        />
        <PasswordField
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="new-password"
          hint={t('auth.register.passwordHint')}
          {...form.bind('password')}
          data-testid={TestId.registerPassword}
        />
        <PasswordField
          label={t('auth.register.confirmPassword')}
          placeholder={t('auth.register.confirmPasswordPlaceholder')}
          autoComplete="new-password"
          {...form.bind('confirmPassword')}
          data-testid={TestId.registerConfirmPassword}
        />
        <TextField
          label={t('auth.register.inviteCode')}
          placeholder={t('auth.register.inviteCodePlaceholder')}
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          {...form.bind('inviteCode', (value) => value.trim())}
          data-testid={TestId.registerInviteCode}
        />
        <Checkbox
          label={t('auth.register.acceptTerms')}
          checked={form.values.termsAccepted}
          onChange={(event) => form.setValue('termsAccepted', event.target.checked)}
          error={message(form.errors.termsAccepted)}
          data-testid={TestId.registerTerms}
          after={
            <button
              type="button"
              className={styles.inlineLink}
              onClick={() => setTermsOpen(true)}
              aria-haspopup="dialog"
              data-testid={TestId.registerTermsLink}
            >
              {t('auth.register.termsLink')}
            </button>
          }
        />
        <Button
          type="submit"
          block
          loading={register.isPending}
          className={styles.submit}
          data-testid={TestId.registerSubmit}
        >
          {t('auth.register.submit')}
        </Button>
      </form>
      <TryDemo />
      <TermsSheet
        open={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAgree={() => {
          form.setValue('termsAccepted', true);
          setTermsOpen(false);
        }}
      />
    </AuthLayout>
  );
}
