import type { MenuEntryView } from '@kestrel/contract';
import { ExternalLink, FileText, LayoutGrid, List } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListGroup, ListRow } from '../../components/List';
import { useSession } from '../../session/useSession';
import styles from './Menus.module.css';
import { menuEntriesAt } from './menuEntries';
import { MenusTestId } from './testIds';

/** The icon of an entry, by what it opens. */
export function MenuIcon({ entry, size }: { entry: MenuEntryView; size: number }) {
  if (entry.data.template === 'externalLink') return <ExternalLink size={size} aria-hidden />;
  if (entry.children.length > 0 || entry.data.template === 'articleList')
    return <List size={size} aria-hidden />;
  if (entry.data.template === 'article') return <FileText size={size} aria-hidden />;
  return <LayoutGrid size={size} aria-hidden />;
}

/** One entry as a row: a link leaves the app in a new tab, any other entry opens its route. */
export function MenuRow({ entry }: { entry: MenuEntryView }) {
  const { t } = useTranslation();
  const icon = <MenuIcon entry={entry} size={18} />;
  if (entry.data.template === 'externalLink' && entry.children.length === 0) {
    return (
      <ListRow icon={icon} label={entry.title} href={entry.data.url} hint={t('menuRoutes.opensOutside')} />
    );
  }
  return <ListRow icon={icon} label={entry.title} to={entry.route} />;
}

/**
 * The operators' entries in Mine: the single ones as rows of one group, and each entry with children as a group
 * of its own, titled with the entry, its children as rows.
 */
export function MineMenuRows() {
  const { menuList } = useSession();
  const entries = menuEntriesAt(menuList, 'mine');
  if (entries.length === 0) return null;
  const single = entries.filter((entry) => entry.children.length === 0);
  const parents = entries.filter((entry) => entry.children.length > 0);
  return (
    <div className={styles.rows} data-testid={MenusTestId.mineRows}>
      {single.length > 0 ? (
        <ListGroup>
          {single.map((entry) => (
            <MenuRow key={entry.route} entry={entry} />
          ))}
        </ListGroup>
      ) : null}
      {parents.map((entry) => (
        <ListGroup key={entry.route} label={entry.title}>
          {entry.children.map((child) => (
            <MenuRow key={child.route} entry={child} />
          ))}
        </ListGroup>
      ))}
    </div>
  );
}
