import type { OptionExposure } from '@kestrel/contract';
import { compareDecimals, decimalOf } from '@kestrel/money';
import { useTranslation } from 'react-i18next';
import { Card, Facts, pageStyles } from '../../components/Page';
import settings from '../../components/SettingsForm.module.css';
import { Badge, type Column, Table } from '../../components/Table';
import { periodLength, shortAmount } from './format';
import styles from './Options.module.css';
import { useOptionExposure } from './queries';
import { OptionsTestId } from './testIds';

type RoundExposure = OptionExposure['rounds'][number];

/** The pool's balance and, per open round, the stakes on each side and what the pool pays at worst. */
export function ExposurePanel() {
  const { t, i18n } = useTranslation();
  const exposure = useOptionExposure();
  const asset = exposure.data?.asset ?? '';
  const pool = exposure.data?.poolBalance;

  const amount = (value: string, testId?: string, over = false) => (
    <bdi className={`${pageStyles.mono} ${over ? styles.over : ''}`} dir="ltr" data-testid={testId}>
      {shortAmount(value)} {asset}
    </bdi>
  );
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium', dateStyle: 'short' }).format(new Date(iso));
  /** A round whose worst case the pool could not pay stands out. */
  const beyondPool = (round: RoundExposure) =>
    pool !== undefined && compareDecimals(decimalOf(round.worstCase), decimalOf(pool)) > 0;
  const idOf = (round: RoundExposure) =>
    OptionsTestId.round(round.productId, round.periodSeconds, round.periodNumber);

  const columns: Column<RoundExposure>[] = [
    {
      key: 'product',
      header: t('admin.options.product'),
      render: (round) => <span data-testid={idOf(round)}>{round.symbol}</span>,
      nowrap: true,
    },
    {
      key: 'period',
      header: t('admin.options.period'),
      render: (round) => periodLength(round.periodSeconds, i18n.language),
      nowrap: true,
    },
    {
      key: 'round',
      header: t('admin.options.round'),
      render: (round) => <bdi dir="ltr">#{round.periodNumber}</bdi>,
      nowrap: true,
    },
    {
      key: 'close',
      header: t('admin.options.closeTime'),
      render: (round) => time(round.closeTime),
      nowrap: true,
    },
    {
      key: 'orders',
      header: t('admin.options.orders'),
      render: (round) => <span data-testid={`${idOf(round)}-orders`}>{round.orders}</span>,
    },
    {
      key: 'up',
      header: t('admin.options.upStake'),
      render: (round) => amount(round.upStake, `${idOf(round)}-up`),
      nowrap: true,
    },
    {
      key: 'down',
      header: t('admin.options.downStake'),
      render: (round) => amount(round.downStake, `${idOf(round)}-down`),
      nowrap: true,
    },
    {
      key: 'worst',
      header: t('admin.options.worstCase'),
      render: (round) => (
        <>
          {amount(round.worstCase, `${idOf(round)}-worst`, beyondPool(round))}
          {beyondPool(round) ? (
            <span className={settings.stale} data-testid={`${idOf(round)}-beyond`}>
              <Badge tone="negative">{t('admin.options.beyondPool')}</Badge>
            </span>
          ) : null}
        </>
      ),
      nowrap: true,
    },
  ];

  return (
    <Card title={t('admin.options.exposure')} testId={OptionsTestId.exposure}>
      <p className={settings.muted}>{t('admin.options.exposureIntro')}</p>
      {exposure.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
      <Facts
        items={[
          {
            label: t('admin.options.poolBalance'),
            value: pool === undefined ? '–' : amount(pool),
            testId: OptionsTestId.poolBalance,
          },
        ]}
      />
      <Table
        columns={columns}
        rows={exposure.data?.rounds ?? []}
        rowKey={(round) => `${round.productId}-${round.periodSeconds}-${round.periodNumber}`}
        loading={exposure.isPending}
      />
    </Card>
  );
}
