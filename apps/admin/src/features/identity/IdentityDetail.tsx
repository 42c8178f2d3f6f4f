import type { AdminIdentityDetail } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../api/admin';
import { mayOpen } from '../../app/sections';
import { pageStyles } from '../../components/Page';
import { ReviewDetailPage } from '../review/ReviewDetailPage';
import { IdentityTestId } from './testIds';
import { useCountryName } from './useCountryName';

/** One identity submission: what the user typed beside the document images, and the decision. */
export function IdentityDetail() {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const me = useMe();

  const user = (item: AdminIdentityDetail) => {
    const text = (
      <>
        <bdi>{item.userEmail ?? item.userPhone ?? '—'}</bdi> · {t('admin.uid')} {item.userId}
      </>
    );
    // Support and super admins open the user's page; a reviewer's role does not cover it.
    const path = `/users/${item.userId}`;
    return me.data && mayOpen(me.data.role, path) ? <Link to={path}>{text}</Link> : text;
  };

  return (
    <ReviewDetailPage<AdminIdentityDetail>
      queue="identity"
      title={(id) => t('admin.identity.detailTitle', { id })}
      facts={(item) => [
        { label: t('admin.identity.user'), value: user(item) },
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
        { label: t('admin.identity.nation'), value: countryName(item.nation), testId: IdentityTestId.nation },
        {
          label: t('admin.identity.address'),
          value: <bdi>{item.address}</bdi>,
          testId: IdentityTestId.address,
        },
      ]}
      images={(item) =>
        item.documentType === 'passport'
          ? [{ name: 'front', label: t('admin.identity.photoPage'), url: item.frontUrl }]
          : [
              { name: 'front', label: t('admin.identity.front'), url: item.frontUrl },
              ...(item.backUrl ? [{ name: 'back', label: t('admin.identity.back'), url: item.backUrl }] : []),
            ]
      }
      historyColumns={[
        {
          key: 'document',
          header: t('admin.identity.documentType'),
          render: (h) => t(`admin.identity.documents.${h.documentType}`),
        },
        { key: 'name', header: t('admin.identity.realName'), render: (h) => <bdi>{h.realName}</bdi> },
        { key: 'nation', header: t('admin.identity.nation'), render: (h) => countryName(h.nation) },
      ]}
    />
  );
}
