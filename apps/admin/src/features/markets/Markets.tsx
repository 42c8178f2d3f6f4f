import type { AdminMarket } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Page, pageStyles } from '../../components/Page';
import { Badge, type Column, Table } from '../../components/Table';
import { type MarketChange, MarketDialog } from './MarketDialog';
import styles from './Markets.module.css';
import { useMarkets } from './queries';
import { MarketsTestId } from './testIds';

type Target = { market: AdminMarket; change: MarketChange };

/** The spot markets: index prices as the feed gives them, trading and market-maker switches, and settings. */
export function Markets() {
  const { t } = useTranslation();
  const markets = useMarkets();
  const [target, setTarget] = useState<Target | null>(null);

  const mono = (value: string) => (
    <bdi className={pageStyles.mono} dir="ltr">
      {value}
    </bdi>
  );
  const toggle = (market: AdminMarket, kind: 'open' | 'marketMaker', testId: string) => {
    const on = market[kind];
    const label =
      kind === 'open'
        ? t(on ? 'admin.markets.open' : 'admin.markets.closed')
        : t(on ? 'admin.markets.on' : 'admin.markets.off');
    return (
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          aria-label={`${t(kind === 'open' ? 'admin.markets.trading' : 'admin.markets.marketMaker')} ${market.symbol}`}
          onChange={() => setTarget({ market, change: { kind, value: !on } })}
          data-testid={testId}
        />
        <Badge tone={on ? 'positive' : 'neutral'}>{label}</Badge>
      </label>
    );
  };

  const columns: Column<AdminMarket>[] = [
    {
      key: 'symbol',
      header: t('admin.markets.market'),
      render: (market) => (
        <span data-testid={MarketsTestId.row(market.symbol)}>
          {market.base}/{market.quote}
        </span>
      ),
      nowrap: true,
    },
    {
      key: 'price',
      header: t('admin.markets.indexPrice'),
      render: (market) => (
        <span data-testid={MarketsTestId.price(market.symbol)}>
          {market.indexPrice ? mono(market.indexPrice) : '–'}
          {market.stale ? (
            <span className={styles.stale}>
              <Badge tone="negative">{t('admin.markets.stale')}</Badge>
            </span>
          ) : null}
        </span>
      ),
      nowrap: true,
    },
    {
      key: 'source',
      header: t('admin.markets.source'),
      render: (market) => (market.source === 'simulated' ? t('markets.simulated') : t('admin.markets.live')),
    },
    {
      key: 'tick',
      header: t('admin.markets.tickSize'),
      render: (market) => mono(market.tickSize),
      nowrap: true,
    },
    {
      key: 'lot',
      header: t('admin.markets.lotSize'),
      render: (market) => mono(market.lotSize),
      nowrap: true,
    },
    {
      key: 'minNotional',
      header: t('admin.markets.minNotional'),
      render: (market) => mono(`${market.minNotional} ${market.quote}`),
      nowrap: true,
    },
    {
      key: 'fees',
      header: `${t('admin.markets.makerFee')} / ${t('admin.markets.takerFee')}`,
      render: (market) => mono(`${market.makerFee} / ${market.takerFee}`),
      nowrap: true,
    },
    {
      key: 'open',
      header: t('admin.markets.trading'),
      render: (market) => toggle(market, 'open', MarketsTestId.open(market.symbol)),
    },
    {
      key: 'maker',
      header: t('admin.markets.marketMaker'),
      render: (market) => toggle(market, 'marketMaker', MarketsTestId.maker(market.symbol)),
    },
    {
      key: 'edit',
      header: '',
      render: (market) => (
        <Button
          variant="ghost"
          onClick={() => setTarget({ market, change: { kind: 'settings' } })}
          data-testid={MarketsTestId.edit(market.symbol)}
        >
          <Pencil size={14} aria-hidden />
          {t('admin.markets.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Page title={t('admin.markets.title')}>
      <p className={pageStyles.muted}>{t('admin.markets.intro')}</p>
      {markets.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
      <Card>
        <Table
          columns={columns}
          rows={markets.data?.items ?? []}
          rowKey={(market) => market.symbol}
          loading={markets.isPending}
        />
      </Card>
      {target ? (
        <MarketDialog market={target.market} change={target.change} onClose={() => setTarget(null)} />
      ) : null}
    </Page>
  );
}
