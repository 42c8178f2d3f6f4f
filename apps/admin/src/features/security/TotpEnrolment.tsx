import type { TotpSetupResult } from '@kestrel/contract';
import { Button, TextField } from '@kestrel/ui';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enableTotp, keys, setUpTotp } from '../../api/admin';
import { notify } from '../../app/notices';
import { pageStyles } from '../../components/Page';
import styles from './TotpEnrolment.module.css';

/**
 * Enrols an authenticator: the server makes a secret, the admin scans its QR code (or types the secret) and
 * proves it with one code, after which every sign-in asks for a code.
 */
export function TotpEnrolment({ onEnabled, startAtOnce }: { onEnabled?: () => void; startAtOnce?: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [setup, setSetup] = useState<TotpSetupResult | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  const start = async () => {
    setBusy(true);
    try {
      setSetup(await setUpTotp());
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    // Once, even under StrictMode's double effects: a second setup would replace the secret just shown.
    if (startAtOnce && !started.current) {
      started.current = true;
      void start().catch(() => undefined);
    }
  });

  const enable = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await enableTotp(code);
      await client.invalidateQueries({ queryKey: keys.me });
      notify({ tone: 'positive', message: t('admin.security.enabled') });
      onEnabled?.();
    } catch {
      // The notice says why (usually a wrong or expired code); the admin types the next one.
    } finally {
      setBusy(false);
    }
  };

  if (!setup) {
    return (
      <div>
        <Button
          variant="primary"
          disabled={busy}
          onClick={() => void start().catch(() => undefined)}
          data-testid="totp-start"
        >
          {t('admin.security.start')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.enrol}>
      <img
        className={styles.qr}
        src={setup.qrDataUrl}
        alt={t('admin.security.qrAlt')}
        data-testid="totp-qr"
      />
      <form className={styles.steps} onSubmit={enable}>
        <p className={pageStyles.muted}>{t('admin.security.scan')}</p>
        <p className={pageStyles.muted}>{t('admin.security.manual')}</p>
        <p className={styles.secret} data-testid="totp-secret">
          {setup.secret}
        </p>
        <div className={styles.row}>
          <TextField
            label={t('admin.security.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            data-testid="totp-code"
          />
          <Button type="submit" variant="primary" disabled={busy} data-testid="totp-enable">
            {t('admin.security.enable')}
          </Button>
        </div>
      </form>
    </div>
  );
}

export function TotpEnabled() {
  const { t } = useTranslation();
  return (
    <p className={styles.enabled} data-testid="totp-enabled">
      <CircleCheck size={18} />
      {t('admin.security.isEnabled')}
    </p>
  );
}
