import { ArrowRightLeft, ChartCandlestick, Headset, House, UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { ServiceTestId } from '../features/service/testIds';
import { useSession } from '../session/useSession';
import { FirstPaintTestId as TestId } from '../testIds.firstPaint';
import { FUTURES_TRADING_PATH, TRADE_TAB_PATH } from './paths';
import { afterPaintWithQueries } from './queryLayer';
import { TABS } from './routes';
import styles from './TabShell.module.css';

// The unread count reads the query cache: a signed-in user's badge joins the tab bar once the bar has painted
// (queryLayer.tsx). A guest has no badge.
const UnreadBadge = lazy(() =>
  afterPaintWithQueries(() => import('../features/inbox/UnreadBadge')).then((module) => ({
    default: module.UnreadBadge,
  })),
);

// The service tab's badge counts agents' messages not read (features/service), after the first paint as well.
const ServiceBadge = lazy(() =>
  afterPaintWithQueries(() => import('../features/service/ServiceBadge')).then((module) => ({
    default: module.ServiceBadge,
  })),
);

const ICONS = {
  home: House,
  markets: ChartCandlestick,
  trade: ArrowRightLeft,
  service: Headset,
  mine: UserRound,
} as const;
const TEST_IDS = {
  home: TestId.tabHome,
  markets: TestId.tabMarkets,
  trade: TestId.tabTrade,
  service: ServiceTestId.tab,
  mine: TestId.tabMine,
} as const;

/** The tabbed shell (spec §2): the screen above, the tab bar at the bottom. */
export function TabShell() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { pathname } = useLocation();
  // The futures screen is the trade tab's other side (Spot | Futures): the tab stays lit there.
  const futures = pathname.toLowerCase() === FUTURES_TRADING_PATH.toLowerCase();
  return (
    <div className={styles.shell}>
      <Outlet />
      <nav className={styles.tabBar} data-testid={TestId.tabBar}>
        {TABS.map((tab) => {
          const Icon = ICONS[tab.icon];
          return (
            <NavLink
              key={tab.path}
              to={tab.path}
              className={styles.tab}
              data-lit={futures && tab.path === TRADE_TAB_PATH ? true : undefined}
              data-testid={TEST_IDS[tab.icon]}
            >
              <span className={styles.iconWrap}>
                <Icon size={24} aria-hidden />
                {tab.icon === 'mine' && token ? (
                  <Suspense fallback={null}>
                    <UnreadBadge className={styles.badge} testId={TestId.tabMineBadge} />
                  </Suspense>
                ) : null}
                {tab.icon === 'service' && token ? (
                  <Suspense fallback={null}>
                    <ServiceBadge className={styles.badge} testId={ServiceTestId.tabBadge} />
                  </Suspense>
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
