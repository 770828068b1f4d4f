import sharp from 'sharp';
import { DomainError, unprocessable } from '../../../platform/errors';
import { decodeOptions, overPixelLimit, withDecodeTimeout } from '../../../platform/storage/imageLimits';
import { isPixelLimitError, TOO_MANY_PIXELS, type StoredMedia } from './mediaCheck';
import { videoPosterFrame } from './videoPoster';

export const THUMB_SIZE = 360;

/**
 * The display rendition of a still photo: what the collect page draws (at most ~412 CSS px wide
 * on a phone, so 720 covers a dense screen's half-width of detail without the original's weight).
 */
const DISPLAY_MAX_WIDTH = 720;
const DISPLAY_MAX_HEIGHT = 1280;
const DISPLAY_QUALITY = 72;

/** What a stored file has beside it: the gallery's tile (thumbnail or poster) and the collect page's photo. */
export type Derivative = 'thumb' | 'display';

/** What a file needs beside it, made from its bytes; the size is the picture's (a video's poster's). */
export interface Derivatives {
  width: number | null;
  height: number | null;
  thumb: Buffer | null;
  display: Buffer | null;
}

/** The gallery tile of an image or a poster frame: upright, at most THUMB_SIZE a side, WebP. */
function thumbnail(image: Buffer, maxPixels: number): Promise<Buffer> {
  return sharp(image, { ...decodeOptions(maxPixels), animated: false })
    .rotate()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 68 })
    .toBuffer();
}

/** The collect page's photo: upright, at most DISPLAY_MAX_WIDTH x DISPLAY_MAX_HEIGHT, WebP. */
function displayRendition(image: Buffer, maxPixels: number): Promise<Buffer> {
  return sharp(image, { ...decodeOptions(maxPixels), animated: false })
    .rotate()
    .resize({ width: DISPLAY_MAX_WIDTH, height: DISPLAY_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: DISPLAY_QUALITY })
    .toBuffer();
}

type Shape = (image: Buffer, maxPixels: number) => Promise<Buffer>;

/** The thumbnail (or rendition), or a refusal: never an unexplained 500 for a file libvips will not decode. */
async function boundedThumbnail(
  image: Buffer,
  maxPixels: number,
  timeoutMs: number,
  shape: Shape = thumbnail,
): Promise<Buffer> {
  try {
    return await withDecodeTimeout(shape(image, maxPixels), timeoutMs);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (isPixelLimitError(error)) throw TOO_MANY_PIXELS();
    throw unprocessable('unsupported_media', 'O arquivo não é uma imagem válida.');
  }
}

/** How far a decode may go: the most pixels, and the longest time. */
export interface DecodeBounds {
  maxPixels: number;
  timeoutMs: number;
}

/** The thumbnail and rendition of a checked file (a decode proves its bytes are the image it claims). */
export async function derivativesOf(
  data: Buffer,
  checked: StoredMedia,
  { maxPixels, timeoutMs }: DecodeBounds,
  which: readonly Derivative[] = ['thumb', 'display'],
): Promise<Derivatives> {
  if (checked.kind === 'video') {
    // Its poster frame is its thumbnail, and the player's poster.
    const frame = which.includes('thumb') ? await videoPosterFrame(data) : null;
    const poster = frame
      ? await sharp(frame, decodeOptions(maxPixels))
          .metadata()
          .catch(() => null)
      : null;
    if (!frame || !poster?.width || !poster.height || overPixelLimit(poster.width, poster.height, maxPixels)) {
      return { width: null, height: null, thumb: null, display: null };
    }
    return {
      width: poster.width,
      height: poster.height,
      thumb: await boundedThumbnail(frame, maxPixels, timeoutMs),
      display: null,
    };
  }
  const thumb = which.includes('thumb') ? await boundedThumbnail(data, maxPixels, timeoutMs) : null;
  // A GIF is drawn as it is (animated): a still WebP of it would stop it.
  const display =
    checked.kind === 'image' && which.includes('display')
      ? await boundedThumbnail(data, maxPixels, timeoutMs, displayRendition)
      : null;
  return { width: checked.width, height: checked.height, thumb, display };
}
