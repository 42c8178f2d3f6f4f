import { useUserInfoQuery } from '../../api/user';
import { Avatar } from '../../components/Avatar';
import { useSession } from '../../session/useSession';
import { FirstPaintTestId as TestId } from '../../testIds.firstPaint';
import { AssetsCard } from '../assets/AssetsCard';
import { UnreadBadge } from '../inbox/UnreadBadge';
import { BannerCarousel } from './BannerCarousel';
import { Greeting } from './Greeting';
import styles from './HomeScreen.module.css';
import { useBannersQuery } from './queries';

/*
 * The home screen's parts that read the query cache; they load with it once the screen has painted, and until
 * then the screen draws them from what the cache starts with (HomeScreen.tsx).
 */

/** The banners in the reader's language, starting from the stored ones. */
export function HomeBanners() {
  const { language } = useSession();
  const banners = useBannersQuery(language);
  return <BannerCarousel banners={banners.data ?? []} />;
}

/** The greeting of the signed-in user, starting from the stored profile and refreshed from the server. */
export function UserGreeting() {
  const { data: user } = useUserInfoQuery();
  return (
    <Greeting
      user={user}
      avatar={(name) => (user ? <Avatar src={user.avatarUrl} name={name} size={48} /> : null)}
    />
  );
}

/** The signed-in user's valued total. */
export function HomeAssets() {
  return <AssetsCard testId={TestId.homeAssets} />;
}

/** The unread count on the header's way into the messages. */
export function MessagesBadge() {
  return <UnreadBadge className={styles.headerBadge} testId={TestId.homeMessagesBadge} />;
}
