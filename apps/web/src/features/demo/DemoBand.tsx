import { FlaskConical } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import styles from './DemoBand.module.css';
import { DemoTestId } from './testIds';

// The sheet (its dialog, queries and the reset) loads on the first tap: the band is in every first paint.
const DemoSheet = lazy(() => import('./DemoSheet').then((module) => ({ default: module.DemoSheet })));

/**
 * The band on every screen of a demo session, above the tab shell and the full-screen pages alike. `data-book`
 * on <html> moves the safe top area down by the band's height (tokens.css), so every top bar stays below it, and
 * switches the accent colour, so a demo account never looks like the real one.
 */
export function DemoBand() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const demo = userInfo?.demo === true;
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  useLayoutEffect(() => {
    const root = document.documentElement;
    if (demo) root.dataset.book = 'demo';
    else delete root.dataset.book;
  }, [demo]);

  if (!demo) return null;
  return (
    <>
      <button
        type="button"
        className={styles.band}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        data-testid={DemoTestId.band}
      >
        <FlaskConical size={14} aria-hidden />
        <span className={styles.name}>{t('demo.band')}</span>
        <span className={styles.hint}>{t('demo.bandHint')}</span>
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <DemoSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
