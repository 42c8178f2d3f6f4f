import { LOCALE_NAMES, type Locale } from '@kestrel/i18n';
import { Button, ConfirmDialog } from '@kestrel/ui';
import { Globe, Info, LockKeyhole, LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLogoutMutation } from '../../api/session';
import { LOGIN_PATH, MINE_PATH, PROFILE_PATH, SECURITY_PATH } from '../../app/paths';
import { APP_VERSION } from '../../app/version';
import { ListGroup, ListRow } from '../../components/List';
import { RadioSegment } from '../../components/RadioSegment';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { getThemePreference, saveThemePreference, type ThemePreference } from '../../theme/theme';
import { ABOUT_US_PATH } from '../help/paths';
import { LanguageSheet } from './LanguageSheet';
import styles from './SettingsScreen.module.css';

/** Location state: open the language list on arrival (the Mine screen's "Language" row). */
export type SettingsState = { openLanguage?: boolean };

export function SettingsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { language, pending, change } = useLanguage();
  const logout = useLogoutMutation();
  const [languageOpen, setLanguageOpen] = useState(
    () => (location.state as SettingsState | null)?.openLanguage === true,
  );
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [theme, setTheme] = useState<ThemePreference>(getThemePreference);
  useDocumentTitle(t('settings.title'));

  const selectLanguage = async (locale: Locale) => {
    if (locale !== language) await change(locale);
    setLanguageOpen(false);
  };

  const selectTheme = (preference: ThemePreference) => {
    setTheme(preference);
    saveThemePreference(preference);
  };

  const confirmLogout = async () => {
    await logout.mutateAsync();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <div className={styles.screen}>
      <TopBar title={t('settings.title')} backTo={MINE_PATH} />
      <main className={styles.main}>
        <ListGroup>
          <ListRow
            icon={<LockKeyhole size={18} aria-hidden />}
            label={t('settings.changePassword')}
            to={SECURITY_PATH}
            testId={TestId.settingsChangePassword}
          />
          <ListRow
            icon={<UserRound size={18} aria-hidden />}
            label={t('settings.userInfo')}
            to={PROFILE_PATH}
            testId={TestId.settingsUserInfo}
          />
        </ListGroup>

        <ListGroup>
          <ListRow
            icon={<Globe size={18} aria-hidden />}
            label={t('settings.language')}
            value={LOCALE_NAMES[language]}
            onClick={() => setLanguageOpen(true)}
            testId={TestId.settingsLanguage}
          />
        </ListGroup>

        <RadioSegment
          legend={t('settings.theme')}
          value={theme}
          onChange={selectTheme}
          testId={TestId.settingsTheme}
          options={[
            { value: 'system', label: t('settings.themeSystem') },
            { value: 'light', label: t('settings.themeLight') },
            { value: 'dark', label: t('settings.themeDark') },
          ]}
        />

        <ListGroup>
          <ListRow
            icon={<Info size={18} aria-hidden />}
            label={t('settings.about')}
            value={APP_VERSION}
            to={ABOUT_US_PATH}
            testId={TestId.settingsAbout}
          />
        </ListGroup>

        <Button
          variant="danger"
          block
          icon={<LogOut size={18} aria-hidden />}
          onClick={() => setLogoutOpen(true)}
          data-testid={TestId.settingsLogout}
          className={styles.logout}
        >
          {t('settings.logout')}
        </Button>
      </main>

      <LanguageSheet
        open={languageOpen}
        onClose={() => setLanguageOpen(false)}
        current={language}
        pending={pending}
        onSelect={selectLanguage}
      />
      <ConfirmDialog
        open={logoutOpen}
        title={t('auth.logout.confirmTitle')}
        body={t('auth.logout.confirmBody')}
        confirmLabel={t('auth.logout.action')}
        cancelLabel={t('common.cancel')}
        onConfirm={confirmLogout}
        onCancel={() => setLogoutOpen(false)}
        busy={logout.isPending}
        destructive
        testId={TestId.logoutDialog}
      />
    </div>
  );
}
