import type { IdentityView } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { MINE_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { IdentityForm } from './IdentityForm';
import styles from './IdentityScreen.module.css';
import { IdentityStatusPanel } from './IdentityStatusPanel';
import { useIdentityQuery } from './queries';
import { SubmissionDetails } from './SubmissionDetails';

/** Each status has its own screen: the form while one is due, the submission once it is in. */
function IdentityContent({ view }: { view: IdentityView }) {
  const { status, submission } = view;
  const panel = <IdentityStatusPanel status={status} reason={submission?.rejectionReason ?? null} />;
  if ((status === 'submitted' || status === 'verified') && submission) {
    return (
      <>
        {panel}
        <SubmissionDetails submission={submission} verified={status === 'verified'} />
      </>
    );
  }
  return (
    <>
      {panel}
      {/* Keyed by the submission, so a new rejection starts the form again from what was sent. */}
      <IdentityForm
        key={submission?.submittedAt ?? 'first'}
        previous={status === 'failed' ? submission : null}
      />
    </>
  );
}

/** /user/identification: identity verification with an ID card or a passport (spec §3, §4). */
export function IdentityScreen() {
  const { t } = useTranslation();
  const identity = useIdentityQuery();
  useDocumentTitle(t('identity.title'));

  return (
    <div className={styles.screen}>
      <TopBar title={t('identity.title')} backTo={MINE_PATH} />
      <main className={styles.main}>
        {identity.data ? (
          <IdentityContent view={identity.data} />
        ) : identity.isError ? (
          <ErrorState message={identity.error.message} onRetry={() => void identity.refetch()} />
        ) : (
          <LoadingState />
        )}
      </main>
    </div>
  );
}
