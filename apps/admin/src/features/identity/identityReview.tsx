import type { AdminIdentityDetail, AdminIdentitySummary } from '@kestrel/contract';
import { pageStyles } from '../../components/Page';
import type { ReviewKind } from '../review/ReviewKind';
import { IdentityTestId } from './testIds';
import { useCountryName } from './useCountryName';

/** A country code named in the console's language. */
function CountryName({ code }: { code: string }) {
  return useCountryName()(code);
}

/** Identity verifications: what the user typed beside the document images. */
export const identityReview: ReviewKind<AdminIdentitySummary, AdminIdentityDetail> = {
  queue: 'identity',
  text: {
    title: 'admin.identity.title',
    search: 'admin.identity.search',
    itemTitle: 'admin.identity.detailTitle',
    number: 'admin.identity.submissionId',
    user: 'admin.identity.user',
  },
  linksUser: true,
  columns: ({ t }) => [
    { key: 'name', header: t('admin.identity.realName'), render: (item) => <bdi>{item.realName}</bdi> },
    {
      key: 'document',
      header: t('admin.identity.documentType'),
      render: (item) => t(`admin.identity.documents.${item.documentType}`),
    },
    {
      key: 'nation',
      header: t('admin.identity.nation'),
      render: (item) => <CountryName code={item.nation} />,
    },
  ],
  facts: (item, { t }) => [
    {
      label: t('admin.identity.documentType'),
      value: t(`admin.identity.documents.${item.documentType}`),
      testId: IdentityTestId.documentType,
    },
    {
      label: t('admin.identity.realName'),
      value: <bdi>{item.realName}</bdi>,
      testId: IdentityTestId.realName,
    },
    {
      label: t('admin.identity.documentNumber'),
      value: <bdi className={pageStyles.mono}>{item.documentNumber}</bdi>,
      testId: IdentityTestId.documentNumber,
    },
    {
      label: t('admin.identity.nation'),
      value: <CountryName code={item.nation} />,
      testId: IdentityTestId.nation,
    },
    { label: t('admin.identity.address'), value: <bdi>{item.address}</bdi>, testId: IdentityTestId.address },
  ],
  // A passport has only its photo page.
  images: (item, { t }) =>
    item.documentType === 'passport'
      ? [{ name: 'front', label: t('admin.identity.photoPage'), url: item.frontUrl }]
      : [
          { name: 'front', label: t('admin.identity.front'), url: item.frontUrl },
          ...(item.backUrl ? [{ name: 'back', label: t('admin.identity.back'), url: item.backUrl }] : []),
        ],
  history: {
    columns: ({ t }) => [
      {
        key: 'document',
        header: t('admin.identity.documentType'),
        render: (h) => t(`admin.identity.documents.${h.documentType}`),
      },
      { key: 'name', header: t('admin.identity.realName'), render: (h) => <bdi>{h.realName}</bdi> },
      { key: 'nation', header: t('admin.identity.nation'), render: (h) => <CountryName code={h.nation} /> },
    ],
  },
};
