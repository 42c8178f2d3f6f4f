import type { IdentityStatus } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../api/admin';
import { mayOpen } from '../../app/sections';
import { Badge } from '../../components/Table';
import { IdentityTestId } from './testIds';

const TONES = {
  uncertified: 'neutral',
  submitted: 'neutral',
  verified: 'positive',
  failed: 'negative',
} as const;

/** Where a user's identity verification stands, with a link to their latest submission for those who review. */
export function UserIdentityStatus({
  status,
  latestSubmissionId,
}: {
  status: IdentityStatus;
  latestSubmissionId: number | null;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const path = latestSubmissionId === null ? null : `/identity/${latestSubmissionId}`;
  return (
    <span style={{ display: 'inline-flex', gap: 'var(--space-2)', alignItems: 'center', flexWrap: 'wrap' }}>
      <Badge tone={TONES[status]}>{t(`admin.identity.userStatuses.${status}`)}</Badge>
      {path && me.data && mayOpen(me.data.role, path) ? (
        <Link to={path} data-testid={IdentityTestId.userLink}>
          {t('admin.identity.openSubmission')}
        </Link>
      ) : null}
    </span>
  );
}
