import { LOCALE_NAMES } from '@kestrel/i18n';
import { IconButton } from '@kestrel/ui';
import { Copy, Info, Link2, Settings, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfoQuery } from '../../api/user';
import { PROFILE_PATH, SETTINGS_PATH } from '../../app/paths';
import { Avatar } from '../../components/Avatar';
import { ListGroup, ListRow } from '../../components/List';
import { useCopy } from '../../components/notice/useCopy';
import { useLanguage } from '../../i18n/useLanguage';
import { useDisplayName } from '../../lib/useDisplayName';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { AssetsCard } from '../assets/AssetsCard';
import { MineDemoRows } from '../demo/MineDemoRows';
import { IDENTITY_STATUS_LABEL } from '../identity/identityStatus';
import { UnreadBadge } from '../inbox/UnreadBadge';
import { MineMenuRows } from '../menus/MenuRows';
import { AboutSheet } from '../settings/AboutSheet';
import { inviteLink } from '../share/inviteLink';
import styles from './MineScreen.module.css';
import { maskEmail, maskPhone } from './mask';
import { type MineEntryValue, shownEntries } from './mineEntries';

export function MineScreen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUserInfoQuery();
  const name = useDisplayName(user);
  const [aboutOpen, setAboutOpen] = useState(false);
  const inviteTitleId = useId();
  useDocumentTitle(t('mine.title'));

  const copy = useCopy();

  const account = user?.email ? maskEmail(user.email) : user?.phone ? maskPhone(user.phone) : '';

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('mine.title')}</h1>
        <Link to={SETTINGS_PATH} className={styles.headerAction} aria-label={t('mine.settings')}>
          <Settings size={22} aria-hidden />
        </Link>
      </header>

      <main className={styles.main}>
        {user ? (
          <>
            <section className={styles.profile} aria-label={name} data-testid={TestId.mineProfile}>
              <Link
                to={PROFILE_PATH}
                className={styles.avatarLink}
                aria-label={t('profile.title')}
                data-testid={TestId.mineProfileLink}
              >
                <Avatar src={user.avatarUrl} name={name} size={64} />
              </Link>
              <div className={styles.identity}>
                <p className={styles.nickname} data-testid={TestId.mineNickname}>
                  <Link to={PROFILE_PATH} className={styles.nicknameLink}>
                    {name}
                  </Link>
                </p>
                {account ? (
                  <p className={styles.account} dir="ltr" data-testid={TestId.mineAccount}>
                    {account}
                  </p>
                ) : null}
                <p className={styles.uid}>
                  <span data-testid={TestId.mineUid}>{t('mine.uid', { id: user.id })}</span>
                  <IconButton
                    label={t('common.copy')}
                    className={styles.smallCopy}
                    onClick={() => copy(String(user.id))}
                  >
                    <Copy size={14} aria-hidden />
                  </IconButton>
                </p>
              </div>
            </section>

            <section className={styles.stats}>
              <div className={styles.stat}>
                <span className={styles.statLabel}>
                  <ShieldCheck size={16} aria-hidden />
                  {t('mine.creditScore')}
                </span>
                <span className={styles.statValue} data-testid={TestId.mineCreditScore}>
                  {user.creditScore}
                </span>
              </div>
              {/* A demo account's invitation code invites no one (decision 0055): it has none to show. */}
              {user.demo ? null : (
                <div className={styles.stat}>
                  <span className={styles.statLabel}>{t('mine.inviteCode')}</span>
                  <span className={styles.statRow}>
                    <span className={styles.statValue} data-testid={TestId.mineInviteCode}>
                      {user.inviteCode}
                    </span>
                    <IconButton
                      label={`${t('common.copy')} ${t('mine.inviteCode')}`}
                      className={styles.smallCopy}
                      onClick={() => copy(user.inviteCode)}
                      data-testid={TestId.mineCopyInviteCode}
                    >
                      <Copy size={16} aria-hidden />
                    </IconButton>
                  </span>
                </div>
              )}
            </section>

            {user.demo ? null : (
              <section className={styles.invite} aria-labelledby={inviteTitleId}>
                <div className={styles.inviteText}>
                  <h2 id={inviteTitleId} className={styles.inviteTitle}>
                    {t('mine.inviteLink')}
                  </h2>
                  <p className={styles.inviteUrl} dir="ltr">
                    {inviteLink(user.inviteCode)}
                  </p>
                </div>
                <button
                  type="button"
                  className={styles.inviteButton}
                  onClick={() => copy(inviteLink(user.inviteCode))}
                  data-testid={TestId.mineCopyInviteLink}
                >
                  <Link2 size={18} aria-hidden />
                  {t('mine.copyInviteLink')}
                </button>
              </section>
            )}
          </>
        ) : isPending ? (
          <div className={styles.skeleton} role="status" aria-busy="true" aria-label={t('common.loading')} />
        ) : null}

        <AssetsCard testId={TestId.mineAssets} />

        <MineDemoRows />

        <ListGroup>
          {shownEntries().map((entry) => (
            <ListRow
              key={entry.testId}
              icon={<entry.icon size={18} aria-hidden />}
              label={t(entry.label)}
              value={entry.value ? <EntryValue value={entry.value} /> : undefined}
              to={entry.path}
              state={entry.state}
              testId={entry.testId}
            />
          ))}
          <ListRow
            icon={<Info size={18} aria-hidden />}
            label={t('mine.about')}
            onClick={() => setAboutOpen(true)}
            testId={TestId.mineAbout}
          />
        </ListGroup>
        <MineMenuRows />
      </main>
      <AboutSheet open={aboutOpen} onClose={() => setAboutOpen(false)} />
    </div>
  );
}

/** What a row of the Mine list shows beside its label. */
function EntryValue({ value }: { value: MineEntryValue }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data: user } = useUserInfoQuery();
  if (value === 'language') return <>{LOCALE_NAMES[language]}</>;
  if (value === 'unread') return <UnreadBadge testId={TestId.mineMessagesBadge} />;
  return user?.identityStatus ? (
    <span
      className={styles.identityStatus}
      data-status={user.identityStatus}
      data-testid={TestId.mineIdentityStatus}
    >
      {t(IDENTITY_STATUS_LABEL[user.identityStatus])}
    </span>
  ) : null;
}
