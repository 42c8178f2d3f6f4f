import { SWAP_WATCHER_MODES, type SwapDeskSettings, swapDeskSettingsBody } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { Button, TextField } from '@kestrel/ui';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import { Card, Facts, pageStyles } from '../../components/Page';
import settingsStyles from '../../components/SettingsForm.module.css';
import { shortAmount } from './format';
import { useSwapDesk, useUpdateSwapSettings } from './queries';
import styles from './Swap.module.css';
import { SwapTestId } from './testIds';

/** A whole number as typed, or NaN, which the contract refuses, for anything else ("", "1.5", "1e3"). */
const wholeNumber = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : Number.NaN);

const LABELS: Record<keyof SwapDeskSettings, TranslationKey> = {
  fixedRateSeconds: 'admin.swapDesk.settings.fixedRateSeconds',
  floatingWaitSeconds: 'admin.swapDesk.settings.floatingWaitSeconds',
  watcherMode: 'admin.swapDesk.settings.watcherMode',
  approvalThreshold: 'admin.swapDesk.settings.approvalThreshold',
};

/** The desk's one set of settings: how long rates are held and orders wait, the watcher, the approval threshold. */
export function DeskSettings({ configures }: { configures: boolean }) {
  const { t } = useTranslation();
  const desk = useSwapDesk();
  const [editing, setEditing] = useState(false);
  const settings = desk.data?.settings;

  return (
    <Card title={t('admin.swapDesk.tabs.settings')} testId={SwapTestId.settings}>
      {desk.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
      {settings ? (
        <>
          {settings.watcherMode === 'simulated' ? (
            <p className={styles.warning} role="note">
              {t('admin.swapDesk.settings.simulatedWarning')}
            </p>
          ) : null}
          <Facts
            items={[
              {
                label: t(LABELS.fixedRateSeconds),
                value: String(settings.fixedRateSeconds),
                testId: SwapTestId.fact('fixedRateSeconds'),
              },
              {
                label: t(LABELS.floatingWaitSeconds),
                value: String(settings.floatingWaitSeconds),
                testId: SwapTestId.fact('floatingWaitSeconds'),
              },
              {
                label: t(LABELS.watcherMode),
                value: t(`admin.swapDesk.settings.modes.${settings.watcherMode}`),
                testId: SwapTestId.fact('watcherMode'),
              },
              {
                label: t(LABELS.approvalThreshold),
                value: shortAmount(settings.approvalThreshold),
                testId: SwapTestId.fact('approvalThreshold'),
              },
            ]}
          />
          {configures ? (
            <div>
              <Button
                variant="secondary"
                onClick={() => setEditing(true)}
                data-testid={SwapTestId.editSettings}
              >
                <Pencil size={14} aria-hidden />
                {t('admin.markets.edit')}
              </Button>
            </div>
          ) : null}
          {editing ? <SettingsDialog settings={settings} onClose={() => setEditing(false)} /> : null}
        </>
      ) : null}
    </Card>
  );
}

function SettingsDialog({ settings, onClose }: { settings: SwapDeskSettings; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState({
    fixedRateSeconds: String(settings.fixedRateSeconds),
    floatingWaitSeconds: String(settings.floatingWaitSeconds),
    watcherMode: settings.watcherMode,
    approvalThreshold: shortAmount(settings.approvalThreshold),
  });
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const update = useUpdateSwapSettings();

  const submit = async () => {
    const parsed = swapDeskSettingsBody.safeParse({
      fixedRateSeconds: wholeNumber(form.fixedRateSeconds),
      floatingWaitSeconds: wholeNumber(form.floatingWaitSeconds),
      watcherMode: form.watcherMode,
      approvalThreshold: form.approvalThreshold,
      reason,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const [top] = issue?.path ?? [];
      const message =
        issue && issue.message !== 'validation.parameterError' && i18n.exists(issue.message)
          ? t(issue.message as TranslationKey)
          : typeof top === 'string' && top in LABELS
            ? t('admin.swapDesk.invalidField', { field: t(LABELS[top as keyof SwapDeskSettings]) })
            : t('validation.parameterError');
      setError(message);
      throw new Error(message);
    }
    await update.mutateAsync(parsed.data);
    notify({ tone: 'positive', message: t('admin.swapDesk.settings.saved') });
  };

  const field = (
    name: 'fixedRateSeconds' | 'floatingWaitSeconds' | 'approvalThreshold',
    hint: TranslationKey,
  ) => (
    <TextField
      label={t(LABELS[name])}
      hint={t(hint)}
      inputMode={name === 'approvalThreshold' ? 'decimal' : 'numeric'}
      dir="ltr"
      required
      value={form[name]}
      onChange={(event) => {
        const value = event.target.value.trim();
        setForm((current) => ({ ...current, [name]: value }));
        setError('');
      }}
      data-testid={SwapTestId.field(name)}
    />
  );

  return (
    <FormDialog
      title={t('admin.swapDesk.settings.editTitle')}
      submitLabel={t('admin.common.save')}
      onSubmit={submit}
      onClose={onClose}
      testId={SwapTestId.settingsDialog}
    >
      <div className={settingsStyles.grid}>
        {field('fixedRateSeconds', 'admin.swapDesk.settings.fixedRateHint')}
        {field('floatingWaitSeconds', 'admin.swapDesk.settings.floatingWaitHint')}
      </div>
      <fieldset className={styles.choices}>
        <legend>{t(LABELS.watcherMode)}</legend>
        {SWAP_WATCHER_MODES.map((mode) => (
          <label key={mode} className={settingsStyles.switch}>
            <input
              type="radio"
              name="watcherMode"
              checked={form.watcherMode === mode}
              onChange={() => {
                setForm((current) => ({ ...current, watcherMode: mode }));
                setError('');
              }}
              data-testid={SwapTestId.watcherMode(mode)}
            />
            <span>{t(`admin.swapDesk.settings.modes.${mode}`)}</span>
          </label>
        ))}
      </fieldset>
      {form.watcherMode === 'simulated' ? (
        <p className={styles.warning} role="note" data-testid={SwapTestId.simulatedWarning}>
          {t('admin.swapDesk.settings.simulatedWarning')}
        </p>
      ) : null}
      {field('approvalThreshold', 'admin.swapDesk.settings.approvalThresholdHint')}
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError('');
        }}
      />
      {error ? (
        <p role="alert" className={settingsStyles.error} data-testid={SwapTestId.formError}>
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
