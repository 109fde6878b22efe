import { writeFile } from 'node:fs/promises';
import type { ErrorCode } from '@olymp/proto';
import { DomainError } from '../errors/domain-error';
import type { UploadSpool } from './spool';

/** Longest side of a stored image (staff uploads for challenges, trainings, ...): larger pictures are scaled down. */
export const IMAGE_MAX_SIDE = 2048;
/**
 * Decoding bound (sharp's `limitInputPixels`): a small compressed file may claim a huge canvas (a decompression
 * bomb); beyond 40 megapixels (all frames of an animation together) nothing is decoded. A 6000x6000 photo passes.
 */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;

/** The formats libvips may find in the bytes, with the type they were uploaded as; anything else is refused. */
const SOURCE_MIME: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
const LABEL: Record<string, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', gif: 'GIF' };

export interface ReencodeOptions {
  /** Longest side of the result, in pixels (never enlarged). */
  maxSide: number;
  /** Source formats accepted, as sharp names them: 'jpeg', 'png', 'webp', 'gif'. */
  formats: readonly ('jpeg' | 'png' | 'webp' | 'gif')[];
  /** Decoding bound; IMAGE_MAX_INPUT_PIXELS by default. */
  maxInputPixels?: number;
  /** The error for bytes that cannot be decoded or exceed the bound; IMAGE_UNREADABLE by default. */
  unreadable?: ErrorCode;
}

export interface ReencodedImage {
  /** A temp file in the spool holding the WebP; the caller hands it to the storage or discards it. */
  path: string;
  size: number;
  width: number;
  height: number;
  mime: 'image/webp';
  /** What the upload was, by its bytes. */
  sourceMime: string;
}

/**
 * The one way an uploaded picture becomes a stored one (the kit's upload-image and auth's avatars): the bytes are
 * decoded by libvips (never trusted by name, declared type or magic number alone), turned upright by their EXIF
 * orientation, scaled down to `maxSide`, and RE-ENCODED as WebP. Metadata (EXIF with GPS, XMP, ICC comments) is not
 * copied, and whatever else the file carried (a polyglot's script, trailing bytes) does not survive. Bytes that are
 * not one of `formats` get 400 UPLOAD_TYPE_NOT_ALLOWED; bytes that do not decode, or decode to more than
 * `maxInputPixels`, get 400 (`unreadable`). Animated GIF and WebP stay animated.
 */
export async function reencodeImage(spool: UploadSpool, sourcePath: string, options: ReencodeOptions): Promise<ReencodedImage> {
  const unreadable = () => new DomainError(options.unreadable ?? 'IMAGE_UNREADABLE', {
    maxMegapixels: Math.floor((options.maxInputPixels ?? IMAGE_MAX_INPUT_PIXELS) / 1_000_000),
  });
  // sharp (and libvips) load with the first image, not with every service that has an upload route.
  const { default: sharp } = await import('sharp');
  const format = await sharp(sourcePath).metadata().then((meta) => meta.format as string, () => undefined);
  const accepted = options.formats as readonly string[];
  if (!format || !accepted.includes(format)) {
    throw new DomainError('UPLOAD_TYPE_NOT_ALLOWED', { allowed: options.formats.map((f) => LABEL[f]).join(', ') });
  }
  const encoded = await sharp(sourcePath, {
    limitInputPixels: options.maxInputPixels ?? IMAGE_MAX_INPUT_PIXELS,
    failOn: 'error',
    animated: format === 'gif' || format === 'webp',
  })
    .rotate() // the EXIF orientation is applied before the metadata goes
    .resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw unreadable();
    });
  const path = spool.newPath();
  await writeFile(path, encoded.data, { flag: 'wx' });
  const height = encoded.info.pageHeight ?? encoded.info.height;
  return { path, size: encoded.info.size, width: encoded.info.width, height, mime: 'image/webp', sourceMime: SOURCE_MIME[format] };
}
