import { type AdminMembership, type AdminMembershipBody, adminMembershipBody } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { TextField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import settings from '../../components/SettingsForm.module.css';
import { SettingsRows } from '../../components/SettingsRows';
import { percentOf, shortAmount, wholeNumber } from '../../lib/rates';
import styles from './Membership.module.css';
import { useUpdateMembership } from './queries';
import { MembershipTestId } from './testIds';

/** A level as typed: $ amounts, and discounts as the fractions the server stores ("0.1" is 10 % off). */
export type LevelRow = {
  minVolume: string;
  minHoldings: string;
  makerDiscount: string;
  takerDiscount: string;
};
const CELLS = ['minVolume', 'minHoldings', 'makerDiscount', 'takerDiscount'] as const;

const LABELS: Record<keyof LevelRow, TranslationKey> = {
  minVolume: 'admin.membership.minVolume',
  minHoldings: 'admin.membership.minHoldings',
  makerDiscount: 'admin.membership.makerDiscount',
  takerDiscount: 'admin.membership.takerDiscount',
};

const EMPTY_LEVEL: LevelRow = { minVolume: '', minHoldings: '', makerDiscount: '', takerDiscount: '' };

export function rowsOf(membership: AdminMembership): LevelRow[] {
  return [...membership.levels]
    .sort((a, b) => a.level - b.level)
    .map((level) => ({
      minVolume: shortAmount(level.minVolume),
      minHoldings: shortAmount(level.minHoldings),
      makerDiscount: shortAmount(level.makerDiscount),
      takerDiscount: shortAmount(level.takerDiscount),
    }));
}

/** The body of the change: the whole table, level 0 first, the grace period and the reason the audit log keeps. */
export function bodyOf(rows: LevelRow[], graceDays: string, reason: string): AdminMembershipBody {
  return { levels: rows, graceDays: wholeNumber(graceDays), reason };
}

/**
 * Replaces the table of levels and the grace period. Each row is a level, level 0 first (which needs nothing);
 * discounts are typed as the fractions the server stores, with their percentage shown under them. The body is
 * checked with the contract's schema before the server is asked; its own rule (each level needs more and
 * discounts no less than the one below) comes back as its refusal.
 */
export function LevelsDialog({ membership, onClose }: { membership: AdminMembership; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<LevelRow[]>(() => rowsOf(membership));
  const [graceDays, setGraceDays] = useState(String(membership.graceDays));
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const update = useUpdateMembership();

  const refusal = (issue: { message: string; path: PropertyKey[] } | undefined): string => {
    if (issue && issue.message !== 'validation.parameterError' && i18n.exists(issue.message))
      return t(issue.message as TranslationKey);
    const [top, index, cell] = issue?.path ?? [];
    if (top === 'levels' && typeof index === 'number' && typeof cell === 'string' && cell in LABELS) {
      const field = `${t('admin.membership.levelName', { level: index })} · ${t(LABELS[cell as keyof LevelRow])}`;
      return t('admin.membership.invalidField', { field });
    }
    if (top === 'levels') return t('admin.membership.levelsCount');
    if (top === 'graceDays')
      return t('admin.membership.invalidField', { field: t('admin.membership.graceDays') });
    return t('validation.parameterError');
  };

  const submit = async () => {
    const parsed = adminMembershipBody.safeParse(bodyOf(rows, graceDays, reason));
    if (!parsed.success) {
      const message = refusal(parsed.error.issues[0]);
      setError(message);
      throw new Error(message);
    }
    await update.mutateAsync(parsed.data);
    notify({ tone: 'positive', message: t('admin.membership.saved') });
  };

  /** What a typed discount means, under it: "10 % off". */
  const reading = (row: LevelRow, name: keyof LevelRow) => {
    if (name !== 'makerDiscount' && name !== 'takerDiscount') return '';
    return /^0(\.\d{1,6})?$/.test(row[name])
      ? t('admin.membership.percentOff', { percent: percentOf(row[name]) })
      : '';
  };

  return (
    <FormDialog
      title={t('admin.membership.editTitle')}
      description={t('admin.membership.nextSnapshot')}
      submitLabel={t('admin.common.save')}
      onSubmit={submit}
      onClose={onClose}
      testId={MembershipTestId.dialog}
      wide
    >
      <SettingsRows
        title={t('admin.membership.levels')}
        hint={t('admin.membership.levelsHint')}
        rows={rows}
        cells={CELLS}
        label={(name) => t(LABELS[name])}
        wholeNumbers={[]}
        newRow={EMPTY_LEVEL}
        addLabel={t('admin.membership.addLevel')}
        removeLabel={t('admin.membership.removeLevel')}
        numberFrom={0}
        onChange={(change) => {
          setRows(change);
          setError('');
        }}
        under={(row, index, name) =>
          name === 'makerDiscount' || name === 'takerDiscount' ? (
            <span className={styles.reading} data-testid={MembershipTestId.row(index, `${name}-reading`)}>
              {reading(row, name)}
            </span>
          ) : null
        }
        testIds={{
          cell: MembershipTestId.row,
          remove: MembershipTestId.removeRow,
          add: MembershipTestId.addRow,
        }}
      />
      <div className={settings.grid}>
        <TextField
          label={t('admin.membership.graceDays')}
          hint={t('admin.membership.graceHint')}
          inputMode="numeric"
          dir="ltr"
          required
          value={graceDays}
          onChange={(event) => {
            setGraceDays(event.target.value.trim());
            setError('');
          }}
          data-testid={MembershipTestId.graceDays}
        />
      </div>
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError('');
        }}
      />
      {error ? (
        <p role="alert" className={settings.error} data-testid={MembershipTestId.formError}>
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
