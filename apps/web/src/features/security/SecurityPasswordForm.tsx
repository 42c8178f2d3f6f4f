import { changeSecurityPasswordBody, setSecurityPasswordBody } from '@kestrel/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSecurityPasswordMutation } from '../../api/profile';
import { Button } from '../../components/Button';
import { showNotice } from '../../components/notice/noticeStore';
import { PasswordField } from '../../components/PasswordField';
import { useContractForm } from '../../lib/useContractForm';
import { useFieldMessage } from '../../lib/useFieldMessage';
import { TestId } from '../../testIds';
import styles from './SecurityScreen.module.css';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The two six-digit fields shared by setting and changing the security password. */
function NewSecurityPasswordFields({
  values,
  errors,
  onChange,
}: {
  values: { password: string; confirmPassword: string };
  errors: { password?: string | undefined; confirmPassword?: string | undefined };
  onChange: (field: 'password' | 'confirmPassword', value: string) => void;
}) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  return (
    <>
      <PasswordField
        label={t('security.newSecurityPassword')}
        placeholder={t('security.newSecurityPasswordPlaceholder')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={values.password}
        onChange={(event) => onChange('password', digitsOnly(event.target.value))}
        error={message(errors.password)}
        data-testid={TestId.securityNewSecurityPassword}
      />
      <PasswordField
        label={t('security.confirmPassword')}
        placeholder={t('security.confirmSecurityPasswordPlaceholder')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={values.confirmPassword}
        onChange={(event) => onChange('confirmPassword', digitsOnly(event.target.value))}
        error={message(errors.confirmPassword)}
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
  const message = useFieldMessage();
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
        value={form.values.loginPassword}
        onChange={(event) => form.setValue('loginPassword', event.target.value)}
        error={message(form.errors.loginPassword)}
        data-testid={TestId.securityLoginPassword}
      />
      <NewSecurityPasswordFields values={form.values} errors={form.errors} onChange={form.setValue} />
      <Button type="submit" block loading={save.isPending} className={styles.submit}>
        {t('security.submit')}
      </Button>
    </form>
  );
}

/** Later: the current security password is needed to choose a new one. */
function ChangeSecurityPasswordForm() {
  const { t } = useTranslation();
  const message = useFieldMessage();
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
        value={form.values.oldSecurityPassword}
        onChange={(event) => form.setValue('oldSecurityPassword', digitsOnly(event.target.value))}
        error={message(form.errors.oldSecurityPassword)}
        data-testid={TestId.securityOldSecurityPassword}
      />
      <NewSecurityPasswordFields values={form.values} errors={form.errors} onChange={form.setValue} />
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
