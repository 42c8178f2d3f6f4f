import { LANGUAGE_HEADER } from '@kestrel/contract';
import { useEffect, useState } from 'react';
import { getLanguage, getToken } from '../../api/storage';

export type UploadImage = { state: 'loading' } | { state: 'shown'; src: string } | { state: 'failed' };

/**
 * An uploaded image for operators. The server hands document images only to a request that carries the admin
 * token, which an <img src> cannot send, so the bytes are fetched and shown through a blob: URL that is revoked
 * as soon as the image leaves the screen.
 */
export function useUploadImage(url: string): UploadImage {
  const [image, setImage] = useState<UploadImage>({ state: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    let objectUrl: string | null = null;
    setImage({ state: 'loading' });
    fetch(url, {
      headers: { Authorization: getToken(), [LANGUAGE_HEADER]: getLanguage() },
      signal: abort.signal,
    })
      .then(async (response) => {
        const type = response.headers.get('Content-Type') ?? '';
        if (!response.ok || !type.startsWith('image/')) throw new Error(`upload ${response.status}`);
        const blob = await response.blob();
        if (abort.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setImage({ state: 'shown', src: objectUrl });
      })
      .catch(() => {
        if (!abort.signal.aborted) setImage({ state: 'failed' });
      });
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  return image;
}
