import { ApiError, useIdempotentSubmission } from '@kestrel/client';
import type { MissionView } from '@kestrel/contract';
import { formatQuantity } from '@kestrel/money';
import { ShieldAlert } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IDENTITY_PATH, MINE_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { showNotice } from '../../components/notice/noticeStore';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { isolate } from '../../lib/bidi';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useNow } from '../../lib/useNow';
import { deadlineOf, groupMissions, type MissionGroup, secondsLeft } from './figures';
import { MissionCard } from './MissionCard';
import styles from './Missions.module.css';
import { useClaimMissionMutation, useMissionsQuery, useMissionsRefresh } from './queries';
import { MissionsTestId } from './testIds';

/**
 * /home/missions (the spec's mission hall, shown by label only): every task with its progress, reward and time
 * left, what can be claimed first; a claim pays once, and needs a verified identity, which the hall says up front.
 */
export function MissionHallScreen() {
  const { t } = useTranslation();
  const missions = useMissionsQuery();
  useDocumentTitle(t('missions.title'));
  return (
    <div className={styles.screen} data-testid={MissionsTestId.screen}>
      <TopBar title={t('missions.title')} backTo={MINE_PATH} />
      <main className={styles.main}>
        {missions.isError ? (
          <ErrorState message={missions.error.message} onRetry={() => void missions.refetch()} />
        ) : missions.isPending ? (
          <LoadingState />
        ) : (
          <MissionHall items={missions.data.items} identityVerified={missions.data.identityVerified} />
        )}
      </main>
    </div>
  );
}

function MissionHall({ items, identityVerified }: { items: MissionView[]; identityVerified: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const now = useNow();
  const claim = useClaimMissionMutation();
  // A claim resent after an answer that never came carries the same key, so it pays once.
  const attempts = useIdempotentSubmission((id: string) => id);
  const groups = groupMissions(items);
  // A deadline that passes on screen (a day's reset, a cycle's end, a claim window) changes the task: read again.
  const deadlinePassed = items.some((mission) => {
    const deadline = deadlineOf(mission);
    return deadline !== null && secondsLeft(deadline, now) === 0;
  });
  const refresh = useMissionsRefresh();
  useEffect(() => {
    if (deadlinePassed) refresh();
  }, [deadlinePassed, refresh]);

  const claimReward = (mission: MissionView) => {
    if (claim.isPending) return;
    claim.mutate(
      { id: mission.id, key: attempts.keyFor(mission.id) },
      {
        onSuccess: (claimed) => {
          attempts.settle();
          const reward = `${formatQuantity(claimed.reward.amount, language)} ${claimed.reward.asset}`;
          showNotice({
            tone: 'positive',
            message: t('missions.claimSuccess', { reward: isolate(reward, language) }),
          });
        },
        onError: (error) => {
          // A refusal (already claimed, expired) is on the top notice already; the next press is a new claim.
          if (error instanceof ApiError && error.kind === 'business') attempts.settle();
        },
      },
    );
  };

  return (
    <>
      <p className={styles.intro}>{t('missions.intro')}</p>
      {identityVerified ? null : (
        <aside className={styles.notice} role="note" data-testid={MissionsTestId.identityNotice}>
          <ShieldAlert size={18} aria-hidden className={styles.noticeIcon} />
          <div className={styles.noticeBody}>
            <p>{t('missions.identityNotice')}</p>
            <Link to={IDENTITY_PATH} className={styles.link} data-testid={MissionsTestId.identityLink}>
              {t('missions.identityLink')}
            </Link>
          </div>
        </aside>
      )}
      {groups.length === 0 ? (
        <p className={styles.empty} data-testid={MissionsTestId.empty}>
          {t('missions.empty')}
        </p>
      ) : (
        groups.map(([group, missions]) => (
          <MissionGroupList key={group} group={group}>
            {missions.map((mission) => (
              <MissionCard
                key={mission.id}
                mission={mission}
                now={now}
                identityVerified={identityVerified}
                claiming={claim.isPending && claim.variables?.id === mission.id}
                busy={claim.isPending}
                onClaim={claimReward}
              />
            ))}
          </MissionGroupList>
        ))
      )}
    </>
  );
}

function MissionGroupList({ group, children }: { group: MissionGroup; children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.group} data-testid={MissionsTestId.group(group)}>
      <h2 id={titleId} className={styles.groupTitle}>
        {t(`missions.groups.${group}`)}
      </h2>
      <ul className={styles.list}>{children}</ul>
    </section>
  );
}
