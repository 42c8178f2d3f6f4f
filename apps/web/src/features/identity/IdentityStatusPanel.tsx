import type { IdentityStatus } from '@kestrel/contract';
import { BadgeCheck, CircleAlert, Hourglass, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testIds';
import styles from './IdentityScreen.module.css';
import { IDENTITY_STATUS_LABEL } from './identityStatus';

const ICONS = {
  uncertified: ShieldCheck,
  submitted: Hourglass,
  verified: BadgeCheck,
  failed: CircleAlert,
} as const;

const BODY = {
  uncertified: 'identity.intro',
  submitted: 'identity.review.submittedBody',
  verified: 'identity.review.verifiedBody',
  failed: 'identity.review.failedBody',
} as const satisfies Record<IdentityStatus, string>;

/** The top of the screen in every state: the status in the spec's words, what it means, and any reason. */
export function IdentityStatusPanel({ status, reason }: { status: IdentityStatus; reason: string | null }) {
  const { t } = useTranslation();
  const Icon = ICONS[status];
  const titleId = useId();
  return (
    <section
      className={styles.status}
      data-status={status}
      aria-labelledby={titleId}
      data-testid={TestId.identityStatus}
    >
      <span className={styles.statusIcon} aria-hidden>
        <Icon size={status === 'failed' ? 22 : 28} />
      </span>
      <div className={styles.statusText}>
        <h2 id={titleId} className={styles.statusTitle}>
          {t(IDENTITY_STATUS_LABEL[status])}
        </h2>
        {status === 'failed' && reason ? (
          <p className={styles.reason}>
            <span className={styles.reasonLabel}>{t('identity.review.reason')}</span>
            <span dir="auto" data-testid={TestId.identityReason}>
              {reason}
            </span>
          </p>
        ) : null}
        <p className={styles.statusBody}>{t(BODY[status])}</p>
      </div>
    </section>
  );
}
