import type { AdminMembership as AdminMembershipData, MembershipLevel } from '@kestrel/contract';
import { formatMoney } from '@kestrel/money';
import { Button } from '@kestrel/ui';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/admin';
import { Card, Facts, Page, pageStyles } from '../../components/Page';
import { type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { percentOf } from '../../lib/rates';
import { mayManageMembership, mayReadMembership } from './access';
import { LevelsDialog } from './LevelsDialog';
import styles from './Membership.module.css';
import { useAdminMembership } from './queries';
import { MembershipTestId } from './testIds';

/**
 * The membership centre's VIP levels: what each needs (30-day volume or holdings, in $), the maker and taker fee
 * discounts, how many members each has at the last snapshot, and the grace period before a downgrade. Super
 * admins, reviewers and support read them; super admins change the table.
 */
export function Membership() {
  const { t } = useTranslation();
  const role = useMe().data?.role;
  if (!role || !mayReadMembership(role)) return <Page title={t('admin.membership.title')}>{null}</Page>;
  return (
    <Page title={t('admin.membership.title')}>
      <p className={pageStyles.muted}>{t('admin.membership.intro')}</p>
      <Levels manages={mayManageMembership(role)} />
    </Page>
  );
}

/** A discount as stored, a fraction, with what it means: "10 % off (0.1)". */
function Discount({ fraction }: { fraction: string }) {
  const { t } = useTranslation();
  return (
    <>
      {t('admin.membership.percentOff', { percent: percentOf(fraction) })}{' '}
      <bdi className={styles.muted} dir="ltr">
        ({fraction})
      </bdi>
    </>
  );
}

function Levels({ manages }: { manages: boolean }) {
  const { t } = useTranslation();
  const { locale, formatDate, formatNumber } = useLocale();
  const membership = useAdminMembership();
  const [editing, setEditing] = useState(false);
  const data: AdminMembershipData | undefined = membership.data;
  const membersOf = (level: number) => data?.members.find((each) => each.level === level)?.count ?? 0;

  const columns: Column<MembershipLevel>[] = [
    {
      key: 'level',
      header: t('admin.membership.level'),
      render: (level) => (
        <strong data-testid={MembershipTestId.level(level.level)}>
          {t('admin.membership.levelName', { level: level.level })}
        </strong>
      ),
      nowrap: true,
    },
    {
      key: 'minVolume',
      header: t('admin.membership.minVolume'),
      render: (level) => (
        <span data-testid={MembershipTestId.cell(level.level, 'minVolume')}>
          {formatMoney(level.minVolume, locale)}
        </span>
      ),
      nowrap: true,
    },
    {
      key: 'minHoldings',
      header: t('admin.membership.minHoldings'),
      render: (level) => (
        <span data-testid={MembershipTestId.cell(level.level, 'minHoldings')}>
          {formatMoney(level.minHoldings, locale)}
        </span>
      ),
      nowrap: true,
    },
    {
      key: 'makerDiscount',
      header: t('admin.membership.makerDiscount'),
      render: (level) => (
        <span data-testid={MembershipTestId.cell(level.level, 'makerDiscount')}>
          <Discount fraction={level.makerDiscount} />
        </span>
      ),
      nowrap: true,
    },
    {
      key: 'takerDiscount',
      header: t('admin.membership.takerDiscount'),
      render: (level) => (
        <span data-testid={MembershipTestId.cell(level.level, 'takerDiscount')}>
          <Discount fraction={level.takerDiscount} />
        </span>
      ),
      nowrap: true,
    },
    {
      key: 'members',
      header: t('admin.membership.members'),
      render: (level) => (
        <span data-testid={MembershipTestId.cell(level.level, 'members')}>
          {formatNumber(membersOf(level.level))}
        </span>
      ),
      nowrap: true,
    },
  ];

  return (
    <Card title={t('admin.membership.levels')} testId={MembershipTestId.levels}>
      {membership.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
      {data ? (
        <Facts
          items={[
            {
              label: t('admin.membership.graceDays'),
              value: t('admin.membership.daysOf', { days: formatNumber(data.graceDays) }),
              testId: MembershipTestId.fact('graceDays'),
            },
            {
              label: t('admin.membership.lastSnapshot'),
              value: data.lastSnapshotAt ? formatDate(data.lastSnapshotAt) : t('admin.membership.noSnapshot'),
              testId: MembershipTestId.fact('lastSnapshot'),
            },
            {
              label: t('admin.membership.updatedAt'),
              value: data.updatedAt ? formatDate(data.updatedAt) : t('admin.membership.neverChanged'),
              testId: MembershipTestId.fact('updatedAt'),
            },
          ]}
        />
      ) : null}
      <p className={pageStyles.muted}>{t('admin.membership.rule')}</p>
      <Table
        columns={columns}
        rows={data?.levels}
        rowKey={(level) => level.level}
        loading={membership.isPending}
      />
      {manages && data ? (
        <div>
          <Button variant="secondary" onClick={() => setEditing(true)} data-testid={MembershipTestId.edit}>
            <Pencil size={14} aria-hidden />
            {t('admin.membership.edit')}
          </Button>
        </div>
      ) : null}
      {editing && data ? <LevelsDialog membership={data} onClose={() => setEditing(false)} /> : null}
    </Card>
  );
}
