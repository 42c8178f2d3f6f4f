import type { AdminFuturesMarket } from '@kestrel/contract';
import { formatDecimal, multiplyDecimals, parseDecimal, toScale } from '@kestrel/money';
import { Button } from '@kestrel/ui';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Page, pageStyles } from '../../components/Page';
import settings from '../../components/SettingsForm.module.css';
import { Badge, type Column, Table } from '../../components/Table';
import { PerpetualDialog } from './PerpetualDialog';
import { usePerpetuals } from './queries';
import { PerpetualsTestId } from './testIds';

/** A rate ("0.0001") in percent with four places ("0.0100 %"), exact. */
export function ratePercent(rate: string): string {
  const value = parseDecimal(rate);
  if (!value) return rate;
  return `${formatDecimal(toScale(multiplyDecimals(value, { units: 100n, scale: 0 }), 4, 'halfUp'))} %`;
}

/** The perpetuals: mark and index price, funding, open and market-maker state, and an edit dialog for each. */
export function Perpetuals() {
  const { t, i18n } = useTranslation();
  const perpetuals = usePerpetuals();
  const [editing, setEditing] = useState<AdminFuturesMarket | null>(null);

  const mono = (value: string) => (
    <bdi className={pageStyles.mono} dir="ltr">
      {value}
    </bdi>
  );
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short', dateStyle: 'short' }).format(new Date(iso));

  const columns: Column<AdminFuturesMarket>[] = [
    {
      key: 'symbol',
      header: t('admin.futures.market'),
      render: (market) => (
        <span data-testid={PerpetualsTestId.row(market.symbol)}>
          {market.base}/{market.quote}
        </span>
      ),
      nowrap: true,
    },
    {
      key: 'mark',
      header: t('admin.futures.markPrice'),
      render: (market) => (
        <span data-testid={PerpetualsTestId.mark(market.symbol)}>
          {market.markPrice ? mono(market.markPrice) : '–'}
          {market.stale ? (
            <span className={settings.stale}>
              <Badge tone="negative">{t('admin.markets.stale')}</Badge>
            </span>
          ) : null}
        </span>
      ),
      nowrap: true,
    },
    {
      key: 'index',
      header: t('admin.markets.indexPrice'),
      render: (market) => (market.indexPrice ? mono(market.indexPrice) : '–'),
      nowrap: true,
    },
    {
      key: 'funding',
      header: t('admin.futures.fundingRate'),
      render: (market) => (
        <span data-testid={PerpetualsTestId.funding(market.symbol)}>
          {mono(ratePercent(market.fundingRate))}
          <span className={settings.muted}>
            {' · '}
            {t('admin.futures.every', { hours: market.fundingIntervalHours })}
            {' · '}
            {t('admin.futures.next', { time: time(market.nextFundingTime) })}
          </span>
        </span>
      ),
    },
    {
      key: 'leverage',
      header: t('admin.futures.maxLeverage'),
      render: (market) => mono(`${Math.max(1, ...market.brackets.map((bracket) => bracket.maxLeverage))}x`),
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
      render: (market) => (
        <Badge tone={market.open ? 'positive' : 'neutral'}>
          {t(market.open ? 'admin.markets.open' : 'admin.markets.closed')}
        </Badge>
      ),
    },
    {
      key: 'maker',
      header: t('admin.markets.marketMaker'),
      render: (market) => (
        <Badge tone={market.marketMaker ? 'positive' : 'neutral'}>
          {t(market.marketMaker ? 'admin.markets.on' : 'admin.markets.off')}
        </Badge>
      ),
    },
    {
      key: 'edit',
      header: '',
      render: (market) => (
        <Button
          variant="ghost"
          onClick={() => setEditing(market)}
          data-testid={PerpetualsTestId.edit(market.symbol)}
        >
          <Pencil size={14} aria-hidden />
          {t('admin.markets.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Page title={t('admin.futures.title')}>
      <p className={pageStyles.muted}>{t('admin.futures.intro')}</p>
      {perpetuals.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
      <Card>
        <Table
          columns={columns}
          rows={perpetuals.data?.items ?? []}
          rowKey={(market) => market.symbol}
          loading={perpetuals.isPending}
        />
      </Card>
      {editing ? <PerpetualDialog market={editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}
