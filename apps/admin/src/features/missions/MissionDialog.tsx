import {
  type AdminMissionBody,
  adminMissionBody,
  MISSION_EVENTS,
  MISSION_REPEATS,
  type MissionEvent,
  type MissionRepeat,
} from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { SelectField, TextField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import settings from '../../components/SettingsForm.module.css';
import { useLocale } from '../../i18n/i18n';
import { shortAmount, utcInstant, utcTyped, wholeNumber } from '../../lib/rates';
import { countsDollars, thresholdOf } from './format';
import styles from './Missions.module.css';
import { type AdminMission, useSaveMission } from './queries';
import { MissionsTestId } from './testIds';

/** The settings as typed; instants are `datetime-local` texts read as UTC, an empty end a task without end. */
export type MissionForm = {
  event: MissionEvent;
  threshold: string;
  rewardAsset: string;
  rewardAmount: string;
  repeat: MissionRepeat;
  startsAt: string;
  endsAt: string;
  claimHours: string;
  visible: boolean;
};

type TextName = 'threshold' | 'rewardAsset' | 'rewardAmount' | 'startsAt' | 'endsAt' | 'claimHours';

const LABELS: Record<TextName | 'event' | 'repeat', TranslationKey> = {
  event: 'admin.missions.event',
  threshold: 'admin.missions.threshold',
  rewardAsset: 'admin.missions.rewardAsset',
  rewardAmount: 'admin.missions.rewardAmount',
  repeat: 'admin.missions.repeat',
  startsAt: 'admin.missions.startsAt',
  endsAt: 'admin.missions.endsAt',
  claimHours: 'admin.missions.claimHours',
};

export function formOf(mission: AdminMission | null): MissionForm {
  if (!mission)
    return {
      event: 'identityVerified',
      threshold: '1',
      rewardAsset: 'USDT',
      rewardAmount: '',
      repeat: 'once',
      startsAt: '',
      endsAt: '',
      claimHours: '72',
      visible: false,
    };
  return {
    event: mission.event,
    threshold: shortAmount(mission.threshold),
    rewardAsset: mission.rewardAsset,
    rewardAmount: shortAmount(mission.rewardAmount),
    repeat: mission.repeat,
    startsAt: utcTyped(mission.startsAt),
    endsAt: utcTyped(mission.endsAt),
    claimHours: String(mission.claimHours),
    visible: mission.visible,
  };
}

/** The body of the change: the task's whole settings, with the reason the audit log keeps. */
export function bodyOf(form: MissionForm, reason: string): AdminMissionBody {
  return {
    event: form.event,
    threshold: form.threshold,
    rewardAsset: form.rewardAsset,
    rewardAmount: form.rewardAmount,
    repeat: form.repeat,
    startsAt: utcInstant(form.startsAt),
    endsAt: form.endsAt === '' ? null : utcInstant(form.endsAt),
    claimHours: wholeNumber(form.claimHours),
    visible: form.visible,
    reason,
  };
}

/**
 * Adds a task (`mission` null) or changes one. The body is checked with the contract's schema before the server is
 * asked; rewards already claimed stay paid.
 */
export function MissionDialog({ mission, onClose }: { mission: AdminMission | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { locale } = useLocale();
  const [form, setForm] = useState<MissionForm>(() => formOf(mission));
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const save = useSaveMission(mission?.id ?? null);

  const edit = (change: Partial<MissionForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setError('');
  };

  /** The first refusal of the contract: its own text where it has one, else which field to correct. */
  const refusal = (issue: { message: string; path: PropertyKey[] } | undefined): string => {
    if (issue && issue.message !== 'validation.parameterError' && i18n.exists(issue.message))
      return t(issue.message as TranslationKey);
    const [top] = issue?.path ?? [];
    if (typeof top === 'string' && top in LABELS)
      return t('admin.missions.invalidField', { field: t(LABELS[top as keyof typeof LABELS]) });
    return t('validation.parameterError');
  };

  const submit = async () => {
    const parsed = adminMissionBody.safeParse(bodyOf(form, reason));
    if (!parsed.success) {
      const message = refusal(parsed.error.issues[0]);
      setError(message);
      throw new Error(message);
    }
    await save.mutateAsync(parsed.data);
    notify({ tone: 'positive', message: t(mission ? 'admin.missions.saved' : 'admin.missions.created') });
  };

  const reading = (name: TextName): string => {
    if (name === 'threshold')
      return /^\d{1,18}(\.\d{1,18})?$/.test(form.threshold)
        ? thresholdOf(form.event, form.threshold, locale)
        : '';
    return '';
  };

  const field = (name: TextName, options: { hint?: string; type?: string; required?: boolean } = {}) => (
    <div>
      <TextField
        label={t(LABELS[name])}
        hint={options.hint}
        type={options.type ?? 'text'}
        inputMode={
          name === 'claimHours'
            ? 'numeric'
            : name === 'threshold' || name === 'rewardAmount'
              ? 'decimal'
              : undefined
        }
        dir="ltr"
        required={options.required ?? true}
        value={form[name]}
        onChange={(event) => {
          const value = event.target.value.trim();
          edit({ [name]: name === 'rewardAsset' ? value.toUpperCase() : value });
        }}
        data-testid={MissionsTestId.field(name)}
      />
      {name === 'threshold' ? (
        <span className={styles.reading} data-testid={MissionsTestId.reading(name)}>
          {reading(name)}
        </span>
      ) : null}
    </div>
  );

  return (
    <FormDialog
      title={mission ? t('admin.missions.editTitle', { id: mission.id }) : t('admin.missions.createTitle')}
      description={t('admin.missions.dialogNote')}
      submitLabel={mission ? t('admin.common.save') : t('admin.missions.create')}
      onSubmit={submit}
      onClose={onClose}
      testId={MissionsTestId.dialog}
      wide
    >
      <div className={settings.grid}>
        <SelectField<MissionEvent>
          label={t(LABELS.event)}
          value={form.event}
          onChange={(value) => edit({ event: value })}
          options={MISSION_EVENTS.map((each) => ({ value: each, label: t(`admin.missions.events.${each}`) }))}
          testId={MissionsTestId.field('event')}
        />
        {field('threshold', {
          hint: t(
            countsDollars(form.event) ? 'admin.missions.thresholdDollars' : 'admin.missions.thresholdCount',
          ),
        })}
      </div>
      <div className={settings.grid}>
        {field('rewardAmount')}
        {field('rewardAsset')}
      </div>
      <div className={settings.grid}>
        <SelectField<MissionRepeat>
          label={t(LABELS.repeat)}
          value={form.repeat}
          onChange={(value) => edit({ repeat: value })}
          options={MISSION_REPEATS.map((each) => ({
            value: each,
            label: t(`admin.missions.repeats.${each}`),
          }))}
          hint={t('admin.missions.repeatHint')}
          testId={MissionsTestId.field('repeat')}
        />
        {field('claimHours', { hint: t('admin.missions.claimHoursHint') })}
      </div>
      <div className={settings.grid}>
        {field('startsAt', { type: 'datetime-local', hint: t('admin.missions.utcHint') })}
        {field('endsAt', { type: 'datetime-local', hint: t('admin.missions.noEndHint'), required: false })}
      </div>
      <label className={settings.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={form.visible}
          aria-checked={form.visible}
          onChange={(event) => edit({ visible: event.target.checked })}
          data-testid={MissionsTestId.field('visible')}
        />
        <span>{t('admin.missions.visibleSwitch')}</span>
      </label>
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError('');
        }}
      />
      {error ? (
        <p role="alert" className={settings.error} data-testid={MissionsTestId.formError}>
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
