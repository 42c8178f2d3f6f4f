import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from '@kestrel/contract';
import sharp from 'sharp';
import { AppError } from '../../http/app-error';

type ImageType = 'jpeg' | 'png' | 'webp';

/** The image type the first bytes announce; a name or a declared Content-Type is never trusted. */
export function sniffImageType(data: Buffer): ImageType | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

export type CleanImage = { data: Buffer; mime: 'image/jpeg' | 'image/webp'; width: number; height: number };

/**
 * Checks an upload and draws it again from its pixels. Only the decoded pixels survive: EXIF, GPS, comments
 * and anything appended after the image data (a polyglot's HTML or archive) are left behind.
 */
export async function reencodeImage(data: Buffer): Promise<CleanImage> {
  if (data.length > UPLOAD_MAX_BYTES) throw new AppError('uploadTooLarge');
  const type = sniffImageType(data);
  if (!type) throw new AppError('uploadNotImage');

  // Reading the metadata parses the header only, so the pixel count is known before anything is decoded; the
  // decoder below also carries the limit, in case a header lies about its size.
  const options = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' as const };
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(data, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('uploadDamaged');
  }
  if (metadata.format !== type || !metadata.width || !metadata.height) throw new AppError('uploadNotImage');
  if (metadata.width * metadata.height > UPLOAD_MAX_PIXELS) throw new AppError('uploadTooManyPixels');

  // Transparency is kept (WebP); everything else becomes a JPEG, which every browser shows.
  const keepsAlpha = metadata.hasAlpha === true;
  try {
    const pipeline = sharp(data, options).rotate();
    const { data: clean, info } = await (keepsAlpha
      ? pipeline.webp({ quality: 85 })
      : pipeline.jpeg({ quality: 85, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    return {
      data: clean,
      mime: keepsAlpha ? 'image/webp' : 'image/jpeg',
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new AppError('uploadDamaged');
  }
}
