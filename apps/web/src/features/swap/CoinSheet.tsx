import type { SwapCoin } from '@kestrel/contract';
import { Dialog, SearchField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coinName } from './format';
import styles from './Swap.module.css';
import { SwapTestId } from './testIds';

export const sameCoin = (a: SwapCoin, b: SwapCoin) => a.asset === b.asset && a.network === b.network;

/** The sheet that chooses a coin of one side: every coin the desk swaps there, searchable by asset or network. */
export function CoinSheet({
  open,
  side,
  title,
  coins,
  current,
  onClose,
  onChoose,
}: {
  open: boolean;
  side: 'send' | 'receive';
  title: string;
  coins: readonly SwapCoin[];
  current: SwapCoin | undefined;
  onClose: () => void;
  onChoose: (coin: SwapCoin) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const wanted = query.trim().toLowerCase();
  const rows = coins.filter((coin) => coinName(coin.asset, coin.network).toLowerCase().includes(wanted));
  const close = () => {
    setQuery('');
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      closeLabel={t('common.close')}
      testId={SwapTestId.coinSheet(side)}
    >
      <SearchField className={styles.search} label={t('swap.searchCoin')} value={query} onChange={setQuery} />
      {rows.length === 0 ? (
        <p className={styles.empty}>{t('swap.noCoins')}</p>
      ) : (
        <ul className={styles.coins}>
          {rows.map((coin) => (
            <li key={`${coin.asset}:${coin.network}`}>
              <button
                type="button"
                className={styles.coin}
                aria-current={current && sameCoin(coin, current) ? 'true' : undefined}
                onClick={() => {
                  close();
                  onChoose(coin);
                }}
                data-testid={SwapTestId.coinOption(coin.asset, coin.network)}
              >
                <bdi>{coinName(coin.asset, coin.network)}</bdi>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
