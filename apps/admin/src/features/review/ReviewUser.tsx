import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../api/admin';
import { mayOpen } from '../../app/sections';
import { pageStyles } from '../../components/Page';
import type { ReviewSubmission } from './ReviewKind';

type Whose = Pick<ReviewSubmission, 'userId' | 'userEmail' | 'userPhone'>;

/** Whose submission a queue's row is: their e-mail or phone, the UID below it. */
export function ReviewUserCell({ item }: { item: Whose }) {
  const { t } = useTranslation();
  return (
    <>
      <bdi>{item.userEmail ?? item.userPhone ?? '—'}</bdi>
      <div className={pageStyles.muted}>
        {t('admin.uid')} {item.userId}
      </div>
    </>
  );
}

/** Whose submission an item is, on one line. */
export function ReviewUser({ item }: { item: Whose }) {
  const { t } = useTranslation();
  return (
    <>
      <bdi>{item.userEmail ?? item.userPhone ?? '—'}</bdi> · {t('admin.uid')} {item.userId}
    </>
  );
}

/** The same, opening the user's page for the roles that may: support and super admins, not reviewers. */
export function ReviewUserLink({ item }: { item: Whose }) {
  const me = useMe();
  const path = `/users/${item.userId}`;
  return me.data && mayOpen(me.data.role, path) ? (
    <Link to={path}>
      <ReviewUser item={item} />
    </Link>
  ) : (
    <ReviewUser item={item} />
  );
}
