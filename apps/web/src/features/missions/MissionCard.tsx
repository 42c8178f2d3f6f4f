import type { MissionView } from '@kestrel/contract';
import { formatQuantity } from '@kestrel/money';
import { Button, buttonClass } from '@kestrel/ui';
import { CircleCheck, Clock, Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IDENTITY_PATH } from '../../app/paths';
import { ProgressBar } from '../../components/ProgressBar';
import { useLanguage } from '../../i18n/useLanguage';
import { isolate } from '../../lib/bidi';
import { formatTimeLeft } from '../../lib/countdown';
import { deadlineOf, formatMissionFigure, missionTitle, secondsLeft } from './figures';
import styles from './Missions.module.css';
import { MissionsTestId } from './testIds';

type Props = {
  mission: MissionView;
  /** The server's time now, shared by every card so all countdowns tick together. */
  now: Date;
  identityVerified: boolean;
  /** True while this task's claim is on its way. */
  claiming: boolean;
  /** True while any claim is on its way: one at a time. */
  busy: boolean;
  onClaim: (mission: MissionView) => void;
};

/** One task: its title, reward, progress, time left and what can be done with it now. */
export function MissionCard({ mission, now, identityVerified, claiming, busy, onClaim }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const title = missionTitle(mission, language);
  const inText = (figure: string) => isolate(figure, language);
  const { amount, number } = title.values;
  const values = {
    ...(amount === undefined ? {} : { amount: inText(amount) }),
    ...(number === undefined ? {} : { number: inText(number) }),
  };
  const deadline = deadlineOf(mission);
  const left = deadline ? secondsLeft(deadline, now) : null;
  // A claim deadline that passed while the hall was open: the server will refuse it, so the button goes.
  const claimable = mission.status === 'claimable' && left !== 0;
  const lapsed = mission.status === 'claimable' && left === 0;
  const progress = formatMissionFigure(mission.event, mission.progress, language);
  const threshold = formatMissionFigure(mission.event, mission.threshold, language);
  const reward = `${formatQuantity(mission.reward.amount, language)} ${mission.reward.asset}`;

  return (
    <li className={styles.card} data-status={mission.status} data-testid={MissionsTestId.mission(mission.id)}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle} data-testid={MissionsTestId.title}>
          {t(title.key, values)}
        </h3>
        <span className={styles.reward} data-testid={MissionsTestId.reward}>
          <Gift size={16} aria-hidden />
          <span className={styles.visuallyHidden}>{t('missions.reward')}</span>
          <bdi dir="ltr">+{reward}</bdi>
        </span>
      </div>

      <div className={styles.progressRow}>
        <ProgressBar
          value={mission.progress}
          target={mission.threshold}
          label={t('missions.progress')}
          valueText={`${progress} / ${threshold}`}
          testId={MissionsTestId.progressBar}
        />
        <span className={styles.progressText} data-testid={MissionsTestId.progress}>
          <bdi>{progress}</bdi> / <bdi>{threshold}</bdi>
        </span>
      </div>

      <div className={styles.cardFoot}>
        {deadline && left !== null && !lapsed ? (
          <span className={styles.deadline} data-testid={MissionsTestId.countdown}>
            <Clock size={14} aria-hidden />
            {t(`missions.${deadline.kind}`, { time: inText(formatTimeLeft(left, language)) })}
          </span>
        ) : (
          <span />
        )}
        {claimable ? (
          identityVerified ? (
            <Button
              size="md"
              loading={claiming}
              disabled={busy}
              onClick={() => onClaim(mission)}
              data-testid={MissionsTestId.claim}
            >
              {t('missions.claim')}
            </Button>
          ) : (
            <Link
              to={IDENTITY_PATH}
              className={buttonClass({ variant: 'secondary', size: 'md' })}
              data-testid={MissionsTestId.verifyToClaim}
            >
              {t('missions.verifyToClaim')}
            </Link>
          )
        ) : mission.status === 'claimed' ? (
          <span className={styles.status} data-tone="positive" data-testid={MissionsTestId.status}>
            <CircleCheck size={16} aria-hidden />
            {t('missions.claimed')}
          </span>
        ) : mission.status === 'expired' || lapsed ? (
          <span className={styles.status} data-testid={MissionsTestId.status}>
            {t('missions.expired')}
          </span>
        ) : null}
      </div>
    </li>
  );
}
