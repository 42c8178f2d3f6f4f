import type { ReviewStatus } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Table';

const TONES = { pending: 'neutral', approved: 'positive', rejected: 'negative' } as const;

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(`admin.review.statuses.${status}`)}</Badge>;
}
