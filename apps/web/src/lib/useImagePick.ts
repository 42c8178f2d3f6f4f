import { UPLOAD_MAX_BYTES, type UploadPurpose, type UploadResult } from '@kestrel/contract';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage, useImageUrl } from '../api/uploads';
import { showNotice } from '../components/notice/noticeStore';

/**
 * What every upload tile does: a chosen picture is checked for size, shown at once, uploaded with its purpose,
 * and then replaced by the stored (re-encoded) image. A failed upload puts back what the tile held before.
 */
export function useImagePick(options: {
  purpose: UploadPurpose;
  value: UploadResult | null;
  onChange: (upload: UploadResult) => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { purpose, value, onChange, onUploadingChange } = options;
  const { t } = useTranslation();
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const stored = useImageUrl(value?.url ?? null);

  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same picture again after a failure tries again.
    event.target.value = '';
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      showNotice({ tone: 'negative', message: t('uploads.tooLarge') });
      return;
    }
    setLocalPreview(URL.createObjectURL(file));
    setUploading(true);
    onUploadingChange(true);
    try {
      onChange(await uploadImage(file, purpose, file.name));
    } catch {
      // The request client has shown the server's reason; the tile goes back to what it held before.
      setLocalPreview(null);
    } finally {
      setUploading(false);
      onUploadingChange(false);
    }
  };

  // While uploading, the picture just chosen; after, the stored image once it has loaded. A tile whose value
  // was cleared (a form reset after submitting) shows nothing, not the picture chosen last.
  const shown = uploading ? localPreview : value ? (stored.src ?? localPreview) : null;
  const state: 'uploading' | 'filled' | 'empty' = uploading ? 'uploading' : shown ? 'filled' : 'empty';
  return { choose, uploading, shown, state };
}
