import { Button } from '@kestrel/ui';
import { Pencil, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/admin';
import { Card, Page, pageStyles } from '../../components/Page';
import { Badge, type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { mayManageMissions, mayReadMissions } from './access';
import { thresholdOf } from './format';
import { MissionDialog } from './MissionDialog';
import styles from './Missions.module.css';
import { type AdminMission, useAdminMissions } from './queries';
import { MissionsTestId } from './testIds';

/** The dialog shown: adding a task (`mission` null), or changing one. */
type Editing = { mission: AdminMission | null } | null;

/**
 * The mission hall's tasks as data: the event that counts, its threshold, the reward, once or repeated, the window,
 * how long a finished task may be claimed and whether users see it, with the claims and rewards paid; and the
 * rewards account per asset. Every role reads them; super admins add and change tasks.
 */
export function Missions() {
  const { t } = useTranslation();
  const role = useMe().data?.role;
  if (!role || !mayReadMissions(role)) return <Page title={t('admin.missions.title')}>{null}</Page>;
  return (
    <Page title={t('admin.missions.title')}>
      <p className={pageStyles.muted}>{t('admin.missions.intro')}</p>
      <Tasks manages={mayManageMissions(role)} />
    </Page>
  );
}

function Tasks({ manages }: { manages: boolean }) {
  const { t } = useTranslation();
  const { locale, formatDate, formatAmount, formatNumber } = useLocale();
  const missions = useAdminMissions();
  const [editing, setEditing] = useState<Editing>(null);

  const cell = (mission: AdminMission, name: string, content: ReactNode) => (
    <span data-testid={MissionsTestId.cell(mission.id, name)}>{content}</span>
  );

  const columns: Column<AdminMission>[] = [
    {
      key: 'event',
      header: t('admin.missions.event'),
      render: (mission) => (
        <span data-testid={MissionsTestId.row(mission.id)}>
          {t(`admin.missions.events.${mission.event}`)} <span className={styles.muted}>#{mission.id}</span>
        </span>
      ),
    },
    {
      key: 'threshold',
      header: t('admin.missions.threshold'),
      render: (mission) => cell(mission, 'threshold', thresholdOf(mission.event, mission.threshold, locale)),
      nowrap: true,
    },
    {
      key: 'reward',
      header: t('admin.missions.reward'),
      render: (mission) => cell(mission, 'reward', formatAmount(mission.rewardAmount, mission.rewardAsset)),
      nowrap: true,
    },
    {
      key: 'repeat',
      header: t('admin.missions.repeat'),
      render: (mission) => cell(mission, 'repeat', t(`admin.missions.repeats.${mission.repeat}`)),
      nowrap: true,
    },
    {
      key: 'window',
      header: t('admin.missions.window'),
      render: (mission) =>
        cell(
          mission,
          'window',
          <>
            {formatDate(mission.startsAt)}
            {' – '}
            {mission.endsAt ? formatDate(mission.endsAt) : t('admin.missions.noEnd')}
          </>,
        ),
    },
    {
      key: 'claimHours',
      header: t('admin.missions.claimHours'),
      render: (mission) =>
        cell(mission, 'claimHours', t('admin.missions.hoursOf', { hours: formatNumber(mission.claimHours) })),
      nowrap: true,
    },
    {
      key: 'visible',
      header: t('admin.missions.visible'),
      render: (mission) =>
        cell(
          mission,
          'visible',
          <Badge tone={mission.visible ? 'positive' : 'neutral'}>
            {t(mission.visible ? 'admin.missions.shown' : 'admin.missions.hidden')}
          </Badge>,
        ),
    },
    {
      key: 'claims',
      header: t('admin.missions.claims'),
      render: (mission) => cell(mission, 'claims', formatNumber(mission.claims)),
      nowrap: true,
    },
    {
      key: 'paid',
      header: t('admin.missions.paid'),
      render: (mission) => cell(mission, 'paid', formatAmount(mission.paid, mission.rewardAsset)),
      nowrap: true,
    },
  ];
  if (manages)
    columns.push({
      key: 'edit',
      header: '',
      render: (mission) => (
        <Button
          variant="ghost"
          onClick={() => setEditing({ mission })}
          data-testid={MissionsTestId.edit(mission.id)}
        >
          <Pencil size={14} aria-hidden />
          {t('admin.missions.edit')}
        </Button>
      ),
    });

  const rewards = missions.data?.rewardsPaid ?? [];

  return (
    <>
      <Card title={t('admin.missions.rewardsAccount')} testId={MissionsTestId.rewardsPaid}>
        <p className={pageStyles.muted}>{t('admin.missions.rewardsAccountHint')}</p>
        {rewards.length ? (
          <ul className={styles.paid}>
            {rewards.map((each) => (
              <li key={each.asset}>
                <span className={styles.muted}>{each.asset}</span>
                <strong data-testid={MissionsTestId.rewardPaid(each.asset)}>
                  {formatAmount(each.amount, each.asset)}
                </strong>
              </li>
            ))}
          </ul>
        ) : (
          <p className={pageStyles.muted}>{t('admin.missions.nothingPaid')}</p>
        )}
      </Card>
      <Card title={t('admin.missions.tasks')} testId={MissionsTestId.tasks}>
        {manages ? (
          <div>
            <Button
              variant="secondary"
              onClick={() => setEditing({ mission: null })}
              data-testid={MissionsTestId.create}
            >
              <Plus size={14} aria-hidden />
              {t('admin.missions.newTask')}
            </Button>
          </div>
        ) : null}
        {missions.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
        <Table
          columns={columns}
          rows={missions.data?.items ?? []}
          rowKey={(mission) => mission.id}
          loading={missions.isPending}
        />
        {editing ? <MissionDialog mission={editing.mission} onClose={() => setEditing(null)} /> : null}
      </Card>
    </>
  );
}
