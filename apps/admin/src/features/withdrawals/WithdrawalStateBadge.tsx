import type { WithdrawalReviewState } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Table';

const TONES = {
  pending: 'neutral',
  awaiting_second: 'neutral',
  approved: 'positive',
  rejected: 'negative',
} as const;

/** A withdrawal's review state, which tells a first approval of a large one apart from an untouched one. */
export function WithdrawalStateBadge({ state }: { state: WithdrawalReviewState }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[state]}>{t(`admin.withdrawals.states.${state}`)}</Badge>;
}
