import { ArrowRightLeft, ChartCandlestick, House, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { UnreadBadge } from '../features/inbox/UnreadBadge';
import { FirstPaintTestId as TestId } from '../testIds.firstPaint';
import { TABS } from './routes';
import styles from './TabShell.module.css';

const ICONS = { home: House, markets: ChartCandlestick, trade: ArrowRightLeft, mine: UserRound } as const;
const TEST_IDS = {
  home: TestId.tabHome,
  markets: TestId.tabMarkets,
  trade: TestId.tabTrade,
  mine: TestId.tabMine,
} as const;

/** The tabbed shell (spec §2): the screen above, the tab bar at the bottom. */
export function TabShell() {
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <Outlet />
      <nav className={styles.tabBar} data-testid={TestId.tabBar}>
        {TABS.map((tab) => {
          const Icon = ICONS[tab.icon];
          return (
            <NavLink key={tab.path} to={tab.path} className={styles.tab} data-testid={TEST_IDS[tab.icon]}>
              <span className={styles.iconWrap}>
                <Icon size={24} aria-hidden />
                {tab.icon === 'mine' ? (
                  <UnreadBadge className={styles.badge} testId={TestId.tabMineBadge} />
                ) : null}
              </span>
              <span>{t(tab.label)}</span>
            </NavLink>
          );
        })}
      </nav>
    </div>
  );
}
