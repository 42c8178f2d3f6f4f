import type { FuturesMarket, FuturesOrderView, FuturesPosition } from '@kestrel/contract';
import { LIVE_ORDER_STATUSES } from '@kestrel/contract';
import { Spinner } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { showNotice } from '../../components/notice/noticeStore';
import { SegmentedTabs } from '../../components/SegmentedTabs';
import { useLanguage } from '../../i18n/useLanguage';
import { loadedItems } from '../../lib/useCursorPages';
import { useLoadMoreWhenSeen } from '../../lib/useLoadMoreWhenSeen';
import { formatPrice } from '../markets/format';
import { formatSize, formatTime } from '../spot/format';
import spot from '../spot/SpotTrading.module.css';
import { ClosePositionSheet } from './ClosePositionSheet';
import { ExplainLink, ExplainSheet } from './ExplainSheet';
import styles from './FuturesTrading.module.css';
import { formatPnl, formatRate, signOf } from './figures';
import { PositionSubject } from './PositionSubject';
import { useCancelFuturesOrderMutation, useFundingPaymentsQuery, useFuturesOrdersQuery } from './queries';
import { TriggersSheet } from './TriggersSheet';
import { FuturesTestId } from './testIds';

export type PanelTab = 'positions' | 'open' | 'history' | 'funding';

type Props = {
  market: FuturesMarket;
  /** The user's positions in this market. */
  positions: FuturesPosition[];
  positionsPending: boolean;
};

/** Under the form: the positions, the open orders, the order history and the funding history of the market. */
export function PositionsPanel({ market, positions, positionsPending }: Props) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PanelTab>('positions');
  const openOrders = useFuturesOrdersQuery('open', market.symbol);
  const openCount = loadedItems(openOrders).length;
  return (
    <section className={spot.orders}>
      <div className={styles.panelTabs}>
        <SegmentedTabs
          label={t('futures.screen.panel')}
          value={tab}
          onChange={setTab}
          options={[
            {
              value: 'positions',
              label: `${t('futures.screen.tabs.positions')} (${positions.length})`,
              testId: FuturesTestId.tab('positions'),
            },
            {
              value: 'open',
              label: `${t('orders.openOrders')} (${openCount})`,
              testId: FuturesTestId.tab('open'),
            },
            { value: 'history', label: t('orders.orderHistory'), testId: FuturesTestId.tab('history') },
            {
              value: 'funding',
              label: t('futures.screen.tabs.funding'),
              testId: FuturesTestId.tab('funding'),
            },
          ]}
        />
      </div>
      {tab === 'positions' ? (
        <PositionList market={market} positions={positions} pending={positionsPending} />
      ) : tab === 'funding' ? (
        <FundingList market={market} />
      ) : (
        <OrderList market={market} state={tab} />
      )}
    </section>
  );
}

