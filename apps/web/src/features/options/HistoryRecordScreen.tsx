import { streams } from '@kestrel/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OPTIONS_TRADING_PATH } from '../../app/paths';
import { TopBar } from '../../components/TopBar';
import { useChannelEvents, useReconnect } from '../../lib/realtime';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { OptionOrderList } from './OptionOrderList';
import styles from './Options.module.css';
import { writePushedOptionOrder } from './pushed';
import { refreshAfterOptionChange, useOptionOrdersQuery } from './queries';
import { OptionsTestId } from './testIds';

/**
 * /trade/historyRecord, the spec's investment record: the user's settled investments, newest first, a page at a
 * time, each with its proof a tap away. Options across every product today; earn joins it when it lands.
 */
export function HistoryRecordScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settled = useOptionOrdersQuery('settled');
  useDocumentTitle(t('options.record.title'));
  useChannelEvents(streams.optionOrders, (order) => writePushedOptionOrder(queryClient, order));
  useReconnect(() => refreshAfterOptionChange(queryClient));

  return (
    <div className={styles.page} data-testid={OptionsTestId.recordScreen}>
      <TopBar title={t('options.record.title')} backTo={OPTIONS_TRADING_PATH} />
      <main className={styles.pageMain}>
        <h2 className={styles.section}>{t('options.record.options')}</h2>
        <OptionOrderList orders={settled} products={[]} state="settled" />
      </main>
    </div>
  );
}
