import { formatMoney } from '@kestrel/money';
import { Copy, Gift } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MINE_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { useCopy } from '../../components/notice/useCopy';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { formatRate } from '../earn/figures';
import { InviteLists } from './InviteLists';
import { InvitePoster } from './InvitePoster';
import { inviteLink } from './inviteLink';
import { useReferralQuery } from './queries';
import styles from './Share.module.css';
import { ShareTestId } from './testIds';

const QR_SIZE = 160;

/**
 * /home/share, sharing and recommendation: the invitation code and link with copy buttons and the link's QR code,
 * the commission rate, how many friends joined and what they earned the user, the poster to save or share, and
 * the invitees and commissions a page at a time.
 */
export function ShareScreen() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const referral = useReferralQuery();
  const copy = useCopy();
  useDocumentTitle(t('share.title'));

  const overview = referral.data;
  const link = overview ? inviteLink(overview.inviteCode) : '';

  return (
    <div className={styles.page} data-testid={ShareTestId.screen}>
      <TopBar title={t('share.title')} backTo={MINE_PATH} />
      <main className={styles.main}>
        {referral.isPending ? (
          <LoadingState />
        ) : referral.isError ? (
          <ErrorState message={referral.error.message} onRetry={() => referral.refetch()} />
        ) : overview ? (
          <>
            <section className={styles.hero}>
              <Gift size={28} aria-hidden className={styles.heroIcon} />
              <h2 className={styles.headline}>{t('share.headline')}</h2>
              <p className={styles.intro}>
                {t('share.intro', { rate: formatRate(overview.commissionRate, language) })}
              </p>
            </section>

            <section className={styles.card} aria-label={t('share.code')}>
              <div className={styles.qr} style={{ inlineSize: QR_SIZE, blockSize: QR_SIZE }}>
                <LinkQr link={link} />
              </div>
              <div className={styles.field}>
                <span className={styles.fieldLabel}>{t('share.code')}</span>
                <div className={styles.fieldRow}>
                  <bdi className={styles.code} dir="ltr" data-testid={ShareTestId.code}>
                    {overview.inviteCode}
                  </bdi>
                  <button
                    type="button"
                    className={styles.copy}
                    onClick={() => copy(overview.inviteCode)}
                    data-testid={ShareTestId.copyCode}
                  >
                    <Copy size={16} aria-hidden />
                    {t('share.copyCode')}
                  </button>
                </div>
              </div>
              <div className={styles.field}>
                <span className={styles.fieldLabel}>{t('share.link')}</span>
                <div className={styles.fieldRow}>
                  <bdi className={styles.link} dir="ltr" data-testid={ShareTestId.link}>
                    {link}
                  </bdi>
                  <button
                    type="button"
                    className={styles.copy}
                    onClick={() => copy(link)}
                    data-testid={ShareTestId.copyLink}
                  >
                    <Copy size={16} aria-hidden />
                    {t('share.copyLink')}
                  </button>
                </div>
              </div>
            </section>

            <dl className={styles.stats}>
              <div>
                <dt>{t('share.commissionRate')}</dt>
                <dd dir="ltr" data-testid={ShareTestId.commissionRate}>
                  {formatRate(overview.commissionRate, language)}
                </dd>
              </div>
              <div>
                <dt>{t('share.invitees')}</dt>
                <dd data-testid={ShareTestId.invitees}>
                  <span dir="ltr">{overview.invitees}</span>
                  <small className={styles.statNote}>
                    {t('share.verified', { count: overview.verifiedInvitees })}
                  </small>
                </dd>
              </div>
              <div>
                <dt>{t('share.earned')}</dt>
                <dd dir="ltr" data-testid={ShareTestId.earned}>
                  {formatMoney(overview.earnedValue, language)}
                </dd>
              </div>
            </dl>

            <InvitePoster code={overview.inviteCode} link={link} />
            <InviteLists />
          </>
        ) : null}
      </main>
    </div>
  );
}

/** The link's QR code, drawn in the browser as SVG and shown from a data: URL, as the deposit address's is. */
function LinkQr({ link }: { link: string }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => {
        if (current) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (current) setQr(null);
      });
    return () => {
      current = false;
    };
  }, [link]);
  return qr ? (
    <img src={qr} alt={t('share.qr')} width={QR_SIZE} height={QR_SIZE} data-testid={ShareTestId.qr} />
  ) : null;
}
