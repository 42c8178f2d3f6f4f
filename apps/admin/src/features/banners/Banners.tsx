import type { AdminBanner } from '@kestrel/contract';
import { DEFAULT_LOCALE } from '@kestrel/i18n';
import { Button } from '@kestrel/ui';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog } from '../../components/Dialog';
import { Card, Page, pageStyles } from '../../components/Page';
import { Badge, type Column, Table } from '../../components/Table';
import { BannerForm } from './BannerForm';
import styles from './Banners.module.css';
import { useBanners, useDeleteBanner, useReorderBanners } from './queries';

/** The ids with one banner moved one place up (-1) or down (+1). */
export function moved(ids: number[], index: number, step: -1 | 1): number[] {
  const target = index + step;
  if (target < 0 || target >= ids.length) return ids;
  const next = [...ids];
  [next[index], next[target]] = [next[target] as number, next[index] as number];
  return next;
}

/** Content editors arrange the pictures at the top of the app's home screen. */
export function Banners() {
  const { t } = useTranslation();
  const banners = useBanners();
  const reorder = useReorderBanners();
  const remove = useDeleteBanner();
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminBanner | null>(null);
  const rows = banners.data;
  const ids = rows?.map((banner) => banner.id) ?? [];

  const move = (index: number, step: -1 | 1) => reorder.mutate(moved(ids, index, step));

  const columns: Column<AdminBanner>[] = [
    {
      key: 'order',
      header: t('admin.banners.order'),
      nowrap: true,
      render: (banner) => {
        const index = ids.indexOf(banner.id);
        return (
          <span className={styles.order}>
            <Button
              variant="ghost"
              aria-label={t('admin.banners.moveUp')}
              title={t('admin.banners.moveUp')}
              disabled={index === 0 || reorder.isPending}
              onClick={() => move(index, -1)}
              data-testid={`banner-up-${banner.id}`}
            >
              <ArrowUp size={16} aria-hidden />
            </Button>
            <Button
              variant="ghost"
              aria-label={t('admin.banners.moveDown')}
              title={t('admin.banners.moveDown')}
              disabled={index === ids.length - 1 || reorder.isPending}
              onClick={() => move(index, 1)}
              data-testid={`banner-down-${banner.id}`}
            >
              <ArrowDown size={16} aria-hidden />
            </Button>
          </span>
        );
      },
    },
    {
      key: 'image',
      header: t('admin.banners.image'),
      render: (banner) => <img src={banner.imageUrl} alt="" className={styles.thumbnail} loading="lazy" />,
    },
    {
      key: 'title',
      header: t('admin.banners.titleLabel'),
      render: (banner) => <span data-testid="banner-row-title">{banner.titles[DEFAULT_LOCALE]}</span>,
    },
    {
      key: 'link',
      header: t('admin.banners.link'),
      render: (banner) =>
        banner.link ? (
          <code dir="ltr">{banner.link}</code>
        ) : (
          <span className={pageStyles.muted}>{t('admin.banners.noLink')}</span>
        ),
    },
    {
      key: 'status',
      header: t('admin.banners.status'),
      nowrap: true,
      render: (banner) =>
        banner.active ? (
          <Badge tone="positive">{t('admin.banners.shown')}</Badge>
        ) : (
          <Badge tone="neutral">{t('admin.banners.hidden')}</Badge>
        ),
    },
    {
      key: 'actions',
      header: t('admin.banners.actions'),
      nowrap: true,
      render: (banner) => (
        <span className={styles.order}>
          <Button variant="ghost" onClick={() => setEditing(banner)} data-testid={`banner-edit-${banner.id}`}>
            <Pencil size={16} aria-hidden />
            {t('admin.banners.edit')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => setDeleting(banner)}
            data-testid={`banner-delete-${banner.id}`}
          >
            <Trash2 size={16} aria-hidden />
            {t('admin.banners.delete')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <Page
      title={t('admin.banners.title')}
      actions={
        <Button variant="primary" onClick={() => setEditing('new')} data-testid="banner-add">
          <Plus size={16} aria-hidden />
          {t('admin.banners.add')}
        </Button>
      }
    >
      <Card testId="banner-list">
        <p className={pageStyles.muted}>{t('admin.banners.intro')}</p>
        {rows && rows.length === 0 ? (
          <p className={styles.empty} data-testid="banner-empty">
            {t('admin.banners.empty')}
          </p>
        ) : (
          <Table
            columns={columns}
            rows={rows}
            rowKey={(banner) => banner.id}
            loading={banners.isLoading}
            testId="banner-table"
          />
        )}
      </Card>

      {editing ? (
        <BannerForm banner={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <FormDialog
          title={t('admin.banners.deleteTitle')}
          description={t('admin.banners.deleteBody')}
          submitLabel={t('admin.banners.delete')}
          tone="danger"
          onSubmit={async () => {
            await remove.mutateAsync(deleting.id);
            notify({ tone: 'positive', message: t('admin.banners.deleted') });
          }}
          onClose={() => setDeleting(null)}
          testId="dialog-delete-banner"
        >
          <img src={deleting.imageUrl} alt="" className={styles.preview} />
        </FormDialog>
      ) : null}
    </Page>
  );
}
