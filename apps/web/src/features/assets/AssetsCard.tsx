import { formatMoney } from '@kestrel/money';
import { useLanguage } from '../../i18n/useLanguage';
import { AssetsTotalCard } from './AssetsTotalCard';
import { useAssetsQuery } from './queries';

/** The way into the assets overview from Mine and Home: the valued total at a glance. */
export function AssetsCard({ testId }: { testId: string }) {
  const { language } = useLanguage();
  const assets = useAssetsQuery();
  const total = assets.data ? formatMoney(assets.data.totals.total, language) : undefined;
  return <AssetsTotalCard testId={testId} total={total} />;
}
