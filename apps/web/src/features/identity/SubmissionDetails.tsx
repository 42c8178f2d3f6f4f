import type { IdentityView } from '@kestrel/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageUrl } from '../../api/uploads';
import { useLanguage } from '../../i18n/useLanguage';
import { TestId } from '../../testIds';
import { fullTime } from '../inbox/messageTime';
import { countryName } from './countries';
import styles from './IdentityScreen.module.css';

type Submission = NonNullable<IdentityView['submission']>;

function DocumentThumb({ url, label }: { url: string; label: string }) {
  const { src } = useImageUrl(url);
  return (
    <figure className={styles.thumb}>
      <div className={styles.thumbImage}>{src ? <img src={src} alt={label} /> : null}</div>
      <figcaption className={styles.thumbCaption}>{label}</figcaption>
    </figure>
  );
}

/**
 * What was sent, read-only. While it waits for review the user also sees the photos, to be sure the right
 * ones went; once verified only the essentials remain, the number masked as everywhere.
 */
export function SubmissionDetails({ submission, verified }: { submission: Submission; verified: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const titleId = useId();
  const passport = submission.documentType === 'passport';
  const date = verified ? submission.reviewedAt : submission.submittedAt;

  return (
    <section className={styles.details} aria-labelledby={titleId} data-testid={TestId.identityDetails}>
      <h2 id={titleId} className={styles.detailsTitle}>
        {t('identity.review.details')}
      </h2>
      <dl className={styles.detailList}>
        <div className={styles.detail}>
          <dt>{t('identity.form.documentType')}</dt>
          <dd>{passport ? t('identity.form.passport') : t('identity.form.idCard')}</dd>
        </div>
        <div className={styles.detail}>
          <dt>{t('identity.form.realName')}</dt>
          <dd dir="auto">{submission.realName}</dd>
        </div>
        <div className={styles.detail}>
          <dt>{passport ? t('identity.form.passportNumber') : t('identity.form.idCardNumber')}</dt>
          <dd dir="ltr" className={styles.number} data-testid={TestId.identityMaskedNumber}>
            {submission.documentNumberMasked}
          </dd>
        </div>
        <div className={styles.detail}>
          <dt>{t('identity.form.nation')}</dt>
          <dd>{countryName(submission.nation, language)}</dd>
        </div>
        {verified ? null : (
          <div className={styles.detail}>
            <dt>{t('identity.form.address')}</dt>
            <dd dir="auto">{submission.address}</dd>
          </div>
        )}
        {date ? (
          <div className={styles.detail}>
            <dt>{verified ? t('identity.review.verifiedAt') : t('identity.review.submittedAt')}</dt>
            <dd>{fullTime(date, language)}</dd>
          </div>
        ) : null}
      </dl>
      {verified ? null : (
        <div className={styles.thumbs}>
          <DocumentThumb
            url={submission.frontUrl}
            label={passport ? t('identity.picker.photoPage') : t('identity.picker.front')}
          />
          {submission.backUrl ? (
            <DocumentThumb url={submission.backUrl} label={t('identity.picker.back')} />
          ) : null}
        </div>
      )}
    </section>
  );
}
