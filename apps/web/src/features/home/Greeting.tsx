import type { PublicUser } from '@kestrel/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayName } from '../../lib/useDisplayName';
import { FirstPaintTestId as TestId } from '../../testIds.firstPaint';
import styles from './HomeScreen.module.css';

/** The signed-in user's greeting: their picture (drawn by `avatar` from their name), name and the tagline. */
export function Greeting({
  user,
  avatar,
}: {
  user: PublicUser | null | undefined;
  avatar: (name: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const name = useDisplayName(user);
  return (
    <section className={styles.hero} data-testid={TestId.homeGreeting}>
      <div className={styles.greetingRow}>
        {user ? avatar(name) : null}
        <div>
          <h2 className={styles.heroTitle}>{t('home.greeting', { name })}</h2>
          <p className={styles.heroBody}>{t('app.tagline')}</p>
        </div>
      </div>
    </section>
  );
}
