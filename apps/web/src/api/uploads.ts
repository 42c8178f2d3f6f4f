import type { UploadPurpose, UploadResult } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from './http';

export const uploadKeys = {
  all: ['uploads'] as const,
  image: (url: string) => [...uploadKeys.all, 'image', url] as const,
};

/** An upload's bytes never change under its id. */
const UPLOAD_STALE_MS = Number.POSITIVE_INFINITY;

/** Sends one image; the server checks it by its bytes and re-encodes it. */
export function uploadImage(
  file: Blob,
  purpose: UploadPurpose,
  fileName = 'image.jpg',
): Promise<UploadResult> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, fileName);
  return api.call(routes.uploadImage, { form });
}

/** Where the server's answers point at one of the user's own uploads: the path of `getUpload` before its id. */
const PRIVATE_UPLOADS = routes.getUpload.path.replace(':id', '');

/** Our own uploads need the token, which an <img src> cannot send; they are fetched and shown as blob URLs. */
export function isPrivateUpload(url: string): boolean {
  return url.startsWith(PRIVATE_UPLOADS);
}

/**
 * A displayable address for an image: public URLs as they are, private uploads through the request client as
 * an object URL that is revoked when the image is no longer shown.
 */
export function useImageUrl(url: string | null): { src: string | null; failed: boolean } {
  const privateUrl = url && isPrivateUpload(url) ? url : null;
  const image = useQuery({
    queryKey: uploadKeys.image(privateUrl ?? ''),
    queryFn: ({ signal }) =>
      api.call(
        routes.getUpload,
        { params: { id: (privateUrl ?? '').slice(PRIVATE_UPLOADS.length) } },
        { quiet: true, signal },
      ),
    enabled: privateUrl !== null,
    staleTime: UPLOAD_STALE_MS,
    retry: false,
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) {
      setObjectUrl(null);
      return;
    }
    const created = URL.createObjectURL(image.data);
    setObjectUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [image.data]);

  if (!url) return { src: null, failed: false };
  if (!privateUrl) return { src: url, failed: false };
  return { src: objectUrl, failed: image.isError };
}
