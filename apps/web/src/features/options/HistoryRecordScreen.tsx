import { streams } from '@kestrel/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OPTIONS_TRADING_PATH } from '../../app/paths';
import { SegmentedTabs } from '../../components/SegmentedTabs';
import { TopBar } from '../../components/TopBar';
import { useChannelEvents, useReconnect } from '../../lib/realtime';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { EarnOrderList } from '../earn/order/EarnOrderList';
import { useEarnOrdersQuery } from '../earn/queries';
import { OptionOrderList } from './OptionOrderList';
import styles from './Options.module.css';
import { writePushedOptionOrder } from './pushed';
import { refreshAfterOptionChange, useOptionOrdersQuery } from './queries';
import { OptionsTestId } from './testIds';

/** Which investments the record shows (`?kind=earn`); options first. */
type RecordKind = 'options' | 'earn';
const KIND_PARAM = 'kind';

/**
 * /trade/historyRecord, the spec's investment record: the user's settled investments, newest first, a page at a
 * time: options across every product (each with its proof a tap away), and earn orders that matured or were
 * redeemed.
 */
export function HistoryRecordScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const kind: RecordKind = search.get(KIND_PARAM) === 'earn' ? 'earn' : 'options';
  const settled = useOptionOrdersQuery('settled', '', kind === 'options');
  const earn = useEarnOrdersQuery('closed', kind === 'earn');
  useDocumentTitle(t('options.record.title'));
  useChannelEvents(streams.optionOrders, (order) => writePushedOptionOrder(queryClient, order));
  useReconnect(() => refreshAfterOptionChange(queryClient));

  return (
    <div className={styles.page} data-testid={OptionsTestId.recordScreen}>
      <TopBar title={t('options.record.title')} backTo={OPTIONS_TRADING_PATH} />
      <main className={styles.pageMain}>
        <SegmentedTabs
          label={t('options.record.title')}
          value={kind}
          onChange={(next) => setSearch(next === 'options' ? {} : { [KIND_PARAM]: next }, { replace: true })}
          options={[
            {
              value: 'options',
              label: t('options.record.options'),
              testId: OptionsTestId.recordKind('options'),
            },
            { value: 'earn', label: t('earn.record.earn'), testId: OptionsTestId.recordKind('earn') },
          ]}
        />
        {kind === 'options' ? (
          <OptionOrderList orders={settled} products={[]} state="settled" />
        ) : (
          <EarnOrderList orders={earn} state="closed" />
        )}
      </main>
    </div>
  );
}
