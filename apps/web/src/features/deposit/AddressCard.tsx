import { Copy } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../components/notice/useCopy';
import { TestId } from '../../testIds';
import styles from './Deposit.module.css';

const QR_SIZE = 184;

/**
 * The platform's deposit address for one network: a QR code drawn here in the browser as SVG and shown as an
 * image from a data: URL (which the Content-Security-Policy allows, and which no markup is injected for), the
 * address as text and a copy button.
 */
export function AddressCard({ address }: { address: string }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => {
        if (current) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (current) setQr(null);
      });
    return () => {
      current = false;
    };
  }, [address]);

  const copyWithNotice = useCopy();
  const copy = () => copyWithNotice(address);

  return (
    <section className={styles.addressCard} aria-label={t('deposit.address')}>
      <div className={styles.qr} style={{ inlineSize: QR_SIZE, blockSize: QR_SIZE }}>
        {qr ? (
          <img
            src={qr}
            alt={t('deposit.qr')}
            width={QR_SIZE}
            height={QR_SIZE}
            data-testid={TestId.depositQr}
          />
        ) : null}
      </div>
      <span className={styles.fieldLabel}>{t('deposit.address')}</span>
      <div className={styles.addressRow}>
        <bdi className={styles.address} dir="ltr" data-testid={TestId.depositAddress}>
          {address}
        </bdi>
        <button type="button" className={styles.copy} onClick={copy} data-testid={TestId.depositCopyAddress}>
          <Copy size={16} aria-hidden />
          {t('deposit.copy')}
        </button>
      </div>
    </section>
  );
}
