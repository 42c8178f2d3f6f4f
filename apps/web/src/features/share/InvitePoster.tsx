import { textDirection } from '@kestrel/i18n';
import { Button } from '@kestrel/ui';
import { Download, Share2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../components/notice/noticeStore';
import { useLanguage } from '../../i18n/useLanguage';
import { drawPoster, POSTER_HEIGHT, POSTER_WIDTH, posterFile } from './poster';
import styles from './Share.module.css';
import { ShareTestId } from './testIds';

/** How long a saved poster's object URL is kept for the browser to finish the download. */
const DOWNLOAD_URL_KEPT_MS = 30_000;

/**
 * The invitation poster the app draws (brand, a line in the user's language, the QR code of the link, the code),
 * with Save image (a PNG download) and, where the browser can share files, Share through the system sheet.
 */
export function InvitePoster({ code, link }: { code: string; link: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const brand = t('app.name');
  const line = t('share.poster.line');
  const scan = t('share.poster.scan');
  const codeText = t('share.poster.code', { code });
  const direction = textDirection(language);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let current = true;
    if (drawPoster(canvas, { brand, line, scan, code: codeText, link, direction })) {
      void posterFile(canvas, `${brand.toLowerCase()}-invite-${code}.png`).then((drawn) => {
        if (current) setFile(drawn);
      });
    }
    return () => {
      current = false;
    };
  }, [brand, line, scan, codeText, link, direction, code]);

  const shareable =
    file !== null && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });

  const save = () => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = file.name;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_KEPT_MS);
    showNotice({ tone: 'positive', message: t('share.poster.saved') });
  };

  const share = () => {
    if (!file) return;
    navigator.share({ files: [file], title: brand, text: `${line} ${link}` }).catch(() => {
      // The user closed the share sheet, or the browser refused: nothing to tell them.
    });
  };

  return (
    <section className={styles.poster} aria-label={t('share.poster.title')}>
      <h2 className={styles.sectionTitle}>{t('share.poster.title')}</h2>
      <canvas
        ref={canvasRef}
        className={styles.canvas}
        width={POSTER_WIDTH}
        height={POSTER_HEIGHT}
        role="img"
        aria-label={t('share.poster.alt')}
        data-testid={ShareTestId.poster}
      />
      <div className={styles.posterActions}>
        <Button
          variant="secondary"
          size="md"
          icon={<Download size={18} aria-hidden />}
          disabled={!file}
          onClick={save}
          data-testid={ShareTestId.savePoster}
        >
          {t('share.poster.save')}
        </Button>
        {shareable ? (
          <Button
            size="md"
            icon={<Share2 size={18} aria-hidden />}
            onClick={share}
            data-testid={ShareTestId.sharePoster}
          >
            {t('share.poster.share')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
