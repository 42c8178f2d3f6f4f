import { ApiError } from '@kestrel/client';
import { ERRORS } from '@kestrel/contract';
import { Button, TextField } from '@kestrel/ui';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldHalf } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { keys, login } from '../../api/admin';
import { saveToken } from '../../api/storage';
import { landingPath } from '../../app/sections';
import { LanguageSelect } from '../../components/LanguageSelect';
import styles from './Login.module.css';

/** E-mail and password, then — when the server asks for it — the authenticator code, then the console. */
export function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [askTotp, setAskTotp] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const result = await login({ email, password, ...(askTotp ? { totp } : {}) });
      saveToken(result.token);
      client.setQueryData(keys.me, result.admin);
      navigate(result.mustEnrolTotp ? '/enrol' : landingPath(result.admin.role), { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === ERRORS.totpRequired.code && !askTotp) {
        setAskTotp(true);
      } else {
        setError(failure instanceof Error ? failure.message : t('admin.notice.network'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.screen}>
      <form className={styles.panel} onSubmit={submit} data-testid="admin-login">
        <div className={styles.language}>
          <LanguageSelect />
        </div>
        <div className={styles.brand}>
          <ShieldHalf size={22} />
          {t('admin.brand')}
        </div>
        <h1>{askTotp ? t('admin.login.totpTitle') : t('admin.login.title')}</h1>
        <p className={styles.lead}>{askTotp ? t('admin.login.totpLead') : t('admin.login.lead')}</p>
        {askTotp ? (
          <TextField
            label={t('admin.login.totp')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            autoFocus
            value={totp}
            onChange={(event) => setTotp(event.target.value.replace(/\D/g, ''))}
            data-testid="login-totp"
          />
        ) : (
          <>
            <TextField
              label={t('admin.login.email')}
              type="email"
              autoComplete="username"
              required
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              data-testid="login-email"
            />
            <TextField
              label={t('admin.login.password')}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              data-testid="login-password"
            />
          </>
        )}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" disabled={busy} data-testid="login-submit">
          {askTotp ? t('admin.login.verify') : t('admin.login.submit')}
        </Button>
        {askTotp ? (
          <Button
            variant="ghost"
            onClick={() => {
              setAskTotp(false);
              setTotp('');
              setError('');
            }}
          >
            {t('admin.common.back')}
          </Button>
        ) : null}
      </form>
    </div>
  );
}
