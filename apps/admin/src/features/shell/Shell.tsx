import { Button } from '@kestrel/ui';
import { LogOut, ShieldHalf } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useMe } from '../../api/admin';
import { getToken } from '../../api/storage';
import { landingPath, mayOpen, sectionsFor } from '../../app/sections';
import { useSignOut } from '../../app/useSignOut';
import { LanguageSelect } from '../../components/LanguageSelect';
import styles from './Shell.module.css';

/** The signed-in console: the sections this admin's role may use, who is signed in, language and log out. */
export function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  const signOut = useSignOut();
  const me = useMe();

  if (!getToken()) return <Navigate to="/login" replace />;
  if (!me.data) {
    return (
      <div className={styles.loading}>
        {me.isError ? t('admin.notice.network') : t('admin.common.loading')}
      </div>
    );
  }
  const admin = me.data;
  // A bookmarked page of another role, or the bare /admin/, leads to this role's own first page.
  if (!mayOpen(admin.role, location.pathname)) return <Navigate to={landingPath(admin.role)} replace />;

  return (
    <div className={styles.shell}>
      <aside className={styles.sidebar}>
        <div className={styles.brand}>
          <ShieldHalf size={22} />
          {t('admin.brand')}
        </div>
        <nav className={styles.nav} aria-label={t('admin.shell.navigation')}>
          {sectionsFor(admin.role).map((section) => (
            <NavLink
              key={section.id}
              to={section.path}
              className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
              data-testid={`nav-${section.id}`}
            >
              <section.icon size={18} aria-hidden />
              {'label' in section ? t(section.label) : t(`admin.nav.${section.id}`)}
            </NavLink>
          ))}
        </nav>
        <div className={styles.me}>
          <span className={styles.name} data-testid="me-name">
            {admin.name}
          </span>
          <span className={styles.role}>{t(`admin.roles.${admin.role}`)}</span>
          <LanguageSelect />
          <Button variant="ghost" onClick={() => void signOut()} data-testid="logout">
            <LogOut size={16} aria-hidden />
            {t('admin.shell.logout')}
          </Button>
        </div>
      </aside>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
