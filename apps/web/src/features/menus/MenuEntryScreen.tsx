import type { MenuEntryView } from '@kestrel/contract';
import { buttonClass } from '@kestrel/ui';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HOME_PATH } from '../../app/paths';
import { ListGroup } from '../../components/List';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useSession } from '../../session/useSession';
import { ArticlePage, CategoryPage } from '../help';
import { NotFoundScreen } from '../not-found/NotFoundScreen';
import { MenuRow } from './MenuRows';
import styles from './Menus.module.css';
import { findMenuEntry } from './menuEntries';
import { MenusTestId } from './testIds';

/**
 * The page of a run-time menu route (decision 0054), found by the path it was opened on: its children as a list,
 * or what its template shows: an article or a help-centre category (the help centre's own pages), or a link to
 * open outside the app. A `screen` entry renders the fixed screen itself (see router.tsx).
 */
export function MenuEntryScreen() {
  const { pathname } = useLocation();
  const { menuList } = useSession();
  const entry = findMenuEntry(menuList, pathname);
  if (!entry) return <NotFoundScreen />;
  if (entry.children.length > 0) return <MenuChildrenPage entry={entry} />;
  switch (entry.data.template) {
    case 'externalLink':
      return <ExternalLinkPage entry={entry} url={entry.data.url} />;
    case 'article':
      return <ArticlePage slug={entry.data.slug} />;
    case 'articleList':
      return <CategoryPage slug={entry.data.category} />;
    default:
      // A `screen` entry is drawn by the router; nothing else reaches here.
      return <NotFoundScreen />;
  }
}

/** An entry with children: its children as a list of rows. */
function MenuChildrenPage({ entry }: { entry: MenuEntryView }) {
  useDocumentTitle(entry.title);
  return (
    <div className={styles.screen} data-testid={MenusTestId.page}>
      <TopBar title={entry.title} backTo={HOME_PATH} />
      <main className={styles.main}>
        <div className={styles.rows} data-testid={MenusTestId.children}>
          <ListGroup>
            {entry.children.map((child) => (
              <MenuRow key={child.route} entry={child} />
            ))}
          </ListGroup>
        </div>
      </main>
    </div>
  );
}

/** An address outside the app: where it leads, and a button that opens it in a new tab. */
function ExternalLinkPage({ entry, url }: { entry: MenuEntryView; url: string }) {
  const { t } = useTranslation();
  useDocumentTitle(entry.title);
  return (
    <div className={styles.screen} data-testid={MenusTestId.page}>
      <TopBar title={entry.title} backTo={HOME_PATH} />
      <main className={styles.main}>
        <section className={styles.link}>
          <span className={styles.linkIcon}>
            <ExternalLink size={26} aria-hidden />
          </span>
          <p className={styles.host} dir="ltr">
            {hostOf(url)}
          </p>
          <p className={styles.body}>{t('menuRoutes.linkBody')}</p>
          <a
            className={[buttonClass({ block: true }), styles.open].join(' ')}
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid={MenusTestId.openLink}
          >
            {t('menuRoutes.open')}
          </a>
        </section>
      </main>
    </div>
  );
}

/** The address's host, or the address itself when it does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
