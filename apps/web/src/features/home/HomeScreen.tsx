import {
  ArrowLeftRight,
  Bell,
  CandlestickChart,
  ChartNoAxesColumn,
  Gift,
  PiggyBank,
  TriangleExclamationPoint,
  Trophy,
  UserRound,
} from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  FINANCIAL_PACKAGE_PATH,
  LOGIN_PATH,
  MARKETS_PATH,
  MINE_PATH,
  MISSIONS_PATH,
  NOTIFICATION_PATH,
  REGISTER_PATH,
  SHARE_PATH,
  SWAP_PATH,
  TRADE_TAB_PATH,
} from '../../app/paths';
import { afterPaintWithQueries } from '../../app/queryLayer';
import { Logo } from '../../components/Logo';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useSession } from '../../session/useSession';
import { FirstPaintTestId as TestId } from '../../testIds.firstPaint';
import { AssetsTotalCard } from '../assets/AssetsTotalCard';
import { MenuShortcuts } from '../menus/MenuShortcuts';
import { MissionsTestId } from '../missions/testIds';
import { BannerCarousel } from './BannerCarousel';
import { storedBanners } from './banners';
import { Greeting } from './Greeting';
import styles from './HomeScreen.module.css';

function GuestWelcome() {
  const { t } = useTranslation();
  return (
    <section className={styles.hero} data-testid={TestId.homeWelcome}>
      <h2 className={styles.heroTitle}>{t('home.guestTitle')}</h2>
      <p className={styles.heroBody}>{t('home.guestBody')}</p>
      <div className={styles.heroActions}>
        <Link to={REGISTER_PATH} className={styles.primaryAction} data-testid={TestId.homeRegister}>
          {t('auth.register.submit')}
        </Link>
        <Link to={LOGIN_PATH} className={styles.secondaryAction} data-testid={TestId.homeLogin}>
          {t('auth.login.submit')}
        </Link>
      </div>
    </section>
  );
}

/*
 * What reads the query cache loads with it once the screen has painted, not beside its first paint: the markets
 * (and the schemas they validate with), and the banners, greeting, assets total and unread count, which the first
 * frame draws from what the cache starts with (the stored banners and profile, no total yet, no badge).
 */
const HomeMarkets = lazy(() =>
  afterPaintWithQueries(() => import('./HomeMarkets')).then((module) => ({ default: module.HomeMarkets })),
);
const homeData = () => afterPaintWithQueries(() => import('./HomeData'));
const HomeBanners = lazy(() => homeData().then((module) => ({ default: module.HomeBanners })));
const UserGreeting = lazy(() => homeData().then((module) => ({ default: module.UserGreeting })));
const HomeAssets = lazy(() => homeData().then((module) => ({ default: module.HomeAssets })));
const MessagesBadge = lazy(() => homeData().then((module) => ({ default: module.MessagesBadge })));

/**
 * /home/index, open without a token: the banners (or a default card), a welcome or the greeting and assets,
 * shortcuts, hot deals, the latest transactions and the risk warning.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const { token, userInfo } = useSession();
  const shortcutsTitleId = useId();
  useDocumentTitle(t('nav.home'));

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <Logo size={32} />
          <h1 className={styles.brandName}>{t('app.name')}</h1>
        </div>
        {token ? (
          <Link
            to={NOTIFICATION_PATH}
            className={styles.headerAction}
            aria-label={t('inbox.title')}
            data-testid={TestId.homeMessages}
          >
            <Bell size={22} aria-hidden />
            <Suspense fallback={null}>
              <MessagesBadge />
            </Suspense>
          </Link>
        ) : null}
      </header>
      <main className={styles.main}>
        <Suspense fallback={<BannerCarousel banners={storedBanners() ?? []} />}>
          <HomeBanners />
        </Suspense>
        {token ? (
          <Suspense
            fallback={
              <Greeting user={userInfo} avatar={() => <span className={styles.avatarSlot} aria-hidden />} />
            }
          >
            <UserGreeting />
          </Suspense>
        ) : (
          <GuestWelcome />
        )}
        {token ? (
          <Suspense fallback={<AssetsTotalCard testId={TestId.homeAssets} />}>
            <HomeAssets />
          </Suspense>
        ) : null}

        <section aria-labelledby={shortcutsTitleId} className={styles.shortcuts}>
          <h2 id={shortcutsTitleId} className={styles.sectionTitle}>
            {t('home.shortcuts')}
          </h2>
          <ul className={styles.shortcutGrid}>
            <li>
              <Link to={MARKETS_PATH} className={styles.shortcut}>
                <span className={styles.shortcutIcon}>
                  <ChartNoAxesColumn size={22} aria-hidden />
                </span>
                {t('home.shortcutMarkets')}
              </Link>
            </li>
            <li>
              <Link to={TRADE_TAB_PATH} className={styles.shortcut}>
                <span className={styles.shortcutIcon}>
                  <CandlestickChart size={22} aria-hidden />
                </span>
                {t('home.shortcutTrade')}
              </Link>
            </li>
            <li>
              <Link to={SWAP_PATH} className={styles.shortcut} data-testid={TestId.homeSwap}>
                <span className={styles.shortcutIcon}>
                  <ArrowLeftRight size={22} aria-hidden />
                </span>
                {t('swap.title')}
              </Link>
            </li>
            <li>
              <Link to={FINANCIAL_PACKAGE_PATH} className={styles.shortcut} data-testid={TestId.homeEarn}>
                <span className={styles.shortcutIcon}>
                  <PiggyBank size={22} aria-hidden />
                </span>
                {t('earn.entry')}
              </Link>
            </li>
            <li>
              <Link to={MISSIONS_PATH} className={styles.shortcut} data-testid={MissionsTestId.homeShortcut}>
                <span className={styles.shortcutIcon}>
                  <Trophy size={22} aria-hidden />
                </span>
                {t('missions.title')}
              </Link>
            </li>
            <li>
              <Link to={SHARE_PATH} className={styles.shortcut} data-testid={TestId.homeShare}>
                <span className={styles.shortcutIcon}>
                  <Gift size={22} aria-hidden />
                </span>
                {t('share.entry')}
              </Link>
            </li>
            <li>
              <Link to={MINE_PATH} className={styles.shortcut}>
                <span className={styles.shortcutIcon}>
                  <UserRound size={22} aria-hidden />
                </span>
                {t('nav.mine')}
              </Link>
            </li>
            <MenuShortcuts linkClass={styles.shortcut ?? ''} iconClass={styles.shortcutIcon ?? ''} />
          </ul>
        </section>

        <Suspense fallback={<div className={styles.marketsPlaceholder} />}>
          <HomeMarkets />
        </Suspense>

        <aside className={styles.risk} data-testid={TestId.homeRiskWarning}>
          <TriangleExclamationPoint size={18} aria-hidden className={styles.riskIcon} />
          <p>{t('app.riskWarning')}</p>
        </aside>
      </main>
    </div>
  );
}
