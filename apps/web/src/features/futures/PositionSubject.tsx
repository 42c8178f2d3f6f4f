import type { FuturesMarket, FuturesPosition } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import styles from './FuturesTrading.module.css';

/** Which position: its side, its pair, its margin mode and leverage. */
export function PositionSubject({ market, position }: { market: FuturesMarket; position: FuturesPosition }) {
  const { t } = useTranslation();
  return (
    <span className={styles.positionTitle}>
      <span className={styles.sideBadge} data-side={position.side}>
        {t(`futures.screen.sides.${position.side}`)}
      </span>
      <bdi className={styles.positionPair}>
        {market.base}/{market.quote}
      </bdi>
      <span className={styles.modeBadge}>
        {t(`futures.screen.marginMode.${position.marginMode}`)} <span dir="ltr">{position.leverage}x</span>
      </span>
    </span>
  );
}
