import type { SharpOptions } from 'sharp';
import { unavailable } from '../errors';

/**
 * The limits of every decode of an image that a client or a device sent. libvips refuses to
 * decode more pixels than `limitInputPixels`, and `failOn: 'error'` makes a corrupt file an
 * error instead of a half-decoded image.
 */
/** A booth photo: 40 megapixels is above any camera the booths carry. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** How long one image pipeline (decode, thumbnail) may take before the upload is refused. */
export const DECODE_TIMEOUT_MS = 15_000;
/** How many files an event's media folder may hold (all its modes together). */
export const MAX_EVENT_MEDIA_FILES = 20_000;

export function decodeOptions(maxPixels = MAX_INPUT_PIXELS): SharpOptions {
  return { limitInputPixels: maxPixels, failOn: 'error' };
}

/** True when a header's width and height pass the pixel limit. */
export function overPixelLimit(
  width: number | undefined,
  height: number | undefined,
  maxPixels = MAX_INPUT_PIXELS,
): boolean {
  return !!width && !!height && width * height > maxPixels;
}

/**
 * `work`, or a 503 refusal once `ms` have passed; the timer is cleared either way. The decode
 * itself keeps running in libvips' thread, but its result is dropped: nothing is stored.
 */
export async function withDecodeTimeout<T>(work: Promise<T>, ms = DECODE_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(unavailable('image_timeout', 'A imagem demorou demais para ser processada. Tente de novo.')),
      ms,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    // A late failure of the dropped work must not become an unhandled rejection.
    work.catch(() => undefined);
  }
}
