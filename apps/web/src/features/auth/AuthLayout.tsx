import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './AuthLayout.module.css';

type Props = {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
  backTo?: string;
};

/** The frame of the log-in, sign-up and reset screens: back, brand, title, the form and a footer link. */
export function AuthLayout({ title, subtitle, children, footer, backTo }: Props) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className={styles.screen}>
      <TopBar {...(backTo ? { backTo } : {})} />
      <main className={styles.main}>
        <div className={styles.brand}>
          <Logo size={36} />
          <span className={styles.brandName}>{t('app.name')}</span>
        </div>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        <div className={styles.content}>{children}</div>
      </main>
      {footer ? <footer className={styles.footer}>{footer}</footer> : null}
    </div>
  );
}
