import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/useSession';
import { MenuIcon } from './MenuRows';
import { menuEntriesAt } from './menuEntries';
import { MenusTestId } from './testIds';

/** The operators' home shortcuts (decision 0054), drawn as the home screen's own; a link leaves in a new tab. */
export function MenuShortcuts({ linkClass, iconClass }: { linkClass: string; iconClass: string }) {
  const { t } = useTranslation();
  const { menuList } = useSession();
  return menuEntriesAt(menuList, 'homeShortcuts').map((entry) => {
    const content = (
      <>
        <span className={iconClass}>
          <MenuIcon entry={entry} size={22} />
        </span>
        {entry.title}
      </>
    );
    return (
      <li key={entry.route}>
        {entry.data.template === 'externalLink' && entry.children.length === 0 ? (
          <a
            href={entry.data.url}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
            aria-label={`${entry.title}, ${t('menuRoutes.opensOutside')}`}
            data-testid={MenusTestId.homeShortcut}
          >
            {content}
          </a>
        ) : (
          <Link to={entry.route} className={linkClass} data-testid={MenusTestId.homeShortcut}>
            {content}
          </Link>
        )}
      </li>
    );
  });
}
