import type { AdminBanner } from '@kestrel/contract';
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, type Locale, textDirection } from '@kestrel/i18n';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { TextField } from '@kestrel/ui';
import { ImageUp } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog } from '../../components/Dialog';
import { pageStyles } from '../../components/Page';
import { Badge } from '../../components/Table';
import styles from './Banners.module.css';
import {
  type BannerDraft,
  type BannerDraftErrors,
  type BannerDraftField,
  checkDraft,
  draftOf,
  emptyDraft,
  isWritten,
} from './draft';
import { useCreateBanner, useUpdateBanner, useUploadBannerImage } from './queries';

/** Creates a banner, or edits one: its picture, a title per language, an in-app link, and whether it is shown. */
export function BannerForm({ banner, onClose }: { banner?: AdminBanner; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<BannerDraft>(() => (banner ? draftOf(banner) : emptyDraft()));
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE);
  const [errors, setErrors] = useState<BannerDraftErrors>({});
  const upload = useUploadBannerImage();
  const create = useCreateBanner();
  const update = useUpdateBanner();
  const imageErrorId = useId();
  const linkErrorId = useId();
  const titleErrorId = useId();

  const message = (key: string | undefined) =>
    key === undefined
      ? undefined
      : t(i18n.exists(key) ? (key as TranslationKey) : 'validation.parameterError');
  const clearError = (field: BannerDraftField) => {
    if (errors[field] !== undefined) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const chooseImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const uploaded = await upload.mutateAsync(file).catch(() => undefined);
    if (!uploaded) return;
    setDraft((current) => ({ ...current, uploadId: uploaded.uploadId, imageUrl: uploaded.imageUrl }));
    clearError('image');
  };

  const submit = async () => {
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = LOCALES.find((candidate) => checked.errors[`title.${candidate}`] !== undefined);
      if (first && checked.errors[`title.${locale}`] === undefined) setLocale(first);
      // Keeps the dialog open: the marked fields say what to fix.
      throw new Error('the banner form has problems');
    }
    if (banner) await update.mutateAsync({ id: banner.id, body: checked.body });
    else await create.mutateAsync(checked.body);
    notify({ tone: 'positive', message: t('admin.banners.saved') });
  };

  const imageError = message(errors.image);
  const titleError = message(errors[`title.${locale}`]);
  const linkError = message(errors.link);
  return (
    <FormDialog
      title={banner ? t('admin.banners.edit') : t('admin.banners.add')}
      submitLabel={t('admin.banners.save')}
      onSubmit={submit}
      onClose={onClose}
      testId="banner-form"
    >
      <div className={styles.formBody}>
        <div className={styles.imageField}>
          <span className={styles.label}>{t('admin.banners.image')}</span>
          {draft.imageUrl ? (
            <img src={draft.imageUrl} alt="" className={styles.preview} data-testid="banner-form-preview" />
          ) : null}
          <label className={styles.upload}>
            <ImageUp size={16} aria-hidden />
            {upload.isPending
              ? t('admin.banners.uploading')
              : draft.imageUrl
                ? t('admin.banners.replaceImage')
                : t('admin.banners.chooseImage')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className={styles.fileInput}
              onChange={chooseImage}
              disabled={upload.isPending}
              aria-invalid={imageError !== undefined}
              aria-describedby={imageError ? imageErrorId : undefined}
              data-testid="banner-image-input"
            />
          </label>
          <span className={pageStyles.muted}>{t('admin.banners.imageHint')}</span>
          <FieldError id={imageErrorId} message={imageError} />
        </div>

        <div className={styles.column}>
          <span className={styles.label}>{t('admin.banners.languages')}</span>
          <div role="tablist" aria-label={t('admin.banners.languages')} className={styles.tabs}>
            {LOCALES.map((candidate) => (
              <button
                key={candidate}
                type="button"
                role="tab"
                id={`banner-tab-${candidate}`}
                aria-selected={candidate === locale}
                aria-controls="banner-title-panel"
                className={`${styles.tab} ${candidate === locale ? styles.selected : ''}`}
                onClick={() => setLocale(candidate)}
                data-testid={`banner-locale-${candidate}`}
              >
                <span lang={candidate}>{LOCALE_NAMES[candidate]}</span>
                {errors[`title.${candidate}`] !== undefined ? (
                  <Badge tone="negative">!</Badge>
                ) : isWritten(draft, candidate) ? (
                  <Badge tone="positive">{t('admin.banners.written')}</Badge>
                ) : candidate === DEFAULT_LOCALE ? (
                  <Badge tone="neutral">{t('admin.banners.required')}</Badge>
                ) : null}
              </button>
            ))}
          </div>
          <span className={pageStyles.muted}>{t('admin.banners.languagesHint')}</span>
          <div role="tabpanel" id="banner-title-panel" aria-labelledby={`banner-tab-${locale}`}>
            <TextField
              label={`${t('admin.banners.titleLabel')} · ${LOCALE_NAMES[locale]}`}
              value={draft.titles[locale]}
              lang={locale}
              dir={textDirection(locale)}
              onChange={(event) => {
                const value = event.target.value;
                setDraft((current) => ({ ...current, titles: { ...current.titles, [locale]: value } }));
                clearError(`title.${locale}`);
              }}
              aria-invalid={titleError !== undefined}
              aria-describedby={titleError ? titleErrorId : undefined}
              data-testid="banner-title"
            />
            <FieldError id={titleErrorId} message={titleError} />
          </div>
        </div>

        <div>
          <TextField
            label={t('admin.banners.link')}
            hint={t('admin.banners.linkHint')}
            value={draft.link}
            dir="ltr"
            placeholder="/trade/detail?symbol=BTCUSDT"
            onChange={(event) => {
              const link = event.target.value;
              setDraft((current) => ({ ...current, link }));
              clearError('link');
            }}
            aria-invalid={linkError !== undefined}
            aria-describedby={linkError ? linkErrorId : undefined}
            data-testid="banner-link"
          />
          <FieldError id={linkErrorId} message={linkError} />
        </div>

        <label className={styles.switch}>
          <input
            type="checkbox"
            role="switch"
            aria-checked={draft.active}
            checked={draft.active}
            onChange={(event) => {
              const active = event.target.checked;
              setDraft((current) => ({ ...current, active }));
            }}
            data-testid="banner-active"
          />
          {t('admin.banners.active')}
        </label>
      </div>
    </FormDialog>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className={styles.error} role="alert">
      {message}
    </span>
  ) : null;
}