/** The positions of the market, each with its figures, its TP/SL and its close. */
export function PositionList({
  market,
  positions,
  pending,
}: {
  market: FuturesMarket;
  positions: FuturesPosition[];
  pending: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [editing, setEditing] = useState<FuturesPosition | null>(null);
  const [closing, setClosing] = useState<FuturesPosition | null>(null);
  const [explaining, setExplaining] = useState<FuturesPosition | null>(null);
  if (pending) return <Loading />;
  if (positions.length === 0) {
    return (
      <p className={spot.ordersEmpty} data-testid={FuturesTestId.positionsEmpty}>
        {t('futures.screen.noPositions')}
      </p>
    );
  }
  const price = (value: string | null) =>
    value === null ? '--' : formatPrice(value, market.tickSize, language);
  return (
    <>
      <ul className={spot.orderList}>
        {positions.map((position) => {
          const sign = signOf(position.unrealizedPnl);
          return (
            <li
              key={position.side}
              className={spot.order}
              data-testid={FuturesTestId.position}
              data-side={position.side}
            >
              <div className={spot.orderHead}>
                <PositionSubject market={market} position={position} />
              </div>
              <div className={styles.pnl}>
                <div>
                  <span className={styles.pnlLabel}>
                    {t('futures.screen.unrealizedPnl', { asset: market.quote })}
                  </span>
                  <span
                    className={styles.pnlValue}
                    data-sign={sign}
                    dir="ltr"
                    data-testid={FuturesTestId.positionPnl}
                  >
                    {formatPnl(position.unrealizedPnl, language)}
                  </span>
                </div>
                <div className={styles.pnlEnd}>
                  <span className={styles.pnlLabel}>{t('futures.screen.roe')}</span>
                  <span className={styles.pnlValue} data-sign={sign} dir="ltr">
                    {formatPnl(position.pnlPercent, language)}%
                  </span>
                </div>
              </div>
              <dl className={styles.facts}>
                <Fact label={t('futures.screen.sizeIn', { asset: market.base })}>
                  {formatSize(position.size, language)}
                </Fact>
                <Fact label={t('futures.screen.margin')}>{formatSize(position.margin, language)}</Fact>
                <Fact label={t('futures.screen.entryPrice')}>{price(position.entryPrice)}</Fact>
                <Fact label={t('futures.screen.markPrice')}>{price(position.markPrice)}</Fact>
                <Fact label={t('futures.screen.liquidationPrice')} testId={FuturesTestId.positionLiquidation}>
                  {price(position.liquidationPrice)}
                </Fact>
                <Fact label={t('futures.screen.tpsl')}>
                  {`${price(position.takeProfit)} / ${price(position.stopLoss)}`}
                </Fact>
              </dl>
              <ExplainLink onClick={() => setExplaining(position)} testId={FuturesTestId.explainPosition} />
              <div className={styles.positionActions}>
                <button
                  type="button"
                  className={styles.secondaryButton}
                  onClick={() => setEditing(position)}
                  data-testid={FuturesTestId.editTriggers}
                >
                  {t('futures.screen.tpsl')}
                </button>
                <button
                  type="button"
                  className={styles.secondaryButton}
                  onClick={() => setClosing(position)}
                  data-testid={FuturesTestId.closePosition}
                >
                  {t('futures.screen.close')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <TriggersSheet market={market} position={editing} onClose={() => setEditing(null)} />
      <ClosePositionSheet market={market} position={closing} onClose={() => setClosing(null)} />
      <ExplainSheet
        query={explaining ? { symbol: explaining.symbol, side: explaining.side } : null}
        subject={explaining ? <PositionSubject market={market} position={explaining} /> : null}
        onClose={() => setExplaining(null)}
      />
    </>
  );
}

function Fact({ label, children, testId }: { label: string; children: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd dir="ltr" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Loading() {
  return (
    <div className={spot.ordersEmpty}>
      <Spinner size={20} />
    </div>
  );
}

/** Open orders (with cancel) or the order history of the market. */
function OrderList({ market, state }: { market: FuturesMarket; state: 'open' | 'history' }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const orders = useFuturesOrdersQuery(state, market.symbol);
  const cancel = useCancelFuturesOrderMutation();
  const items = loadedItems(orders);
  const sentinel = useLoadMoreWhenSeen(orders);
  if (orders.isPending) return <Loading />;
  if (orders.isError && items.length === 0)
    return <ErrorState message={orders.error.message} onRetry={() => orders.refetch()} />;
  if (items.length === 0)
    return (
      <p className={spot.ordersEmpty} data-testid={FuturesTestId.ordersEmpty}>
        {t('orders.noOrders')}
      </p>
    );
  const price = (value: string | null) =>
    value === null ? '--' : formatPrice(value, market.tickSize, language);
  const onCancel = (order: FuturesOrderView) =>
    cancel.mutate(order, {
      onSuccess: () => showNotice({ tone: 'positive', message: t('orders.cancelSuccess') }),
    });
  return (
    <>
      <ul className={spot.orderList}>
        {items.map((order) => {
          const live = LIVE_ORDER_STATUSES.includes(order.status);
          const long = order.action === 'openLong' || order.action === 'closeShort';
          return (
            <li
              key={order.id}
              className={spot.order}
              data-testid={FuturesTestId.order}
              data-action={order.action}
            >
              <div className={spot.orderHead}>
                <span className={spot.orderSide} data-side={long ? 'buy' : 'sell'}>
                  {t(`futures.screen.actions.${order.action}`)}
                </span>
                {order.origin === 'user' ? null : (
                  <span
                    className={styles.originBadge}
                    data-origin={order.origin}
                    data-testid={FuturesTestId.orderOrigin}
                  >
                    {t(`futures.screen.origins.${order.origin}`)}
                  </span>
                )}
                <span className={spot.orderTime}>{formatTime(order.createdAt, language)}</span>
              </div>
              <dl className={styles.facts}>
                <Fact label={t('orders.price')}>
                  {order.type === 'market' ? t('orders.marketPrice') : price(order.price)}
                </Fact>
                <Fact label={t('futures.screen.filledOfSize')}>
                  {`${formatSize(order.filledSize, language)} / ${formatSize(order.size, language)}`}
                </Fact>
                {live ? (
                  <Fact label={t('futures.screen.margin')}>{formatSize(order.margin, language)}</Fact>
                ) : (
                  <Fact label={t('orders.averagePrice')}>{price(order.averagePrice)}</Fact>
                )}
                {live ? null : (
                  <Fact label={t('futures.screen.realizedPnl')}>
                    {formatPnl(order.realizedPnl, language)}
                  </Fact>
                )}
                {live ? null : <Fact label={t('orders.fee')}>{formatSize(order.fee, language)}</Fact>}
                <Fact label={t('futures.screen.leverage.title')}>{`${order.leverage}x`}</Fact>
              </dl>
              <div className={spot.orderFoot}>
                <span className={spot.orderStatus}>{t(`orders.status.${order.status}`)}</span>
                {live ? (
                  <button
                    type="button"
                    className={spot.cancelButton}
                    disabled={cancel.isPending}
                    onClick={() => onCancel(order)}
                    data-testid={FuturesTestId.cancel}
                  >
                    {t('orders.cancel')}
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <div ref={sentinel} className={spot.sentinel}>
        {orders.isFetchingNextPage ? <Spinner size={20} /> : null}
      </div>
    </>
  );
}

/** The funding the user's positions in the market paid (negative) or received. */
function FundingList({ market }: { market: FuturesMarket }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const payments = useFundingPaymentsQuery(market.symbol, true);
  const items = loadedItems(payments);
  const sentinel = useLoadMoreWhenSeen(payments);
  if (payments.isPending) return <Loading />;
  if (payments.isError && items.length === 0)
    return <ErrorState message={payments.error.message} onRetry={() => payments.refetch()} />;
  if (items.length === 0) return <p className={spot.ordersEmpty}>{t('futures.screen.noFunding')}</p>;
  return (
    <>
      <ul className={spot.orderList}>
        {items.map((payment) => (
          <li key={payment.id} className={spot.order} data-testid={FuturesTestId.funding}>
            <div className={spot.orderHead}>
              <span className={styles.sideBadge} data-side={payment.side}>
                {t(`futures.screen.sides.${payment.side}`)}
              </span>
              <span className={spot.orderTime}>{formatTime(payment.time, language)}</span>
            </div>
            <dl className={styles.facts}>
              <Fact label={t('futures.screen.fundingRate')}>{formatRate(payment.rate)}</Fact>
              <Fact label={t('futures.screen.amountIn', { asset: market.quote })}>
                {formatPnl(payment.amount, language)}
              </Fact>
              <Fact label={t('futures.screen.sizeIn', { asset: market.base })}>
                {formatSize(payment.size, language)}
              </Fact>
              <Fact label={t('futures.screen.markPrice')}>
                {formatPrice(payment.markPrice, market.tickSize, language)}
              </Fact>
            </dl>
          </li>
        ))}
      </ul>
      <div ref={sentinel} className={spot.sentinel}>
        {payments.isFetchingNextPage ? <Spinner size={20} /> : null}
      </div>
    </>
  );
}
